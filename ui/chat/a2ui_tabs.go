package chat

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session/a2ui"
)

// A2UI's Tabs and Modal in the chat. A Tabs draws its titles in a row,
// the chosen one bracketed, and only the chosen tab's content; the form's
// cursor stops on the row, the arrows move among the titles and enter (or
// space, or a click on a title) shows one. A Modal draws its trigger as a
// button; pressing it shows the content framed below it, its inputs in
// the tab order, and esc folds it back. Which tab is chosen and which
// modal is open is the chat's, by node, not the agent's: nothing is sent.

// tabOf is the index of the tab shown of Tabs node n: the first until
// the user chooses another.
func (f *forms) tabOf(surface string, n *a2ui.Node) int {
	i := f.tab[nodeAt{surface: surface, key: n.Key}]
	return max(0, min(i, len(n.Children)-1))
}

// tabCursor is the title of Tabs node n the arrows are at.
func (f *forms) tabCursor(surface string, n *a2ui.Node) int {
	if f.cursor.key == n.Key && f.cursor.i < len(n.Children) {
		return f.cursor.i
	}
	return f.tabOf(surface, n)
}

// chooseTab shows tab i of Tabs node n.
func (f *forms) chooseTab(surface string, n *a2ui.Node, i int) {
	if f.tab == nil {
		f.tab = map[nodeAt]int{}
	}
	f.tab[nodeAt{surface: surface, key: n.Key}] = i
	f.cursor = optionAt{key: n.Key, i: i}
}

// isOpen reports whether Modal node n shows its content.
func (f *forms) isOpen(surface string, n *a2ui.Node) bool {
	return f.open[nodeAt{surface: surface, key: n.Key}]
}

func (f *forms) setOpen(surface string, n *a2ui.Node, open bool) {
	if f.open == nil {
		f.open = map[nodeAt]bool{}
	}
	f.open[nodeAt{surface: surface, key: n.Key}] = open
}

