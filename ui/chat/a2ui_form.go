package chat

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
)

// PressButton asks the root to send what pressing a form's button built:
// the userAction (v0.8) or action (v0.9) part, on the task the surface
// belongs to; Surfaces are the conversation's, whose data models
// v0.9's sendDataModel asks to be sent along. Note is the user's turn
// as the transcript shows it: the button's face and the values sent.
type PressButton struct {
	TaskID   string
	Part     a2aclient.Part
	Surfaces *a2ui.Surfaces
	Note     string
}

// OpenLink asks the root to open a form button's web page (an http or
// https address), after the user confirms.
type OpenLink struct{ URL string }

// SetFormKeys sets the keys that act while a form is filled in.
func (c *Pane) SetFormKeys(k keys.Form) { c.formKeys = k }

// Editing reports whether the user is filling in a form: every key then
// goes to the chat (Form's keys, and typing into the focused field).
func (c *Pane) Editing() bool { return c.forms.editing }

// formHelp is the footer's help while a form is filled in.
func (c *Pane) formHelp() []key.Binding {
	k := c.formKeys
	return []key.Binding{k.Next, k.Toggle, k.Right, k.Press, k.Leave}
}

// startForm starts filling in the form the selected item shows, else
// the newest form; it focuses its first input or button.
func (c *Pane) startForm() tea.Cmd {
	f := &c.forms
	var ids []string
	if ci := c.selected(); ci != nil {
		ids = f.owned[ci.it.Key]
	}
	if len(ids) == 0 {
		for _, s := range f.live() {
			ids = append(ids, s.Key())
		}
	}
	for i := len(ids) - 1; i >= 0; i-- {
		if _, root := c.surfaceAt(nodeAt{surface: ids[i]}); root != nil {
			if st := f.stops(ids[i], root); len(st) > 0 {
				c.focusNode(ids[i], st[0])
				return component.Status("Filling in the agent's form: "+keys.FirstKey(c.formKeys.Next)+" moves, "+
					keys.FirstKey(c.formKeys.Press)+" presses a button, "+keys.FirstKey(c.formKeys.Leave)+" leaves.", false)
			}
		}
	}
	if f.surfaces != nil && len(f.surfaces.List()) > 0 {
		return component.Status("No form waits for you: the agent's forms here belong to tasks that ended.", false)
	}
	return component.Status("No form waits for you: the agent has sent none here.", false)
}

func (c *Pane) focusNode(surface string, n *a2ui.Node) {
	at := nodeAt{surface: surface, key: n.Key}
	if c.forms.focus != at {
		c.forms.caret = caretAt{}
		c.forms.leaveInput()
	}
	c.forms.editing = true
	c.forms.focus = at
	c.a2uiRedraw()
	c.showFocus()
}

// showFocus scrolls the chat so the focused input or button is on
// screen, and selects the item that draws it.
func (c *Pane) showFocus() {
	f := &c.forms
	i, ok := c.byKey[f.owner[f.focus.surface]]
	if !ok || i >= len(c.items) {
		return
	}
	ci := c.items[i]
	l := c.render(ci) // fills f.rows for the item
	rows := f.rows[ci.it.Key]
	start, row := -1, -1
	for k := 0; k < l.n && start < 0; k++ {
		if l.line(k) == rows.first {
			start = k
		}
	}
	for r, at := range rows.at {
		if at == f.focus && (row < 0 || r < row) {
			row = r
		}
	}
	if start < 0 || row < 0 {
		return
	}
	c.sel = i
	at := pos{i, ci.gap + start + row}
	top := c.viewTop()
	bottom, _ := c.down(top, c.h-1)
	switch {
	case at.before(top):
		c.top, _ = c.up(at, min(2, c.h/4))
	case bottom.before(at):
		c.top, _ = c.up(at, c.h-1-min(2, c.h/4))
	default:
		return
	}
	c.follow = false
	c.settle()
}

