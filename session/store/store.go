package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/adrg/xdg"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Store keeps every conversation on disk: contexts, their transcripts
// and tasks, in one SQLite database (pure Go, so nothing to install). It
// is safe for concurrent use, and several parley processes may share the
// file: SQLite's WAL mode lets them read while one writes.
type Store struct {
	db   *sql.DB
	path string
	// readOnly is set when the file was written by a newer parley: it
	// is read as far as this parley understands it and never modified.
	readOnly error
	// commits counts write transactions, so tests can check that
	// streamed updates are grouped.
	commits atomic.Int64
	// reads holds the prepared statements of the reads that are run
	// again and again (a context's tail, the page above), by query.
	reads sync.Map
	o     Options
}

// Options tune how a store is opened.
type Options struct {
	// CacheKiB bounds each connection's page cache, in KiB; 0 keeps
	// SQLite's default (2,000 KiB). A command that records one exchange
	// and exits reads little twice: SQLite's 4 KB pages take 8 KB each
	// in the driver's allocator, which keeps what it freed, so a large
	// cache raises such a command's peak memory for nothing.
	CacheKiB int
	// creating, when set, is called with the file a new store was built
	// in, just before it is linked into place (tests).
	creating func(tmp string)
}

// DefaultPath is where parley keeps its contexts:
// $XDG_DATA_HOME/parley/parley.db.
func DefaultPath() string {
	return filepath.Join(xdg.DataHome, "parley", "parley.db")
}

// CorruptError means the file at Path is not a parley database, or is
// damaged. parley never overwrites it.
type CorruptError struct {
	Path string
	Err  error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("the context store %s is not a parley database or is damaged (%v); parley leaves it untouched: move it aside to start a new one, or restore it from a backup", e.Path, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// NewerSchemaError means the database was written by a newer parley. The
// store is open read-only: listing and reading may work, writing does not.
type NewerSchemaError struct {
	Path         string
	Version      int // the file's schema version
	KnownVersion int // the newest this parley knows
}

func (e *NewerSchemaError) Error() string {
	return fmt.Sprintf("the context store %s was written by a newer parley (schema version %d, this parley knows up to %d); it is open read-only and nothing is recorded: upgrade parley to keep recording",
		e.Path, e.Version, e.KnownVersion)
}

// Open opens the database at path, creating it (and its folder,
// private to the user) if it does not exist, and brings its schema up to
// date. A file that is not a parley database is reported as a
// *CorruptError and left alone. A file from a newer parley opens
// read-only: the store is usable for reading and ReadOnly says why it
// cannot write.
func Open(path string) (*Store, error) { return OpenWith(path, Options{}) }

// OpenWith is Open with options.
func OpenWith(path string, o Options) (*Store, error) {
	if path == "" {
		path = DefaultPath()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create the folder for the context store: %w", err)
	}
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) && create(path, o) != nil {
		// The folder cannot hold it that way: made in place.
		if err := createPrivate(path); err != nil {
			return nil, err
		}
	}
	s := &Store{path: path, o: o}
	version, err := s.open()
	if err != nil {
		return nil, err
	}
	if version > schemaVersion {
		s.readOnly = &NewerSchemaError{Path: path, Version: version, KnownVersion: schemaVersion}
		return s, nil
	}
	if err := s.migrate(version); err != nil {
		s.db.Close()
		return nil, s.wrap(fmt.Errorf("prepare the context store %s: %w", path, err))
	}
	// Best effort: an item a killed parley left streaming reads whole
	// with its tails; folding them only makes it searchable whole, and
	// a full disk must not keep the store from opening for reading.
	_ = s.foldTails()
	return s, nil
}

// createPrivate creates an empty database file readable only by the
// user: transcripts are private, and SQLite gives its WAL and shared
// memory files the permissions of the database file.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("create the context store: %w", err)
	}
	return f.Close()
}

// open opens the store's connections and returns the file's schema
// version. A file whose header says it is parley's is opened for writing
// at once and asked its version there; only a new, foreign or damaged
// file is first looked at read-only, so that parley never writes to a
// file it does not own.
func (s *Store) open() (int, error) {
	h, err := readHeader(s.path)
	if err != nil {
		return 0, err
	}
	version := h.version
	if !h.empty && !h.ours {
		if version, err = inspect(s.path); err != nil {
			return 0, err
		}
	}
	if version > schemaVersion {
		s.db, err = sql.Open("sqlite", dsn(s.path, true, s.o))
		return version, err
	}
	if s.db, err = openWritable(s.path, s.o); err != nil {
		return 0, err
	}
	if version, err = probe(s.db, s.path); err != nil {
		s.db.Close()
		return 0, err
	}
	if version > schemaVersion {
		// A newer parley's upgrade still in the WAL: its header said
		// otherwise. Read-only after all.
		s.db.Close()
		s.db, err = sql.Open("sqlite", dsn(s.path, true, s.o))
	}
	return version, err
}

