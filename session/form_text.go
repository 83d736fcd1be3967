package session

import (
	"slices"

	"github.com/parley-a2a/parley/session/a2ui"
)

// FormText draws the A2UI forms of a stored conversation as text, item
// by item in order, for parley contexts show and the Markdown export:
// an item that makes or changes a form shows its task's forms as they
// are after it (a2ui.Surface.Text), a form whose task has ended is drawn
// closed, and a user's answer to a form reads as its summary. It holds
// only the surfaces (bounded by a2ui's limits), so a transcript of any
// length is drawn as it streams. The zero value is ready.
type FormText struct {
	surfaces *a2ui.Surfaces
	ended    map[string]bool
}

// Item is what item it shows of its A2UI parts, as lines width columns
// wide (nil for none), and whether it holds any, which then are not to
// be written as data.
func (f *FormText) Item(it Item, width int) (lines []string, has bool) {
	if it.Kind == ItemStatus && it.TaskID != "" && it.State.Terminal() {
		if f.ended == nil {
			f.ended = map[string]bool{}
		}
		f.ended[it.TaskID] = true
	}
	if !slices.ContainsFunc(it.Parts, a2ui.IsPart) {
		return nil, false
	}
	if it.Kind == ItemUser {
		for _, p := range it.Parts {
			if f.surfaces != nil {
				f.surfaces.ApplyAnswer(it.TaskID, p)
			}
			if _, _, ok := a2ui.ActionOf(p); ok && it.Text == "" {
				lines = append(lines, a2ui.ActionSummary("answered the form", p))
			}
		}
		return lines, true // a turn's text, when there is one, sums the answer up
	}
	if f.surfaces == nil {
		f.surfaces = a2ui.New(a2ui.Limits{})
	}
	for _, p := range it.Parts {
		f.surfaces.ApplyPartOf(it.TaskID, p)
	}
	for _, s := range f.surfaces.List() {
		if s.Task != it.TaskID {
			continue
		}
		lines = append(lines, s.TextHead(width))
		text := s.Text(a2ui.Limits{}, width, f.ended[s.Task])
		if text == nil {
			text = []string{"(the agent has not finished this form yet)"}
		}
		lines = append(lines, text...)
	}
	return lines, true
}
