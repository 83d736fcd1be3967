package store

import (
	"database/sql"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// EachTextPiece hands fn the text of the first part of the item under
// key in context id, in pieces as the store holds it (the row's, then
// each tail the recorder appended), so that a reader of a long answer
// holds a piece of it, not all of it: parley send --json writes its
// result line's text that way for an artifact it held as a window
// (session.Item.Cut).
func (s *Store) EachTextPiece(id int64, key string, fn func(string) error) error {
	var parts sql.NullString
	var tails int
	err := s.db.QueryRow(`SELECT parts, tails FROM items WHERE context = ? AND key = ?`, id, key).Scan(&parts, &tails)
	if err != nil {
		return s.wrap(fmt.Errorf("read item %s: %w", key, err))
	}
	ps, err := decodeParts(parts)
	if err != nil {
		return err
	}
	if len(ps) > 1 || len(ps) == 1 && ps[0].Kind != a2aclient.PartText {
		return fmt.Errorf("item %s is not one text", key)
	}
	if len(ps) == 1 && ps[0].Text != "" {
		if err := fn(ps[0].Text); err != nil {
			return err
		}
	}
	if tails == noTails {
		return nil
	}
	rows, err := s.db.Query(`SELECT text FROM item_tails WHERE context = ? AND key = ? ORDER BY n`, id, key)
	if err != nil {
		return s.wrap(fmt.Errorf("read item %s: %w", key, err))
	}
	defer rows.Close()
	for rows.Next() {
		var piece string
		if err := rows.Scan(&piece); err != nil {
			return s.wrap(err)
		}
		if piece == "" {
			continue
		}
		if err := fn(piece); err != nil {
			return err
		}
	}
	return s.wrap(rows.Err())
}

// TextRange is n bytes of the text of the first part of the item under
// key in context id from byte from on (fewer at the text's end): the
// chat reads ranges of an answer it holds as a window (session.Item.Cut)
// one at a time, never the whole of it. It reads the row and the tails
// the range spans, found by their lengths, not the tails before them: a
// range far into a long answer costs the range. The range is in bytes;
// the caller finds the characters' boundaries.
func (s *Store) TextRange(id int64, key string, from, n int) (string, error) {
	var parts sql.NullString
	var tails int
	err := s.db.QueryRow(`SELECT parts, tails FROM items WHERE context = ? AND key = ?`, id, key).Scan(&parts, &tails)
	if err != nil {
		return "", s.wrap(fmt.Errorf("read item %s: %w", key, err))
	}
	ps, err := decodeParts(parts)
	if err != nil {
		return "", err
	}
	if len(ps) > 1 || len(ps) == 1 && ps[0].Kind != a2aclient.PartText {
		return "", fmt.Errorf("item %s is not one text", key)
	}
	var out strings.Builder
	out.Grow(min(n, 4<<20))
	at := 0
	take := func(piece string) {
		start := at
		at += len(piece)
		if at <= from || out.Len() >= n {
			return
		}
		lo := max(from-start, 0)
		out.WriteString(piece[lo:min(len(piece), lo+n-out.Len())])
	}
	if len(ps) == 1 {
		take(ps[0].Text)
	}
	if tails == noTails || out.Len() >= n {
		return out.String(), nil
	}
	first, last, start, err := s.tailsSpanning(id, key, max(from-at, 0), n-out.Len())
	if err != nil || first < 0 {
		return out.String(), err
	}
	at += start
	rows, err := s.db.Query(`SELECT text FROM item_tails WHERE context = ? AND key = ? AND n BETWEEN ? AND ? ORDER BY n`, id, key, first, last)
	if err != nil {
		return "", s.wrap(fmt.Errorf("read item %s: %w", key, err))
	}
	defer rows.Close()
	for rows.Next() {
		var piece string
		if err := rows.Scan(&piece); err != nil {
			return "", s.wrap(err)
		}
		take(piece)
	}
	return out.String(), s.wrap(rows.Err())
}

// tailsSpanning finds, by their lengths, the tails of the item under key
// that hold bytes from to from+n of the text its tails add (first to
// last, by n; -1 when none does) and where the first starts in it.
func (s *Store) tailsSpanning(id int64, key string, from, n int) (first, last, start int, err error) {
	rows, err := s.db.Query(`SELECT n, octet_length(text) FROM item_tails WHERE context = ? AND key = ? ORDER BY n`, id, key)
	if err != nil {
		return -1, -1, 0, s.wrap(fmt.Errorf("read item %s: %w", key, err))
	}
	defer rows.Close()
	first, last = -1, -1
	for at := 0; rows.Next() && at < from+n; {
		var k, size int
		if err := rows.Scan(&k, &size); err != nil {
			return -1, -1, 0, s.wrap(err)
		}
		if at+size > from {
			if first < 0 {
				first, start = k, at
			}
			last = k
		}
		at += size
	}
	return first, last, start, s.wrap(rows.Err())
}
