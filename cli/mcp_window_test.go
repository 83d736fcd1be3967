package cli

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/internal/fakeagent"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// runeAnswer is an answer of about n bytes whose runes are one to four
// bytes long, so that a window's ends fall inside runes.
func runeAnswer(n int) string {
	const unit = "ab é € 𝄞 ünïcödé\n" // 1-, 2-, 3- and 4-byte runes
	return strings.Repeat(unit, n/len(unit))
}

// checkWindow checks that text is the answer from where a rune starts
// at or just before offset, a whole window of it cut where a rune
// starts.
func checkWindow(t *testing.T, answer string, out map[string]any, offset int) {
	t.Helper()
	text, _ := out["text"].(string)
	start, _ := out["textOffset"].(float64)
	at := int(start)
	if out["textBytes"] != float64(len(answer)) {
		t.Errorf("textBytes = %v, want the whole answer's %d", out["textBytes"], len(answer))
	}
	if at > offset || at <= offset-utf8.UTFMax || !utf8.RuneStart(answer[at]) {
		t.Fatalf("the window starts at %d for offset %d: not the start of the rune there", at, offset)
	}
	if len(text) > mcpTextBound || len(text) <= mcpTextBound-utf8.UTFMax || !utf8.ValidString(text) {
		t.Errorf("the window is %d bytes (valid UTF-8: %v); want a whole window of runes", len(text), utf8.ValidString(text))
	}
	if want := answer[at : at+len(text)]; text != want {
		t.Errorf("the window from %d is not the answer's bytes there: %.40q…, want %.40q…", at, text, want)
	}
	if more, _ := out["more"].(string); !strings.Contains(more, "offset "+itoa(at+len(text))) {
		t.Errorf("more does not say where the next window starts (%d): %q", at+len(text), more)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// get_task with an offset into the middle of a long answer the agent
// keeps returns that window of it, byte for byte, cut where runes start.
// It holds the agent's reply and the task read from it, not the event
// line and the result built from them besides (a 6 MiB answer grew the
// heap by 24 MiB).
func TestMCPGetTaskWindowInTheMiddle(t *testing.T) {
	answer := runeAnswer(6 << 20)
	task := fakeagent.Task("t-long", "completed", fakeagent.Artifact("a1", answer))
	result, err := json.Marshal(task)
	if err != nil {
		t.Fatal(err)
	}
	a := fakeagent.New(t, false)
	a.On("tasks/get", func(w http.ResponseWriter, c fakeagent.Call) {
		// Encoded once, before: the agent is not what is measured.
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":`))
		w.Write(result)
		w.Write([]byte("}\n"))
	})
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"keeper\"\nurl = \"" + a.Srv.URL + "\"\n")
	cs := mcpSession(t, e)

	for _, offset := range []int{len(answer)/2 + 1, len(answer)/3 + 2, 7} {
		var out map[string]any
		var isErr bool
		grew := liveGrowth(func() {
			out, isErr = call(t, cs, "get_task", map[string]any{"agent": "keeper", "task_id": "t-long", "offset": offset})
		})
		t.Logf("offset %d: the live heap grew by %d MiB for a %d MiB answer", offset, grew>>20, len(answer)>>20)
		if bound := int64(2*len(answer) + 4<<20); grew > bound {
			t.Errorf("get_task held %d MiB of the heap for a %d MiB answer; want at most the reply and the task read from it (%d MiB)", grew>>20, len(answer)>>20, bound>>20)
		}
		if isErr || out["state"] != "completed" {
			t.Fatalf("get_task = %.300v", out)
		}
		checkWindow(t, answer, out, offset)
	}
}

// A window in the middle of a long answer a send let go of as it
// streamed is read back from the store, byte for byte.
func TestMCPSendWindowFromTheStore(t *testing.T) {
	const answer, chunk = 4 << 20, 16 << 10
	srv, err := loopback.Start(loopback.Options{Chunks: answer / chunk, ChunkSize: chunk})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"big\"\nurl = \"" + srv.URL + "\"\n")
	r := &runner{env: e.env(&syncbuf.Buffer{}, &syncbuf.Buffer{})}

	offset := answer/2 + 12345
	var held *heldResult
	var res *mcpResult
	var readErr error
	env := r.env
	env.Stdout = &lastLine{max: mcpLineBound}
	env.takeResult = func(h *heldResult) { held = h; res, readErr = h.bounded(offset) }
	if code := Run(context.Background(), []string{"send", "--json", "big", "go"}, env); code != exitOK || readErr != nil || res == nil {
		t.Fatalf("send exited with %d, read %v, result %v", code, readErr, res)
	}
	stored, kept := 0, 0
	for _, sp := range held.text.spans {
		stored, kept = stored+sp.stored, kept+len(sp.held)
	}
	if stored < answer/2 || kept > answer/2 {
		t.Errorf("the send held %d bytes of the answer and the store %d: want the store to hold its front", kept, stored)
	}
	var out map[string]any
	b, _ := json.Marshal(res)
	_ = json.Unmarshal(b, &out)
	checkWindow(t, srv.Answer, out, offset)
	parts := res.Artifacts[0].Parts
	if len(res.Artifacts) != 1 || len(parts) != 1 || parts[0].Bytes != answer {
		t.Errorf("the answer's artifact: %+v, want one part of %d bytes", res.Artifacts, answer)
	}
}

// A send whose answer is many artifacts lets go of the settled ones as
// they stream; send_message lists them from the store, the same result
// as a send that records nothing and keeps them all.
func TestMCPSendListsReleasedArtifactsFromTheStore(t *testing.T) {
	const n = 700 // more than a page of the store's items
	srv, err := loopback.Start(loopback.Options{Chunks: n, ChunkSize: 64, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	send := func(storePath string) (*mcpResult, *heldResult) {
		e := newEnv(t)
		e.writeConfig("[[agents]]\nname = \"many\"\nurl = \"" + srv.URL + "\"\n")
		e.store = storePath
		env := e.env(&syncbuf.Buffer{}, &syncbuf.Buffer{})
		env.Stdout = &lastLine{max: mcpLineBound}
		var held *heldResult
		var res *mcpResult
		var readErr error
		env.takeResult = func(h *heldResult) { held = h; res, readErr = h.bounded(0) }
		if code := Run(context.Background(), []string{"send", "--json", "many", "go"}, env); code != exitOK || readErr != nil || res == nil {
			t.Fatalf("send exited with %d, read %v, result %v", code, readErr, res)
		}
		return res, held
	}
	kept, _ := send(filepath.Join(blocked, "parley.db")) // no store: nothing let go of
	recorded, held := send(filepath.Join(dir, "parley.db"))
	if held.leading == nil || len(held.o.Artifacts) >= n {
		t.Fatalf("the recorded send kept %d of %d artifacts and lists none from the store", len(held.o.Artifacts), n)
	}
	if kept.ArtifactsNotListed != n-mcpArtifactsListed || kept.Text != srv.Answer || kept.TextBytes != len(srv.Answer) {
		t.Fatalf("the send that kept everything: %d artifacts not listed, %d bytes of text", kept.ArtifactsNotListed, len(kept.Text))
	}
	if recorded.StoreID == 0 {
		t.Error("the recorded send has no storeId")
	}
	recorded.StoreID, recorded.More, kept.More = 0, "", ""
	a, _ := json.Marshal(recorded)
	b, _ := json.Marshal(kept)
	if string(a) != string(b) {
		t.Errorf("the recorded send's result differs:\n%.600s\n%.600s", a, b)
	}
}
