// Package dialog is the overlay of modals (Overlay, the stack the root
// keeps) and the dialogs it holds: prompts and their controllers (the
// sign-in, the trust question), the stored conversations and search, and
// a gateway's agents. The help (ui/keys) and the wire view (ui/wire) are
// dialogs of the overlay too.
package dialog

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/styles"
)

// Dialog is a modal on the overlay's stack: a component (Update, SetSize,
// View) with a name and a shape. The dialog on top takes every key; the
// root keeps the layout and the focus, and acts on the actions a dialog
// returns. A dialog holds what it was given when it was built (keys,
// callbacks, the store it lists) and never reaches into the root's
// fields.
//
// The modals, all of them:
//   - Prompt (prompt.go): a line of text, a secret, a path or a yes/no;
//     the sign-in (signin*.go) and the trust question (trust.go) are
//     prompts driven by a controller.
//   - Contexts (contexts.go): the stored conversations, full screen.
//   - Gateway (gateway.go): the agents behind a gateway, to add.
//   - Doctor (doctor.go): parley doctor's checks on one agent, listed
//     as they run.
//   - Raw (raw.go, raw_view.go): requests written in one agent's
//     binding, the last few kept with their replies.
//   - keys.Help (ui/keys/help.go): every key, full screen.
//   - wire.View (ui/wire/view.go): the raw traffic, full screen; an
//     entry expands to its whole body and copies.
type Dialog interface {
	component.Component
	// ID names what the dialog is: the overlay delivers a message
	// addressed to that name (component.Addressed) to the topmost
	// dialog of that name.
	ID() string
	// Full says the dialog replaces the screen instead of sitting over
	// it in a centred box.
	Full() bool
}

// Overlay is the stack of dialogs. It gives the top one every message
// the root passes it, delivers an addressed message to the topmost
// dialog of its name, takes a dialog off when it returns
// component.Close, and draws them over the screen.
type Overlay struct {
	dialogs []Dialog
}

// Open puts d on top.
func (o *Overlay) Open(d Dialog) { o.dialogs = append(o.dialogs, d) }

// Top is the dialog that takes the keys, nil for none.
func (o *Overlay) Top() Dialog {
	if n := len(o.dialogs); n > 0 {
		return o.dialogs[n-1]
	}
	return nil
}

// Empty says no dialog is open.
func (o *Overlay) Empty() bool { return len(o.dialogs) == 0 }

// Has says a dialog named id is open.
func (o *Overlay) Has(id string) bool { return o.find(id) >= 0 }

// Holds says d itself is on the stack.
func (o *Overlay) Holds(d Dialog) bool {
	for _, x := range o.dialogs {
		if d != nil && x == d {
			return true
		}
	}
	return false
}

// Close takes the topmost dialog named id off the stack.
func (o *Overlay) Close(id string) {
	if i := o.find(id); i >= 0 {
		o.remove(i)
	}
}

// CloseAll empties the stack.
func (o *Overlay) CloseAll() { o.dialogs = nil }

// Full says a dialog that replaces the screen is open: the screen under
// it need not be drawn.
func (o *Overlay) Full() bool {
	for _, d := range o.dialogs {
		if d.Full() {
			return true
		}
	}
	return false
}

// Update gives msg to the top dialog. A dialog that returns
// component.Close is taken off the stack; the action is returned for
// the root all the same.
func (o *Overlay) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	if len(o.dialogs) == 0 {
		return nil, nil
	}
	return o.updateAt(len(o.dialogs)-1, msg)
}

// Deliver gives msg to the topmost dialog named msg.To(); ok is false
// when none is open.
func (o *Overlay) Deliver(msg component.Addressed) (cmd tea.Cmd, act component.Action, ok bool) {
	i := o.find(msg.To())
	if i < 0 {
		return nil, nil, false
	}
	cmd, act = o.updateAt(i, msg)
	return cmd, act, true
}

func (o *Overlay) updateAt(i int, msg tea.Msg) (tea.Cmd, component.Action) {
	d := o.dialogs[i]
	cmd, act := d.Update(msg)
	if _, ok := act.(component.Close); ok {
		for j, x := range o.dialogs { // the one that asked, wherever it is now
			if x == d {
				o.remove(j)
				break
			}
		}
	}
	return cmd, act
}

func (o *Overlay) find(id string) int {
	for i := len(o.dialogs) - 1; i >= 0; i-- {
		if o.dialogs[i].ID() == id {
			return i
		}
	}
	return -1
}

func (o *Overlay) remove(i int) {
	o.dialogs = append(o.dialogs[:i:i], o.dialogs[i+1:]...)
}

// Draw draws the stack over screen, w×h cells: the topmost full-screen
// dialog replaces what is under it, the others sit over it in a box.
func (o *Overlay) Draw(st *styles.Styles, screen string, w, h int) string {
	start := 0
	for i, d := range o.dialogs {
		if d.Full() {
			start = i
		}
	}
	for _, d := range o.dialogs[start:] {
		d.SetSize(w, h)
		if d.Full() {
			screen = d.View(st)
			continue
		}
		screen = centre(screen, d.View(st), w, h)
	}
	return screen
}

// centre draws dialog centred over screen.
func centre(screen, dialog string, w, h int) string {
	lines := strings.Split(screen, "\n")
	dl := strings.Split(dialog, "\n")
	dw := 0
	for _, l := range dl {
		dw = max(dw, ansi.StringWidth(l))
	}
	x := max((w-dw)/2, 0)
	y := max((h-len(dl))/2, 0)
	for i, l := range dl {
		if y+i >= len(lines) {
			break
		}
		base := lines[y+i]
		left := ansi.Truncate(base, x, "")
		left += strings.Repeat(" ", max(x-ansi.StringWidth(left), 0))
		right := ansi.TruncateLeft(base, x+dw, "")
		lines[y+i] = left + l + right
	}
	return strings.Join(lines, "\n")
}
