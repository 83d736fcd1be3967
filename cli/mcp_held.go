package cli

import (
	"fmt"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// heldResult is what `parley send` and `parley task` hand `parley mcp`
// (Env.takeResult) in place of the --json result line: the outcome as
// the exchange holds it, and where to read back what it let go of. A
// send into a new context lets go of settled artifacts and of the front
// of a long one once the store has them (session.Summary.Released,
// TextCut), so the tool's window of a long answer is read from the
// store a range at a time and the answer is never held whole.
type heldResult struct {
	o       *jsonout.Outcome
	storeID int64
	text    answerText
	// cut is how many bytes in front of an artifact's first text part
	// the exchange let go of (nil: none).
	cut func(id string) int
	// leading hands the artifacts the exchange let go of, which come
	// before o.Artifacts, read back from the store (nil: none).
	leading func(fn func(*a2aclient.Artifact) error) error
}

// wholeResult is the result of an outcome that holds all of itself.
func wholeResult(o *jsonout.Outcome, storeID int64) *heldResult {
	return &heldResult{o: o, storeID: storeID, text: answerText{spans: []textSpan{{held: o.Text}}, size: len(o.Text)}}
}

// heldResultOf is the result of an exchange's summary; st, when set, is
// the store the exchange's context id is in, which holds what the
// exchange let go of.
func heldResultOf(s *session.Summary, st *store.Store, id int64) *heldResult {
	h := wholeResult(outcome(s), id)
	if st == nil {
		return h
	}
	if s.Released != nil {
		h.leading = releasedInPages(st, id, s)
	}
	if s.TextCut != nil && s.EachText != nil {
		h.cut = s.TextCut
		h.text = answerText{st: st, id: id}
		// Only the pieces' places are kept: their text is the summary's.
		_ = s.EachText(func(art string, cut int, text string) error {
			if cut == 0 && text == "" {
				return nil
			}
			sp := textSpan{stored: cut, held: text}
			if cut > 0 {
				sp.key = storedKey(s, art)
			}
			h.text.spans = append(h.text.spans, sp)
			h.text.size += cut + len(text)
			return nil
		})
	}
	return h
}

// answerText is the answer's text as spans in order, each the front of
// an artifact's text the store holds followed by what the exchange
// still holds.
type answerText struct {
	st    *store.Store
	id    int64
	spans []textSpan
	size  int
}

type textSpan struct {
	key    string // the stored item whose text's front this span's is
	stored int    // bytes of it in the store, in front of held
	held   string
}

// rangeOf is a copy of the text's bytes from..to, read from the store
// where the exchange let go of them.
func (t *answerText) rangeOf(from, to int) (string, error) {
	out := make([]byte, 0, max(to-from, 0))
	at := 0
	for _, sp := range t.spans {
		if at >= to {
			break
		}
		if lo, hi := max(from, at), min(to, at+sp.stored); lo < hi {
			piece, err := t.st.TextRange(t.id, sp.key, lo-at, hi-lo)
			if err != nil {
				return "", err
			}
			if len(piece) != hi-lo {
				return "", fmt.Errorf("the store holds %d bytes of the text of %s from byte %d, not %d", len(piece), sp.key, lo-at, hi-lo)
			}
			out = append(out, piece...)
		}
		at += sp.stored
		if lo, hi := max(from, at), min(to, at+len(sp.held)); lo < hi {
			out = append(out, sp.held[lo-at:hi-at]...)
		}
		at += len(sp.held)
	}
	return string(out), nil
}

// window is up to mcpTextBound bytes of the text from offset on, both
// ends cut back to where a rune starts, and where it starts: a copy,
// held apart from the answer.
func (t *answerText) window(offset int) (string, int, error) {
	offset = min(max(offset, 0), t.size)
	// From a rune's length before offset, to the byte after the bound:
	// enough to find where the runes at both ends start.
	lo := max(offset-utf8.UTFMax, 0)
	hi := min(offset+mcpTextBound+1, t.size)
	around, err := t.rangeOf(lo, hi)
	if err != nil {
		return "", 0, err
	}
	start := lo + runeStart(around, offset-lo)
	rest := around[start-lo:]
	return rest[:runeStart(rest, min(t.size-start, mcpTextBound))], start, nil
}

// releasedPage is how many items at a time releasedInPages reads.
const releasedPage = 256

// releasedInPages hands fn the artifacts of s the exchange let go of,
// read from stored context id a page at a time, each long artifact of
// the context as its end (store.LoadAfter), so that a long answer
// beside them is not read whole: those let go of are short.
func releasedInPages(st *store.Store, id int64, s *session.Summary) func(fn func(*a2aclient.Artifact) error) error {
	return func(fn func(*a2aclient.Artifact) error) error {
		for seq := -1; ; {
			items, err := st.LoadAfter(id, seq, releasedPage)
			if err != nil {
				return err
			}
			for i := range items {
				if a, ok := s.ReleasedArtifact(&items[i]); ok {
					if err := fn(&a); err != nil {
						return err
					}
				}
			}
			if len(items) == 0 {
				return nil // a short page may only have left out ended previews
			}
			seq = items[len(items)-1].Seq
		}
	}
}
