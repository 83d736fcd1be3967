package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/termsafe"
)

// forgetAskMsg says a removed agent has a credential saved; the user is
// asked whether to forget it too, so none is left behind orphaned.
type forgetAskMsg struct {
	key, label string
}

// checkSaved looks, in the background, for a credential saved for the
// agent at key (its URL) once the agent is removed.
func (m *Model) checkSaved(key, label string) tea.Cmd {
	mgr := m.opts.Directory.Auth()
	return func() tea.Msg {
		if ok, err := mgr.Saved(key); err != nil || !ok {
			return nil
		}
		return forgetAskMsg{key: key, label: label}
	}
}

func (m *Model) askForget(msg forgetAskMsg) {
	mgr := m.opts.Directory.Auth()
	body := []string{fmt.Sprintf("A credential for %s (%s) is saved in %s. Forget it too?", msg.label, termsafe.Line(msg.key), mgr.CredentialsPath())}
	m.prompt = newPrompt(m.st, promptConfirm, "Forget the saved credential", body, "", func(m *Model, _ string) tea.Cmd {
		key, label := msg.key, msg.label
		return func() tea.Msg {
			if err := mgr.Forget(key); err != nil {
				return statusMsg{text: "Could not forget the credential: " + err.Error(), isErr: true}
			}
			return statusMsg{text: "Forgot the credential saved for " + label + "."}
		}
	})
}
