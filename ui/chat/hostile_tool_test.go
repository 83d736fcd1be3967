package chat

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/internal/uitest"
)

// A hostile agent's tool parts: a name of a megabyte of escapes and
// bidi, arguments nested as deep as JSON decodes, code of tabs and a
// hundred thousand lines. The chat stays inside its width, drives nothing,
// and draws a bounded number of lines.
func TestHostileToolParts(t *testing.T) {
	var deep any
	if err := json.Unmarshal([]byte(strings.Repeat(`{"a":`, 5000)+`"x"`+strings.Repeat("}", 5000)), &deep); err != nil {
		t.Fatal(err)
	}
	tool := func(meta string, data map[string]any) a2aclient.Part {
		return a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData, Data: data, Metadata: map[string]any{"adk_type": meta}})
	}
	name := strings.Repeat("n\x1b]0;t\a\u202e\u200b", 20000)
	code := strings.Repeat("\t\t\t\t\t\t\t\t\t\t\t\tx = 1\x1b[2J\n", 100000)
	c := newTestChat(80, 30)
	var b testItems
	b.add(session.Item{Kind: session.ItemArtifact, Name: "steps", Done: true, Parts: []a2aclient.Part{
		tool("function_call", map[string]any{"name": name, "args": deep}),
		tool("function_response", map[string]any{"name": name, "response": map[string]any{"r": deep, "s": strings.Repeat("\t", 500) + "end"}}),
		tool("executable_code", map[string]any{"code": code, "language": name}),
		tool("code_execution_result", map[string]any{"outcome": name, "output": code}),
	}})
	c.Reset(b.items, "agent")
	raw := c.View(c.st)
	uitest.AssertTerminalSafe(t, raw)
	if why := uitest.NotOnlySGR(raw); why != "" {
		t.Errorf("the chat draws %s", why)
	}
	for _, l := range strings.Split(raw, "\n") {
		if w := ansi.StringWidth(l); w > 80 || strings.Contains(l, "\t") {
			t.Errorf("a line %d cells wide (tabs %v) in an 80-cell chat: %q", w, strings.Contains(l, "\t"), ansi.Strip(l)[:min(len(ansi.Strip(l)), 120)])
			break
		}
	}
	total := 0
	var all strings.Builder
	for _, ci := range c.items {
		for _, b := range c.render(ci).blocks {
			for _, l := range b {
				total += len(l)
				all.WriteString(l + "\n")
			}
		}
	}
	laid := all.String()
	if !strings.Contains(ansi.Strip(laid), "⚙ called n") {
		t.Fatalf("the call is not laid out; the test proves nothing")
	}
	uitest.AssertTerminalSafe(t, laid)
	if strings.Contains(laid, "\t") {
		t.Error("a tab reaches the chat's lines (it moves the cursor past the pane's border)")
	}
	if total > 2<<20 {
		t.Errorf("the tool parts lay out as %d bytes", total)
	}
}
