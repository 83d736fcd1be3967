package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// surfaceWidth is the width parley send writes surfaces at: a command's
// text output goes to pipes and logs as often as to a terminal.
const surfaceWidth = 80

// a2uiText gathers the A2UI parts of an exchange as its events arrive
// and writes the surfaces they make, readably, when the exchange ends:
// headings, inputs with their current values, options, buttons with the
// action each sends. The zero value is ready.
type a2uiText struct {
	surfaces *a2ui.Surfaces
	applied  map[string]bool // messages whose parts were applied, by id
	errs     int
}

// collect applies the A2UI parts of one event, each message's once (a
// task snapshot repeats the status message that streamed).
func (a *a2uiText) collect(ev *a2aclient.Event) {
	if ev == nil {
		return
	}
	switch {
	case ev.Task != nil:
		a.message(ev.Task.ID, ev.Task.Status.Message)
		for _, art := range ev.Task.Artifacts {
			a.parts(ev.Task.ID, art.Parts)
		}
	case ev.Status != nil:
		a.message(ev.Status.TaskID, ev.Status.Status.Message)
	case ev.Artifact != nil:
		a.parts(ev.Artifact.TaskID, ev.Artifact.Artifact.Parts)
	case ev.Message != nil:
		a.message(ev.Message.TaskID, ev.Message)
	}
}

func (a *a2uiText) message(taskID string, m *a2aclient.Message) {
	if m == nil {
		return
	}
	if m.ID != "" {
		if a.applied[m.ID] {
			return
		}
		if a.applied == nil {
			a.applied = map[string]bool{}
		}
		a.applied[m.ID] = true
	}
	a.parts(taskID, m.Parts)
}

func (a *a2uiText) parts(taskID string, ps []a2aclient.Part) {
	for _, p := range ps {
		if !a2ui.IsPart(p) {
			continue
		}
		if a.surfaces == nil {
			a.surfaces = a2ui.New(a2ui.Limits{})
		}
		a.errs += len(a.surfaces.ApplyPartOf(taskID, p))
	}
}

// write writes every surface that is ready to draw and, for a task that
// waits (taskID not ""), how to answer its form from the command line.
func (a *a2uiText) write(w io.Writer, agentRef, taskID string) {
	if a.surfaces == nil {
		return
	}
	var actions []string
	var inputs string
	for _, s := range a.surfaces.List() {
		writeSurface(w, s, surfaceWidth)
		if root := s.Layout(a2ui.Limits{}); root != nil {
			for _, b := range root.Buttons() {
				if b.Action != "" {
					actions = append(actions, b.Action)
				}
			}
			inputs = inputNames(root)
		}
	}
	if taskID != "" && len(actions) > 0 {
		fmt.Fprintf(w, "Answer the form with: parley send %s --task %s --action %s [--set PATH=VALUE]…\n  (actions: %s; inputs: %s)\n",
			shellQuote(agentRef), shellQuote(taskID), shellQuote(actions[len(actions)-1]), termsafe.Line(strings.Join(actions, ", ")), termsafe.Line(inputs))
	}
	if a.errs > 0 {
		fmt.Fprintf(w, "(%s of the agent's interface could not be read and %s left out)\n", plural(a.errs, "A2UI message"), a2uiIsOrAre(a.errs))
	}
}

// interruptedTask is the id of a task that waits for an answer, "" for
// any other outcome.
func interruptedTask(s *session.Summary) string {
	if a2aclient.State(s.State).Interrupted() {
		return s.TaskID
	}
	return ""
}

