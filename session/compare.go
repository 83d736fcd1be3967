package session

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
)

// StoredTurn is one turn of a stored conversation, as a comparison sees
// it: the user's message, and how the agent answered it.
type StoredTurn struct {
	User Item
	// State is the last state the turn reported; StateMessage when the
	// agent answered with a message and reported none.
	State      a2aclient.State
	StatusText string // the last status message: the question, the reason
	// Text is the agent's messages' and artifacts' text, in order.
	Text string
	// Artifacts are the parts that are not text, one line each
	// ("name: {json}", "name: file a.csv, text/csv, 12 bytes").
	Artifacts []string
	Errors    []string // what went wrong, one sentence each
	Timings   Timings  // zero when the turn was not measured
}

// StoredTurns cuts a stored conversation into turns at each user
// message; what comes before the first (notes) is left out.
func StoredTurns(items []Item) []StoredTurn {
	var out []StoredTurn
	var text strings.Builder
	flush := func() {
		if n := len(out); n > 0 {
			out[n-1].Text = text.String()
			if out[n-1].State == "" && out[n-1].Text != "" {
				out[n-1].State = StateMessage
			}
		}
		text.Reset()
	}
	for _, it := range items {
		if it.Kind == ItemUser {
			flush()
			t := StoredTurn{User: it}
			if it.Turn != nil {
				t.Timings = it.Turn.Timings
			}
			out = append(out, t)
			continue
		}
		if len(out) == 0 {
			continue
		}
		t := &out[len(out)-1]
		switch it.Kind {
		case ItemAgent:
			text.WriteString(it.Text)
		case ItemStatus:
			t.State, t.StatusText = it.State, it.Text
		case ItemArtifact:
			for _, p := range it.Parts {
				if p.Kind == a2aclient.PartText {
					text.WriteString(p.Text)
				} else {
					t.Artifacts = append(t.Artifacts, it.Name+": "+partLine(p))
				}
			}
		case ItemError:
			t.Errors = append(t.Errors, it.Text)
		}
	}
	flush()
	return out
}

// partLine is a part that is not text, in one line.
func partLine(p a2aclient.Part) string {
	switch {
	case p.Kind == a2aclient.PartFile && p.File != nil:
		if p.File.URI != "" {
			return fmt.Sprintf("file %s, %s, %s", p.File.Name, p.File.MimeType, p.File.URI)
		}
		return fmt.Sprintf("file %s, %s, %d bytes", p.File.Name, p.File.MimeType, len(p.File.Bytes))
	case p.Kind == a2aclient.PartData:
		b, err := json.Marshal(p.Data)
		if err == nil {
			return string(b)
		}
	}
	if s, ok := jsonout.PartLine(p); ok {
		return s
	}
	b, _ := json.Marshal(jsonout.PartToJSON(p))
	return string(b)
}

// TurnPair is the turns of two conversations at one position; A or B is
// nil where that side has no such turn.
type TurnPair struct {
	N    int // from 1
	A, B *StoredTurn
	// Differs names what is not the same: "turn" (one side lacks it),
	// "message" (the user's), "state", "status", "text", "artifacts",
	// "errors". Timings are never compared.
	Differs []string
}

// Same reports whether the pair's answers are the same.
func (p TurnPair) Same() bool { return len(p.Differs) == 0 }

// CompareTurns pairs two conversations' turns by position and says what
// differs in each; same is whether nothing does.
func CompareTurns(a, b []StoredTurn) (pairs []TurnPair, same bool) {
	same = true
	for i := range max(len(a), len(b)) {
		p := TurnPair{N: i + 1}
		if i < len(a) {
			p.A = &a[i]
		}
		if i < len(b) {
			p.B = &b[i]
		}
		p.Differs = differs(p.A, p.B)
		same = same && p.Same()
		pairs = append(pairs, p)
	}
	return pairs, same
}

func differs(a, b *StoredTurn) []string {
	if a == nil || b == nil {
		return []string{"turn"}
	}
	var out []string
	add := func(name string, differ bool) {
		if differ {
			out = append(out, name)
		}
	}
	add("message", a.User.Text != b.User.Text || !slices.Equal(partLines(a.User.Parts), partLines(b.User.Parts)))
	add("state", a.State != b.State)
	add("status", a.StatusText != b.StatusText)
	add("text", a.Text != b.Text)
	add("artifacts", !slices.Equal(a.Artifacts, b.Artifacts))
	add("errors", !slices.Equal(a.Errors, b.Errors))
	return out
}

func partLines(parts []a2aclient.Part) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = partLine(p)
	}
	return out
}
