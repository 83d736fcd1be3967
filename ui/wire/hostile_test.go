package wire

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/styles"
)

// A hostile agent's reply in the wire view: a body nested as deep as
// JSON allows, escapes and bidi in the body and in a header's name and
// value. Expanded and copied, it stays within bounds and drives nothing.
func TestHostileWireEntryExpandedAndCopied(t *testing.T) {
	deep := strings.Repeat("[", 9000) + strings.Repeat("]", 9000)
	h := http.Header{}
	h["X-Evil\x1b]52;c;aGk=\a"] = []string{"v\x1b[2J\u202egnp.exe"}
	l := NewLog()
	l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireResponse, Time: time.Now(), Status: 200,
		URL: "http://127.0.0.1:1/rpc", Header: h, Body: []byte(deep)})
	nested := strings.Repeat(`{"a":`, 30) + `"` + strings.Repeat("long ", 40) + `"` + strings.Repeat("}", 30)
	l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireEvent, Time: time.Now(), URL: "http://127.0.0.1:1/rpc", Body: []byte(nested)})
	l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireEvent, Time: time.Now(), URL: "http://127.0.0.1:1/rpc",
		Body: []byte("{\"text\":\"a\x1b]0;pwned\x07b\u202ec\u200bd\x9b31m\"}")})
	v := NewView(l, nil)
	st := styles.New(themes.Dark)
	for i := range l.Records() {
		v.move(i)
		v.Update(uitest.Key("enter"))
		screen := drawnView(v, st, 80, 24)
		uitest.AssertTerminalSafe(t, screen)
		for _, line := range strings.Split(screen, "\n") {
			if w := ansi.StringWidth(line); w > 80 {
				t.Errorf("entry %d: a line %d cells wide on an 80-cell screen: %q", i, w, ansi.Strip(line))
			}
		}
		cmd, _ := v.Update(uitest.Key("y"))
		if cmd == nil {
			t.Fatal("y copied nothing")
		}
		copied := wireCopy(l.Records()[i])
		uitest.AssertTerminalSafe(t, copied)
		// Expanded, an entry is at most a few screens per KiB of body,
		// however deep: not one line per nesting level, each as wide as
		// its depth.
		if n, size := len(strings.Join(v.lines, "\n")), len(l.Records()[i].Body); n > 40*size+4000 {
			t.Errorf("entry %d: a %d-byte body lays out as %d bytes", i, size, n)
		}
		if n, size := len(copied), len(l.Records()[i].Body); n > 8*size+4000 {
			t.Errorf("entry %d: a %d-byte body copies as %d bytes", i, size, n)
		}
		v.Update(uitest.Key("enter"))
	}
}
