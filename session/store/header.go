package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// fileHeader is what the first bytes of the database file say about it,
// read without SQLite: opening a second connection only to ask the
// schema version cost most of Open.
type fileHeader struct {
	empty   bool // no bytes yet: a file parley just created
	ours    bool // SQLite, with parley's application id
	version int  // the schema version the file's header holds
}

// readHeader reads the header of the database file. It is a hint, not
// the truth: a transaction still in the WAL (of a parley running now,
// or one that was killed) is not in the file yet, so whoever trusts
// ours or version checks them again on a connection.
func readHeader(path string) (fileHeader, error) {
	f, err := os.Open(path)
	if err != nil {
		return fileHeader{}, fmt.Errorf("open the context store: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fileHeader{}, fmt.Errorf("open the context store: %w", err)
	}
	if info.IsDir() {
		return fileHeader{}, &CorruptError{Path: path, Err: errors.New("it is a folder")}
	}
	if info.Size() == 0 {
		return fileHeader{empty: true}, nil
	}
	var b [100]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		// Too short to be a database, or unreadable: SQLite says which.
		return fileHeader{}, nil
	}
	if string(b[:16]) != "SQLite format 3\x00" || binary.BigEndian.Uint32(b[68:]) != applicationID {
		return fileHeader{}, nil
	}
	return fileHeader{ours: true, version: int(binary.BigEndian.Uint32(b[60:]))}, nil
}