// stops lists a surface's inputs and buttons in tab order, with the
// title row of each Tabs and the trigger of each Modal; the content of a
// tab not shown, or of a modal not open, has none.
func (f *forms) stops(surface string, root *a2ui.Node) []*a2ui.Node {
	var out []*a2ui.Node
	var walk func(x *a2ui.Node)
	walk = func(x *a2ui.Node) {
		switch {
		case x.Kind == a2ui.KindTabs:
			if len(x.Children) > 0 {
				out = append(out, x)
				walk(x.Children[f.tabOf(surface, x)])
			}
			return
		case x.Kind == a2ui.KindModal:
			out = append(out, x)
			if f.isOpen(surface, x) && len(x.Children) > 1 {
				walk(x.Children[1])
			}
			return
		case x.IsInput() || x.Kind == a2ui.KindButton:
			out = append(out, x)
		}
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(root)
	return out
}

// openModalAround is the innermost open Modal of root whose trigger is
// the node with key, or whose content holds it; nil when none is.
func (f *forms) openModalAround(surface string, root *a2ui.Node, key string) *a2ui.Node {
	var found *a2ui.Node
	var walk func(x *a2ui.Node, inside *a2ui.Node)
	walk = func(x *a2ui.Node, inside *a2ui.Node) {
		if x.Kind == a2ui.KindModal && f.isOpen(surface, x) {
			if x.Key == key {
				found = x
				return
			}
			if len(x.Children) > 1 {
				walk(x.Children[1], x)
			}
			return
		}
		if x.Key == key && inside != nil {
			found = inside
			return
		}
		for _, c := range x.Children {
			if found == nil {
				walk(c, inside)
			}
		}
	}
	walk(root, nil)
	return found
}

// tabsModalKey acts on a key while the focus is on a Tabs' titles or a
// Modal's trigger, or on esc inside an open modal; false when the key is
// not theirs.
func (c *Pane) tabsModalKey(s *a2ui.Surface, root, n *a2ui.Node, msg tea.KeyPressMsg) bool {
	k := &c.formKeys
	f := &c.forms
	surface := f.focus.surface
	if key.Matches(msg, k.Leave) {
		m := f.openModalAround(surface, root, n.Key)
		if m == nil {
			return false
		}
		f.setOpen(surface, m, false)
		c.focusNode(surface, m)
		return true
	}
	activate := key.Matches(msg, k.Press) || key.Matches(msg, k.Toggle)
	switch n.Kind {
	case a2ui.KindTabs:
		switch {
		case activate:
			f.chooseTab(surface, n, f.tabCursor(surface, n))
		case key.Matches(msg, k.Left), key.Matches(msg, k.Right):
			step := 1
			if key.Matches(msg, k.Left) {
				step = -1
			}
			f.cursor = optionAt{key: n.Key, i: (f.tabCursor(surface, n) + step + len(n.Children)) % len(n.Children)}
		default:
			return false
		}
		c.focusNode(surface, n)
		return true
	case a2ui.KindModal:
		if !activate {
			return false
		}
		c.toggleModal(s, n)
		return true
	}
	return false
}

// toggleModal opens Modal node n, the focus going to its content's first
// input or button, or folds it back.
func (c *Pane) toggleModal(s *a2ui.Surface, n *a2ui.Node) {
	f := &c.forms
	surface := s.Key()
	open := !f.isOpen(surface, n)
	f.setOpen(surface, n, open)
	if open && len(n.Children) > 1 {
		if in := f.stops(surface, n.Children[1]); len(in) > 0 {
			c.focusNode(surface, in[0])
			return
		}
	}
	c.focusNode(surface, n)
}

// tabsModalClick acts on a click on a Tabs' titles (shows the tab whose
// title is at cell x of line) or a Modal's trigger (opens or folds it).
func (c *Pane) tabsModalClick(s *a2ui.Surface, n *a2ui.Node, line string, x int) {
	f := &c.forms
	if n.Kind == a2ui.KindModal {
		c.toggleModal(s, n)
		return
	}
	if i := tabAtCell(line, n, f.tabOf(s.Key(), n), x); i >= 0 {
		f.chooseTab(s.Key(), n, i)
	}
	c.focusNode(s.Key(), n) // draws again
}

// tabFace is a tab's title as the row shows it: bracketed when shown,
// padded to the same width when not.
func tabFace(n *a2ui.Node, i int, shown bool) string {
	title := n.Children[i].Title
	if title == "" {
		title = "tab " + strconv.Itoa(i+1)
	}
	if shown {
		return "[" + title + "]"
	}
	return " " + title + " "
}

// tabAtCell is the tab whose title is drawn at cell x of line (its
// drawing, without colour), -1 for none.
func tabAtCell(line string, n *a2ui.Node, shown, x int) int {
	from := 0
	for i := range n.Children {
		face := tabFace(n, i, i == shown)
		j := strings.Index(line[from:], face)
		if j < 0 {
			continue // on another line of a wrapped row
		}
		start := ansi.StringWidth(line[:from+j])
		if x >= start && x < start+ansi.StringWidth(face) {
			return i
		}
		from += j + len(face)
	}
	return -1
}

// tabs draws a Tabs node: its titles, wrapped to w, then the shown tab.
func (d drawer) tabs(n *a2ui.Node, w int) []uiLine {
	if len(n.Children) == 0 {
		return nil
	}
	st := d.c.st
	f := &d.c.forms
	shown, cursor := f.tabOf(d.surface, n), -1
	if d.focused(n) {
		cursor = f.tabCursor(d.surface, n)
	}
	var out []uiLine
	line, lw := "", 0
	for i := range n.Children {
		face := tabFace(n, i, i == shown)
		fw := ansi.StringWidth(face)
		if lw > 0 && lw+1+fw > w {
			out = append(out, uiLine{s: line})
			line, lw = "", 0
		}
		style := st.Text.Render
		switch {
		case d.closed:
			style = st.Muted.Render
		case i == cursor:
			style = st.Selected.Render
		case i == shown:
			style = st.Accent.Render
		}
		if lw > 0 {
			line += st.Muted.Render("│")
			lw++
		}
		line += style(face)
		lw += fw
	}
	out = append(out, uiLine{s: line})
	if !d.closed {
		for i := range out {
			out[i].key = n.Key
		}
	}
	return append(out, indent(d.node(n.Children[shown], w-2), "  ")...)
}

// modal draws a Modal node: its trigger as a button, and below it, when
// open, its content in a frame.
func (d drawer) modal(n *a2ui.Node, w int) []uiLine {
	if len(n.Children) == 0 {
		return nil
	}
	open := d.c.forms.isOpen(d.surface, n)
	face := "[ " + triggerFace(n.Children[0]) + " ]"
	if open && !d.closed {
		face += " ▾ (esc closes)"
	} else {
		face += " ▸"
	}
	out := d.tagged(n, face, w)
	if open && len(n.Children) > 1 {
		out = append(out, d.box("", d.node(n.Children[1], w-4), w)...)
	}
	return out
}

// triggerFace is the text a modal's trigger shows: every text in it
// (a button's label), else its id.
func triggerFace(n *a2ui.Node) string {
	var words []string
	n.Walk(func(x *a2ui.Node) {
		if x.Kind == a2ui.KindText && x.Text != "" {
			words = append(words, a2ui.OneLine(x.Text))
		}
	})
	if len(words) == 0 {
		return n.ID
	}
	return strings.Join(words, " ")
}
