package session

import "github.com/parley-a2a/parley/a2aclient"

// StateMessage is the summary state when the agent replied with a
// message instead of starting a task.
const StateMessage = "message"

// Summary is how an exchange ended, in the normalized model.
type Summary struct {
	Dialect   a2aclient.Dialect
	ContextID string
	TaskID    string
	// State is a task state (a2aclient.State) or StateMessage.
	State string
	// Text joins the text parts of every assembled artifact, in order,
	// or of the reply message.
	Text string
	// StatusText is the text of the task's last status message: the
	// question when input is required, the reason when it failed.
	StatusText string
	Artifacts  []a2aclient.Artifact
	// Message is the agent's reply when State is StateMessage.
	Message *a2aclient.Message
}

// Summarize reads the outcome off a tracker.
func Summarize(tr *a2aclient.Tracker, d a2aclient.Dialect) *Summary {
	s := &Summary{Dialect: d}
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
	s.Text = tr.Text()
	return s
}
