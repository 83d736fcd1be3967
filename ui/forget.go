package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
)

// forgetAskMsg says a removed agent has a credential saved; the user is
// asked whether to forget it too, so none is left behind orphaned.
// keys are where it is kept: the agent's URL, and the config name that
// parley versions before URL keys used.
type forgetAskMsg struct {
	keys  []string
	label string
}

func (forgetAskMsg) Redraws() component.Redraw { return component.RedrawAll }

// checkSaved looks, in the background, for a credential saved for the
// removed agent under any of keys.
func (m *Model) checkSaved(label string, km ...string) tea.Cmd {
	ws := m.ws
	return func() tea.Msg {
		found := ws.SavedCredentials(km)
		if len(found) == 0 {
			return nil
		}
		return forgetAskMsg{keys: found, label: label}
	}
}

func (m *Model) askForget(msg forgetAskMsg) {
	ws := m.ws
	body := []string{fmt.Sprintf("A credential for %s (%s) is saved in %s. Forget it too?", msg.label, termsafe.Line(msg.keys[0]), ws.CredentialsPath())}
	m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, "Forget the saved credential", body, "", func(_ string) tea.Cmd {
		km, label := msg.keys, msg.label
		return func() tea.Msg {
			if err := ws.Forget(km); err != nil {
				return component.StatusMsg{Text: "Could not forget the credential: " + err.Error(), IsErr: true}
			}
			return component.StatusMsg{Text: "Forgot the credential saved for " + label + "."}
		}
	}))
}
