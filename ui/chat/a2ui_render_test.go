package chat

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/a2uitest"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
)

// The catalog surface the tests share (internal/a2uitest), ready to draw:
// every component type of both versions and one no catalog has.
const (
	everyV08 = a2uitest.EveryV08Ready
	everyV09 = a2uitest.EveryV09
)

// a2uiPart is an A2UI data part holding the messages of s (JSON).
func a2uiPart(t *testing.T, s string) a2aclient.Part {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad test JSON: %v", err)
	}
	return a2aclient.Part{Kind: a2aclient.PartData, Data: v, Metadata: map[string]any{"mimeType": a2ui.MimeType}}
}

// formChat is a chat of w columns showing an agent message that carries
// the surface msgs make, on task t1.
func formChat(t *testing.T, w, h int, msgs string) (*Pane, *testItems) {
	t.Helper()
	c := newTestChat(w, h)
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Text: "book a table", Time: at(0)})
	b.add(session.Item{Kind: session.ItemAgent, Key: "agent:form", TaskID: "t1", Time: at(1), Text: "Here is the form.", Parts: []a2aclient.Part{a2uiPart(t, msgs)}, Done: true})
	c.Reset(b.items, "demo")
	return c, &b
}

// formText is the chat's whole transcript without colour, trailing
// blanks cut.
func formText(c *Pane) string {
	var out []string
	for _, ci := range c.items {
		l := c.render(ci)
		for k := 0; k < l.n; k++ {
			out = append(out, strings.TrimRight(ansi.Strip(l.line(k)), " "))
		}
	}
	return strings.Join(out, "\n") + "\n"
}

func TestA2UIEveryComponentGolden(t *testing.T) {
	for _, v := range []struct{ name, msgs string }{{"v08", everyV08}, {"v09", everyV09}} {
		for _, w := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s_%d", v.name, w), func(t *testing.T) {
				c, _ := formChat(t, w, 40, v.msgs)
				got := formText(c)
				for _, want := range []string{"Book a table", "[image: the dining room", "(calendar)", "[video", "[audio: the chef speaks",
					"Soup", "Pie", "[Menu]", "[ Ada ] ▸", "[[ Book ]]", "[x] Terrace", "Name: [ Ada ]", "date and time: [ 2026-12-01T19:30 ]",
					"(•) Vegan", "◀ 4 ▶ (1–12)", "Chart: not a component parley knows", "╭", "─ form s (A2UI"} {
					if !strings.Contains(got, want) {
						t.Errorf("the drawing lacks %q:\n%s", want, got)
					}
				}
				for _, l := range strings.Split(got, "\n") {
					if ansi.StringWidth(l) > w {
						t.Errorf("line wider than %d: %q", w, l)
					}
				}
				golden.RequireEqual(t, got)
			})
		}
	}
}

func TestA2UINotJSON(t *testing.T) {
	c, _ := formChat(t, 80, 20, everyV09)
	if got := formText(c); strings.Contains(got, "surfaceId") || strings.Contains(got, "updateComponents") {
		t.Fatalf("an A2UI part is drawn as its JSON:\n%s", got)
	}
}

// A later message that changes the data model redraws the surface where
// it was made; the later message itself only says it changed the form.
func TestA2UISurfaceUpdatesInPlace(t *testing.T) {
	c, b := formChat(t, 80, 40, everyV09)
	if got := formText(c); !strings.Contains(got, "Name: [ Ada ]") {
		t.Fatalf("first drawing:\n%s", got)
	}
	later := b.add(session.Item{Kind: session.ItemAgent, Key: "agent:later", TaskID: "t1", Time: at(2), Done: true,
		Parts: []a2aclient.Part{a2uiPart(t, `{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Grace"}}`)}})
	c.Upsert([]session.Item{later})
	got := formText(c)
	if !strings.Contains(got, "Name: [ Grace ]") || strings.Contains(got, "Name: [ Ada ]") {
		t.Fatalf("the surface was not redrawn in place:\n%s", got)
	}
	if strings.Count(got, "─ form s") != 1 || !strings.Contains(got, "changes the agent's form above") {
		t.Fatalf("the later message should only say it changed the form:\n%s", got)
	}
}

// v0.8 waits for beginRendering: before it, the chat says the form is
// not finished.
func TestA2UINotReadyYet(t *testing.T) {
	c, _ := formChat(t, 80, 20, `{"surfaceUpdate": {"surfaceId": "s", "components": [{"id": "root", "component": {"Text": {"text": {"literalString": "hi"}}}}]}}`)
	if got := formText(c); !strings.Contains(got, "has not finished this form yet") {
		t.Fatalf("a surface before beginRendering:\n%s", got)
	}
}

// Agent text in a surface cannot drive the terminal.
func TestA2UIHostileText(t *testing.T) {
	c, _ := formChat(t, 80, 20, `[{"version": "v0.9", "createSurface": {"surfaceId": "s\u001b]0;x\u0007", "catalogId": "c"}},
{"version": "v0.9", "updateComponents": {"surfaceId": "s\u001b]0;x\u0007", "components": [{"id": "root", "component": "Text", "text": "a\u001b[2Jb\u001b]8;;http://x\u0007c"}]}}]`)
	for _, ci := range c.items {
		l := c.render(ci)
		for k := 0; k < l.n; k++ {
			s := ansi.Strip(l.line(k))
			if strings.ContainsAny(s, "\x1b\x07") {
				t.Fatalf("a control reached the screen: %q", s)
			}
		}
	}
}

// A form is cached like any finished item: a later message that is no
// A2UI does not draw it again; one that changes it does.
func TestA2UIFormCached(t *testing.T) {
	c, b := formChat(t, 80, 40, everyV09)
	formText(c)
	before := c.itemRenders
	plain := b.add(session.Item{Kind: session.ItemAgent, Key: "agent:plain", Time: at(2), Text: "ok", Done: true})
	c.Upsert([]session.Item{plain})
	formText(c)
	if got := c.itemRenders - before; got != 1 {
		t.Fatalf("a plain message drew %d items, want only itself", got)
	}
	before = c.itemRenders
	change := b.add(session.Item{Kind: session.ItemAgent, Key: "agent:change", TaskID: "t1", Time: at(3), Done: true,
		Parts: []a2aclient.Part{a2uiPart(t, `{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Grace"}}`)}})
	c.Upsert([]session.Item{change})
	formText(c)
	if got := c.itemRenders - before; got != 2 {
		t.Fatalf("a change to the form drew %d items, want the form's and its own", got)
	}
}

// A Text's Markdown is rendered, not shown as its marks.
func TestA2UITextMarkdown(t *testing.T) {
	c, _ := formChat(t, 80, 20, `[{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}},
{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "Tables are **free** on the `+"`terrace`"+`"}]}}]`)
	got := formText(c)
	if !strings.Contains(got, "Tables are free on the") || !strings.Contains(got, "terrace") || strings.ContainsAny(got, "*`") {
		t.Fatalf("the Markdown was not rendered:\n%s", got)
	}
}