// formKey acts on a key while a form is filled in.
func (c *Pane) formKey(msg tea.KeyPressMsg) (tea.Cmd, component.Action) {
	k := &c.formKeys
	f := &c.forms
	s, root := c.surfaceAt(f.focus)
	if root != nil {
		if n := findKey(root, f.focus.key); n != nil && c.tabsModalKey(s, root, n, msg) {
			return nil, nil
		}
	}
	if key.Matches(msg, k.Leave) || root == nil {
		f.editing = false
		f.leaveInput()
		c.a2uiRedraw()
		return nil, nil
	}
	all := f.stops(f.focus.surface, root)
	n := findKey(root, f.focus.key)
	if n == nil {
		if len(all) == 0 {
			f.editing = false
			c.a2uiRedraw()
			return nil, nil
		}
		n = all[0]
	}
	text := n.Kind == a2ui.KindTextField || n.Kind == a2ui.KindDateTime
	var err error
	edit := true // whether the key changes n's value; the cases that do not say so
	switch {
	case key.Matches(msg, k.Next), key.Matches(msg, k.Prev):
		step := 1
		if key.Matches(msg, k.Prev) {
			step = -1
		}
		i := 0
		for j, x := range all {
			if x.Key == n.Key {
				i = j
			}
		}
		n, edit = all[(i+step+len(all))%len(all)], false
	case key.Matches(msg, k.Press) && n.Kind == a2ui.KindButton:
		return c.press(s, n)
	case key.Matches(msg, k.Press):
		edit = false
		for j, x := range all { // enter in an input goes on to the next
			if x.Key == n.Key && j+1 < len(all) {
				n = all[j+1]
			}
		}
	case key.Matches(msg, k.Erase) && text:
		v, i := f.caretIn(n)
		if i > 0 {
			_, size := utf8.DecodeLastRuneInString(v[:i])
			err = s.Enter(n, v[:i-size]+v[i:])
			f.caret = caretAt{key: n.Key, at: i - size, set: true}
		}
	case key.Matches(msg, k.Toggle) && !text:
		err = c.toggle(s, n)
	case text && (key.Matches(msg, k.Left) || key.Matches(msg, k.Right)):
		v, i := f.caretIn(n)
		if key.Matches(msg, k.Left) && i > 0 {
			_, size := utf8.DecodeLastRuneInString(v[:i])
			i -= size
		} else if key.Matches(msg, k.Right) && i < len(v) {
			_, size := utf8.DecodeRuneInString(v[i:])
			i += size
		}
		f.caret, edit = caretAt{key: n.Key, at: i, set: true}, false
	case text && key.Matches(msg, k.Start):
		f.caret, edit = caretAt{key: n.Key, at: 0, set: true}, false
	case text && key.Matches(msg, k.End):
		f.caret, edit = caretAt{}, false
	case key.Matches(msg, k.Left), key.Matches(msg, k.Right):
		step := 1
		if key.Matches(msg, k.Left) {
			step = -1
		}
		err = c.nudge(s, n, step)
	case text && msg.Text != "":
		v, i := f.caretIn(n)
		err = s.Enter(n, v[:i]+msg.Text+v[i:])
		if f.caret.set {
			f.caret.at = i + len(msg.Text)
		}
	default:
		edit = false
	}
	if edit && err == nil {
		f.markEdited(nodeAt{surface: f.focus.surface, key: n.Key})
	}
	c.focusNode(f.focus.surface, n)
	if err != nil {
		return component.Status(err.Error(), true), nil
	}
	return nil, nil
}

// toggle flips a check box; on a choice it takes or drops the option
// the arrows last moved to (the first chosen one, else the first).
func (c *Pane) toggle(s *a2ui.Surface, n *a2ui.Node) error {
	switch n.Kind {
	case a2ui.KindCheckBox:
		return s.Enter(n, !n.Checked)
	case a2ui.KindChoice:
		if len(n.Options) == 0 {
			return nil
		}
		i := c.forms.option(n)
		var chosen []any
		for j, o := range n.Options {
			if o.Chosen != (j == i) || !n.Multiple && j == i {
				chosen = append(chosen, o.Value)
			}
		}
		if !n.Multiple {
			chosen = []any{n.Options[i].Value}
		}
		if n.MaxSelections > 0 && len(chosen) > n.MaxSelections {
			return nil
		}
		return s.Enter(n, chosen)
	}
	return nil
}

// nudge moves a slider by a step, and a choice's option: a single
// choice chooses it, a multiple one only moves to it for toggle.
func (c *Pane) nudge(s *a2ui.Surface, n *a2ui.Node, dir int) error {
	switch n.Kind {
	case a2ui.KindSlider:
		step := 1.0
		if n.Max-n.Min < 10 {
			step = (n.Max - n.Min) / 10
		}
		v := min(max(n.Number+float64(dir)*step, n.Min), n.Max)
		return s.Enter(n, v)
	case a2ui.KindChoice:
		if len(n.Options) == 0 {
			return nil
		}
		i := (c.forms.option(n) + dir + len(n.Options)) % len(n.Options)
		c.forms.cursor = optionAt{key: n.Key, i: i}
		if !n.Multiple {
			return s.Enter(n, []any{n.Options[i].Value})
		}
	}
	return nil
}

// caretAt is where typing goes in a text field, as a byte offset into
// its value on a rune boundary; unset, at its end.
type caretAt struct {
	key string
	at  int
	set bool
}

