package a2aclient

import (
	"encoding/json"
	"reflect"
	"testing"
)

// ADK agents send tool calls as data parts marked in their metadata.
const adkCall = `{"kind":"data","data":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},"metadata":{"adk_type":"function_call","adk_is_long_running":false}}`

func TestToolPartsLiftedFromEveryFamily(t *testing.T) {
	tagged := taggedDecodeParts([]json.RawMessage{json.RawMessage(adkCall)})
	var protoParts []protoPart
	if err := json.Unmarshal([]byte(`[{"data":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},"metadata":{"adk_type":"function_call"}}]`), &protoParts); err != nil {
		t.Fatal(err)
	}
	proto, err := fromProtoParts(protoParts, shapeV10)
	if err != nil {
		t.Fatal(err)
	}
	for name, parts := range map[string][]Part{"v0.x JSON-RPC": tagged, "v1.0 ProtoJSON": proto} {
		if len(parts) != 1 || parts[0].Kind != PartTool {
			t.Fatalf("%s: got %+v, want one tool part", name, parts)
		}
		tool, ok := ToolOf(parts[0])
		if !ok || tool.Phase != ToolCall || tool.Name != "get_weather" || !reflect.DeepEqual(tool.Args, map[string]any{"city": "Paris"}) {
			t.Errorf("%s: ToolOf = %+v, %v", name, tool, ok)
		}
	}
}

func TestToolPartsTravelAsTheDataPartTheyCameAs(t *testing.T) {
	parts := taggedDecodeParts([]json.RawMessage{json.RawMessage(adkCall)})
	out, err := json.Marshal(taggedEncodeParts(parts, tagKind))
	if err != nil {
		t.Fatal(err)
	}
	var got, want []any
	_ = json.Unmarshal(out, &got)
	_ = json.Unmarshal([]byte("["+adkCall+"]"), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("re-encoded as\n%s\nwant\n[%s]", out, adkCall)
	}
	proto := toProtoPart(parts[0], shapeV10)
	if proto.Data == nil || proto.Text != nil || proto.Metadata["adk_type"] != "function_call" {
		t.Errorf("v1.0 form %+v, want the data part with its metadata", proto)
	}
	if LowerPart(parts[0]).Kind != PartData || LiftPart(LowerPart(parts[0])).Kind != PartTool {
		t.Error("lower and lift should undo each other")
	}
}

func TestToolPartShapes(t *testing.T) {
	data := func(d map[string]any, meta map[string]any) Part { return Part{Kind: PartData, Data: d, Metadata: meta} }
	for _, tc := range []struct {
		name string
		p    Part
		want bool
	}{
		{"answer", data(map[string]any{"name": "f", "response": map[string]any{"ok": true}}, map[string]any{"adk_type": "function_response"}), true},
		{"code", data(map[string]any{"code": "print(1)", "language": "PYTHON"}, map[string]any{"adk_type": "executable_code"}), true},
		{"code result", data(map[string]any{"outcome": "OUTCOME_OK", "output": "1\n"}, map[string]any{"adk_type": "code_execution_result"}), true},
		{"unprefixed type", data(map[string]any{"name": "f", "args": map[string]any{}}, map[string]any{"type": "function_call"}), true},
		// Plain data must stay data: a table the agent meant as a table.
		{"no marker", data(map[string]any{"name": "f", "args": map[string]any{}}, nil), false},
		{"call without a name", data(map[string]any{"args": map[string]any{}}, map[string]any{"adk_type": "function_call"}), false},
		{"unknown phase", data(map[string]any{"name": "f"}, map[string]any{"adk_type": "thought"}), false},
		{"data not an object", Part{Kind: PartData, Data: []any{"f"}, Metadata: map[string]any{"adk_type": "function_call"}}, false},
		{"text with the marker", Part{Kind: PartText, Text: "f", Metadata: map[string]any{"adk_type": "function_call"}}, false},
	} {
		got := LiftPart(tc.p).Kind == PartTool
		if got != tc.want {
			t.Errorf("%s: lifted to a tool part = %v, want %v", tc.name, got, tc.want)
		}
	}
}
