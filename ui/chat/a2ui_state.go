package chat

import (
	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
)

// forms is what the chat keeps of the agent's A2UI surfaces: the one set
// of surfaces of the conversation shown (surface ids are the agent's, and
// the chat shows one agent's conversation at a time), which item made
// each surface (it is drawn there, and redrawn as later messages change
// it), and the form the user is filling in.
type forms struct {
	surfaces *a2ui.Surfaces
	applied  map[string]int      // parts applied of each item, by item key
	owner    map[string]string   // the item that made each surface, by surface key (a2ui.Surface.Key)
	owned    map[string][]string // the keys of the surfaces each item made, in order
	// rows maps the lines of an item's drawing (from its first A2UI
	// part's first line) to the node drawn there, for the mouse.
	rows map[string]drawnRows

	// ended holds the tasks that ended (completed, canceled, failed,
	// rejected): their forms take no more presses and are drawn closed.
	ended map[string]a2aclient.State
	sent  map[*a2ui.Surface]string // the face of the button last pressed on a surface

	editing bool
	focus   nodeAt          // the focused input or button
	cursor  optionAt        // the option of a choice (or the title of a Tabs) the arrows are at
	caret   caretAt         // where typing goes in the focused text field
	tab     map[nodeAt]int  // the tab shown of each Tabs the user switched (a2ui_tabs.go)
	open    map[nodeAt]bool // the Modals the user opened

	// What the user did that lets an input's failing checks show
	// (a2ui_form_checks.go): the inputs edited, those left after an edit, and
	// the surfaces whose disabled button was pressed.
	edited, left map[nodeAt]bool
	tried        map[string]bool

	md map[mdKey][]string // Texts' Markdown rendered (a2ui_render.go)
}

// drawnRows are the inputs and buttons of an item's drawing by line,
// counted from its first line (first, found again among the item's
// lines at a click).
type drawnRows struct {
	first string
	at    map[int]nodeAt
}

// nodeAt names one node of one surface (by the surface's Key): a node is
// found again by its Key in every new layout.
type nodeAt struct{ surface, key string }

func (f *forms) reset() { *f = forms{} }

// a2uiTake applies the A2UI parts of an item not applied yet, in order,
// and marks every item that shows a surface to be drawn again.
func (c *Pane) a2uiTake(it *session.Item) {
	c.a2uiTaskState(it)
	switch it.Kind {
	case session.ItemUser:
		c.a2uiAnswer(it)
		return
	case session.ItemAgent, session.ItemStatus, session.ItemArtifact:
	default:
		return
	}
	f := &c.forms
	done := f.applied[it.Key]
	if done >= len(it.Parts) {
		return
	}
	took := false
	for _, p := range it.Parts[done:] {
		if !a2ui.IsPart(p) {
			continue
		}
		if f.surfaces == nil {
			f.surfaces = a2ui.New(a2ui.Limits{})
			f.applied, f.owner, f.owned, f.rows = map[string]int{}, map[string]string{}, map[string][]string{}, map[string]drawnRows{}
		}
		f.surfaces.ApplyPartOf(it.TaskID, p)
		took = true
	}
	if f.applied == nil {
		return
	}
	f.applied[it.Key] = len(it.Parts)
	if !took {
		return
	}
	for _, s := range f.surfaces.List() {
		if _, ok := f.owner[s.Key()]; !ok {
			f.owner[s.Key()] = it.Key
			f.owned[it.Key] = append(f.owned[it.Key], s.Key())
		}
	}
	c.a2uiRedraw()
}

// a2uiAnswer writes what a user's answer to a form sent back into that
// form, once: a conversation read back from the store then shows the
// values that were sent.
func (c *Pane) a2uiAnswer(it *session.Item) {
	f := &c.forms
	if f.surfaces == nil || f.applied[it.Key] >= len(it.Parts) {
		return
	}
	for _, p := range it.Parts {
		f.surfaces.ApplyAnswer(it.TaskID, p)
	}
	f.applied[it.Key] = len(it.Parts)
	c.a2uiRedraw()
}

