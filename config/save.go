package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

// Save writes cfg to path atomically: a temporary file in the same
// directory, synced, then renamed over the old one, so a crash never
// leaves half a config. The file is private to the user (0600): it names
// which variables hold secrets and which agents a person uses.
func Save(path string, cfg *Config) error {
	if err := cfg.check(); err != nil {
		return &Error{Path: path, Msg: "not saved: " + err.Error()}
	}
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(cfg); err != nil {
		return &Error{Path: path, Msg: "not saved: " + err.Error()}
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return &Error{Path: path, Msg: "cannot create its directory: " + describeFSErr(err)}
	}
	f, err := os.CreateTemp(dir, ".config-*.toml")
	if err != nil {
		return &Error{Path: path, Msg: "cannot write it: " + describeFSErr(err)}
	}
	tmp := f.Name()
	err = writeAll(f, buf.Bytes())
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return &Error{Path: path, Msg: "cannot write it: " + describeFSErr(err)}
	}
	return nil
}

func writeAll(f *os.File, data []byte) error {
	_, werr := f.Write(data)
	cerr := f.Chmod(0o600)
	serr := f.Sync()
	clerr := f.Close()
	return errors.Join(werr, cerr, serr, clerr)
}