// caretIn is the value of text field n and the caret's offset in it.
func (f *forms) caretIn(n *a2ui.Node) (string, int) {
	v, at := n.Value, f.caret.at
	switch {
	case !f.caret.set || f.caret.key != n.Key || at < 0 || at > len(v):
		return v, len(v)
	case at < len(v) && !utf8.RuneStart(v[at]):
		return v, len(v) // the value changed under the caret
	}
	return v, at
}

// optionAt is the option of a choice the arrows moved to.
type optionAt struct {
	key string
	i   int
}

// option is the option of choice n the arrows are at.
func (f *forms) option(n *a2ui.Node) int {
	if f.cursor.key == n.Key && f.cursor.i < len(n.Options) {
		return f.cursor.i
	}
	for i, o := range n.Options {
		if o.Chosen {
			return i
		}
	}
	return 0
}

// press builds what button n sends, and leaves the form; a disabled
// button says why, and one that opens a web page asks the root to, which
// asks the user first.
func (c *Pane) press(s *a2ui.Surface, n *a2ui.Node) (tea.Cmd, component.Action) {
	switch {
	case !n.Enabled:
		c.forms.triedOn(s)
		c.a2uiRedraw()
		why := "its form is not filled in yet"
		if len(n.Problems) > 0 {
			why = strings.Join(n.Problems, "; ")
		}
		return component.Status("That button is disabled: "+why+".", true), nil
	case n.NeedsConfirm():
		return nil, OpenLink{URL: n.OpenURL}
	}
	if st, done := c.forms.closed(s); done {
		return component.Status("That form is closed: its task is "+string(st)+" and takes no more messages; start a new task.", true), nil
	}
	part, err := s.Action(n, c.now)
	if err != nil {
		return component.Status("Could not press the button: "+err.Error()+".", true), nil
	}
	c.forms.editing = false
	if c.forms.sent == nil {
		c.forms.sent = map[*a2ui.Surface]string{}
	}
	c.forms.sent[s] = buttonFace(n)
	c.a2uiRedraw()
	return nil, PressButton{TaskID: s.Task, Part: part, Surfaces: c.forms.surfaces, Note: a2ui.ActionSummary(buttonFace(n), part)}
}

// a2uiClick acts on a click at cell x of row y on an input (focuses it;
// a check box also toggles, and a choice takes the option clicked) or a
// button (presses it); ok is false for a click on anything else.
func (c *Pane) a2uiClick(y, x int) (cmd tea.Cmd, act component.Action, ok bool) {
	if len(c.items) == 0 || y < 0 || y >= c.h || c.forms.rows == nil {
		return nil, nil, false
	}
	p, moved := c.down(c.viewTop(), y)
	if moved != y {
		return nil, nil, false
	}
	ci := c.items[p.item]
	rows := c.forms.rows[ci.it.Key]
	if rows.first == "" {
		return nil, nil, false
	}
	l := c.render(ci)
	start := -1
	for k := 0; k < l.n && start < 0; k++ {
		if l.line(k) == rows.first {
			start = k
		}
	}
	at, hit := rows.at[p.line-ci.gap-start]
	if start < 0 || !hit {
		return nil, nil, false
	}
	s, root := c.surfaceAt(at)
	n := findKey(root, at.key)
	if n == nil {
		return nil, nil, false
	}
	c.sel = p.item
	if n.Kind == a2ui.KindTabs || n.Kind == a2ui.KindModal {
		c.tabsModalClick(s, n, ansi.Strip(l.line(p.line-ci.gap)), x)
		return nil, nil, true
	}
	if n.Kind == a2ui.KindButton {
		cmd, act := c.press(s, n)
		return cmd, act, true
	}
	c.focusNode(at.surface, n)
	var err error
	switch n.Kind {
	case a2ui.KindCheckBox:
		err = c.toggle(s, n)
	case a2ui.KindChoice:
		if i := optionAtCell(ansi.Strip(l.line(p.line-ci.gap)), n, x); i >= 0 {
			c.forms.cursor = optionAt{key: n.Key, i: i}
			err = c.toggle(s, n)
		}
	}
	c.a2uiRedraw()
	if err != nil {
		return component.Status(err.Error(), true), nil, true
	}
	return nil, nil, true
}

// optionAtCell is the option of choice n drawn at cell x of line (its
// drawing, without colour), -1 when none is: the options are found where
// the line shows them all, one after another.
func optionAtCell(line string, n *a2ui.Node, x int) int {
	all := a2ui.Choices(n)
	j := strings.Index(line, all)
	if j < 0 || x < 0 {
		return -1
	}
	cell := x - ansi.StringWidth(line[:j])
	for i, o := range n.Options {
		face := a2ui.ChoiceMark(n, o) + " " + o.Label
		w := ansi.StringWidth(face)
		if cell >= 0 && cell < w {
			return i
		}
		cell -= w + 2 // the two spaces between options
	}
	return -1
}
