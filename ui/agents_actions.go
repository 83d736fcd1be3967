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
)

func (m *Model) onResolved(msg agentResolvedMsg) tea.Cmd {
	var e *agentEntry
	for _, x := range m.entries {
		if x.id == msg.id {
			e = x
		}
	}
	if e == nil {
		return nil // removed meanwhile
	}
	if msg.err != nil {
		e.status, e.err = agentFailed, msg.err
		if errors.As(msg.err, new(*a2aclient.ForeignOriginError)) {
			e.client = msg.client // its card, to name it; not used to send
			if e == m.current {
				m.setStatus(fmt.Sprintf("%s's card sends messages to another origin; parley asks before sending your credential there.", e.label()), true)
				m.askTrust(e)
			}
			return nil
		}
		var ue *a2aclient.UnverifiedCardError
		if errors.As(msg.err, &ue) {
			e.client = msg.client // its card, to show why; not used to send
			if e == m.current {
				m.setStatus(noTicks.Replace(ue.Error()+" "+ue.Hint()), true)
			}
			return nil
		}
		if e == m.current {
			m.setStatus(fmt.Sprintf("Could not reach %s: %s", e.label(), termsafe.Line(msg.err.Error())), true)
			m.signInToCard(e) // a card behind sign-in: ask for the credential
		}
		return nil
	}
	e.status, e.client, e.err = agentReady, msg.client, nil
	if note := msg.client.Agent().CardNote; note != "" && e == m.current {
		m.setStatus(termsafe.Line(note), false)
	}
	if e.conv == nil {
		var conv *session.Conversation
		conv = session.NewConversation(msg.client, e.label(), func() { m.bridge.notify(conv) })
		e.conv = conv
		m.record(conv, e)
		if m.opts.Welcome && e == m.current {
			m.welcome(e)
		}
	}
	if e == m.current {
		m.showConversation()
	}
	return nil
}

// welcome greets a newcomer with the agent's example prompts.
func (m *Model) welcome(e *agentEntry) {
	text := fmt.Sprintf("Welcome to parley. You are talking to %s over %s.", e.label(), e.client.Dialect().Label())
	if ex := e.examples(); len(ex) > 0 {
		text += " Try one of its example prompts — press " + firstKey(m.keys.Composer.Example) + " to put the next one in the composer, then enter:"
		for _, x := range ex {
			text += "\n  • " + x
		}
	}
	text += "\nPress f1 for every key, tab to move between panes."
	e.conv.Notice(text)
}

func (m *Model) agentKey(a agentAction) tea.Cmd {
	sel := m.agents.Selected()
	switch a {
	case agentUse:
		if sel == nil {
			return nil
		}
		m.current = sel
		m.showConversation()
		m.setFocus(focusComposer)
		if m.narrowList {
			m.narrowList = false
			m.layout()
		}
		if sel.status == agentFailed {
			if errors.As(sel.err, new(*a2aclient.AuthError)) && m.topPrompt() == nil {
				m.signInToCard(sel)
				return m.focusCmd()
			}
			if errors.As(sel.err, new(*a2aclient.ForeignOriginError)) && m.topPrompt() == nil {
				m.askTrust(sel)
				return m.focusCmd()
			}
			return tea.Batch(m.resolve(sel), m.startTicking(), m.focusCmd())
		}
		return m.focusCmd()
	case agentAdd:
		m.ask(newPrompt(m.st, promptText, "Add an agent", []string{"The agent's base URL or the URL of its card (127.0.0.1:4141 is taken as http://):"}, "", func(v string) tea.Cmd {
			return m.addAgent(v)
		}))
	case agentRemove:
		if sel == nil {
			return nil
		}
		m.ask(newPrompt(m.st, promptConfirm, "Remove agent", []string{fmt.Sprintf("Remove %s from the list? (The config file changes only when you save.)", sel.label())}, "", func(_ string) tea.Cmd {
			_, key := m.opts.Directory.Entry(sel.ref)
			m.removeAgent(sel)
			closing := closeClients(clientsOf(sel))
			for _, e := range m.entries {
				if _, k := m.opts.Directory.Entry(e.ref); k == key {
					return closing // another agent in the list uses it
				}
			}
			keys := []string{key}
			if sel.saved != "" {
				keys = append(keys, sel.saved) // where older versions kept it
			}
			return tea.Batch(closing, m.checkSaved(sel.label(), keys...))
		}))
	case agentRename:
		if sel == nil {
			return nil
		}
		m.ask(newPrompt(m.st, promptText, "Rename agent", []string{"New name:"}, sel.label(), func(v string) tea.Cmd {
			if v = termsafe.Line(v); v != "" {
				sel.name = v
			}
			return nil
		}))
	case agentSave:
		return m.saveAgents()
	case agentExpand:
		m.layout() // the pane widens or narrows with its card
	case agentExample:
		if sel != nil && sel != m.current {
			m.current = sel
			m.showConversation()
		}
		m.nextExample()
		m.setFocus(focusComposer)
		return m.focusCmd()
	}
	return nil
}

func (m *Model) addAgent(typed string) tea.Cmd {
	if strings.TrimSpace(typed) == "" {
		return nil
	}
	url, err := agentInputURL(typed)
	if err != nil {
		m.setStatus("Not added: "+err.Error()+".", true)
		return nil
	}
	e := m.find(url)
	if e == nil {
		e = m.findStored(url)
	}
	if e != nil {
		if e.stored {
			// Adding an agent listed for a stored conversation is the
			// user's word that it is theirs: `w` saves it from now on.
			e.stored = false
			m.setStatus(fmt.Sprintf("Kept %s in the list; %s saves it to the config.", e.label(), m.keys.Agents.Save.Help().Key), false)
		}
		m.current = e
		m.showConversation()
		return nil
	}
	e = &agentEntry{id: m.nextID, ref: url}
	m.nextID++
	m.entries = append(m.entries, e)
	m.agents.entries = m.entries
	m.agents.cursor = len(m.entries) - 1
	m.current = e
	m.showConversation()
	return tea.Batch(m.resolve(e), m.startTicking())
}

func (m *Model) removeAgent(e *agentEntry) {
	for i, x := range m.entries {
		if x == e {
			m.entries = append(m.entries[:i:i], m.entries[i+1:]...)
			break
		}
	}
	if e.conv != nil {
		e.conv.Stop()
	}
	m.agents.entries = m.entries
	m.agents.cursor = min(m.agents.cursor, len(m.entries))
	if m.current == e {
		m.current = nil
		if len(m.entries) > 0 {
			m.current = m.entries[0]
		}
		m.showConversation()
	}
}
