package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// maxExtensionLines is how many missing extensions the question names.
const maxExtensionLines = 4

// askMissingExtensions asks, before the first message to an agent whose
// card requires an extension parley does not activate, whether to send
// anyway: the agent may refuse the message or misread it. It reports
// whether it asked (and the message waits in the composer). Answered
// "send anyway" once, it does not ask again for that agent this run.
func (m *Model) askMissingExtensions(e *panes.Entry) bool {
	c := clientOf(e)
	if c == nil || m.extOK[e.ID] {
		return false
	}
	warnings := session.MissingExtensionsWarnings(c)
	if len(warnings) == 0 {
		return false
	}
	body := make([]string, 0, maxExtensionLines+2)
	for i, w := range warnings {
		if i == maxExtensionLines {
			// A card may list hundreds: the question must stay on screen.
			body = append(body, "…and "+styles.Plural(len(warnings)-i, "more required extension")+"; 'parley card' lists them all.")
			break
		}
		body = append(body, termsafe.Line(w)) // the URIs are the card's
	}
	yes, no := keys.FirstKey(m.keys.Dialog.Yes), keys.FirstKey(m.keys.Dialog.No)
	body = append(body, "Send anyway ("+yes+") or cancel and keep your message ("+no+")?")
	title := "Required extension"
	if len(warnings) > 1 {
		title = "Required extensions"
	}
	id := e.ID
	m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, title, body, "", func(string) tea.Cmd {
		if m.extOK == nil {
			m.extOK = map[int]bool{}
		}
		m.extOK[id] = true
		return m.send()
	}))
	return true
}
