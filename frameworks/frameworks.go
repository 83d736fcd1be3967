// Package frameworks reads what agents built on known agent frameworks
// mean beyond the A2A wire: gemini-cli's CoderAgent metadata (its reply,
// thoughts and tool calls as status messages), Google ADK's (temporary
// preview artifacts, long-running tool calls that wait for a person) and
// Mastra's (tool calls suspended for approval). Each framework is one
// Framework; Reading asks them all.
//
// It sits between a2aclient, which declares what a reading says
// (a2aclient.Reading) and knows no framework, and session and cli, which
// pass Reading in where streams are opened and tasks assembled.
package frameworks

import "github.com/parley-a2a/parley/a2aclient"

// Framework is what parley knows of one framework: how to read its
// status messages and artifact updates, the tool calls it reports, and
// how to answer one that waits for the user.
type Framework interface {
	// Name says which framework, as a ToolCall's From.
	Name() string
	// Status is the role of a status message the framework marked;
	// StatusNote when it marked none.
	Status(u *a2aclient.StatusUpdate) a2aclient.StatusRole
	// Artifact is the role of an artifact update the framework marked;
	// ArtifactContent when it marked none.
	Artifact(u *a2aclient.ArtifactUpdate) a2aclient.ArtifactRole
	// ToolCall reads the tool call in a message, if it holds one in
	// the framework's form.
	ToolCall(m *a2aclient.Message) (ToolCall, bool)
	// Answer is the part that allows or refuses call, which awaits the
	// user's approval.
	Answer(call ToolCall, allow bool) a2aclient.Part
}

// Known are the frameworks parley reads, in the order they are asked.
var Known = []Framework{geminiCLI{}, adk{}, mastra{}}

// Reading is the a2aclient.Reading of every known framework: the first
// that marked an update says how to read it.
type Reading struct{}

var _ a2aclient.Reading = Reading{}

// Status asks each framework in turn.
func (Reading) Status(u *a2aclient.StatusUpdate) a2aclient.StatusRole {
	for _, f := range Known {
		if r := f.Status(u); r != a2aclient.StatusNote {
			return r
		}
	}
	return a2aclient.StatusNote
}

// Artifact asks each framework in turn.
func (Reading) Artifact(u *a2aclient.ArtifactUpdate) a2aclient.ArtifactRole {
	for _, f := range Known {
		if r := f.Artifact(u); r != a2aclient.ArtifactContent {
			return r
		}
	}
	return a2aclient.ArtifactContent
}

// ReadToolCall reads the tool call in m in the form of the first
// framework that knows it.
func ReadToolCall(m *a2aclient.Message) (ToolCall, bool) {
	if m == nil {
		return ToolCall{}, false
	}
	for _, f := range Known {
		if tc, ok := f.ToolCall(m); ok {
			return tc, true
		}
	}
	return ToolCall{}, false
}

// Answer is the part that allows or refuses call, in the form of the
// framework that reported it; ok is false for a call of no known one.
func Answer(call ToolCall, allow bool) (a2aclient.Part, bool) {
	for _, f := range Known {
		if f.Name() == call.From {
			return f.Answer(call, allow), true
		}
	}
	return a2aclient.Part{}, false
}
