// The root's side of the agents pane: a resolved card, and the actions
// its keys ask for (use, add, remove, rename, save).

package ui

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

func (m *Model) onResolved(msg agentResolvedMsg) tea.Cmd {
	e := m.entryByID(msg.id)
	if e == nil {
		return nil // removed meanwhile
	}
	started := m.ws.Resolved(e.Agent, msg.client, msg.err)
	if msg.err != nil {
		if errors.As(msg.err, new(*a2aclient.ForeignOriginError)) {
			if e == m.current {
				m.setStatus(fmt.Sprintf("%s's card sends messages to another origin; parley asks before sending your credential there.", e.Label()), true)
				m.askTrust(e)
			}
			return nil
		}
		var ue *a2aclient.UnverifiedCardError
		if errors.As(msg.err, &ue) {
			if e == m.current {
				m.setStatus(styles.NoTicks.Replace(ue.Error()+" "+ue.Hint()), true)
			}
			return nil
		}
		if e == m.current {
			if name, ok := session.MissingVariable(msg.err); ok {
				m.setStatus(missingVariable(e, name), true)
			} else {
				// One short sentence; the chat says what to do about it.
				m.setStatus(unreachable(e.Label(), msg.err), true)
			}
			m.signInToCard(e) // a card behind sign-in: ask for the credential
		}
		return nil
	}
	if note := msg.client.Agent().CardNote; note != "" && e == m.current {
		m.setStatus(termsafe.Line(note), false)
	}
	if started && m.opts.Welcome && e == m.current {
		m.welcome(e)
	}
	if e == m.current {
		m.showConversation()
	}
	return m.offerGateway(e)
}

// welcome greets a newcomer with the agent's example prompts.
func (m *Model) welcome(e *panes.Entry) {
	text := fmt.Sprintf("Welcome to parley. You are talking to %s over %s.", e.Label(), e.Client.Dialect().Label())
	if ex := e.Examples(); len(ex) > 0 {
		text += " Try one of its example prompts — press " + keys.FirstKey(m.keys.Composer.Example) + " to put the next one in the composer, then enter:"
		for _, x := range ex {
			text += "\n  • " + x
		}
	}
	text += "\nPress f1 for every key, tab to move between panes."
	e.Conv.Notice(text)
}

// agentAction carries out what the agents pane asked for, on the agent
// under its cursor.
func (m *Model) agentAction(act component.Action) tea.Cmd {
	a, ok := act.(panes.AgentAction)
	if !ok {
		return nil
	}
	sel := m.agents.Selected()
	switch a {
	case panes.AgentUse:
		if sel == nil {
			return nil
		}
		m.chatWith(sel)
		if sel.Status == session.AgentFailed {
			if _, ok := sel.NeedsSignIn(); ok && !m.asking() {
				m.signInToCard(sel)
				return m.focusCmd()
			}
			if errors.As(sel.Err, new(*a2aclient.ForeignOriginError)) && !m.asking() {
				m.askTrust(sel)
				return m.focusCmd()
			}
			return tea.Batch(m.resolve(sel), m.startTicking(), m.focusCmd())
		}
		return m.focusCmd()
	case panes.AgentAdd:
		m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptText, "Add an agent", []string{"The agent's base URL or the URL of its card (127.0.0.1:4141 is taken as http://):"}, "", func(v string) tea.Cmd {
			return m.addAgent(v)
		}))
	case panes.AgentRemove:
		if sel == nil {
			return nil
		}
		m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, "Remove agent", []string{fmt.Sprintf("Remove %s from the list? (The config file changes only when you save.)", sel.Label())}, "", func(_ string) tea.Cmd {
			km, release := m.removeAgent(sel)
			closing := func() tea.Msg { release(); return nil }
			if len(km) == 0 {
				return closing // another agent in the list uses its credential
			}
			return tea.Batch(closing, m.checkSaved(sel.Label(), km...))
		}))
	case panes.AgentRename:
		if sel == nil {
			return nil
		}
		m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptText, "Rename agent", []string{"New name:"}, sel.Label(), func(v string) tea.Cmd {
			m.ws.Rename(sel.Agent, v)
			return nil
		}))
	case panes.AgentSave:
		return m.saveAgents()
	case panes.AgentDoctor:
		if sel != nil {
			return m.openDoctor(sel)
		}
	case panes.AgentRaw:
		if sel != nil {
			return m.openRaw(sel)
		}
	case panes.AgentMark:
		if sel != nil {
			m.onMarked(sel)
		}
	case panes.AgentCompare:
		return m.openCompare()
	case panes.AgentExpand:
		m.layout() // the pane widens or narrows with its card
	case panes.AgentExample:
		if sel != nil && sel != m.current {
			m.current = sel
			m.showConversation()
		}
		// The example of the skill marked on the card, the one the
		// person sees e next to, not the next of all the agent's.
		if x := m.agents.Example(); x != "" {
			m.putExample(x)
		} else {
			m.setStatus("This agent lists no example prompts.", false)
		}
		m.setFocus(focusComposer)
		return m.focusCmd()
	}
	return nil
}

