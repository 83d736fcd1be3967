package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// creatingSuffix names the file a new store is built in, beside its
// path: parley.db.creating-RANDOM.
const creatingSuffix = ".creating-"

// strayAfter is how old a file a creation left beside the path must be
// before the next creation removes it: older than any creation that may
// still be running (they take well under a second).
const strayAfter = 10 * time.Minute

// create builds a new, empty store beside path and links it into place
// whole, so a parley killed while creating the store never leaves a
// half-made file at path: such a file, not yet marked as parley's and
// with SQLite's journal beside it, is one no later parley could open.
// When another parley links its store first, that one is kept. An error
// means the folder could not hold the store this way (no hard links on
// some network and FAT file systems); the caller makes it in place.
func create(path string, o Options) error {
	removeStrays(path)
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+creatingSuffix+"*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer removeWithJournals(tmp)
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := build(tmp, o); err != nil {
		return err
	}
	if o.creating != nil {
		o.creating(tmp)
	}
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	return nil
}

// build sets up the empty database at path at the current schema, with
// everything in the main file when it returns.
func build(path string, o Options) error {
	db, err := openWritable(path, o)
	if err != nil {
		return err
	}
	s := &Store{db: db, path: path, o: o}
	err = s.migrate(0)
	if err == nil {
		_, err = db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("create the context store: %w", err)
	}
	return nil
}

// removeStrays removes what creations killed long ago left beside path.
func removeStrays(path string) {
	strays, _ := filepath.Glob(path + creatingSuffix + "*")
	for _, f := range strays {
		if info, err := os.Lstat(f); err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) > strayAfter {
			os.Remove(f)
		}
	}
}

// removeWithJournals removes a database file and SQLite's files beside it.
func removeWithJournals(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		os.Remove(path + suffix)
	}
}
