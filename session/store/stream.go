package store

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
)

// EachItem calls fn with every item of a context, oldest first, read
// from the store one row at a time: showing or exporting a context of
// any length holds one item in memory, not all of them. The read sees
// the context as it was when it began.
func (s *Store) EachItem(id int64, fn func(session.Item) error) error {
	rows, err := s.db.Query(`SELECT `+itemColumns+` FROM items WHERE context = ? ORDER BY seq, rowid`, id)
	if err != nil {
		return s.wrap(fmt.Errorf("read items: %w", err))
	}
	defer rows.Close()
	sc := newItemScanner()
	for rows.Next() {
		it, err := sc.scan(rows)
		if err != nil {
			return s.wrap(err)
		}
		if it.Emptied() {
			continue // an ended preview: nothing to show
		}
		if err := fn(it); err != nil {
			return err
		}
	}
	return s.wrap(rows.Err())
}

// TranscriptOptions shape WriteTranscriptJSON's output.
type TranscriptOptions struct {
	// Indent writes the document indented (the JSON export); otherwise
	// it is one line (contexts show --json).
	Indent bool
	// Clean writes every string as termsafe.Clean leaves it (see
	// jsonout.AppendCleanJSON): what jq -r decodes cannot drive a terminal.
	Clean bool
	// TerminalSafe, without Clean, keeps the agent's strings and writes
	// DEL and the C1 controls as \u escapes (see jsonout.AppendTerminalSafe).
	TerminalSafe bool
}

// WriteTranscriptJSON writes a whole context as its jsonout.TranscriptJSON,
// item by item as EachItem reads them: the same document Transcript
// would encode, in memory bounded by its largest item. Indented, values
// deeper than jsonout.MaxIndentDepth are written compactly.
func (s *Store) WriteTranscriptJSON(w io.Writer, id int64, o TranscriptOptions) error {
	info, err := s.Context(id)
	if err != nil {
		return err
	}
	tasks, err := s.Tasks(id)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var out io.Writer = bw
	if o.Indent {
		out = jsonout.NewIndenter(bw, "", "  ")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	var safe []byte
	put := func(raw string, v any) error {
		buf.Reset()
		buf.WriteString(raw)
		if v != nil {
			if err := enc.Encode(v); err != nil {
				return err
			}
			buf.Truncate(buf.Len() - 1) // Encode's newline
		}
		// Each piece is whole JSON values, so no string is cut
		// between two pieces.
		b := buf.Bytes()
		switch {
		case o.Clean:
			safe = jsonout.AppendCleanJSON(safe[:0], b)
			b = safe
		case o.TerminalSafe && hasC1(b):
			safe = jsonout.AppendTerminalSafe(safe[:0], b)
			b = safe
		}
		_, err := out.Write(b)
		return err
	}
	jt := make([]jsonout.TaskInfoJSON, 0, len(tasks))
	for _, t := range tasks {
		jt = append(jt, TaskInfoToJSON(t))
	}
	if err := put(`{"type":"context","context":`, ContextToJSON(info)); err != nil {
		return err
	}
	if err := put(`,"tasks":`, jt); err != nil {
		return err
	}
	if err := put(`,"items":[`, nil); err != nil {
		return err
	}
	sep := ""
	err = s.EachItem(id, func(it session.Item) error {
		err := put(sep, ItemToJSON(it))
		sep = ","
		return err
	})
	if err != nil {
		return err
	}
	if err := put(`]}`, nil); err != nil {
		return err
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// hasC1 reports whether b may hold DEL or a C1 control (U+0080–U+009F,
// written 0xC2 0x80–0x9F in UTF-8).
func hasC1(b []byte) bool {
	return bytes.IndexByte(b, 0x7f) >= 0 || bytes.IndexByte(b, 0xc2) >= 0
}
