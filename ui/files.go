package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/adrg/xdg"

	"github.com/parley-a2a/parley/a2aclient"
)

// maxAttachment caps a file attached to a message.
const maxAttachment = 10 << 20

// attachedMsg carries a file read for attaching.
type attachedMsg struct {
	part a2aclient.Part
	err  error
}

// attachFile reads a file into a file part, in the background.
func attachFile(path string) tea.Cmd {
	return func() tea.Msg {
		path = expandHome(strings.TrimSpace(path))
		st, err := os.Stat(path)
		if err != nil {
			return attachedMsg{err: fmt.Errorf("cannot attach %s: %w", path, err)}
		}
		if st.IsDir() {
			return attachedMsg{err: fmt.Errorf("cannot attach %s: it is a directory", path)}
		}
		if st.Size() > maxAttachment {
			return attachedMsg{err: fmt.Errorf("cannot attach %s: %s is over the %s limit", path, byteSize(int(st.Size())), byteSize(maxAttachment))}
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

// downloadsDir is where saved file parts go.
func downloadsDir() string {
	if xdg.UserDirs.Download != "" {
		return xdg.UserDirs.Download
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, "Downloads")
}

// safeFileName turns an agent-chosen name into one safe to create in the
// downloads directory: no separators, no "..", no control characters, no
// device names, not empty.
func safeFileName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			return -1
		case strings.ContainsRune(`/\:*?"<>|`, r):
			return '_'
		}
		return r
	}, name)
	name = strings.Trim(strings.TrimSpace(name), ". ")
	base := strings.ToUpper(strings.SplitN(name, ".", 2)[0])
	switch base {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "LPT1", "LPT2", "LPT3":
		name = "_" + name
	}
	if name == "" {
		name = "download"
	}
	if len(name) > 200 {
		name = name[:200]
	}
	return name
}

// saveFile writes a file part's bytes into the downloads directory under
// a sanitized name, never overwriting: an existing name gets a number.
func saveFile(p a2aclient.Part) tea.Cmd {
	return func() tea.Msg {
		if p.File == nil {
			return statusMsg{text: "That item is not a file.", isErr: true}
		}
		if len(p.File.Bytes) == 0 {
			if p.File.URI != "" {
				return statusMsg{text: "This file is only a link (" + p.File.URI + "); parley does not fetch links by itself.", isErr: true}
			}
			return statusMsg{text: "The file is empty; nothing to save.", isErr: true}
		}
		dir := downloadsDir()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return statusMsg{text: "Cannot create " + dir + ": " + err.Error(), isErr: true}
		}
		name := safeFileName(p.File.Name)
		ext := filepath.Ext(name)
		stem := strings.TrimSuffix(name, ext)
		for i := 0; i < 1000; i++ {
			candidate := name
			if i > 0 {
				candidate = fmt.Sprintf("%s (%d)%s", stem, i, ext)
			}
			path := filepath.Join(dir, candidate)
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			if err != nil {
				return statusMsg{text: "Cannot save " + path + ": " + err.Error(), isErr: true}
			}
			_, werr := f.Write(p.File.Bytes)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				os.Remove(path)
				return statusMsg{text: "Cannot save " + path + ": " + werr.Error(), isErr: true}
			}
			return statusMsg{text: "Saved " + path}
		}
		return statusMsg{text: "Too many files named " + name + " in " + dir + ".", isErr: true}
	}
}

// openFile saves the file and opens it with the desktop's default
// program; only ever on the user's request.
func openFile(p a2aclient.Part) tea.Cmd {
	return func() tea.Msg {
		msg := saveFile(p)()
		st, ok := msg.(statusMsg)
		if !ok || st.isErr {
			return msg
		}
		path := strings.TrimPrefix(st.text, "Saved ")
		opener := "xdg-open"
		if runtime.GOOS == "darwin" {
			opener = "open"
		}
		if err := exec.Command(opener, path).Start(); err != nil {
			return statusMsg{text: "Saved " + path + " but could not open it: " + err.Error(), isErr: true}
		}
		return statusMsg{text: "Opened " + path}
	}
}
