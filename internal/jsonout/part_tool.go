package jsonout

import (
	"encoding/json"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// A tool part (a2aclient.PartTool) as text: a call reads as the call
// would be written, name(args as JSON); an answer as name → value; code
// as the code; its result as the outcome and output.
func init() {
	registerPartForm(a2aclient.PartTool, PartForm{Line: toolLine, Text: toolText})
}

func toolLine(p a2aclient.Part) string {
	t, _ := a2aclient.ToolOf(p)
	switch t.Phase {
	case a2aclient.ToolCall:
		return "called " + t.Name + "(" + compactJSON(t.Args) + ")"
	case a2aclient.ToolResult:
		return t.Name + " answered " + compactJSON(t.Response)
	case a2aclient.ToolCode:
		return "ran " + firstLine(t.Code)
	case a2aclient.ToolCodeResult:
		return strings.TrimSpace(t.Outcome + " " + firstLine(t.Output))
	}
	return ""
}

func toolText(p a2aclient.Part) string {
	t, _ := a2aclient.ToolOf(p)
	switch t.Phase {
	case a2aclient.ToolCode:
		return "ran " + t.Language + " code:\n" + t.Code
	case a2aclient.ToolCodeResult:
		return strings.TrimSpace(t.Outcome + "\n" + t.Output)
	}
	return toolLine(p)
}

// compactJSON is v as one line of JSON; nothing for no value.
func compactJSON(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
