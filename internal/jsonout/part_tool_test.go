package jsonout

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

func toolCall() a2aclient.Part {
	return a2aclient.Part{Kind: a2aclient.PartTool,
		Data:     map[string]any{"id": "c1", "name": "get_weather", "args": map[string]any{"city": "Paris"}},
		Metadata: map[string]any{"adk_type": "function_call"}}
}

// --json and the store keep what the agent sent: a tool part is written
// as the data part it came as, and read back as a tool part.
func TestToolPartJSONIsTheWireForm(t *testing.T) {
	b, err := json.Marshal(PartToJSON(toolCall()))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"kind":"data"`) || !strings.Contains(string(b), `"adk_type":"function_call"`) {
		t.Errorf("--json form %s, want the data part with its metadata", b)
	}
	var back PartJSON
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := PartFromJSON(back); got.Kind != a2aclient.PartTool {
		t.Errorf("read back as %q, want a tool part", got.Kind)
	}
}

func TestToolPartText(t *testing.T) {
	line, ok := PartLine(toolCall())
	if !ok || line != `called get_weather({"city":"Paris"})` {
		t.Errorf("PartLine = %q, %v", line, ok)
	}
	answer := a2aclient.Part{Kind: a2aclient.PartTool, Data: map[string]any{"name": "get_weather", "response": map[string]any{"temp": 21}}, Metadata: map[string]any{"adk_type": "function_response"}}
	if s, _ := PartText(answer); s != `get_weather answered {"temp":21}` {
		t.Errorf("PartText(answer) = %q", s)
	}
	code := a2aclient.Part{Kind: a2aclient.PartTool, Data: map[string]any{"code": "x = 1\nprint(x)", "language": "python"}, Metadata: map[string]any{"adk_type": "executable_code"}}
	if s, _ := PartText(code); s != "ran python code:\nx = 1\nprint(x)" {
		t.Errorf("PartText(code) = %q", s)
	}
	if _, ok := PartText(a2aclient.TextPart("hi")); ok {
		t.Error("text has no registered form: writers handle it themselves")
	}
}
