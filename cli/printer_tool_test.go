package cli

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// send's text output names what a tool part did, in one line.
func TestDescribeToolPart(t *testing.T) {
	p := a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData,
		Data:     map[string]any{"name": "get_weather", "args": map[string]any{"city": "Paris"}},
		Metadata: map[string]any{"adk_type": "function_call"}})
	got := describePart(a2aclient.Artifact{Name: "steps"}, p)
	if want := `[tool] steps: called get_weather({"city":"Paris"})`; got != want {
		t.Errorf("describePart = %q, want %q", got, want)
	}
}
