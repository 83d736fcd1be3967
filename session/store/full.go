package store

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// WriteError means the context store could not be written: the disk is
// full, a quota or file-size limit was reached, or the disk failed.
// SQLite rolls the transaction back, so what was written before is
// intact; a recorder keeps the changes and tries again with its next
// group.
type WriteError struct {
	Path string
	Full bool // SQLite said full; otherwise an I/O error on write
	Err  error
}

func (e *WriteError) Error() string {
	why := "the disk may be full or failing"
	if e.Full {
		why = "the disk is full"
	}
	return fmt.Sprintf("the context store %s could not be written: %s (%v); free some space; what was saved before is intact", e.Path, why, e.Err)
}

func (e *WriteError) Unwrap() error { return e.Err }

// writeFailure classifies SQLite's "full" and write-side I/O errors. A
// full disk shows as SQLITE_FULL; a file-size limit or quota (EFBIG,
// EDQUOT) as an I/O error on write, truncate, sync or the shared-memory
// file.
func writeFailure(err error) (full, ok bool) {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false, false
	}
	switch se.Code() {
	case sqlite3.SQLITE_FULL:
		return true, true
	case sqlite3.SQLITE_IOERR_WRITE, sqlite3.SQLITE_IOERR_FSYNC, sqlite3.SQLITE_IOERR_TRUNCATE,
		sqlite3.SQLITE_IOERR_SHMSIZE, sqlite3.SQLITE_IOERR_SHMMAP:
		return false, true
	}
	return false, false
}
