package panes

import (
	"cmp"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// maxComposerLines is how tall the composer grows before it scrolls.
const maxComposerLines = 6

// Composer is the multi-line message editor with input history and
// attachments.
type Composer struct {
	st          *styles.Styles
	keys        keys.Composer
	ta          textarea.Model
	w           int
	history     []string
	histIdx     int // len(history) when editing a new message
	draft       string
	attachments []a2aclient.Part
}

// NewComposer is an empty composer drawn in st, acting on the user's
// composer keys.
func NewComposer(st *styles.Styles, km keys.Composer) *Composer {
	ta := textarea.New()
	ta.Prompt = "> "
	ta.Placeholder = placeholder
	ta.ShowLineNumbers = false
	ta.CharLimit = 0
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = maxComposerLines
	ta.MaxContentHeight = 0
	ta.KeyMap = keys.ComposerTextKeyMap()
	// Enter sends; the composer's own newline keys insert a line break.
	ta.KeyMap.InsertNewline = key.NewBinding(key.WithKeys(km.Newline.Keys()...))
	// The terminal's own cursor, placed by the View: the textarea's
	// drawn one blinks by redrawing, a frame every half second at idle.
	ta.SetVirtualCursor(false)
	c := &Composer{st: st, keys: km, ta: ta}
	c.SetStyles(st)
	return c
}

func (c *Composer) SetStyles(st *styles.Styles) {
	c.st = st
	s := textarea.DefaultStyles(st.Theme.Dark)
	s.Focused.Prompt = st.Accent
	s.Focused.Text = st.Text
	s.Focused.Placeholder = st.Muted
	s.Focused.CursorLine = st.Text
	s.Blurred.Text = st.Muted
	s.Blurred.Placeholder = st.Muted
	c.ta.SetStyles(s)
}

// SetSize sets the width the text wraps at; the composer's height is its
// own (Height), growing with the text up to maxComposerLines.
func (c *Composer) SetSize(w, _ int) {
	c.w = w
	c.ta.SetWidth(w)
}

// Height is the number of lines the composer needs now, attachments
// included.
func (c *Composer) Height() int {
	h := min(max(c.ta.LineCount(), 1), maxComposerLines)
	if len(c.attachments) > 0 {
		h++
	}
	return h
}

func (c *Composer) Focus() tea.Cmd { return c.ta.Focus() }
func (c *Composer) Blur()          { c.ta.Blur() }
func (c *Composer) Focused() bool  { return c.ta.Focused() }
func (c *Composer) Value() string  { return c.ta.Value() }
func (c *Composer) Empty() bool {
	return strings.TrimSpace(c.ta.Value()) == "" && len(c.attachments) == 0
}

// placeholder is what an empty composer shows.
const placeholder = "Message the agent…"

// SetPlaceholder is what the empty composer shows; "" is the usual
// words (the compare view says every column gets the message).
func (c *Composer) SetPlaceholder(s string) {
	c.ta.Placeholder = cmp.Or(s, placeholder)
}

// SetValue replaces the text, e.g. with an example prompt.
func (c *Composer) SetValue(s string) {
	c.ta.SetValue(s)
	c.ta.MoveToEnd()
}

// Stash keeps the text being written in the history, as if sent, so
// ctrl+p brings it back after an example replaced it. It says whether
// there was a draft to keep.
func (c *Composer) Stash() bool {
	text := c.ta.Value()
	if strings.TrimSpace(text) == "" {
		return false
	}
	if len(c.history) == 0 || c.history[len(c.history)-1] != text {
		c.history = append(c.history, text)
	}
	c.histIdx, c.draft = len(c.history), ""
	return true
}

// Attach adds a file part to the next message.
func (c *Composer) Attach(p a2aclient.Part) { c.attachments = append(c.attachments, p) }

// Take returns the message to send and clears the composer, recording the
// text in the history.
func (c *Composer) Take() (string, []a2aclient.Part) {
	text := c.ta.Value()
	atts := c.attachments
	if strings.TrimSpace(text) != "" && (len(c.history) == 0 || c.history[len(c.history)-1] != text) {
		c.history = append(c.history, text)
	}
	c.histIdx = len(c.history)
	c.draft = ""
	c.attachments = nil
	c.ta.Reset()
	return text, atts
}

// Update edits the text on a key (send, attach and the global keys are
// the root's, which sees them first) and takes a paste or the cursor's
// blink; it asks the root for nothing.
func (c *Composer) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, c.keys.HistPrev):
			c.recall(-1)
			return nil, nil
		case key.Matches(k, c.keys.HistNext):
			c.recall(1)
			return nil, nil
		}
	}
	var cmd tea.Cmd
	c.ta, cmd = c.ta.Update(msg)
	return cmd, nil
}

// recall walks the input history; the unsent draft is kept at the end.
func (c *Composer) recall(dir int) {
	if len(c.history) == 0 {
		return
	}
	if c.histIdx == len(c.history) {
		c.draft = c.ta.Value()
	}
	c.histIdx = min(max(c.histIdx+dir, 0), len(c.history))
	if c.histIdx == len(c.history) {
		c.SetValue(c.draft)
		return
	}
	c.SetValue(c.history[c.histIdx])
}

// View is the editor plus a line naming the attachments.
func (c *Composer) View(st *styles.Styles) string {
	c.st = st
	v := c.ta.View()
	if len(c.attachments) > 0 {
		var names []string
		for _, a := range c.attachments {
			if a.File != nil {
				names = append(names, fmt.Sprintf("%s (%s)", a.File.Name, styles.ByteSize(len(a.File.Bytes))))
			}
		}
		v += "\n" + c.st.Info.Render(styles.Clip("📎 "+strings.Join(names, ", "), c.w))
	}
	return v
}

// Cursor is the textarea's real cursor, for the View's cursor position.
func (c *Composer) Cursor() *tea.Cursor { return c.ta.Cursor() }

func (c *Composer) ShortHelp() []key.Binding {
	return []key.Binding{c.keys.Send, c.keys.Newline, c.keys.Example, c.keys.Attach}
}

func (c *Composer) FullHelp() [][]key.Binding {
	return [][]key.Binding{{c.keys.Send, c.keys.Newline, c.keys.Attach}, {c.keys.HistPrev, c.keys.HistNext, c.keys.Example}}
}
