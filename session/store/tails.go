package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A streamed answer is one item whose last text part grows by a chunk
// at a time, thousands of times. Rewriting its row at every group cost
// the whole answer each time: encoding it, writing it to the WAL and
// indexing it for search again. Instead, while an item is not done:
//
//   - its row is written without the text search sees (body), and its
//     tails column says tails may follow (2: not indexed yet);
//   - a group that only appended text to its last part stores that text
//     as one more tail (item_tails), so a group costs what it added;
//   - once it is longer than search sees of an item (maxBody), appended
//     text no longer changes its body: it is indexed then, while the
//     stream goes on, rather than at its end (tails becomes 1);
//   - when it settles, or its recorder closes, it is indexed if it was
//     not yet, and its row takes its last version and done. Its tails
//     stay, read with the row from then on, unless folding them into
//     the row costs little (a short item) or keeping them would make
//     reading it slow (many tails): then the row is written whole once
//     and its tails go. A long answer that came in few groups — a fast
//     stream — is thus written once, not a second time as it ends.
//
// The next Open folds and indexes the items a killed parley left
// unindexed (tails = 2), so that every item ends up searchable.

// streamed is an item a recorder wrote while it was still changing, as
// the store now holds it.
type streamed struct {
	it    session.Item // the row and its tails together
	base  int          // the row's version: tails follow only that row
	tails int          // how many tails follow the row
	// indexed: the row's body is already all search will see of it.
	indexed bool
}

// A settled item keeps its tails only when writing it whole would cost
// more than keepTailsFrom bytes of text and it has at most maxKeptTails
// tails to join at every read, or more of minKeptTail bytes on average.
const (
	keepTailsFrom = 64 << 10
	maxKeptTails  = 64
)

// minKeptTail: an item of more than maxKeptTails tails keeps them still
// when they average at least this many bytes. Joining a few hundred
// large tails on a read costs little next to the text itself, while
// writing the item whole as it settles costs its size again, in the
// driver's memory and in the WAL: a fast stream that parley send commits
// as it prints arrives in hundreds of large tails, and folding them would
// write the whole answer once more at its end. Many small tails (a slow
// stream, a group a chunk) are still folded.
const minKeptTail = 16 << 10

// The items.tails column.
const (
	noTails     = 0 // the row holds the whole item
	tailsFollow = 1 // tails follow the row (maybe none yet)
	unindexed   = 2 // tails may follow, and search has not seen the item
)

const (
	// sqlAppendTail adds a tail only while the row is the one the
	// recorder wrote: another parley that rewrote the item in between
	// (or folded its tails) makes it write the item whole instead.
	sqlAppendTail = `INSERT INTO item_tails (context, key, n, version, text)
		SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM items WHERE context = ?1 AND key = ?2 AND version = ?6)`
	sqlDropTails = `DELETE FROM item_tails WHERE context = ? AND key = ?`
	sqlIndex     = `UPDATE items SET body = ?, tails = 1 WHERE context = ? AND key = ?`
	// sqlSettle gives a row whose tails stay its last version, done, and
	// its body if it gets one now (NULL keeps the body it has).
	sqlSettle = `UPDATE items SET version = ?, done = ?, tails = ?, body = coalesce(?, body)
		WHERE context = ? AND key = ? AND version = ?`

	// tailColumns follow itemColumns: the tails of an item that has
	// them, joined, and the version they bring it to. One statement reads
	// both the row and its tails, so a reader never sees tails without
	// their row or a row without the tails that belong to it.
	tailColumns = `CASE WHEN tails <> 0 THEN (SELECT group_concat(t.text, '' ORDER BY t.n) FROM item_tails t
			WHERE t.context = items.context AND t.key = items.key) END,
		CASE WHEN tails <> 0 THEN (SELECT max(t.version) FROM item_tails t
			WHERE t.context = items.context AND t.key = items.key) END`
)

// appendTail stores a change of an item that only appended text as a
// tail, and settles the item if it is done or the recorder closes. It
// reports whether it could; if not, the item is written whole.
func (w *groupWriter) appendTail(key string, prev streamed, it *session.Item) (bool, error) {
	tail, ok := appendedText(&prev.it, it)
	if !ok {
		return false, nil
	}
	settle := it.Done || w.settle
	tails := prev.tails
	if tail != "" || it.Version != prev.it.Version {
		tails++
	}
	// An item held as a window (Cut) keeps its tails: the front of its
	// text is in the store only.
	if settle && it.Cut == 0 && (textSize(it) < keepTailsFrom || tails > maxKeptTails && textSize(it) < tails*minKeptTail) {
		return false, nil // folded: written whole
	}
	if tails > prev.tails {
		n, err := w.exec(sqlAppendTail, w.d.id, key, prev.tails, it.Version, tail, prev.base)
		if err != nil || n == 0 {
			// n == 0: another parley rewrote the row; write it whole.
			return false, err
		}
		w.changed = true
		w.d.wrote += len(tail)
	}
	var body any // NULL: the body stays
	indexed := prev.indexed
	if !indexed && (settle || bodyFull(it)) {
		b := searchBody(it)
		body, indexed = b, true
		w.d.wrote += len(b)
	}
	if settle {
		flag := noTails
		if tails > 0 {
			flag = tailsFollow
		}
		n, err := w.exec(sqlSettle, it.Version, it.Done, flag, body, w.d.id, key, prev.base)
		if err != nil || n == 0 {
			// n == 0 (only when no tail was added just now): another
			// parley rewrote the row; write it whole.
			return false, err
		}
		w.changed = true
		w.d.streams[it.Key] = nil
		return true, nil
	}
	if body != nil {
		if _, err := w.exec(sqlIndex, body, w.d.id, key); err != nil {
			return true, err
		}
	}
	w.d.streams[it.Key] = &streamed{it: *it, base: prev.base, tails: tails, indexed: indexed}
	return true, nil
}

