// Key routing: the dialog on top, else the global keys, else the
// focused pane; and the composer's own actions (send, attach, examples).

package ui

import (
	"fmt"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
	"github.com/parley-a2a/parley/ui/wire"
)

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	msg = shiftedText(msg)
	g := m.keys.Global
	// Quit comes first: an open prompt must not swallow it.
	if key.Matches(msg, g.Quit) {
		return m.quit() // asks first while a task runs (quit.go)
	}
	if !m.overlay.Empty() {
		return m.updateDialog(msg)
	}
	if m.focus == focusChat && m.chat.Editing() {
		// Filling in an agent's form takes every key, as a dialog does.
		cmd, act := m.chat.Update(msg)
		return tea.Batch(cmd, m.chatAction(act))
	}
	if m.compare.open {
		return m.compareKey(msg) // compare.go
	}
	switch {
	case key.Matches(msg, g.Help):
		m.overlay.Open(keys.NewHelp(&m.keys))
		return nil
	case key.Matches(msg, g.Contexts):
		return m.openContexts()
	case key.Matches(msg, g.Wire):
		m.overlay.Open(wire.NewView(m.opts.Wire, &m.keys))
		return nil
	case key.Matches(msg, g.NextPane):
		m.cycleFocus(1)
		return m.focusCmd()
	case key.Matches(msg, g.PrevPane):
		m.cycleFocus(-1)
		return m.focusCmd()
	case key.Matches(msg, g.Panes):
		m.narrowList = !m.narrowList
		if m.narrowList {
			m.setFocus(focusAgents)
		} else {
			m.setFocus(focusComposer)
		}
		m.layout()
		return m.focusCmd()
	case key.Matches(msg, g.Stop):
		if c := m.stopStreaming(); c != nil {
			return c
		}
	}
	if w, ok := m.writeKey(); ok && key.Matches(msg, w) {
		m.setFocus(focusComposer)
		return m.focusCmd()
	}
	if m.focus != focusComposer && key.Matches(msg, m.keys.Composer.Example) {
		// The welcome offers the examples from wherever the focus is.
		m.setFocus(focusComposer)
		m.nextExample()
		return m.focusCmd()
	}
	if group := typingGroup(m.focus); group != "" && typed(msg) && !m.keys.Binds(group, msg) {
		// A letter that is no command of the chat or the tasks pane is
		// typing: it goes to the composer, and the focus with it.
		m.setFocus(focusComposer)
		return tea.Batch(m.focusCmd(), m.composerKey(msg))
	}
	switch m.focus {
	case focusComposer:
		return m.composerKey(msg)
	case focusChat:
		cmd, act := m.chat.Update(msg)
		return tea.Batch(cmd, m.chatAction(act))
	case focusAgents:
		cmd, act := m.agents.Update(msg)
		return tea.Batch(cmd, m.agentAction(act))
	case focusTasks:
		cmd, act := m.tasks.Update(msg)
		return tea.Batch(cmd, m.taskAction(act))
	}
	return nil
}

func (m *Model) composerKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys.Composer
	switch {
	case key.Matches(msg, k.Send):
		return m.send()
	case key.Matches(msg, k.Attach):
		m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptPath, "Attach a file", []string{"Path of the file to send with the next message:"}, "", func(v string) tea.Cmd {
			return attachFile(v)
		}))
		return nil
	case key.Matches(msg, k.NewTask):
		m.leaveWaiting()
		return nil
	case key.Matches(msg, k.Example):
		// Pressed again on an untouched example: the next one. Over a
		// draft, the draft goes to the history first (nextExample).
		m.nextExample()
		return nil
	}
	cmd, _ := m.composer.Update(msg)
	m.layout()
	m.frame.composerOnly = true // the panes above keep their frame (frame.go)
	return cmd
}

// send hands the composer's message to the current conversation.
func (m *Model) send() tea.Cmd {
	if m.composer.Empty() {
		return nil
	}
	if m.compare.open {
		return m.sendCompare()
	}
	if _, ready := m.markedEntries(); ready >= 2 {
		// Sending with two agents marked compares their answers; a
		// refused compare keeps the message in the composer.
		cmd := m.openCompare()
		if !m.compare.open {
			return cmd
		}
		return tea.Batch(cmd, m.sendCompare())
	}
	e := m.current
	if e == nil || e.Conv == nil {
		if e != nil && e.Status == session.AgentFailed {
			m.setStatus(notUsable(e), true)
		} else {
			m.setStatus("No agent is ready yet; add one with tab → Agents → a.", true)
		}
		return nil
	}
	if m.askMissingExtensions(e) {
		return nil
	}
	text, atts := m.composer.Take()
	e.Conv.Send(text, atts...)
	m.chat.End() // your message and the reply show, even if you had scrolled up
	m.layout()
	return m.startTicking()
}

