// Focus, theme and the status line: the root's small state setters.

package ui

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

func (m *Model) setStatus(text string, isErr bool) {
	m.status, m.isErr, m.statusAt = termsafe.Line(text), isErr, time.Now()
}

func (m *Model) setTheme(th themes.Theme) {
	m.theme = th
	m.st = styles.New(th)
	if m.opts.NoColor {
		m.st.WithoutColor()
	}
	m.agents.SetStyles(m.st)
	m.tasks.SetStyles(m.st)
	m.chat.SetStyles(m.st)
	for _, c := range m.compare.cols {
		c.pane.SetStyles(m.st)
	}
	m.composer.SetStyles(m.st)
	m.applyHelpStyles()
}

func (m *Model) cycleFocus(dir int) {
	order := []focusArea{focusComposer, focusChat, focusAgents, focusTasks}
	if m.narrow() {
		if m.narrowList {
			order = []focusArea{focusAgents, focusTasks}
		} else {
			order = []focusArea{focusComposer, focusChat}
		}
	}
	i := 0
	for j, f := range order {
		if f == m.focus {
			i = j
		}
	}
	m.setFocus(order[(i+dir+len(order))%len(order)])
}

// foldFocus is called when the side panes fold away (the terminal got
// narrow): the chat comes back in place of the lists, and a focused list
// hands the keyboard to the composer, so its keys (d removes an agent)
// never act on a pane nobody can see.
func (m *Model) foldFocus() tea.Cmd {
	m.narrowList = false
	if m.focus == focusAgents || m.focus == focusTasks {
		m.setFocus(focusComposer)
		return m.focusCmd()
	}
	return nil
}

// setFocus gives f the keyboard. In the narrow layout it also shows f's
// side: the lists for agents and tasks, the chat for the chat (opening a
// task from the list shows its place in the chat).
func (m *Model) setFocus(f focusArea) {
	if m.narrow() {
		switch f {
		case focusAgents, focusTasks:
			m.narrowList = true
		case focusChat:
			m.narrowList = false
		}
	}
	if f != focusAgents && m.agents.Fold() {
		// The expanded card was for looking at agents: leaving the pane
		// gives the chat its width back.
		defer m.layout()
	}
	m.focus = f
	m.composer.Blur()
	m.chat.Blur()
	m.agents.Blur()
	m.tasks.Blur()
	switch f {
	case focusChat:
		m.chat.Focus()
	case focusAgents:
		m.agents.Focus()
	case focusTasks:
		m.tasks.Focus()
	}
}

func (m *Model) focusCmd() tea.Cmd {
	if m.focus == focusComposer {
		return m.composer.Focus()
	}
	return nil
}

// pickTheme resolves a theme name; "auto" (or "") follows the terminal's
// background, and an unknown name falls back the same way.
func pickTheme(name string, all map[string]themes.Theme, dark bool) themes.Theme {
	if t, ok := all[name]; ok && name != themes.Auto {
		return t
	}
	if dark {
		return themes.Dark
	}
	return themes.Light
}

func (m *Model) applyHelpStyles() {
	s := help.DefaultStyles(m.theme.Dark)
	s.ShortKey, s.FullKey = m.st.HelpKey, m.st.HelpKey
	s.ShortDesc, s.FullDesc = m.st.HelpDesc, m.st.HelpDesc
	s.ShortSeparator, s.FullSeparator = m.st.Muted, m.st.Muted
	m.help.Styles = s
}
