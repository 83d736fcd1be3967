// Package component is the contract every pane and dialog of ui keeps,
// and the shape of ui's own messages.
package component

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/styles"
)

// Msg is a message of ui's own. Every message type ui defines is one: it
// says what it may change on screen, which is all the frame cache
// (ui/frame.go) reads of it. TestEveryMessageSaysWhatItRedraws fails on
// a message type that does not say.
type Msg interface {
	Redraws() Redraw
}

// Redraw is what a message may change on screen.
type Redraw uint8

const (
	// RedrawAll: anything. The panes and the composer are drawn again
	// at once.
	RedrawAll Redraw = iota
	// RedrawStream: only what streams in (a conversation's items, the
	// clock, the wire log, a render come back). The panes are drawn at
	// most once a frame; the composer, which none of these reach, is
	// kept as last drawn.
	RedrawStream
	// RedrawFooter: at most the footer (a status line's time is up, the
	// frame's own tick). The panes and the composer are kept.
	RedrawFooter
)

// Addressed is a message for one component, sent by the component's own
// commands: the root hands it on unread to the pane or the dialog To
// names.
type Addressed interface {
	Msg
	To() string
}

// Droppable is an addressed message that holds something to let go of
// when no component takes it (a sign-in flow started for a dialog that
// has closed since).
type Droppable interface {
	Addressed
	Drop()
}

// Action is what a component asks of its owner after a message: nil for
// nothing, or a value of a type of the component's own that the owner
// acts on.
type Action any

// Close is the action that takes the dialog returning it off the stack.
type Close struct{}

// Component is the contract every pane and dialog keeps. The owner
// tells it its size, gives it the messages that are its (a key while it
// has the keyboard, the mouse over it, what its own commands send back)
// and draws it; what it needs of the owner it returns as an Action.
type Component interface {
	// Update takes a message and returns a command to run and an
	// action for the owner.
	Update(msg tea.Msg) (tea.Cmd, Action)
	// SetSize sets the cells it draws in: a pane's inside, a dialog's
	// screen.
	SetSize(w, h int)
	// View draws it at that size.
	View(st *styles.Styles) string
}

// ClickMsg is a left click on a pane: on Row of its inside (-1 is the
// top border) at cell Col from its inside's left edge, Again when the
// pane had the keyboard already.
type ClickMsg struct {
	Row   int
	Col   int
	Again bool
}

func (ClickMsg) Redraws() Redraw { return RedrawAll }

// WheelRows is how far one notch of the mouse wheel scrolls.
const WheelRows = 3

// WheelCursor moves a list's cursor one row for a notch of the wheel,
// within the list's n rows.
func WheelCursor(cursor, n int, up bool) int {
	return min(max(cursor+WheelStep(up)/WheelRows, 0), max(n-1, 0))
}

// WheelStep is one notch of the wheel in rows, negative going up.
func WheelStep(up bool) int {
	if up {
		return -WheelRows
	}
	return WheelRows
}

// StatusMsg puts a line on the status bar, from any component's
// command.
type StatusMsg struct {
	Text  string
	IsErr bool
}

func (StatusMsg) Redraws() Redraw { return RedrawAll }

// Status is a command that puts text on the status bar.
func Status(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text, IsErr: isErr} }
}
