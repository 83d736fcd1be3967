package session

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
)

// A streamed answer is one item whose last text part grows by a chunk
// at a time, thousands of times. Rewriting its row at every group cost
// the whole answer each time: encoding it, writing it to the WAL and
// indexing it for search again. Instead, while an item is not done:
//
//   - its row is written without the text search sees (body), and a tail
//     without text (n = 0) marks it as waiting to be indexed;
//   - a group that only appended text to its last part stores that text
//     as one more tail (item_tails), so a group costs what it added;
//   - once it is longer than search sees of an item (maxBody), appended
//     text no longer changes its body: it is indexed then, while the
//     stream goes on, rather than at its end;
//   - when it settles, or its recorder closes, the row is written whole
//     once, search indexes it (if it was not yet), and its tails go.
//
// The next OpenStore folds and indexes whatever tails a killed parley
// left, so that every item ends up whole and searchable.

// streamed is an item a recorder wrote while it was still changing, as
// the store now holds it.
type streamed struct {
	it    Item // the row and its tails together
	base  int  // the row's version: tails follow only that row
	tails int  // how many tails follow the row
	// indexed: the row's body is already all search will see of it.
	indexed bool
}

const (
	// sqlAppendTail adds a tail only while the row is the one the
	// recorder wrote: another parley that rewrote the item in between
	// (or folded its tails) makes it write the item whole instead.
	sqlAppendTail = `INSERT INTO item_tails (context, key, n, version, text)
		SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM items WHERE context = ?1 AND key = ?2 AND version = ?6)`
	sqlMarkTail  = `INSERT INTO item_tails (context, key, n, version, text) VALUES (?, ?, 0, ?, '')`
	sqlDropTails = `DELETE FROM item_tails WHERE context = ? AND key = ?`
	sqlIndex     = `UPDATE items SET body = ? WHERE context = ? AND key = ?`

	// tailColumns follow itemColumns: an unsettled item's tails, joined,
	// and the version they bring it to. One statement reads both the row
	// and its tails, so a reader never sees tails without their row or a
	// row without the tails that belong to it.
	tailColumns = `CASE WHEN done = 0 THEN (SELECT group_concat(t.text, '' ORDER BY t.n) FROM item_tails t
			WHERE t.context = items.context AND t.key = items.key) END,
		CASE WHEN done = 0 THEN (SELECT max(t.version) FROM item_tails t
			WHERE t.context = items.context AND t.key = items.key) END`
)

// appendTail stores a change of an item that only appended text as a
// tail, and reports whether it could.
func (w *groupWriter) appendTail(key string, prev streamed, it *Item) (bool, error) {
	tail, ok := appendedText(&prev.it, it)
	if !ok {
		return false, nil
	}
	n, err := w.exec(sqlAppendTail, w.d.id, key, prev.tails, it.Version, tail, prev.base)
	if err != nil || n == 0 {
		// n == 0: another parley rewrote the row; write it whole.
		return false, err
	}
	w.changed = true
	w.d.wrote += len(tail)
	next := &streamed{it: *it, base: prev.base, tails: prev.tails + 1, indexed: prev.indexed}
	if !next.indexed && bodyFull(it) {
		body := searchBody(it)
		if _, err := w.exec(sqlIndex, body, w.d.id, key); err != nil {
			return true, err
		}
		w.d.wrote += len(body)
		next.indexed = true
	}
	w.d.streams[it.Key] = next
	return true, nil
}

// bodyFull reports whether the item is longer than what search sees of
// one: text appended to its end then leaves its body as it is. (Its
// length here leaves out the separators and data parts searchBody adds,
// so it errs on the short side.)
func bodyFull(it *Item) bool {
	n := len(it.Text) + len(it.Name)
	for _, p := range it.Parts {
		n += len(p.Text)
	}
	return n > maxBody+utf8.UTFMax
}

