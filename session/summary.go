package session

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
)

// StateMessage is the summary state when the agent replied with a
// message instead of starting a task.
const StateMessage = "message"

// Summary is how an exchange ended, in the normalized model: the
// outcome the result line shows (its State is a task state or
// StateMessage), and the reply itself.
type Summary struct {
	jsonout.Outcome
	// Message is the agent's reply when State is StateMessage.
	Message *a2aclient.Message
	// Released, when set, says which artifacts the exchange's tracker
	// let go of (FollowOptions.ReleaseText): Artifacts leaves them out.
	Released func(id string) bool
	// TextCut, when set, says how many bytes in front of an artifact's
	// first text part the exchange's tracker let go of, once the store
	// had them (a2aclient.Tracker.LetGoOfText): Artifacts and Text hold
	// the rest. EachText then hands Text's pieces with their cuts
	// (a2aclient.Tracker.EachText), for a reader that reads the front
	// back from the store.
	TextCut  func(id string) int
	EachText func(fn func(id string, cut int, text string) error) error
	// Timings is what parley measured of the turn an Exchange sent
	// (Outcome.Timings holds their JSON form); zero for a task followed.
	Timings Timings
}

// Summarize reads the outcome off a tracker.
func Summarize(tr *a2aclient.Tracker, d a2aclient.Dialect) *Summary {
	s := &Summary{Outcome: jsonout.Outcome{Dialect: d}}
	if m := tr.Message(); m != nil && !tr.Seen() && m.TaskID == "" {
		s.State, s.Text, s.ContextID, s.Message = StateMessage, m.Text(), m.ContextID, m
		return s
	}
	task := tr.Task()
	s.TaskID, s.ContextID = task.ID, task.ContextID
	s.State = string(task.Status.State)
	if s.State == "" {
		s.State = string(a2aclient.StateUnknown)
	}
	s.StatusText = task.Status.Message.Text()
	s.Artifacts = task.Artifacts
	if tr.ReleasedAny() {
		s.Released = tr.Released
	}
	if tr.TextCutTotal() > 0 {
		s.TextCut, s.EachText = tr.TextCut, tr.EachText
	}
	s.Text = tr.Text()
	return s
}

// ReleasedArtifact returns the artifact a stored item holds, when it is
// one the summary's tracker let go of (Released): the artifacts left
// out of Artifacts, read back from the store in their order.
func (s *Summary) ReleasedArtifact(it *Item) (a2aclient.Artifact, bool) {
	if s.Released == nil || it.Kind != ItemArtifact || it.TaskID != s.TaskID {
		return a2aclient.Artifact{}, false
	}
	id, ok := strings.CutPrefix(it.Key, "art:"+s.TaskID+"/")
	if !ok || !s.Released(id) {
		return a2aclient.Artifact{}, false
	}
	return a2aclient.Artifact{ID: id, Name: it.Name, Parts: it.Parts}, true
}