// inspect reads the schema version of a file parley may not own, on a
// read-only connection of its own, so that looking changes nothing.
func inspect(path string) (int, error) {
	db, err := sql.Open("sqlite", dsn(path, true, Options{}))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	return probe(db, path)
}

// probe reads the schema version through db, and tells a parley
// database from anything else. Counting the schema's rows reads them,
// so a damaged schema is found here rather than at the first query.
func probe(db *sql.DB, path string) (int, error) {
	var app, version, tables int
	err := db.QueryRow(`SELECT (SELECT application_id FROM pragma_application_id),
		(SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_schema)`).Scan(&app, &version, &tables)
	switch {
	case err != nil && isCorrupt(err):
		return 0, &CorruptError{Path: path, Err: err}
	case err != nil && hasHotJournal(err):
		return 0, &CorruptError{Path: path, Err: errors.New("a program was stopped while writing it, and its journal is beside it")}
	case err != nil:
		return 0, fmt.Errorf("open the context store %s: %w", path, err)
	case app == applicationID:
		return version, nil
	case tables == 0 && app == 0:
		return 0, nil // an empty SQLite database: ours to set up
	}
	return 0, &CorruptError{Path: path, Err: fmt.Errorf("it is another program's SQLite database (application id %#x)", app)}
}

// dsn builds the driver's connection string. Every connection waits for
// another writer instead of failing at once, starts write transactions
// with the write lock (so two writers never deadlock upgrading), and in
// WAL mode syncs only at checkpoints: a crash of parley loses nothing
// committed; only a power cut may lose the last moments. A checkpointed
// WAL is cut back to 4 MB as it restarts, and to nothing as the last
// connection closes (see openWritable).
func dsn(path string, readOnly bool, o Options) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(filepath.ToSlash(path))
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(30000)")
	if o.CacheKiB > 0 {
		q.Add("_pragma", fmt.Sprintf("cache_size(-%d)", o.CacheKiB))
	}
	if readOnly {
		q.Set("mode", "ro")
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "synchronous(NORMAL)")
		q.Add("_pragma", "journal_size_limit(4194304)")
		q.Set("_txlock", "immediate")
	}
	return "file:" + esc + "?" + q.Encode()
}

// hasHotJournal reports SQLite's refusal to read, on a read-only
// connection, a file whose last writer stopped in the middle of a
// transaction: reading it would mean rolling that back, a write.
func hasHotJournal(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && (se.Code() == sqlite3.SQLITE_READONLY_ROLLBACK || se.Code() == sqlite3.SQLITE_READONLY_RECOVERY)
}

// isCorrupt reports SQLite's "not a database" and "malformed" errors.
func isCorrupt(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_NOTADB || code == sqlite3.SQLITE_CORRUPT
}

// wrap turns SQLite's corruption errors into a *CorruptError, and its
// full-disk and write errors into a *WriteError, each naming the file
// and what to do.
func (s *Store) wrap(err error) error {
	if err != nil && isCorrupt(err) {
		var ce *CorruptError
		if !errors.As(err, &ce) {
			return &CorruptError{Path: s.path, Err: err}
		}
	}
	if full, ok := writeFailure(err); ok {
		var we *WriteError
		if !errors.As(err, &we) {
			return &WriteError{Path: s.path, Full: full, Err: err}
		}
	}
	return err
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// ReadOnly returns why the store cannot be written (a newer parley's
// file, as a *NewerSchemaError), or nil. A nil Store (none could be
// opened, and a front end passed it on as a session.History) cannot be
// written either.
func (s *Store) ReadOnly() error {
	if s == nil {
		return errNoStore
	}
	return s.readOnly
}

// errNoStore is why a nil Store cannot be written.
var errNoStore = errors.New("no context store")

// Commits counts the write transactions so far.
func (s *Store) Commits() int64 { return s.commits.Load() }

// Close closes the database. Close recorders first, so that what they
// hold is written.
func (s *Store) Close() error {
	s.reads.Range(func(_, st any) bool {
		st.(*sql.Stmt).Close()
		return true
	})
	return s.db.Close()
}

// write runs fn in one write transaction.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if s.readOnly != nil {
		return s.readOnly
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return s.wrap(err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(err)
	}
	s.commits.Add(1)
	return nil
}
