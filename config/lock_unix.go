//go:build unix

package config

import (
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes an exclusive lock on the directory that holds path, so
// two parley processes editing the file take turns and neither loses the
// other's change. The directory, not the file, is locked: the file is
// replaced by a rename, and a lock on the old one would guard nothing.
func lockDir(path string) (func(), error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		_ = f.Close()
		return func() {}, nil
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		_ = f.Close()
	}, nil
}