// a2uiTaskState notes a task that ended, from its status item, and draws
// its forms again as closed.
func (c *Pane) a2uiTaskState(it *session.Item) {
	if it.Kind != session.ItemStatus || it.TaskID == "" || !it.State.Terminal() {
		return
	}
	f := &c.forms
	if _, ok := f.ended[it.TaskID]; ok {
		return
	}
	if f.ended == nil {
		f.ended = map[string]a2aclient.State{}
	}
	f.ended[it.TaskID] = it.State
	if f.editing && f.surfaces != nil {
		if s := f.surfaces.ByKey(f.focus.surface); s != nil && s.Task == it.TaskID {
			f.editing = false
		}
	}
	c.a2uiRedraw()
}

// closed reports whether surface s belongs to a task that ended, and
// how it ended.
func (f *forms) closed(s *a2ui.Surface) (a2aclient.State, bool) {
	if s == nil || s.Task == "" {
		return "", false
	}
	st, ok := f.ended[s.Task]
	return st, ok
}

// live lists the surfaces a user may still fill in, in order.
func (f *forms) live() []*a2ui.Surface {
	if f.surfaces == nil {
		return nil
	}
	var out []*a2ui.Surface
	for _, s := range f.surfaces.List() {
		if _, done := f.closed(s); !done {
			out = append(out, s)
		}
	}
	return out
}

// a2uiRedraw drops the cached drawing of every item that shows a
// surface: a surface changed, or the focus moved.
func (c *Pane) a2uiRedraw() {
	for key := range c.forms.owned {
		if idx, ok := c.byKey[key]; ok && idx < len(c.items) {
			ci := c.items[idx]
			ci.key = renderKey{}
			ci.parts = nil
		}
	}
}

// firstA2UIPart is the index of the item's first A2UI part, -1 for none:
// the item's surfaces are drawn there.
func firstA2UIPart(it *session.Item) int {
	for i, p := range it.Parts {
		if a2ui.IsPart(p) {
			return i
		}
	}
	return -1
}

// sameA2UIPart reports whether p is the item's part i (the drawing's
// place), by the identity the render cache uses.
func sameA2UIPart(it *session.Item, i int, p a2aclient.Part) bool {
	return i >= 0 && i < len(it.Parts) && partIdentity(it.Parts[i]) == partIdentity(p)
}

// surfaceAt is the surface and its fresh layout for a focus; nil when the
// surface is gone or not ready.
func (c *Pane) surfaceAt(at nodeAt) (*a2ui.Surface, *a2ui.Node) {
	if c.forms.surfaces == nil {
		return nil, nil
	}
	s := c.forms.surfaces.ByKey(at.surface)
	if _, done := c.forms.closed(s); done || s == nil || !s.Ready() {
		return nil, nil
	}
	root := s.Layout(c.forms.surfaces.Limits())
	if root == nil {
		return nil, nil
	}
	return s, root
}

// findKey is the node of root with key, nil when the layout has none.
func findKey(root *a2ui.Node, key string) *a2ui.Node {
	var got *a2ui.Node
	root.Walk(func(x *a2ui.Node) {
		if got == nil && x.Key == key {
			got = x
		}
	})
	return got
}

// ResetFor shows conversation conv (any comparable value that names it,
// nil for none), as Reset does, keeping each conversation's forms while
// another is shown: what was typed into a form and not sent yet is there
// again when its conversation comes back.
func (c *Pane) ResetFor(conv any, items []session.Item, agentName string) {
	if c.formsConv != nil {
		if c.formsOf == nil {
			c.formsOf = map[any]forms{}
		}
		c.formsOf[c.formsConv] = c.forms
	}
	c.clear()
	c.formsConv = conv
	if f, ok := c.formsOf[conv]; ok && conv != nil {
		f.editing = false
		c.forms = f
	}
	c.agentName = agentName
	c.Upsert(items)
	c.sel = len(c.items) - 1
}
