package store

import (
	"database/sql"
	"errors"
	"fmt"

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

// errRangeRead ends EachTextPiece once TextRange has what it asked for.
var errRangeRead = errors.New("range read")

// TextRange is n bytes of the text of the first part of the item under
// key in context id from byte from on (fewer at the text's end): the
// chat reads the front of an answer it holds as a window
// (session.Item.Cut) a range at a time, never the whole of it. The
// range is in bytes; the caller finds the characters' boundaries.
func (s *Store) TextRange(id int64, key string, from, n int) (string, error) {
	var out []byte
	at := 0
	err := s.EachTextPiece(id, key, func(piece string) error {
		start, end := at, at+len(piece)
		at = end
		if end <= from {
			return nil
		}
		lo := max(from-start, 0)
		hi := min(len(piece), lo+n-len(out))
		out = append(out, piece[lo:hi]...)
		if len(out) >= n {
			return errRangeRead
		}
		return nil
	})
	if err != nil && !errors.Is(err, errRangeRead) {
		return "", err
	}
	return string(out), nil
}
