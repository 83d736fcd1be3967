package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/component"
)

// fileOpenedMsg is what opening a file part came to: the status line, and
// where the part was saved (key names the part), so opening it again
// reuses that copy instead of saving another.
type fileOpenedMsg struct {
	key, path string
	status    component.StatusMsg
}

func (fileOpenedMsg) Redraws() component.Redraw { return component.RedrawAll }

// partKey names a file part by its name and bytes.
func partKey(p a2aclient.Part) string {
	if p.File == nil {
		return ""
	}
	h := sha256.New()
	h.Write([]byte(p.File.Name))
	h.Write([]byte{0})
	h.Write(p.File.Bytes)
	return hex.EncodeToString(h.Sum(nil))
}

// openFile saves the file (once: saved is the copy an earlier press
// made, reused while it is there) and opens it with the desktop's
// default program; only ever on the user's request.
func openFile(p a2aclient.Part, saved string) tea.Cmd {
	return func() tea.Msg { return openFileIn(downloadsDir(), p, saved, opener()) }
}

// opener is the desktop's program that opens a file by its type.
func opener() string {
	if runtime.GOOS == "darwin" {
		return "open"
	}
	return "xdg-open"
}

// openFileIn is openFile saving into dir with the program prog; the
// tests' way in.
func openFileIn(dir string, p a2aclient.Part, saved, prog string) fileOpenedMsg {
	out := fileOpenedMsg{key: partKey(p), path: saved}
	if _, err := os.Stat(saved); saved == "" || err != nil {
		st := saveFileIn(dir, p)
		if st.IsErr {
			return fileOpenedMsg{status: st}
		}
		out.path = strings.TrimPrefix(st.Text, "Saved ")
	}
	shown := homeShort(out.path)
	bin, err := exec.LookPath(prog)
	if err != nil {
		out.status = component.StatusMsg{Text: "No program to open files was found; the file is in " + shown + ".", IsErr: true}
		return out
	}
	if err := exec.Command(bin, out.path).Start(); err != nil {
		out.status = component.StatusMsg{Text: "Could not open the file; it is in " + shown + ".", IsErr: true}
		return out
	}
	out.status = component.StatusMsg{Text: "Opened " + shown + "."}
	return out
}

// homeShort writes a path under the home directory with ~, so the status
// line has room for the file's name.
func homeShort(path string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return path
	}
	if rel, err := filepath.Rel(home, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.Join("~", rel)
	}
	return path
}
