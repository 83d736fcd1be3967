package store

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A tool part is stored as the data part the agent sent, read back as a
// tool part, and found by search under what it did.
func TestToolPartStoredAndSearched(t *testing.T) {
	call := a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData,
		Data:     map[string]any{"id": "c1", "name": "get_weather", "args": map[string]any{"city": "Paris"}},
		Metadata: map[string]any{"adk_type": "function_call"}})
	if call.Kind != a2aclient.PartTool {
		t.Fatalf("not lifted: %+v", call)
	}
	enc, err := encodeParts([]a2aclient.Part{call})
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := enc.(string); !strings.Contains(s, `"kind":"data"`) || !strings.Contains(s, `"adk_type":"function_call"`) {
		t.Errorf("stored as %v, want the data part as sent", enc)
	}
	back, err := decodeParts(nullString(enc.(string)))
	if err != nil || len(back) != 1 || back[0].Kind != a2aclient.PartTool {
		t.Fatalf("read back %+v (%v), want one tool part", back, err)
	}
	if body := searchBody(&session.Item{Parts: back}); !strings.Contains(body, `called get_weather({"city":"Paris"})`) {
		t.Errorf("search sees %q", body)
	}
}
