package dialog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// hugeErrorExchange is a done exchange whose reply is a JSON-RPC error
// with an 8 MB message, as a hostile agent may send (up to the client's
// 16 MB bound on a body).
func hugeErrorExchange() *rawExchange {
	huge, _ := json.Marshal(strings.Repeat("é", 4<<20))
	body := `{"jsonrpc":"2.0","id":"1","error":{"code":-32000,"message":` + string(huge) + `}}`
	return &rawExchange{method: "GetTask", done: true, reply: &a2aclient.RawReply{Status: 200, ContentType: "application/json", Body: []byte(body)}}
}

// A frame of the raw console with a huge error reply kept, folded and
// expanded: the summary and the expanded lines are drawn at every frame.
func BenchmarkRawViewOfAHugeError(b *testing.B) {
	for _, open := range []bool{false, true} {
		name := map[bool]string{false: "folded", true: "expanded"}[open]
		b.Run(name, func(b *testing.B) {
			st := styles.New(themes.Dark)
			d := newTestRaw(nil)
			d.SetSize(120, 30)
			ex := hugeErrorExchange()
			ex.open = open
			d.kept = append(d.kept, ex)
			for b.Loop() {
				_ = d.View(st)
			}
		})
	}
}

// The reply of a done exchange is read once: its summary and expanded
// lines are what they were though the bytes under them changed, so a
// frame does not parse a huge reply again.
func TestRawDoneExchangeIsReadOnce(t *testing.T) {
	ex := hugeErrorExchange()
	sum, lines := ex.summary(), ex.lines()
	copy(ex.reply.Body[len(`{"jsonrpc":"2.0","id":"1","error":{"code":`):], "-99999")
	if got := ex.summary(); got != sum {
		t.Errorf("the summary was read again: %.60q, was %.60q", got, sum)
	}
	if got := ex.lines(); len(got) != len(lines) || got[0] != lines[0] || got[len(got)-1] != lines[len(lines)-1] || strings.Contains(strings.Join(got, "\n"), "-99999") {
		t.Errorf("the expanded lines were read again")
	}
}

// A long line of a reply, drawn clipped, shows what Clip of the whole
// line shows: the cut that spares measuring all of it comes after every
// cell drawn, wide runes and combining marks included.
func TestRawClipLongShowsWhatClipShows(t *testing.T) {
	for _, unit := range []string{"a", "é", "日本", "𝄞", "e\u0301\u0302\u0303", "👩‍👩‍👧‍👦"} {
		l := strings.Repeat(unit, 100_000)
		for _, n := range []int{1, 38, 118} {
			if got, want := clipLong(l, n), styles.Clip(l, n); got != want {
				t.Errorf("%q × 100,000 in %d cells: %q, want %q", unit, n, got, want)
			}
		}
	}
}
