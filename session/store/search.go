package store

import (
	"strings"
	"time"
	"unicode"

	"github.com/parley-a2a/parley/session"
)

// Markers around the matched words in a SearchHit's snippet. Control
// characters are removed from what is indexed, so these appear nowhere
// else; a UI replaces them with its highlight style.
const (
	SnippetOpen  = "\x02"
	SnippetClose = "\x03"
)

// SearchHit is one item that matches a search.
type SearchHit struct {
	Context session.ContextInfo
	Key     string // the item's key, to jump to it
	Seq     int
	Kind    session.ItemKind
	TaskID  string
	Time    time.Time
	// Snippet is the text around the match, matched words between
	// SnippetOpen and SnippetClose.
	Snippet string
}

// Search finds what people and agents said: items (not parley's own
// notices and errors) whose text, artifact text, names or data contain
// every word of query (the last word also as a prefix, so results come
// as the user types), best matches first, at most limit (0 means 100).
// The query is words, not FTS syntax: quotes and operators are taken as
// text.
func (s *Store) Search(query string, limit int) ([]SearchHit, error) {
	match := ftsQuery(query)
	if match == "" {
		return nil, nil
	}
	if limit <= 0 {
		limit = 100
	}
	hits, err := queryAll(s, "search", func(row scanner) (SearchHit, error) {
		var h SearchHit
		var kind string
		var t int64
		err := row.Scan(&h.Context.ID, &h.Key, &h.Seq, &kind, &h.TaskID, &t, &h.Snippet)
		h.Kind, h.Time = session.ParseItemKind(kind), fromNanos(t)
		h.Snippet = plainExcerpt(h.Snippet)
		return h, err
	}, `SELECT i.context, i.key, i.seq, i.kind, i.task_id, i.time,
			snippet(items_fts, 0, ?, ?, '…', 16)
		FROM items_fts JOIN items i ON i.rowid = items_fts.rowid
		WHERE items_fts MATCH ? AND i.kind NOT IN ('notice', 'error') ORDER BY rank LIMIT ?`, SnippetOpen, SnippetClose, match, limit)
	if err != nil {
		return nil, err
	}
	contexts := map[int64]session.ContextInfo{}
	for i := range hits {
		id := hits[i].Context.ID
		c, ok := contexts[id]
		if !ok {
			if c, err = s.Context(id); err != nil {
				return nil, err
			}
			c.Agent.Card = nil
			contexts[id] = c
		}
		hits[i].Context = c
	}
	return hits, nil
}

// ftsQuery turns what a person typed into an FTS5 query: each word a
// quoted string (so FTS syntax is inert), all required, the last one
// also matching as a prefix.
func ftsQuery(q string) string {
	words := strings.FieldsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
	if len(words) == 0 {
		return ""
	}
	for i, w := range words {
		words[i] = `"` + w + `"`
	}
	words[len(words)-1] += "*"
	return strings.Join(words, " ")
}