func (m *Model) addAgent(typed string) tea.Cmd {
	if strings.TrimSpace(typed) == "" {
		return nil
	}
	url, err := session.AgentURL(typed)
	if err != nil {
		m.setStatus("Not added: "+err.Error()+".", true)
		return nil
	}
	a, added, kept := m.ws.Add(url)
	m.syncEntries()
	e := m.entryOf(a)
	if !added {
		if kept {
			m.setStatus(fmt.Sprintf("Kept %s in the list; %s saves it to the config.", e.Label(), m.keys.Agents.Save.Help().Key), false)
		} else {
			m.setStatus(fmt.Sprintf("%s is already in the list.", e.Label()), false)
		}
		return m.useAdded(e)
	}
	m.markAdded(e)
	return tea.Batch(m.useAdded(e), m.resolve(e), m.startTicking())
}

// useAdded puts the cursor and the chat on the agent the add prompt
// named (new or listed already, so the card and the chat show the same
// agent), and focus in the composer: the welcome says to type next.
func (m *Model) useAdded(e *panes.Entry) tea.Cmd {
	m.agents.Point(e)
	m.chatWith(e)
	return m.focusCmd()
}

// chatWith makes e the current agent and shows its chat with the focus
// in the composer, leaving the narrow layout's agent list for it.
func (m *Model) chatWith(e *panes.Entry) {
	m.current = e
	m.showConversation()
	m.setFocus(focusComposer)
	if m.narrowList {
		m.narrowList = false
		m.layout()
	}
}

// removeAgent takes e off the list (Workspace.Remove says what of it
// is left to forget and to release).
func (m *Model) removeAgent(e *panes.Entry) (km []string, release func()) {
	km, release = m.ws.Remove(e.Agent)
	delete(m.rawConsoles, e.ID)
	m.syncEntries()
	if m.current == e {
		m.current = nil
		if len(m.entries) > 0 {
			m.current = m.entries[0]
		}
		m.showConversation()
	}
	return km, release
}

// saveAgents writes the agent list to the config file, in the background
// (Workspace.Save says what is written and what is left out).
func (m *Model) saveAgents() tea.Cmd {
	write, report, err := m.ws.Save()
	if errors.Is(err, session.ErrNoConfigFile) {
		m.setStatus("No config file to save to.", true)
		return nil
	}
	return func() tea.Msg {
		return configSavedMsg{err: write(), report: report}
	}
}

// rememberDialect records, once per client, the dialect the agent has
// answered in, so that the next start (the TUI or the command line) goes
// straight to it. The store is written in a command, off the update loop.
func (m *Model) rememberDialect(e *panes.Entry) tea.Cmd {
	if e == nil {
		return nil
	}
	write := m.ws.RememberDialect(e.Agent)
	if write == nil {
		return nil
	}
	return func() tea.Msg {
		write()
		return nil
	}
}
