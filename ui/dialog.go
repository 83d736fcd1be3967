package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/styles"
)

// Dialog is a modal on the root's stack. The dialog on top takes every
// key; the root keeps the layout, the focus and the stack, and acts on
// what a dialog returns. A dialog holds what it was given when it was
// built (styles come with each View, keys and callbacks at construction)
// and never reaches into the root's fields.
//
// The modals, all of them:
//   - prompt (prompt.go): a line of text, a secret, a path or a yes/no;
//     the sign-in (signin*.go) and the trust question (trust.go) are
//     prompts driven by a controller.
//   - contextsView (contexts.go): the stored conversations, full screen.
//   - helpDialog (help.go): every key, full screen.
//   - gatewayDialog (gateway.go): the agents behind a gateway, to add.
//   - wireView (wire_view.go): the raw traffic, full screen; an entry
//     expands to its whole body and copies.
type Dialog interface {
	// HandleKey acts on a key. The action is nil to stay open,
	// closeDialog to be taken off the stack, or a typed action the root
	// handles (contextAction).
	HandleKey(msg tea.KeyPressMsg) (tea.Cmd, any)
	// Update takes a message that is not a key but is the dialog's:
	// paste, the cursor's blink.
	Update(msg tea.Msg) (tea.Cmd, any)
	// View draws the dialog for a w×h screen.
	View(st *styles.Styles, w, h int) string
	// Full says the dialog replaces the screen instead of sitting over
	// it in a centred box.
	Full() bool
}

// closeDialog is the action that takes the top dialog off the stack.
type closeDialog struct{}

// push puts d on top of the stack.
func (m *Model) push(d Dialog) { m.dialogs = append(m.dialogs, d) }

// top is the dialog that takes the keys, nil for none.
func (m *Model) top() Dialog {
	if n := len(m.dialogs); n > 0 {
		return m.dialogs[n-1]
	}
	return nil
}

// remove takes d off the stack, wherever it is.
func (m *Model) remove(d Dialog) {
	for i, x := range m.dialogs {
		if x == d {
			m.dialogs = append(m.dialogs[:i:i], m.dialogs[i+1:]...)
			return
		}
	}
}

// topPrompt is the open prompt, nil for none; the UI asks one question
// at a time.
func (m *Model) topPrompt() *prompt {
	for i := len(m.dialogs) - 1; i >= 0; i-- {
		if p, ok := m.dialogs[i].(*prompt); ok {
			return p
		}
	}
	return nil
}

// contexts is the open conversations view, nil for none.
func (m *Model) contexts() *contextsView {
	for _, d := range m.dialogs {
		if v, ok := d.(*contextsView); ok {
			return v
		}
	}
	return nil
}

// wireView is the open wire view, nil for none.
func (m *Model) wireView() *wireView {
	for _, d := range m.dialogs {
		if v, ok := d.(*wireView); ok {
			return v
		}
	}
	return nil
}

// ask opens a prompt with the user's keys.
func (m *Model) ask(p *prompt) {
	p.keys = &m.keys
	m.push(p)
}

// dialogKey gives a key to the top dialog and acts on its answer.
func (m *Model) dialogKey(d Dialog, msg tea.KeyPressMsg) tea.Cmd {
	cmd, act := d.HandleKey(msg)
	return tea.Batch(cmd, m.onDialogAction(d, act))
}

// onDialogAction carries out what dialog d asked for.
func (m *Model) onDialogAction(d Dialog, act any) tea.Cmd {
	switch a := act.(type) {
	case closeDialog:
		m.remove(d)
		if m.top() == nil {
			return m.focusCmd()
		}
	case gatewayAdd:
		return m.addAgent(a.url)
	case contextAction:
		return m.contextsAction(d.(*contextsView), a)
	}
	return nil
}

// drawDialogs draws the stack over screen: the topmost full-screen
// dialog replaces what is under it, the others sit over it in a box.
func (m *Model) drawDialogs(screen string) string {
	start := 0
	for i, d := range m.dialogs {
		if d.Full() {
			start = i
		}
	}
	for _, d := range m.dialogs[start:] {
		if d.Full() {
			screen = d.View(m.st, m.width, m.height)
			continue
		}
		screen = overlay(screen, d.View(m.st, m.width, m.height), m.width, m.height)
	}
	return screen
}
