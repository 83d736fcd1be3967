package wire

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// A request as a2aclient hands it over: its credential already REDACTED,
// its body one line of JSON with a text longer than any screen.
func wireRequest(long string) a2aclient.WireRecord {
	h := http.Header{}
	h.Set("Authorization", "REDACTED")
	h.Set("Content-Type", "application/json")
	h.Set("X-Trace", "abc")
	body := `{"jsonrpc":"2.0","id":"1","method":"message/send","params":{"message":{"role":"user","parts":[{"kind":"text","text":"` + long + `"}]}}}`
	return a2aclient.WireRecord{Kind: a2aclient.WireRequest, Time: time.Now(), Method: "POST", URL: "http://127.0.0.1:1/v1.0/jsonrpc", Header: h, Body: []byte(body)}
}

func wireScreen(v *View, w, h int) string {
	return ansi.Strip(drawnView(v, styles.New(themes.Dark), w, h))
}

// Folded, an entry is its head and one line of body; enter expands the
// cursor's entry to every header and its body pretty-printed, one JSON
// member a line, every line inside the screen, the credential still
// REDACTED.
func TestWireViewExpandsToPrettyJSON(t *testing.T) {
	l := NewLog()
	l.Observe(wireEvent(`{"kind":"status-update"}`))
	l.Observe(wireRequest(strings.Repeat("lorem ipsum ", 30)))
	v := NewView(l, nil)
	folded := wireScreen(v, 80, 30)
	if !strings.Contains(folded, "Wire · 2 entries") || !strings.Contains(folded, ` ▸ `) {
		t.Fatalf("the view lists no entries or no cursor:\n%s", folded)
	}
	if strings.Contains(folded, `"method": "message/send"`) || strings.Contains(folded, "X-Trace") {
		t.Fatalf("a folded entry is already expanded:\n%s", folded)
	}
	v.Update(uitest.Key("enter"))
	open := wireScreen(v, 80, 30)
	for _, want := range []string{"Authorization: REDACTED", "X-Trace: abc", `"method": "message/send",`, `"kind": "text",`} {
		if !strings.Contains(open, want) {
			t.Errorf("the expanded entry lacks %q:\n%s", want, open)
		}
	}
	// Each member starts its own line: the lines break at the JSON's
	// structure, not in the middle of a value.
	for _, member := range []string{"jsonrpc", "id", "method", "params", "message", "role", "parts", "kind", "text"} {
		if !regexp.MustCompile(`(?m)^│ [▸┆ ] +"` + member + `": `).MatchString(open) {
			t.Errorf("member %q does not start a line:\n%s", member, open)
		}
	}
	for _, line := range strings.Split(open, "\n") {
		if w := ansi.StringWidth(line); w > 80 {
			t.Errorf("line is %d cells wide, wider than the screen: %q", w, line)
		}
	}
	if !strings.Contains(open, "enter expand") || !strings.Contains(open, "y copy") || !strings.Contains(open, "esc close") {
		t.Errorf("the view does not list its keys:\n%s", open)
	}
	v.Update(uitest.Key("enter"))
	if again := wireScreen(v, 80, 30); strings.Contains(again, `"method": "message/send"`) {
		t.Errorf("enter again does not fold the entry:\n%s", again)
	}
}

// y copies the cursor's entry, whole and pretty, and says so.
func TestWireViewCopySaysCopied(t *testing.T) {
	l := NewLog()
	r := wireRequest("hello")
	l.Observe(r)
	v := NewView(l, nil)
	wireScreen(v, 80, 30)
	cmd, _ := v.Update(uitest.Key("y"))
	if cmd == nil {
		t.Fatal("y put nothing on the clipboard")
	}
	text := wireCopy(r)
	for _, want := range []string{"→ POST http://127.0.0.1:1/v1.0/jsonrpc", "Authorization: REDACTED", "\n  \"method\": \"message/send\",", `"text": "hello"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the copy lacks %q:\n%s", want, text)
		}
	}
	screen := wireScreen(v, 80, 30)
	if !strings.Contains(screen, "Copied the "+r.Time.Format("15:04:05.000")+" request (") {
		t.Errorf("no word that the entry was copied:\n%s", screen)
	}
	v.Update(uitest.Key("j"))
	if screen := wireScreen(v, 80, 30); strings.Contains(screen, "Copied") {
		t.Errorf("the note outlives the next key:\n%s", screen)
	}
}

// The cursor stays on the newest entry as traffic comes in, and on its
// own entry once the user moved it.
func TestWireViewCursorFollowsOrStays(t *testing.T) {
	l := NewLog()
	l.Observe(wireEvent(`{"n":"first"}`))
	l.Observe(wireEvent(`{"n":"second"}`))
	v := NewView(l, nil)
	wireScreen(v, 80, 30)
	l.Observe(wireEvent(`{"n":"third"}`))
	v.refresh()
	if v.sel != 2 {
		t.Fatalf("cursor on entry %d, want the newest (2)", v.sel)
	}
	v.Update(uitest.Key("k"))
	v.Update(uitest.Key("k"))
	l.Observe(wireEvent(`{"n":"fourth"}`))
	v.refresh()
	if got := string(v.recs[v.sel].Body); got != `{"n":"first"}` {
		t.Fatalf("cursor moved to %s when traffic came in", got)
	}
	v.Update(uitest.Key("G"))
	if v.sel != 3 || !v.follow {
		t.Fatalf("G leaves the cursor on %d", v.sel)
	}
}

// A body taller than the screen is read page by page with the cursor on
// it; the keys the footer names are the user's.
func TestWireViewPagesThroughALongBodyWithTheUsersKeys(t *testing.T) {
	km := keys.Default()
	if err := km.Override(map[string][]string{"wire.copy": {"c"}}); err != nil {
		t.Fatal(err)
	}
	l := NewLog()
	var parts []string
	for range 60 {
		parts = append(parts, `{"kind":"text","text":"x"}`)
	}
	l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireResponse, Status: 200, Time: time.Now(), URL: "http://127.0.0.1:1/", Body: []byte(`{"parts":[` + strings.Join(parts, ",") + `]}`)})
	l.Observe(wireEvent(`{"n":"last"}`))
	v := NewView(l, &km)
	if s := wireScreen(v, 80, 20); !strings.Contains(s, "c copy") {
		t.Errorf("the footer does not name the user's copy key:\n%s", s)
	}
	v.Update(uitest.Key("k"))
	v.Update(uitest.Key("enter"))
	wireScreen(v, 80, 20)
	v.Update(uitest.Key("f"))
	v.Update(uitest.Key("f"))
	s := wireScreen(v, 80, 20)
	if v.sel != 0 || !strings.Contains(s, `"kind": "text"`) || !strings.Contains(s, " ┆ ") {
		t.Errorf("paging left the long body (cursor %d):\n%s", v.sel, s)
	}
}
