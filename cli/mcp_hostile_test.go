package cli

import (
	"context"
	"math"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/parley-a2a/parley/internal/fakeagent"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// checkHostileWindow checks the result of a window asked at offset of
// answer, an offset anywhere, even negative or past the end: the text is
// valid UTF-8, is the answer's bytes from where it says it starts, which
// is where the rune at the offset (kept within the answer) starts, and
// more offers the next window only when there is one.
func checkHostileWindow(t *testing.T, answer string, res *mcpResult, offset int) {
	t.Helper()
	at := min(max(offset, 0), len(answer))
	start := res.TextOffset
	if start > at || start <= at-utf8.UTFMax || start < len(answer) && !utf8.RuneStart(answer[start]) {
		t.Errorf("offset %d: the window starts at %d, not where the rune at %d starts", offset, start, at)
		return
	}
	if res.TextBytes != len(answer) || !utf8.ValidString(res.Text) || start+len(res.Text) > len(answer) || res.Text != answer[start:start+len(res.Text)] {
		t.Errorf("offset %d: %d bytes from %d of %d (valid UTF-8: %v), not the answer's bytes there", offset, len(res.Text), start, res.TextBytes, utf8.ValidString(res.Text))
	}
	if next := start + len(res.Text); next < len(answer) && (next <= at || !strings.Contains(res.More, "offset "+itoa(next))) {
		t.Errorf("offset %d: the next window at %d is not offered as one that goes on: %q", offset, next, res.More)
	} else if next == len(answer) && strings.Contains(res.More, "offset ") {
		t.Errorf("offset %d: the window reaches the end, yet more offers another: %q", offset, res.More)
	}
}

// A tool's offset is the caller's (a model's) to choose: at the end,
// past it, negative, the largest int, inside a rune. Each reads a
// window of the answer that holds.
func TestMCPWindowAtHostileOffsets(t *testing.T) {
	answer := runeAnswer(200 << 10)
	o := &jsonout.Outcome{TaskID: "t1", State: "completed", Text: answer}
	offsets := []int{0, -1, -1 << 40, math.MinInt, len(answer) - 1, len(answer), len(answer) + 1, math.MaxInt, math.MaxInt - mcpTextBound}
	for i := 1; i < 4; i++ {
		offsets = append(offsets, strings.Index(answer, "𝄞")+i, strings.LastIndex(answer, "€")+i%3)
	}
	for _, offset := range offsets {
		res := boundedResult(o, 0, offset)
		checkHostileWindow(t, answer, res, offset)
	}
}

// An agent replaces a long artifact mid-stream (append false) once its
// front is in the store, then streams its new version: the store's
// rows of it are rewritten. send_message's windows read the new
// version, byte for byte, from anywhere in it.
func TestMCPSendWindowOfAReplacedArtifact(t *testing.T) {
	// Past what the recorder lets wait uncommitted: the old version's
	// front is in the store when it is replaced.
	for _, c := range []struct{ old, new int }{{2500, 2500}, {2500, 40}, {2500, 0}} {
		unit := runeAnswer(400)
		var events []any
		var answer strings.Builder
		for i := range c.old {
			events = append(events, fakeagent.Chunk("t1", "a1", "old "+unit, i > 0, false))
		}
		for i := range max(c.new, 1) {
			s := itoa(i) + " " + unit
			if c.new == 0 {
				s = "" // replaced by nothing
			}
			answer.WriteString(s)
			events = append(events, fakeagent.Chunk("t1", "a1", s, i > 0, i == max(c.new, 1)-1))
		}
		events = append(events, fakeagent.Status("t1", "completed", ""))
		a := fakeagent.New(t, true)
		a.On("message/stream", func(w http.ResponseWriter, call fakeagent.Call) {
			fakeagent.Events(w, call, false, append([]any{fakeagent.Task("t1", "working")}, events...)...)
		})
		e := newEnv(t)
		e.writeConfig("[[agents]]\nname = \"replacer\"\nurl = \"" + a.Srv.URL + "\"\n")
		r := &runner{env: e.env(&syncbuf.Buffer{}, &syncbuf.Buffer{})}
		want := answer.String()
		for _, offset := range []int{0, len(want) / 3, len(want)/2 + 1, len(want) - 5, len(want), -7} {
			var held *heldResult
			var res *mcpResult
			var readErr error
			env := r.env
			env.Stdout = &lastLine{max: mcpLineBound}
			env.takeResult = func(h *heldResult) { held = h; res, readErr = h.bounded(offset) }
			if code := Run(context.Background(), []string{"send", "--json", "replacer", "go"}, env); code != exitOK || readErr != nil || res == nil {
				t.Fatalf("%d then %d chunks: send exited with %d, read %v, result %v", c.old, c.new, code, readErr, res)
			}
			stored := 0
			for _, sp := range held.text.spans {
				stored += sp.stored
			}
			t.Logf("%d then %d chunks, offset %d: the store held %d bytes of the %d-byte answer", c.old, c.new, offset, stored, len(want))
			checkHostileWindow(t, want, res, offset)
		}
	}
}
