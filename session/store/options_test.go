package store

import (
	"path/filepath"
	"testing"
)

// A store opened with CacheKiB bounds the page cache of every
// connection it opens, the ones opened while another is busy too; the
// default keeps SQLite's.
func TestStoreCacheSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	for _, c := range []struct {
		o    Options
		want int
	}{{Options{CacheKiB: 256}, -256}, {Options{}, -2000}} {
		s, err := OpenWith(path, c.o)
		if err != nil {
			t.Fatal(err)
		}
		// A transaction holds one connection, so the query opens a second.
		tx, err := s.db.Begin()
		if err != nil {
			t.Fatal(err)
		}
		var inTx, other int
		if err := tx.QueryRow(`PRAGMA cache_size`).Scan(&inTx); err != nil {
			t.Fatal(err)
		}
		if err := s.db.QueryRow(`PRAGMA cache_size`).Scan(&other); err != nil {
			t.Fatal(err)
		}
		tx.Rollback()
		s.Close()
		if inTx != c.want || other != c.want {
			t.Errorf("%+v: cache_size %d and %d, want %d", c.o, inTx, other, c.want)
		}
	}
}
