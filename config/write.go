package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// resolveLink follows path's symlinks to the file they name, which need
// not exist yet: parley writes the file a person's dotfiles link to, and
// the link stays a link.
func resolveLink(path string) (string, error) {
	p := path
	for range 40 {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", &fs.PathError{Op: "readlink", Path: path, Err: errors.New("too many levels of symbolic links")}
}

// writeHook lets a test fail a write after its temporary file is
// written, to see the old file survive.
var writeHook func(tmp string) error

// writeFileAtomic replaces the file at path with data so that a crash
// leaves the old file or the new one, never a mix: a temporary file in
// the same directory, written and synced, renamed over the old one, and
// the directory synced. The file keeps its permissions; a new one is
// private to the user (0600).
func writeFileAtomic(path string, data []byte) (err error) {
	mode := fs.FileMode(0o600)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".config-*.toml")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = os.Remove(tmp)
		}
	}()
	_, werr := f.Write(data)
	cerr := f.Chmod(mode)
	serr := f.Sync()
	clerr := f.Close()
	if err := errors.Join(werr, cerr, serr, clerr); err != nil {
		return err
	}
	if writeHook != nil {
		if err := writeHook(tmp); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}
