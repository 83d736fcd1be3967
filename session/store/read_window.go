package store

import (
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A window read (LoadTail with a count, LoadBefore, LoadAfter,
// LoadAround: what the TUI shows a stored conversation with) holds a
// long artifact as its last windowText bytes, with Item.Cut saying how
// many bytes in front the store holds, as the TUI's recorder holds a long
// answer as it streams: the chat draws it the same way and reads the
// front back with TextRange. The tails of such an item are not joined:
// their size is read, then the last of them. Whole reads (LoadTail(id,
// 0), OpenContext(id, 0): export, replay, diff) keep every byte.

// windowText is how much of a long artifact's text a window read holds.
const windowText = 256 << 10

const tailBytesOf = `(SELECT coalesce(sum(octet_length(t.text)), 0) FROM item_tails t WHERE t.context = items.context AND t.key = items.key)`

// windowColumns are itemColumns with the tails joined only when they are
// short, and their size after.
var windowColumns = `key, seq, kind, time, task_id, state, text, detail, parts, name, version, done, secret, turn, ` +
	`CASE WHEN tails <> 0 AND ` + tailBytesOf + ` <= ` + strconv.Itoa(windowText) + ` THEN (SELECT group_concat(t.text, '' ORDER BY t.n) FROM item_tails t
			WHERE t.context = items.context AND t.key = items.key) END,
		CASE WHEN tails <> 0 THEN (SELECT max(t.version) FROM item_tails t
			WHERE t.context = items.context AND t.key = items.key) END,
		CASE WHEN tails <> 0 THEN ` + tailBytesOf + ` ELSE 0 END`

// queryWindow reads items of context id as queryItems does, in a window:
// q selects windowColumns.
func (s *Store) queryWindow(id int64, size int, q string, args ...any) ([]session.Item, error) {
	rows, err := s.queryItemRows(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]session.Item, 0, size)
	var tailBytes int64
	sc := newItemScanner()
	sc.dest = append(sc.dest, &tailBytes)
	type long struct{ at, tailBytes int }
	var longs []long
	for rows.Next() {
		it, err := sc.scan(rows)
		if err != nil {
			return nil, s.wrap(err)
		}
		if it.Emptied() {
			continue
		}
		if !sc.tail.Valid && tailBytes > windowText {
			longs = append(longs, long{len(out), int(tailBytes)})
		}
		out = append(out, it)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(err)
	}
	rows.Close()
	for _, l := range longs {
		if err := s.readTailsEnd(id, &out[l.at], l.tailBytes); err != nil {
			return nil, err
		}
	}
	for i := range out {
		cutToWindow(&out[i])
	}
	return out, nil
}

// oneText says whether an item's parts are one text, or none: what a cut
// (Item.Cut, in front of the first part's text) can stand for.
func oneText(it *session.Item) bool {
	return it.Kind == session.ItemArtifact && it.Cut == 0 &&
		(len(it.Parts) == 0 || len(it.Parts) == 1 && it.Parts[0].Kind == a2aclient.PartText)
}

// readTailsEnd gives it, read without its tails (tailBytes of them), the
// end of its text: the last tails, enough for a window, with Cut set to
// what is left in front. An item that is not one text takes its tails
// whole.
func (s *Store) readTailsEnd(id int64, it *session.Item, tailBytes int) error {
	if !oneText(it) {
		var text sql.NullString
		err := s.db.QueryRow(`SELECT group_concat(text, '' ORDER BY n) FROM item_tails WHERE context = ? AND key = ?`, id, it.Key).Scan(&text)
		if err != nil {
			return s.wrap(fmt.Errorf("read item %s: %w", it.Key, err))
		}
		withTail(it, text, sql.NullInt64{})
		return nil
	}
	rows, err := s.db.Query(`SELECT text FROM item_tails WHERE context = ? AND key = ? ORDER BY n DESC`, id, it.Key)
	if err != nil {
		return s.wrap(fmt.Errorf("read item %s: %w", it.Key, err))
	}
	defer rows.Close()
	var pieces []string
	n := 0
	for n < windowText && rows.Next() {
		var piece string
		if err := rows.Scan(&piece); err != nil {
			return s.wrap(err)
		}
		pieces = append(pieces, piece)
		n += len(piece)
	}
	if err := rows.Err(); err != nil {
		return s.wrap(err)
	}
	var b strings.Builder
	b.Grow(n)
	for i := len(pieces) - 1; i >= 0; i-- {
		b.WriteString(pieces[i])
	}
	front := 0 // bytes of the row's text
	if len(it.Parts) == 1 {
		front = len(it.Parts[0].Text)
	}
	end := b.String()
	keep := end[startOfRune(end, len(end)-min(windowText, len(end))):]
	it.Parts = []a2aclient.Part{a2aclient.TextPart(keep)}
	it.Cut = front + tailBytes - len(keep)
	return nil
}

// cutToWindow holds a long artifact of one text, read whole from its
// row, as its end.
func cutToWindow(it *session.Item) {
	if !oneText(it) || len(it.Parts) == 0 || len(it.Parts[0].Text) <= windowText {
		return
	}
	text := it.Parts[0].Text
	from := startOfRune(text, len(text)-windowText)
	it.Parts = []a2aclient.Part{a2aclient.TextPart(strings.Clone(text[from:]))}
	it.Cut = from
}

// startOfRune is the first character's start in s at or after byte i.
func startOfRune(s string, i int) int {
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return i
}
