package a2aclient

// PartTool is a tool call, a tool's answer, or code an agent ran, as
// agents built on Google's Agent Development Kit (ADK, in every language,
// and frameworks compatible with it) send them: a data part whose metadata
// says "adk_type": "function_call", "function_response",
// "executable_code" or "code_execution_result". Read as data, they show as
// a table of ids and arguments; as a kind of their own, as a call.
const PartTool PartKind = "tool"

// Tool is what a tool part says.
type Tool struct {
	// Phase is the adk_type: ToolCall, ToolResult, ToolCode or ToolCodeResult.
	Phase string
	// Name is the function's name (calls and results).
	Name string
	// Args are a call's arguments; Response a result's value. Code and
	// Language are what code the agent ran; Outcome and Output its result.
	Args, Response  any
	Code, Language  string
	Outcome, Output string
}

// The phases, as ADK spells them.
const (
	ToolCall       = "function_call"
	ToolResult     = "function_response"
	ToolCode       = "executable_code"
	ToolCodeResult = "code_execution_result"
)

// toolMetaKeys are where ADK puts the phase: "adk_type", or "type" in
// frameworks that predate the prefix (trpc-agent-go's older versions).
var toolMetaKeys = []string{"adk_type", "type"}

func init() {
	registerPartKind(partKindCodec{
		kind: PartTool,
		on:   PartData,
		lift: func(p Part) (Part, bool) {
			_, ok := ToolOf(p)
			return p, ok
		},
		// Data and metadata are kept as they came: lowering only gives the
		// part its wire kind back.
		lower: func(p Part) Part { return p },
	})
}

// ToolOf reads a tool part: one lifted to PartTool, or a data part that
// is one. ok is false for anything else, including a part whose phase is
// known but whose data does not have the phase's shape (a call without a
// name), which then stays plain data.
func ToolOf(p Part) (Tool, bool) {
	if p.Kind != PartTool && p.Kind != PartData {
		return Tool{}, false
	}
	data, _ := p.Data.(map[string]any)
	if data == nil {
		return Tool{}, false
	}
	str := func(k string) string { s, _ := data[k].(string); return s }
	for _, key := range toolMetaKeys {
		phase, _ := p.Metadata[key].(string)
		t := Tool{Phase: phase, Name: str("name")}
		switch phase {
		case ToolCall:
			t.Args = data["args"]
			return t, t.Name != ""
		case ToolResult:
			t.Response = data["response"]
			return t, t.Name != ""
		case ToolCode:
			t.Code, t.Language = str("code"), str("language")
			return t, t.Code != ""
		case ToolCodeResult:
			t.Outcome, t.Output = str("outcome"), str("output")
			return t, t.Outcome != "" || t.Output != ""
		}
	}
	return Tool{}, false
}
