package chat

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A tool call and its answer read as what the agent did, not as a table
// of ids; a hostile tool name or code cannot drive the terminal.
func TestToolPartsShowAsCalls(t *testing.T) {
	c := newTestChat(80, 30)
	var b testItems
	tool := func(meta string, data map[string]any) a2aclient.Part {
		return a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData, Data: data, Metadata: map[string]any{"adk_type": meta}})
	}
	b.add(session.Item{Kind: session.ItemArtifact, Name: "steps", Done: true, Parts: []a2aclient.Part{
		tool("function_call", map[string]any{"id": "c1", "name": "get_weather\x1b]52;c;cGF3bmVk\x07", "args": map[string]any{"city": "Paris"}}),
		tool("function_response", map[string]any{"id": "c1", "name": "get_weather", "response": map[string]any{"temp": 21.0}}),
		tool("executable_code", map[string]any{"code": "print(\"hi\")\x1b[2J", "language": "PYTHON"}),
	}})
	c.Reset(b.items, "agent")
	raw := c.View(c.st)
	screen := ansi.Strip(raw)
	for _, want := range []string{"⚙ called get_weather", "city", "Paris", "↳ get_weather answered", "temp", "⚙ ran python code", `print("hi")`} {
		if !strings.Contains(screen, want) {
			t.Errorf("the chat lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(raw, "\x1b]52") || strings.Contains(raw, "\x1b[2J") {
		t.Errorf("agent text reached the terminal as control sequences:\n%q", raw)
	}
	if strings.Contains(screen, "c1") {
		t.Errorf("the call id is noise in the chat, shown anyway:\n%s", screen)
	}
}
