//go:build !unix

package config

import (
	"os"
	"path/filepath"
)

// lockDir only makes the directory where no flock exists: edits from two
// processes at once may then race.
func lockDir(path string) (func(), error) {
	return func() {}, os.MkdirAll(filepath.Dir(path), 0o700)
}
