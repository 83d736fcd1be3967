package a2ui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/termsafe"
)

// Text draws a surface as plain text in at most width columns, as parley
// send, parley task get and the stored conversations show it: headings,
// inputs with their current values, options, buttons with the action
// each sends. A closed surface (its task ended) shows its buttons without
// what they would do and ends with a line that says it is closed. Nil
// when the surface is not ready to draw. Every string is the agent's,
// cleaned as the layout cleans it.
func (s *Surface) Text(lim Limits, width int, closed bool) []string {
	root := s.Layout(lim)
	if root == nil {
		return nil
	}
	out := textNode(root, width, closed)
	if closed {
		out = append(out, "✓ form closed: its task ended and takes no more answers")
	}
	return out
}

// TextHead is the line that heads a surface's Text: its id and version,
// ruled out to width.
func (s *Surface) TextHead(width int) string {
	head := "── " + termsafe.Line(s.ID) + " (A2UI " + termsafe.Line(string(s.Version)) + ") "
	if pad := width - ansi.StringWidth(head); pad > 0 {
		head += strings.Repeat("─", pad)
	}
	return ansi.Truncate(head, width, "")
}

// textNode draws n in at most width columns, as plain text.
func textNode(n *Node, width int, closed bool) []string {
	width = max(width, 12)
	wrap := func(s string) []string { return strings.Split(ansi.Wrap(s, width, ""), "\n") }
	switch n.Kind {
	case KindText:
		switch n.Variant {
		case "h1", "h2", "h3", "h4", "h5":
			return wrap(strings.Repeat("#", int(n.Variant[1]-'0')) + " " + OneLine(n.Text))
		case "caption":
			return wrap("(" + OneLine(n.Text) + ")")
		}
		return wrap(n.Text)
	case KindImage:
		return wrap(MediaLine("image", n.Text, n.URL))
	case KindVideo:
		return wrap(MediaLine("video", n.Text, n.URL))
	case KindAudio:
		return wrap(MediaLine("audio", n.Text, n.URL))
	case KindIcon:
		return []string{"(" + n.Text + ")"}
	case KindDivider:
		return []string{strings.Repeat("─", width)}
	case KindRow:
		return textRow(n.Children, width, closed)
	case KindColumn, KindList:
		return textStack(n.Children, width, closed)
	case KindCard:
		return textIndent(textStack(n.Children, width-2, closed), "│ ")
	case KindTabs:
		var out []string
		for _, c := range n.Children {
			out = append(out, wrap("▸ tab: "+c.Title)...)
			out = append(out, textIndent(textNode(c, width-2, closed), "  ")...)
		}
		return out
	case KindModal:
		var out []string
		for i, c := range n.Children {
			if i == 0 {
				out = append(out, textNode(c, width, closed)...)
				continue
			}
			out = append(out, "▸ modal:")
			out = append(out, textIndent(textNode(c, width-2, closed), "  ")...)
		}
		return out
	case KindButton:
		return wrap(textButton(n, closed))
	case KindCheckBox:
		mark := "[ ]"
		if n.Checked {
			mark = "[x]"
		}
		return wrap(mark + " " + n.Label + textProblems(n, closed))
	case KindTextField:
		v := n.Value
		if n.Variant == "obscured" && v != "" {
			v = strings.Repeat("•", 8)
		}
		return wrap(FieldLabel(n.Label, "text") + "[" + v + "]" + textProblems(n, closed))
	case KindDateTime:
		what := "date and time"
		switch {
		case n.EnableDate && !n.EnableTime:
			what = "date"
		case n.EnableTime && !n.EnableDate:
			what = "time"
		}
		return wrap(FieldLabel(n.Label, what) + "[" + n.Value + "]")
	case KindChoice:
		return wrap(FieldLabel(n.Label, "choose") + Choices(n))
	case KindSlider:
		return wrap(fmt.Sprintf("%s%s (%s–%s)", FieldLabel(n.Label, "value"), n.Value, Number(n.Min), Number(n.Max)))
	case KindUnknown:
		return wrap(fmt.Sprintf("[%s: a component parley does not know]", n.Type))
	case KindMissing:
		return wrap(fmt.Sprintf("[%s: not sent yet]", n.ID))
	case KindCycle:
		return wrap(fmt.Sprintf("[%s: inside itself, left out]", n.ID))
	case KindTooDeep:
		return []string{"[… nested too deep, left out]"}
	case KindTooMany:
		return []string{"[… more left out]"}
	}
	return nil
}

func textProblems(n *Node, closed bool) string {
	if len(n.Problems) == 0 || closed {
		return ""
	}
	return " (! " + strings.Join(n.Problems, "; ") + ")"
}

// textButton is a button's face: its child's text, its style, and what it
// does when pressed.
func textButton(n *Node, closed bool) string {
	var words []string
	for _, c := range n.Children {
		c.Walk(func(x *Node) {
			if x.Kind == KindText && x.Text != "" {
				words = append(words, OneLine(x.Text))
			}
		})
	}
	face := strings.Join(words, " ")
	if face == "" {
		face = n.ID
	}
	s := "[ " + face + " ]"
	if n.Variant == "primary" {
		s = "[[ " + face + " ]]"
	}
	if closed {
		return s
	}
	switch {
	case n.Action != "":
		s += " → action " + n.Action
	case n.OpenURL != "":
		s += " → opens " + n.OpenURL + " (after you confirm)"
	}
	if !n.Enabled {
		s += " (disabled"
		if len(n.Problems) > 0 {
			s += ": " + strings.Join(n.Problems, "; ")
		}
		s += ")"
	}
	return s
}

func textStack(kids []*Node, width int, closed bool) []string {
	var out []string
	for _, c := range kids {
		out = append(out, textNode(c, width, closed)...)
	}
	return out
}

// textRow puts children side by side when each is one line and they fit,
// else one under the other.
func textRow(kids []*Node, width int, closed bool) []string {
	var cells []string
	total := 0
	for _, c := range kids {
		l := textNode(c, width, closed)
		if len(l) != 1 {
			return textStack(kids, width, closed)
		}
		cells = append(cells, l[0])
		total += ansi.StringWidth(l[0]) + 2
	}
	if total-2 > width {
		return textStack(kids, width, closed)
	}
	return []string{strings.Join(cells, "  ")}
}

func textIndent(lines []string, prefix string) []string {
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return lines
}
