// Package savefile writes a file that did not exist before, for the two
// front ends that save an agent's file artifacts (cli's --output-dir and
// the TUI's downloads). Each makes the agent's name safe its own way and
// words its own errors; what they share is here: never overwriting, and
// never following a link planted under the name.
package savefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// ErrAllTaken is CreateNew's error when every name it may try is taken.
var ErrAllTaken = errors.New("every name tried is taken")

// CreateNew writes data to dir under name(first), name(first+1), …, up
// to name(999), the first that does not exist yet. It opens with O_EXCL,
// so a name taken meanwhile, or a symbolic link planted under it, is
// passed over rather than written through. It returns the path it wrote,
// or the path it failed on with the error (a partial file is removed),
// or ErrAllTaken.
func CreateNew(dir string, data []byte, first int, name func(n int) string) (string, error) {
	for i := first; i < 1000; i++ {
		path := filepath.Join(dir, name(i))
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return path, err
		}
		_, werr := f.Write(data)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			os.Remove(path)
			return path, werr
		}
		return path, nil
	}
	return "", ErrAllTaken
}

// CutBytes cuts s to at most n bytes without splitting a character, so a
// long name stays within a file system's limit and valid UTF-8.
func CutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