func a2uiIsOrAre(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

// writeSurface writes one surface in width columns; a surface not ready
// yet (v0.8 before beginRendering, v0.9 without a root) says so.
func writeSurface(w io.Writer, s *a2ui.Surface, width int) {
	head := fmt.Sprintf("── %s (A2UI %s) ", termsafe.Line(s.ID), termsafe.Line(string(s.Version)))
	if pad := width - ansi.StringWidth(head); pad > 0 {
		head += strings.Repeat("─", pad)
	}
	// Every string of a node is clean already; cleaning again at the
	// write costs little and keeps the check of raw prints simple.
	fmt.Fprintln(w, termsafe.Line(ansi.Truncate(head, width, "")))
	root := s.Layout(a2ui.Limits{})
	if root == nil {
		fmt.Fprintln(w, "(the agent has not finished this surface yet)")
		return
	}
	for _, l := range nodeLines(root, width) {
		fmt.Fprintln(w, termsafe.Clean(strings.TrimRight(l, " ")))
	}
}

// nodeLines draws n in at most width columns.
func nodeLines(n *a2ui.Node, width int) []string {
	width = max(width, 12)
	wrap := func(s string) []string { return strings.Split(ansi.Wrap(s, width, ""), "\n") }
	switch n.Kind {
	case a2ui.KindText:
		switch n.Variant {
		case "h1", "h2", "h3", "h4", "h5":
			return wrap(strings.Repeat("#", int(n.Variant[1]-'0')) + " " + a2uiOneLine(n.Text))
		case "caption":
			return wrap("(" + a2uiOneLine(n.Text) + ")")
		}
		return wrap(n.Text)
	case a2ui.KindImage:
		return wrap(a2uiMedia("image", n.Text, n.URL))
	case a2ui.KindVideo:
		return wrap(a2uiMedia("video", n.Text, n.URL))
	case a2ui.KindAudio:
		return wrap(a2uiMedia("audio", n.Text, n.URL))
	case a2ui.KindIcon:
		return []string{"(" + n.Text + ")"}
	case a2ui.KindDivider:
		return []string{strings.Repeat("─", width)}
	case a2ui.KindRow:
		return a2uiRow(n.Children, width)
	case a2ui.KindColumn, a2ui.KindList:
		return a2uiStack(n.Children, width)
	case a2ui.KindCard:
		return a2uiIndent(a2uiStack(n.Children, width-2), "│ ")
	case a2ui.KindTabs:
		var out []string
		for _, c := range n.Children {
			out = append(out, wrap("▸ tab: "+c.Title)...)
			out = append(out, a2uiIndent(nodeLines(c, width-2), "  ")...)
		}
		return out
	case a2ui.KindModal:
		var out []string
		for i, c := range n.Children {
			if i == 0 {
				out = append(out, nodeLines(c, width)...)
				continue
			}
			out = append(out, "  (opens:)")
			out = append(out, a2uiIndent(nodeLines(c, width-2), "  ")...)
		}
		return out
	case a2ui.KindButton:
		return wrap(a2uiButton(n))
	case a2ui.KindCheckBox:
		mark := "[ ]"
		if n.Checked {
			mark = "[x]"
		}
		return wrap(mark + " " + n.Label + a2uiProblems(n))
	case a2ui.KindTextField:
		v := n.Value
		if n.Variant == "obscured" && v != "" {
			v = strings.Repeat("•", 8)
		}
		return wrap(a2uiLabel(n.Label, "text") + "[" + v + "]" + a2uiProblems(n))
	case a2ui.KindDateTime:
		what := "date and time"
		switch {
		case n.EnableDate && !n.EnableTime:
			what = "date"
		case n.EnableTime && !n.EnableDate:
			what = "time"
		}
		return wrap(a2uiLabel(n.Label, what) + "[" + n.Value + "]")
	case a2ui.KindChoice:
		return wrap(a2uiLabel(n.Label, "choose") + a2uiChoices(n))
	case a2ui.KindSlider:
		return wrap(fmt.Sprintf("%s%s (%s–%s)", a2uiLabel(n.Label, "value"), n.Value, a2uiNum(n.Min), a2uiNum(n.Max)))
	case a2ui.KindUnknown:
		return wrap(fmt.Sprintf("[%s: a component parley does not know]", n.Type))
	case a2ui.KindMissing:
		return wrap(fmt.Sprintf("[%s: not sent yet]", n.ID))
	case a2ui.KindCycle:
		return wrap(fmt.Sprintf("[%s: inside itself, left out]", n.ID))
	case a2ui.KindTooDeep:
		return []string{"[… nested too deep, left out]"}
	case a2ui.KindTooMany:
		return []string{"[… more left out]"}
	}
	return nil
}

func a2uiOneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func a2uiMedia(kind, desc, url string) string {
	s := "[" + kind
	if desc != "" {
		s += ": " + desc
	}
	if url != "" {
		s += " <" + url + ">"
	}
	return s + "]"
}

func a2uiLabel(l, def string) string {
	if l == "" {
		l = def
	}
	return l + ": "
}

func a2uiNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func a2uiProblems(n *a2ui.Node) string {
	if len(n.Problems) == 0 {
		return ""
	}
	return " (! " + strings.Join(n.Problems, "; ") + ")"
}

func a2uiChoices(n *a2ui.Node) string {
	var parts []string
	for _, o := range n.Options {
		mark := "( )"
		if n.Multiple {
			mark = "[ ]"
		}
		if o.Chosen {
			mark = map[bool]string{true: "[x]", false: "(•)"}[n.Multiple]
		}
		parts = append(parts, mark+" "+o.Label)
	}
	return strings.Join(parts, "  ")
}

// button is a button's face: its child's text, its style, and what it
// does when pressed.
func a2uiButton(n *a2ui.Node) string {
	var words []string
	for _, c := range n.Children {
		c.Walk(func(x *a2ui.Node) {
			if x.Kind == a2ui.KindText && x.Text != "" {
				words = append(words, a2uiOneLine(x.Text))
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

func a2uiStack(kids []*a2ui.Node, width int) []string {
	var out []string
	for _, c := range kids {
		out = append(out, nodeLines(c, width)...)
	}
	return out
}

// row puts children side by side when each is one line and they fit,
// else one under the other.
func a2uiRow(kids []*a2ui.Node, width int) []string {
	var cells []string
	total := 0
	for _, c := range kids {
		l := nodeLines(c, width)
		if len(l) != 1 {
			return a2uiStack(kids, width)
		}
		cells = append(cells, l[0])
		total += ansi.StringWidth(l[0]) + 2
	}
	if total-2 > width {
		return a2uiStack(kids, width)
	}
	return []string{strings.Join(cells, "  ")}
}

func a2uiIndent(lines []string, prefix string) []string {
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return lines
}
