package ui

import (
	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
)

// convChangedMsg says a conversation has new or changed items. It names
// the conversation, so a late message for one no longer shown is dropped.
type convChangedMsg struct{ conv *session.Conversation }

func (convChangedMsg) Redraws() component.Redraw { return component.RedrawStream }

// agentResolvedMsg carries the result of fetching an agent's card.
type agentResolvedMsg struct {
	id     int // agent entry id: entries may be renamed or removed meanwhile
	client *a2aclient.Client
	err    error
}

func (agentResolvedMsg) Redraws() component.Redraw { return component.RedrawAll }

// taskActionMsg reports the end of a task action (cancel, refresh).
type taskActionMsg struct {
	conv   *session.Conversation
	taskID string
	action string
	err    error
}

func (taskActionMsg) Redraws() component.Redraw { return component.RedrawAll }

// tickMsg drives spinners and elapsed times while something runs.
type tickMsg struct{}

func (tickMsg) Redraws() component.Redraw { return component.RedrawStream }

// configSavedMsg reports the result of writing the config file, and
// what the save left out or renamed (session.SaveReport).
type configSavedMsg struct {
	err    error
	report session.SaveReport
}

func (configSavedMsg) Redraws() component.Redraw { return component.RedrawAll }
