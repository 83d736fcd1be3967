package ui

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/adrg/xdg"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/savefile"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/styles"
)

// maxAttachment caps a file attached to a message.
const maxAttachment = 10 << 20

// attachedMsg carries a file read for attaching.
type attachedMsg struct {
	part a2aclient.Part
	err  error
}

func (attachedMsg) Redraws() component.Redraw { return component.RedrawAll }

// attachFile reads a file into a file part, in the background.
func attachFile(path string) tea.Cmd {
	return func() tea.Msg {
		path = dialog.ExpandHome(strings.TrimSpace(path))
		st, err := os.Stat(path)
		if err != nil {
			return attachedMsg{err: fmt.Errorf("cannot attach %s: %w", path, err)}
		}
		if st.IsDir() {
			return attachedMsg{err: fmt.Errorf("cannot attach %s: it is a directory", path)}
		}
		if st.Size() > maxAttachment {
			return attachedMsg{err: fmt.Errorf("cannot attach %s: %s is over the %s limit", path, styles.ByteSize(int(st.Size())), styles.ByteSize(maxAttachment))}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return attachedMsg{err: fmt.Errorf("cannot attach %s: %w", path, err)}
		}
		mt := mime.TypeByExtension(filepath.Ext(path))
		if mt == "" {
			mt = "application/octet-stream"
		}
		return attachedMsg{part: a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: filepath.Base(path), MimeType: mt, Bytes: data}}}
	}
}

// downloadsDir is where saved file parts go: the config's downloads
// folder when it names one, else the user's.
func (m *Model) downloadsDir() string {
	if d := strings.TrimSpace(m.opts.Downloads); d != "" {
		return dialog.ExpandHome(d)
	}
	return userDownloads()
}

// userDownloads is the XDG user directory for downloads
// (XDG_DOWNLOAD_DIR, or user-dirs.dirs), else ~/Downloads.
func userDownloads() string {
	if xdg.UserDirs.Download != "" {
		return xdg.UserDirs.Download
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, "Downloads")
}

// safeFileName turns an agent-chosen name into one safe to create in the
// downloads directory: no separators, no "..", no control or invisible
// formatting characters (a right-to-left override can make "txt.exe"
// read as "exe.txt"), no device names, not hidden, not empty, and at most
// maxFileName bytes of whole characters, keeping a short extension.
func safeFileName(name string) string {
	// Whole escape sequences go first, so their parameters do not stay
	// behind as text; invisible characters are dropped (Clean), not
	// named as Line would: the name is for the disk, not the screen.
	name = strings.Map(func(r rune) rune {
		switch {
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f, unicode.Is(unicode.Cf, r):
			return -1
		case strings.ContainsRune(`/\:*?"<>|`, r):
			return '_'
		}
		return r
	}, termsafe.Clean(name))
	for strings.Contains(name, "..") {
		name = strings.ReplaceAll(name, "..", ".")
	}
	name = strings.Trim(strings.TrimSpace(name), ". ")
	base, _, _ := strings.Cut(name, ".")
	if isDeviceName(strings.TrimSpace(base)) {
		name = "_" + name
	}
	if name == "" {
		name = "download"
	}
	if len(name) > maxFileName {
		ext := filepath.Ext(name)
		if len(ext) > 16 {
			ext = ""
		}
		name = savefile.CutBytes(strings.TrimSuffix(name, ext), maxFileName-len(ext)) + ext
	}
	return name
}

// maxFileName leaves room under the usual 255-byte limit for the " (n)"
// a name gets when it is taken.
const maxFileName = 200

// isDeviceName reports the names Windows keeps for devices whatever their
// extension: CON, PRN, AUX, NUL, COM0-9, LPT0-9 (digits and superscripts),
// CONIN$ and CONOUT$.
func isDeviceName(s string) bool {
	s = strings.ToUpper(s)
	switch s {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if r := []rune(s); len(r) == 4 && (strings.HasPrefix(s, "COM") || strings.HasPrefix(s, "LPT")) {
		return unicode.IsDigit(r[3]) || strings.ContainsRune("¹²³", r[3])
	}
	return false
}

// saveFile writes a file part's bytes into the downloads directory under
// a sanitized name, never overwriting: an existing name gets a number.
func (m *Model) saveFile(p a2aclient.Part) tea.Cmd {
	dir := m.downloadsDir()
	return func() tea.Msg { return saveFileIn(dir, p) }
}

// saveFileIn saves into dir; the tests' way in. The status names the
// file from the home folder (~/Downloads/…), as opening it does.
func saveFileIn(dir string, p a2aclient.Part) component.StatusMsg {
	path, had, st := keepFile(dir, p)
	switch {
	case st.IsErr:
		return st
	case had:
		return component.StatusMsg{Text: "Already saved: " + homeShort(path) + "."}
	}
	return component.StatusMsg{Text: "Saved " + homeShort(path) + "."}
}

// keepFile puts a file part in dir once: a file there under its name, or
// a numbered one, that holds the same bytes is the copy (had), so s then
// o, or s twice, keeps one copy; else a new name is written. st is set
// on failure.
func keepFile(dir string, p a2aclient.Part) (path string, had bool, st component.StatusMsg) {
	if p.File == nil {
		return "", false, component.StatusMsg{Text: "That item is not a file.", IsErr: true}
	}
	if len(p.File.Bytes) == 0 {
		if p.File.URI != "" {
			return "", false, component.StatusMsg{Text: "This file is only a link (" + p.File.URI + "); parley does not fetch links by itself.", IsErr: true}
		}
		return "", false, component.StatusMsg{Text: "The file is empty; nothing to save.", IsErr: true}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", false, component.StatusMsg{Text: "Cannot create " + homeShort(dir) + ": " + err.Error(), IsErr: true}
	}
	name := safeFileName(p.File.Name)
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	nameOf := func(i int) string {
		if i > 0 {
			return fmt.Sprintf("%s (%d)%s", stem, i, ext)
		}
		return name
	}
	if path, ok := sameFile(dir, nameOf, p.File.Bytes); ok {
		return path, true, component.StatusMsg{}
	}
	path, err := savefile.CreateNew(dir, p.File.Bytes, 0, nameOf)
	if errors.Is(err, savefile.ErrAllTaken) {
		return "", false, component.StatusMsg{Text: "Too many files named " + name + " in " + homeShort(dir) + ".", IsErr: true}
	}
	if err != nil {
		return "", false, component.StatusMsg{Text: "Cannot save " + homeShort(path) + ": " + err.Error(), IsErr: true}
	}
	return path, false, component.StatusMsg{}
}

// sameFile finds, among the names a save would take (nameOf 0, 1, … up
// to the first that is free), a regular file holding data.
func sameFile(dir string, nameOf func(int) string, data []byte) (string, bool) {
	for i := 0; i < 1000; i++ {
		path := filepath.Join(dir, nameOf(i))
		st, err := os.Lstat(path)
		if err != nil {
			return "", false // the first free name: no copy past it
		}
		if !st.Mode().IsRegular() || st.Size() != int64(len(data)) {
			continue
		}
		if got, err := os.ReadFile(path); err == nil && bytes.Equal(got, data) {
			return path, true
		}
	}
	return "", false
}

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
func (m *Model) openFile(p a2aclient.Part, saved string) tea.Cmd {
	dir := m.downloadsDir()
	return func() tea.Msg { return openFileIn(dir, p, saved, opener()) }
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
		path, _, st := keepFile(dir, p)
		if st.IsErr {
			return fileOpenedMsg{status: st}
		}
		out.path = path
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
