package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// A compare set is the contexts the TUI's compare mode sent one message
// together, a column each (schema version 9). It is numbered by parley,
// like a context, and shown as "set N": never an agent's id.

// ErrNoCompareSet means no stored context is in the set asked for.
var ErrNoCompareSet = errors.New("no such compare set")

// JoinCompareSet puts context id in the set named key, at column
// position, making the set on the first join, and returns the set's
// number. Joining again changes nothing; a context already in another
// set stays there, and that set's number is returned.
func (s *Store) JoinCompareSet(key string, id int64, position int) (int64, error) {
	var set int64
	err := s.write(context.Background(), func(tx *sql.Tx) error {
		if _, err := tx.Exec(`INSERT OR IGNORE INTO compare_sets (key, created) VALUES (?, ?)`, key, time.Now().UnixNano()); err != nil {
			return err
		}
		if err := tx.QueryRow(`SELECT id FROM compare_sets WHERE key = ?`, key).Scan(&set); err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT OR IGNORE INTO compare_members (set_id, context, position) VALUES (?, ?, ?)`, set, id, position); err != nil {
			return err
		}
		return tx.QueryRow(`SELECT set_id FROM compare_members WHERE context = ?`, id).Scan(&set)
	})
	if err != nil {
		return 0, s.wrap(fmt.Errorf("record context %d in a compare set: %w", id, err))
	}
	return set, nil
}

// CompareSet lists the contexts of set, in their columns' order;
// ErrNoCompareSet when none is left in it.
func (s *Store) CompareSet(set int64) ([]int64, error) {
	ids, err := queryAll(s, "read a compare set", func(row scanner) (int64, error) {
		var id int64
		err := row.Scan(&id)
		return id, err
	}, `SELECT context FROM compare_members WHERE set_id = ? ORDER BY position, context`, set)
	if err == nil && len(ids) == 0 {
		err = fmt.Errorf("%w %d", ErrNoCompareSet, set)
	}
	return ids, err
}

// CompareSetsOf maps every context in a compare set to its set's
// number; a context in none is not in the map.
func (s *Store) CompareSetsOf() (map[int64]int64, error) {
	type member struct{ id, set int64 }
	list, err := queryAll(s, "read the compare sets", func(row scanner) (member, error) {
		var m member
		err := row.Scan(&m.id, &m.set)
		return m, err
	}, `SELECT context, set_id FROM compare_members`)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]int64, len(list))
	for _, m := range list {
		out[m.id] = m.set
	}
	return out, nil
}
