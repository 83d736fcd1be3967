package chat

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// An A2UI part (a data part marked as A2UI) in the chat: the surfaces an
// item made are drawn where its first A2UI part is, as they are now, and
// drawn again in place as later messages change them; a later part that
// only changes them says so in a line. Any other data part is drawn as
// data, as before. Copying takes the part's JSON.
func init() {
	data := partViews[a2aclient.PartData]
	partViews[a2aclient.PartData] = partView{
		lines: func(c *Pane, ci *chatItem, p a2aclient.Part, w int) ([]string, bool) {
			if a2ui.IsPart(p) && ci != nil {
				return c.a2uiView(ci, p, w), false
			}
			return data.lines(c, ci, p, w)
		},
		copy: data.copy,
	}
}

// uiLine is one drawn line and the input or button on it ("" for none).
type uiLine struct {
	s   string
	key string
}

func (c *Pane) a2uiView(ci *chatItem, p a2aclient.Part, w int) []string {
	if ci.it.Kind == session.ItemUser {
		return nil // a form's answer: the turn's text sums it up
	}
	first := firstA2UIPart(&ci.it)
	if !sameA2UIPart(&ci.it, first, p) {
		return nil
	}
	f := &c.forms
	ids := f.owned[ci.it.Key]
	if len(ids) == 0 {
		return []string{c.st.Muted.Render("◇ changes the agent's form above")}
	}
	var out []string
	rows := map[int]nodeAt{}
	for _, id := range ids {
		for _, l := range c.surfaceLines(id, w) {
			if l.key != "" {
				rows[len(out)] = nodeAt{surface: id, key: l.key}
			}
			out = append(out, styleFit(l.s, w))
		}
	}
	if f.rows != nil && len(out) > 0 {
		f.rows[ci.it.Key] = drawnRows{first: out[0], at: rows}
	}
	return out
}

// surfaceLines draws one surface: a heading rule naming it, then its
// layout, or why it is not drawn.
func (c *Pane) surfaceLines(id string, w int) []uiLine {
	st := c.st
	var s *a2ui.Surface
	if c.forms.surfaces != nil {
		s = c.forms.surfaces.ByKey(id)
	}
	head := "── form " + termsafe.Line(a2ui.IDOfKey(id))
	if s != nil {
		head += " (A2UI " + termsafe.Line(string(s.Version)) + ")"
	}
	ended, closed := c.forms.closed(s)
	switch {
	case closed:
		head += " · closed"
	case c.forms.editing && c.forms.focus.surface == id:
		head += " · editing"
	}
	head += " "
	if pad := w - ansi.StringWidth(head); pad > 0 {
		head += strings.Repeat("─", pad)
	}
	out := []uiLine{{s: st.Accent.Render(ansi.Truncate(head, w, ""))}}
	switch {
	case s == nil:
		return append(out, uiLine{s: st.Muted.Render("(the agent closed this form)")})
	case !s.Ready():
		return append(out, uiLine{s: st.Muted.Render("(the agent has not finished this form yet)")})
	}
	root := s.Layout(c.forms.surfaces.Limits())
	if root == nil {
		return append(out, uiLine{s: st.Muted.Render("(the agent has not finished this form yet)")})
	}
	d := drawer{c: c, surface: id, closed: closed, fields: fieldProblems(root)}
	out = append(out, d.node(root, w)...)
	if closed {
		done := "✓ form closed: the task is " + string(ended)
		if face := c.forms.sent[s]; face != "" {
			done = "✓ sent: " + face + " · form closed (task " + string(ended) + ")"
		}
		out = append(out, uiLine{s: st.Muted.Render(ansi.Truncate(done, w, "…"))})
	}
	return out
}

// drawer draws one surface's nodes for the chat.
type drawer struct {
	c       *Pane
	surface string
	closed  bool            // its task ended: drawn read-only, nothing to focus or press
	fields  map[string]bool // the messages of the inputs' failing checks
}

func (d drawer) focused(n *a2ui.Node) bool {
	f := d.c.forms
	return f.editing && f.focus.surface == d.surface && f.focus.key == n.Key
}

// withCaret is a focused field's face v with the caret drawn where typing
// goes (at the end of a hidden one).
func (d drawer) withCaret(n *a2ui.Node, v string) string {
	if v != n.Value {
		return v + "▏"
	}
	_, i := d.c.forms.caretIn(n)
	return v[:i] + "▏" + v[i:]
}

