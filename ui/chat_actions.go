// The root's side of the chat: what its keys ask for (a file saved or
// opened, a tool call answered).

package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/chat"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
)

// chatAction carries out what the chat asked for.
func (m *Model) chatAction(act component.Action) tea.Cmd {
	switch a := act.(type) {
	case chat.SaveFile:
		return m.saveFile(a.Part)
	case chat.OpenFile:
		return m.openFile(a.Part, m.opened[partKey(a.Part)])
	case chat.ConfirmTool:
		return m.confirmTool(a)
	case chat.PressButton:
		return m.pressButton(a)
	case chat.OpenLink:
		return m.askOpenLink(a.URL)
	}
	return nil
}

// confirmTool answers a tool call of the conversation shown, off the
// update loop.
func (m *Model) confirmTool(msg chat.ConfirmTool) tea.Cmd {
	if m.current == nil || m.current.Conv == nil {
		return nil
	}
	conv := m.current.Conv
	return func() tea.Msg {
		if err := conv.ConfirmTool(msg.CallID, msg.Allow); err != nil {
			conv.Notice(err.Error())
		}
		return nil
	}
}

// pressButton sends what a form's button built on the task its surface
// belongs to, off the update loop; the answer streams as any other.
func (m *Model) pressButton(a chat.PressButton) tea.Cmd {
	if m.current == nil || m.current.Conv == nil {
		return nil
	}
	conv := m.current.Conv
	parts, meta := session.A2UIAnswer(conv.Dialect(), a.Part, a.Surfaces)
	return func() tea.Msg {
		if err := conv.SendA2UIAction(a.TaskID, parts, meta, a.Note); err != nil {
			conv.Notice(err.Error())
		}
		return nil
	}
}

// askOpenLink opens a form button's web page once the user says yes: the
// address is the agent's (http or https, cleaned for the terminal).
func (m *Model) askOpenLink(u string) tea.Cmd {
	yes, no := keys.FirstKey(m.keys.Dialog.Yes), keys.FirstKey(m.keys.Dialog.No)
	body := []string{"The agent's button opens this page:", u, "Open it in your browser (" + yes + ") or not (" + no + ")?"}
	m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, "Open a web page", body, "", func(string) tea.Cmd {
		return m.openLink(u)
	}))
	return nil
}