// wroteWhole follows an item's row written whole. dropTails drops the
// tails it had (this recorder's, or those of one that was killed, which
// would repeat its text). An item still changing becomes the row that
// the tails of its next changes follow, marked by a tail without text
// while it waits to be indexed.
func (w *groupWriter) wroteWhole(key string, it *Item, dropTails, indexed bool) error {
	if dropTails {
		if _, err := w.exec(sqlDropTails, w.d.id, key); err != nil {
			return err
		}
	}
	if it.Done || w.settle {
		if _, ok := w.st.streams[it.Key]; ok {
			w.d.streams[it.Key] = nil
		}
		return nil
	}
	next := &streamed{it: *it, base: it.Version, indexed: indexed}
	if !indexed {
		if _, err := w.exec(sqlMarkTail, w.d.id, key, it.Version); err != nil {
			return err
		}
		next.tails = 1
	}
	w.d.streams[it.Key] = next
	return nil
}

// appendedText returns the text it adds to stored when that is all that
// changed: same fields, same parts, all of them text without metadata,
// the last one grown at its end by valid UTF-8. (A whole write keeps
// what JSON keeps, invalid bytes as U+FFFD one by one. Text that starts
// a rune can complete no sequence before it, so the stored text followed
// by valid text reads as the whole text written whole would.)
func appendedText(stored, it *Item) (string, bool) {
	if it.Done || it.Secret || stored.Secret || it.Kind != stored.Kind || !it.Time.Equal(stored.Time) || it.TaskID != stored.TaskID ||
		it.State != stored.State || it.Text != stored.Text || it.Detail != stored.Detail || it.Name != stored.Name ||
		len(it.Parts) == 0 || len(it.Parts) != len(stored.Parts) {
		return "", false
	}
	last := len(it.Parts) - 1
	for i, p := range it.Parts {
		q := stored.Parts[i]
		if p.Kind != a2aclient.PartText || q.Kind != a2aclient.PartText || len(p.Metadata) > 0 || len(q.Metadata) > 0 ||
			i < last && p.Text != q.Text {
			return "", false
		}
	}
	grown, was := it.Parts[last].Text, stored.Parts[last].Text
	if !strings.HasPrefix(grown, was) || !utf8.ValidString(grown[len(was):]) {
		return "", false
	}
	return grown[len(was):], true
}

// withTail gives an item read with tailColumns its whole text.
func withTail(it *Item, text sql.NullString, version sql.NullInt64) {
	switch n := len(it.Parts); {
	case !text.Valid || text.String == "":
	case n > 0 && it.Parts[n-1].Kind == a2aclient.PartText:
		it.Parts[n-1].Text += text.String
	default:
		it.Parts = append(it.Parts, a2aclient.TextPart(text.String))
	}
	if version.Valid && int(version.Int64) > it.Version {
		it.Version = int(version.Int64)
	}
}

// foldTails writes every item that still has tails whole, and indexes
// it: what a recorder that was killed mid-stream left. It runs as the
// store opens; an item another parley is streaming right now is folded
// too, which costs that parley one whole write, not a byte.
func (s *Store) foldTails() error {
	var left bool
	if err := s.db.QueryRow(`SELECT EXISTS (SELECT 1 FROM item_tails)`).Scan(&left); err != nil || !left {
		return s.wrap(err)
	}
	return s.write(context.Background(), func(tx *sql.Tx) error {
		// Read inside the write transaction, so that no tail appended
		// meanwhile is dropped unread.
		rows, err := tx.Query(`SELECT context, ` + itemColumns + ` FROM items WHERE rowid IN
			(SELECT i.rowid FROM item_tails t JOIN items i ON i.context = t.context AND i.key = t.key)`)
		if err != nil {
			return err
		}
		type folded struct {
			context int64
			it      Item
		}
		var items []folded
		var id int64
		sc := newItemScanner(&id)
		for rows.Next() {
			it, err := sc.scan(rows)
			if err != nil {
				rows.Close()
				return err
			}
			items = append(items, folded{id, it})
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, f := range items {
			pj, err := encodeParts(f.it.Parts)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(`UPDATE items SET parts = ?, version = ?, body = ? WHERE context = ? AND key = ?`,
				pj, f.it.Version, searchBody(&f.it), f.context, f.it.Key); err != nil {
				return fmt.Errorf("fold item %s: %w", f.it.Key, err)
			}
		}
		// Tails whose item is gone are dropped with the rest.
		_, err = tx.Exec(`DELETE FROM item_tails`)
		return err
	})
}