// plain wraps s to width in one style, every line untagged.
func (d drawer) wrap(s string, w int, style func(...string) string) []uiLine {
	var out []uiLine
	for _, l := range strings.Split(ansi.Wrap(s, max(w, 1), ""), "\n") {
		out = append(out, uiLine{s: style(l)})
	}
	return out
}

// tagged is one input's or button's face, highlighted when focused; long
// faces wrap and every line is the node's, for the mouse.
func (d drawer) tagged(n *a2ui.Node, s string, w int) []uiLine {
	st := d.c.st
	if d.closed {
		return d.wrap(s, w, st.Muted.Render)
	}
	style := st.Text.Render
	switch {
	case d.focused(n):
		style = st.Selected.Render
	case n.Kind == a2ui.KindButton && !n.Enabled:
		style = st.Muted.Render
	case n.Kind == a2ui.KindButton, n.Kind == a2ui.KindModal:
		style = st.Accent.Render
	}
	out := d.wrap(s, w, style)
	for i := range out {
		out[i].key = n.Key
	}
	if problems := d.problems(n); len(problems) > 0 {
		out = append(out, d.wrap("  ! "+strings.Join(problems, "; "), w, st.Warning.Render)...)
	}
	return out
}

func (d drawer) node(n *a2ui.Node, w int) []uiLine {
	st := d.c.st
	w = max(w, 8)
	switch n.Kind {
	case a2ui.KindText:
		switch n.Variant {
		case "h1", "h2":
			return d.wrap(a2ui.OneLine(n.Text), w, st.Bold.Inherit(st.Accent).Render)
		case "h3", "h4", "h5":
			return d.wrap(a2ui.OneLine(n.Text), w, st.Bold.Render)
		case "caption":
			return d.wrap(a2ui.OneLine(n.Text), w, st.Muted.Render)
		}
		if strings.ContainsAny(n.Text, "*_`[#>|~") || strings.Contains(n.Text, "\n- ") {
			return d.markdown(n.Text, w)
		}
		return d.wrap(n.Text, w, st.Text.Render)
	case a2ui.KindImage:
		return d.wrap(a2ui.MediaLine("image", n.Text, n.URL), w, st.Muted.Render)
	case a2ui.KindVideo:
		return d.wrap(a2ui.MediaLine("video", n.Text, n.URL), w, st.Muted.Render)
	case a2ui.KindAudio:
		return d.wrap(a2ui.MediaLine("audio", n.Text, n.URL), w, st.Muted.Render)
	case a2ui.KindIcon:
		return []uiLine{{s: st.Muted.Render("(" + n.Text + ")")}}
	case a2ui.KindDivider:
		return []uiLine{{s: st.Muted.Render(strings.Repeat("─", w))}}
	case a2ui.KindRow:
		return d.row(n.Children, w)
	case a2ui.KindColumn, a2ui.KindList:
		return d.stack(n.Children, w)
	case a2ui.KindCard:
		return d.box("", d.stack(n.Children, w-4), w)
	case a2ui.KindTabs:
		return d.tabs(n, w)
	case a2ui.KindModal:
		return d.modal(n, w)
	case a2ui.KindButton:
		if d.closed {
			return d.tagged(n, "[ "+buttonFace(n)+" ]", w)
		}
		return d.tagged(n, button(n), w)
	case a2ui.KindCheckBox:
		mark := "[ ]"
		if n.Checked {
			mark = "[x]"
		}
		return d.tagged(n, mark+" "+n.Label, w)
	case a2ui.KindTextField:
		v := n.Value
		if n.Variant == "obscured" && v != "" {
			v = strings.Repeat("•", 8)
		}
		if d.focused(n) {
			v = d.withCaret(n, v)
		}
		return d.tagged(n, a2ui.FieldLabel(n.Label, "text")+"[ "+v+" ]", w)
	case a2ui.KindDateTime:
		what := "date and time"
		switch {
		case n.EnableDate && !n.EnableTime:
			what = "date"
		case n.EnableTime && !n.EnableDate:
			what = "time"
		}
		v := n.Value
		if d.focused(n) {
			v = d.withCaret(n, v)
		}
		return d.tagged(n, a2ui.FieldLabel(n.Label, what)+"[ "+v+" ]", w)
	case a2ui.KindChoice:
		return d.tagged(n, a2ui.FieldLabel(n.Label, "choose")+a2ui.Choices(n), w)
	case a2ui.KindSlider:
		return d.tagged(n, fmt.Sprintf("%s◀ %s ▶ (%s–%s)", a2ui.FieldLabel(n.Label, "value"), n.Value, a2ui.Number(n.Min), a2ui.Number(n.Max)), w)
	case a2ui.KindUnknown:
		what := n.Type + ": not a component parley knows"
		return d.box("", d.wrap(what, w-4, st.Muted.Render), min(w, ansi.StringWidth(what)+4))
	case a2ui.KindMissing:
		return d.wrap("["+n.ID+": not sent yet]", w, st.Muted.Render)
	case a2ui.KindCycle:
		return d.wrap("["+n.ID+": inside itself, left out]", w, st.Muted.Render)
	case a2ui.KindTooDeep:
		return []uiLine{{s: st.Muted.Render("[… nested too deep, left out]")}}
	case a2ui.KindTooMany:
		return []uiLine{{s: st.Muted.Render("[… more left out]")}}
	}
	return nil
}