// leaveWaiting makes the next message start a new task instead of
// answering the one that asked for input.
func (m *Model) leaveWaiting() {
	e := m.current
	if e == nil || e.Conv == nil {
		return
	}
	if id := e.Conv.Unwait(); id != "" {
		m.setStatus("Your next message starts a new task; task "+styles.ShortID(id)+" still waits in Tasks.", false)
		m.layout()
	}
}

func (m *Model) nextExample() {
	e := m.current
	if e == nil {
		return
	}
	x := e.NextExample()
	if x == "" {
		m.setStatus("This agent lists no example prompts.", false)
		return
	}
	m.putExample(x)
}

// putExample puts an example prompt in the composer; a draft there goes
// to the history first (ctrl+p brings it back), an example put there
// before is simply replaced.
func (m *Model) putExample(x string) {
	kept := m.composer.Value() != m.lastExample && m.composer.Stash()
	m.lastExample = x
	m.composer.SetValue(x)
	if kept {
		m.setStatus("An example replaced your draft; "+keys.FirstKey(m.keys.Composer.HistPrev)+" brings your draft back.", false)
	}
	m.layout()
}

// stopStreaming stops following the current conversation's exchanges and
// offers to cancel the tasks on the agent too.
func (m *Model) stopStreaming() tea.Cmd {
	e := m.current
	if e == nil || e.Conv == nil || !e.Conv.Busy() {
		return nil
	}
	running := e.Conv.Stop()
	if len(running) == 0 {
		m.setStatus(fmt.Sprintf("Stopped waiting for %s; it had not started a task.", e.Label()), false)
		return nil
	}
	conv, id := e.Conv, running[0]
	m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, "Stopped streaming",
		[]string{fmt.Sprintf("Task %s may still be running on %s. Cancel it on the agent too?", styles.ShortID(id), e.Label())}, "",
		func(_ string) tea.Cmd { return cancelTask(conv, id) }))
	return nil
}

// typingGroup is the key group of a pane where typing a letter that is
// none of its commands goes to the composer (the chat and the tasks
// pane), "" for the others: the Agents pane's letters add, rename and
// remove agents, and its list is the one place to pick an agent by eye.
func typingGroup(f focusArea) string {
	switch f {
	case focusChat:
		return "chat"
	case focusTasks:
		return "tasks"
	case focusAgents:
		return "agents"
	}
	return ""
}

// writeKey is the key that moves from the focused pane to the composer,
// for the panes whose letters are commands and typing goes elsewhere
// (typingGroup).
func (m *Model) writeKey() (key.Binding, bool) {
	switch m.focus {
	case focusChat:
		return m.keys.Chat.Write, true
	case focusTasks:
		return m.keys.Tasks.Write, true
	case focusAgents:
		return m.keys.Agents.Write, true
	}
	return key.Binding{}, false
}

// modeNote is what the composer's border says while a pane whose
// lowercase letters are commands has the keys: so that "show me…"
// typed there is not a surprise save.
func (m *Model) modeNote() string {
	w, ok := m.writeKey()
	if !ok || !w.Enabled() {
		return ""
	}
	if m.focus == focusChat && m.chat.Editing() {
		return "keys go to the agent's form · " + keys.FirstKey(m.keys.Form.Leave) + " to leave it"
	}
	return fmt.Sprintf("letters act on the %s · %s to write here", typingGroup(m.focus), keys.FirstKey(w))
}

// typed reports whether msg types printable text (no ctrl or alt, not
// only spaces).
func typed(msg tea.KeyPressMsg) bool {
	if msg.Text == "" || msg.Mod&^tea.ModShift != 0 || strings.TrimSpace(msg.Text) == "" {
		return false
	}
	for _, r := range msg.Text {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// shiftedText gives a shifted letter that came without its text the
// text it types. A terminal (or tmux) reporting keys as escape codes
// sends shift+g as a code and a modifier, which reads "shift+g" and
// matches neither the binding "G" (chat.bottom, tasks.copy_context)
// nor types a capital in the composer.
func shiftedText(msg tea.KeyPressMsg) tea.KeyPressMsg {
	if msg.Mod != tea.ModShift || msg.Text != "" || msg.Code > unicode.MaxASCII || !unicode.IsLetter(msg.Code) {
		return msg
	}
	up := msg.ShiftedCode
	if up == 0 {
		up = unicode.ToUpper(msg.Code)
	}
	msg.Text = string(up)
	return msg
}
