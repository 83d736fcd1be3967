package a2aclient

// StatusRole says how a status message is to be read. A2A has one place
// for "what the agent is saying while it works", the status message, and
// agents use it for different things: a progress note or a question, the
// reply itself streamed a piece at a time, the agent's reasoning, the
// tools it calls. The agent's own signals tell them apart (a Reading
// knows them); without any, a status message is a note, shown as a line
// of its own.
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

// ArtifactRole says how an artifact update is to be read.
type ArtifactRole int

const (
	// ArtifactContent is what the specification says: the update
	// appends to the artifact or replaces it.
	ArtifactContent ArtifactRole = iota
	// ArtifactPreview is a piece of text streamed ahead of the answer
	// into a temporary artifact, whatever its append flag says: the
	// pieces join, and the answer arrives whole in another artifact,
	// which then takes the preview's place (the preview empties).
	ArtifactPreview
	// ArtifactPreviewEnd empties a preview artifact: it was temporary.
	ArtifactPreviewEnd
)

// Reading is how parley reads what an agent means beyond the wire: the
// conventions of the framework it is built on, which say a status
// message is a piece of the reply, a thought or a tool call, or that an
// artifact is a temporary preview. a2aclient knows no framework; the
// frameworks package reads the ones parley knows, and whoever opens a
// stream or builds a Tracker passes it in (Options.Reading,
// Tracker.Reading). Nil reads as SpecReading.
type Reading interface {
	Status(u *StatusUpdate) StatusRole
	Artifact(u *ArtifactUpdate) ArtifactRole
}

// SpecReading reads nothing beyond the specification: every status
// message is a note, every artifact update content.
type SpecReading struct{}

// Status is always StatusNote.
func (SpecReading) Status(*StatusUpdate) StatusRole { return StatusNote }

// Artifact is always ArtifactContent.
func (SpecReading) Artifact(*ArtifactUpdate) ArtifactRole { return ArtifactContent }

// ReadStatus says how u's status message is to be read by r (nil: the
// specification's reading). Only an agent's message is ever read as
// anything but a note, and a task that failed or was rejected always
// gives its reason as one, whatever the reading says.
func ReadStatus(r Reading, u *StatusUpdate) StatusRole {
	if r == nil || u == nil || u.Status.Message == nil || u.Status.State == StateFailed || u.Status.State == StateRejected {
		return StatusNote
	}
	if u.Status.Message.Role != "" && u.Status.Message.Role != RoleAgent {
		return StatusNote
	}
	return r.Status(u)
}

// ReadArtifact says how u is to be read by r (nil: the specification's
// reading).
func ReadArtifact(r Reading, u *ArtifactUpdate) ArtifactRole {
	if r == nil || u == nil {
		return ArtifactContent
	}
	return r.Artifact(u)
}
