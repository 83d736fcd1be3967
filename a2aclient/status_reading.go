package a2aclient

// StatusRole says how a status message is to be read. A2A has one place
// for "what the agent is saying while it works", the status message, and
// agents use it for different things: a progress note or a question, the
// reply itself streamed a piece at a time, the agent's reasoning, the
// tools it calls. The agent's own signals tell them apart; without any,
// a status message is a note, shown as a line of its own.
type StatusRole int

const (
	// StatusNote is a progress note, a question or a reason: a line of
	// its own ("Searching…", "Found 3 results").
	StatusNote StatusRole = iota
	// StatusReply is a piece of the agent's reply: appended to it, as an
	// artifact chunk would be.
	StatusReply
	// StatusThought is the agent's reasoning, not part of the reply.
	StatusThought
	// StatusToolCall is a tool call the agent makes: its progress, or a
	// request that the user confirm it.
	StatusToolCall
)

// Gemini CLI's A2A server (the "CoderAgent" protocol) says what each
// status update carries in metadata.coderAgent.kind.
const (
	CoderKindText             = "text-content"
	CoderKindThought          = "thought"
	CoderKindToolCall         = "tool-call-update"
	CoderKindToolConfirmation = "tool-call-confirmation"
	CoderKindStateChange      = "state-change"
	CoderKindCitation         = "citation"
)

// CoderKind is the CoderAgent kind of a status update's metadata, "" when
// the agent sent none.
func CoderKind(metadata map[string]any) string {
	ca, _ := metadata["coderAgent"].(map[string]any)
	kind, _ := ca["kind"].(string)
	return kind
}

// ReadStatus says how u's status message is to be read:
//   - metadata.coderAgent.kind (gemini-cli) "text-content" is a piece of
//     the reply, "thought" reasoning, "tool-call-update" and
//     "tool-call-confirmation" a tool call; any other kind is a note;
//   - a status message without those signals is a note.
//
// Only an agent's message is ever read as anything but a note, and a
// task that failed or was rejected always gives its reason as one.
func ReadStatus(u *StatusUpdate) StatusRole {
	if u == nil || u.Status.Message == nil || u.Status.State == StateFailed || u.Status.State == StateRejected {
		return StatusNote
	}
	if u.Status.Message.Role != "" && u.Status.Message.Role != RoleAgent {
		return StatusNote
	}
	switch CoderKind(u.Metadata) {
	case CoderKindText:
		return StatusReply
	case CoderKindThought:
		return StatusThought
	case CoderKindToolCall, CoderKindToolConfirmation:
		return StatusToolCall
	}
	return StatusNote
}
