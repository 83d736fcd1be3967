package store

import (
	"errors"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// walSwitchWait bounds how long opening waits for other parleys to let go
// of a new file while it is switched to WAL: the same 30 s a writer waits
// for another's lock (busy_timeout in dsn).
const walSwitchWait = 30 * time.Second

// setWAL puts the file in WAL mode. Switching a new file needs it alone
// for a moment, and SQLite answers SQLITE_BUSY at once there instead of
// calling the busy handler, so parleys that create the store together
// (two started at once on a fresh machine) would fail to open it. Each
// retries, briefly, until the others are done or the wait is over.
func (s *Store) setWAL() error {
	deadline := time.Now().Add(walSwitchWait)
	for delay := time.Millisecond; ; delay = min(2*delay, 50*time.Millisecond) {
		_, err := s.db.Exec("PRAGMA journal_mode=WAL")
		if err == nil || !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(delay)
	}
}

// isBusy reports SQLite's "database is locked".
func isBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}
