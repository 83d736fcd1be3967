package chat

import (
	"github.com/parley-a2a/parley/session/a2ui"
)

// When a form's failing checks show: an input's message waits until the
// user left it after editing it, or pressed a disabled button of its
// form; a button's shows once pressed, without the messages an input of
// the form already shows, so "Name is required" is said once, under the
// name, and never before the user did anything.

// markEdited notes that the user changed the value of the input at at.
func (f *forms) markEdited(at nodeAt) {
	if f.edited == nil {
		f.edited = map[nodeAt]bool{}
	}
	f.edited[at] = true
}

// leaveInput notes that the focus leaves the focused input: edited, its
// failing checks may show from now on.
func (f *forms) leaveInput() {
	if !f.edited[f.focus] {
		return
	}
	if f.left == nil {
		f.left = map[nodeAt]bool{}
	}
	f.left[f.focus] = true
}

// triedOn notes that a disabled button of surface s was pressed: every
// failing check of the form shows from now on.
func (f *forms) triedOn(s *a2ui.Surface) {
	if f.tried == nil {
		f.tried = map[string]bool{}
	}
	f.tried[s.Key()] = true
}

// fieldProblems are the messages of the failing checks of the inputs
// under root.
func fieldProblems(root *a2ui.Node) map[string]bool {
	out := map[string]bool{}
	root.Walk(func(n *a2ui.Node) {
		if n.Kind != a2ui.KindButton {
			for _, p := range n.Problems {
				out[p] = true
			}
		}
	})
	return out
}

// problems are the messages of n's failing checks to draw under it now.
func (d drawer) problems(n *a2ui.Node) []string {
	f := &d.c.forms
	if len(n.Problems) == 0 {
		return nil
	}
	if n.Kind != a2ui.KindButton {
		if f.tried[d.surface] || f.left[nodeAt{surface: d.surface, key: n.Key}] {
			return n.Problems
		}
		return nil
	}
	if !f.tried[d.surface] {
		return nil
	}
	var out []string
	for _, p := range n.Problems {
		if !d.fields[p] {
			out = append(out, p)
		}
	}
	return out
}