// markdown renders a Text's Markdown, as the chat renders an answer's;
// renders are kept by text and width, since a form is drawn again on
// every key typed into it.
func (d drawer) markdown(text string, w int) []uiLine {
	f := &d.c.forms
	k := mdKey{text: text, width: w, gen: d.c.gen}
	lines, ok := f.md[k]
	if !ok {
		lines = d.c.md.render(prepareMarkdown(text), max(w, 1))
		if f.md == nil || len(f.md) >= maxFormMarkdown {
			f.md = map[mdKey][]string{}
		}
		f.md[k] = lines
	}
	out := make([]uiLine, len(lines))
	for i, l := range lines {
		out[i] = uiLine{s: l}
	}
	return out
}

// maxFormMarkdown bounds the Markdown renders a chat keeps for its forms.
const maxFormMarkdown = 256

type mdKey struct {
	text       string
	width, gen int
}

func (d drawer) stack(kids []*a2ui.Node, w int) []uiLine {
	var out []uiLine
	for _, c := range kids {
		out = append(out, d.node(c, w)...)
	}
	return out
}

// row puts children side by side when each is one line, they fit, and
// at most one of them is an input or button (a click finds it by its
// line); else one under the other.
func (d drawer) row(kids []*a2ui.Node, w int) []uiLine {
	var cells []string
	key, keys, total := "", 0, 0
	for _, c := range kids {
		l := d.node(c, w)
		if len(l) != 1 {
			return d.stack(kids, w)
		}
		if l[0].key != "" {
			key = l[0].key
			keys++
		}
		cells = append(cells, l[0].s)
		total += ansi.StringWidth(l[0].s) + 2
	}
	if total-2 > w || keys > 1 {
		return d.stack(kids, w)
	}
	return []uiLine{{s: strings.Join(cells, "  "), key: key}}
}

// box draws lines in a rounded border w wide.
func (d drawer) box(title string, lines []uiLine, w int) []uiLine {
	st := d.c.st
	w = max(w, 6)
	inner := w - 4
	top := "╭" + strings.Repeat("─", w-2) + "╮"
	if title != "" {
		top = "╭─ " + title + " " + strings.Repeat("─", max(w-5-ansi.StringWidth(title), 0)) + "╮"
	}
	out := []uiLine{{s: st.Muted.Render(top)}}
	for _, l := range lines {
		out = append(out, uiLine{s: st.Muted.Render("│ ") + styleFit(l.s, inner) + st.Muted.Render(" │"), key: l.key})
	}
	return append(out, uiLine{s: st.Muted.Render("╰" + strings.Repeat("─", w-2) + "╯")})
}

// styleFit pads or cuts a styled line to exactly w cells.
func styleFit(s string, w int) string {
	if n := ansi.StringWidth(s); n > w {
		return ansi.Truncate(s, w, "")
	} else if n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

func indent(lines []uiLine, prefix string) []uiLine {
	for i := range lines {
		lines[i].s = prefix + lines[i].s
	}
	return lines
}

// button is a button's face: its child's text, bracketed (doubled for
// the primary one), and what it does.
func button(n *a2ui.Node) string {
	face := buttonFace(n)
	s := "[ " + face + " ]"
	if n.Variant == "primary" {
		s = "[[ " + face + " ]]"
	}
	if n.OpenURL != "" {
		s += " → opens " + n.OpenURL
	}
	if !n.Enabled {
		s += " (disabled)"
	}
	return s
}

// buttonFace is the text a button shows: its child's, else its id.
func buttonFace(n *a2ui.Node) string {
	var words []string
	for _, c := range n.Children {
		c.Walk(func(x *a2ui.Node) {
			if x.Kind == a2ui.KindText && x.Text != "" {
				words = append(words, a2ui.OneLine(x.Text))
			}
		})
	}
	face := strings.Join(words, " ")
	if face == "" {
		face = n.ID
	}
	return face
}
