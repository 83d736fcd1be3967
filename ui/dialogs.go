// The root's side of the overlay: opening a prompt, delivering what a
// component's commands send back, and acting on what a dialog asks.

package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/chat"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
)

// ask opens a prompt.
func (m *Model) ask(p *dialog.Prompt) { m.overlay.Open(p) }

// asking says a question is open: the UI asks one at a time.
func (m *Model) asking() bool { return m.overlay.Has(dialog.PromptID) }

// deliver hands a message a component's own commands sent to the
// component it names; one no component takes is let go of.
func (m *Model) deliver(msg component.Addressed) tea.Cmd {
	if msg.To() == chat.ID {
		cmd, act := m.chat.Update(msg)
		return tea.Batch(cmd, m.chatAction(act))
	}
	cmd, act, ok := m.overlay.Deliver(msg)
	if !ok {
		if d, ok := msg.(component.Droppable); ok {
			d.Drop()
		}
		return nil
	}
	return tea.Batch(cmd, m.dialogAction(act))
}

// updateDialog gives msg to the dialog on top and acts on its answer.
func (m *Model) updateDialog(msg tea.Msg) tea.Cmd {
	cmd, act := m.overlay.Update(msg)
	return tea.Batch(cmd, m.dialogAction(act))
}

// dialogAction carries out what a dialog asked for.
func (m *Model) dialogAction(act component.Action) tea.Cmd {
	switch a := act.(type) {
	case component.Close:
		if m.overlay.Empty() {
			return m.focusCmd()
		}
	case dialog.AddAgent:
		return m.addAgent(a.URL)
	case dialog.OpenContext, dialog.NewContext, dialog.RenameContext, dialog.DeleteContext, dialog.ExportContext:
		return m.contextsAction(a)
	}
	return nil
}