// textSize is the length of the item's text, its name and its parts'
// text: about what writing it whole costs, and what search could see.
func textSize(it *session.Item) int {
	n := len(it.Text) + len(it.Name) + it.Cut
	for _, p := range it.Parts {
		n += len(p.Text)
	}
	return n
}

// bodyFull reports whether the item is longer than what search sees of
// one: text appended to its end then leaves its body as it is. (Its
// length here leaves out the separators and data parts searchBody adds,
// so it errs on the short side.)
func bodyFull(it *session.Item) bool {
	return textSize(it) > maxBody+utf8.UTFMax
}

// tailsFlag is the tails column of a row written whole: whether tails
// may follow it, and whether search has seen it.
func (w *groupWriter) tailsFlag(it *session.Item, indexed bool) int {
	switch {
	case it.Done || w.settle:
		return noTails
	case indexed:
		return tailsFollow
	}
	return unindexed
}

// wroteWhole follows an item's row written whole. dropTails drops the
// tails it had (this recorder's, or those of one that was killed, which
// would repeat its text). An item still changing becomes the row that
// the tails of its next changes follow.
func (w *groupWriter) wroteWhole(key string, it *session.Item, dropTails, indexed bool) error {
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
	w.d.streams[it.Key] = &streamed{it: *it, base: it.Version, indexed: indexed}
	return nil
}

// appendedText returns the text it adds to stored when that is all that
// changed but for being done: same fields, same parts, all of them text
// without metadata, the last one grown at its end by valid UTF-8. (A
// whole write keeps what JSON keeps, invalid bytes as U+FFFD one by one.
// Text that starts a rune can complete no sequence before it, so the
// stored text followed by valid text reads as the whole text written
// whole would.)
func appendedText(stored, it *session.Item) (string, bool) {
	if it.Secret || stored.Secret || it.Kind != stored.Kind || !it.Time.Equal(stored.Time) || it.TaskID != stored.TaskID ||
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
	if it.Cut > 0 || stored.Cut > 0 {
		// Windows of one text (session.Item.Cut): what the store has
		// ends at stored.Cut+len(was); it takes up from its own cut,
		// which is no further on.
		end := stored.Cut + len(was)
		if last != 0 || it.Cut < stored.Cut || it.Cut > end || it.Cut+len(grown) < end ||
			grown[:end-it.Cut] != was[it.Cut-stored.Cut:] {
			return "", false
		}
		grown, was = grown[end-it.Cut:], ""
	}
	if !strings.HasPrefix(grown, was) || !utf8.ValidString(grown[len(was):]) {
		return "", false
	}
	return grown[len(was):], true
}

// withTail gives an item read with tailColumns its whole text.
func withTail(it *session.Item, text sql.NullString, version sql.NullInt64) {
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

// foldTails writes whole, and indexes, every item that search has not
// seen and tails may follow: what a recorder that was killed mid-stream
// left. It runs as the store opens; an item another parley is streaming
// right now is folded too, which costs that parley one whole write, not
// a byte. (Items already indexed keep their tails, as settled ones do.)
func (s *Store) foldTails() error {
	var left bool
	if err := s.db.QueryRow(`SELECT EXISTS (SELECT 1 FROM items WHERE tails = 2)`).Scan(&left); err != nil || !left {
		return s.wrap(err)
	}
	return s.write(context.Background(), func(tx *sql.Tx) error {
		// Read inside the write transaction, so that no tail appended
		// meanwhile is dropped unread.
		rows, err := tx.Query(`SELECT context, ` + itemColumns + ` FROM items WHERE tails = 2`)
		if err != nil {
			return err
		}
		type folded struct {
			context int64
			it      session.Item
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
			if _, err := tx.Exec(`UPDATE items SET parts = ?, version = ?, body = ?, tails = 0 WHERE context = ? AND key = ?`,
				pj, f.it.Version, searchBody(&f.it), f.context, f.it.Key); err != nil {
				return fmt.Errorf("fold item %s: %w", f.it.Key, err)
			}
			if _, err := tx.Exec(sqlDropTails, f.context, f.it.Key); err != nil {
				return fmt.Errorf("fold item %s: %w", f.it.Key, err)
			}
		}
		return nil
	})
}
