package chat

import (
	"cmp"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/styles"
)

// SaveFile asks the root to save a file part the user chose; the
// root writes it (sanitized name, no overwrite without asking) in a
// command.
type SaveFile struct{ Part a2aclient.Part }

// OpenFile asks the root to open a file part the user chose.
type OpenFile struct{ Part a2aclient.Part }

// ID names the chat as the addressee of its own messages (the
// renders it started).
const ID = "chat"

// Update takes a key while the chat has the keyboard, the wheel and a
// click over it, and the renders its commands send back; what the root
// must do (save or open a file, answer a tool call) it returns as an
// action.
func (c *Pane) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd, act := c.key(msg)
		return tea.Batch(cmd, c.fetch(), c.fetchFront()), act
	case tea.MouseWheelMsg:
		c.wheel(msg)
		return tea.Batch(c.fetch(), c.fetchFront()), nil
	case component.ClickMsg:
		if cmd, act, ok := c.a2uiClick(msg.Row, msg.Col); ok {
			return cmd, act
		}
		c.click(msg.Row, msg.Again)
	case mdRenderedMsg:
		c.rendered(msg)
	case windowMsg:
		return c.onWindow(msg), nil
	case frontMsg:
		c.onFront(msg)
	}
	return nil, nil
}

// key acts on a key pressed while the chat has focus.
func (c *Pane) key(msg tea.KeyPressMsg) (tea.Cmd, component.Action) {
	if c.forms.editing {
		return c.formKey(msg)
	}
	k := &c.keys
	switch {
	case key.Matches(msg, k.Form):
		return c.startForm(), nil
	case key.Matches(msg, k.Up):
		c.selectUp()
	case key.Matches(msg, k.Down):
		c.selectDown()
	case key.Matches(msg, k.PageUp):
		c.scrollUp(max(c.h-1, 1))
	case key.Matches(msg, k.PageDown):
		c.scrollDown(max(c.h-1, 1))
	case key.Matches(msg, k.Top):
		return c.first(), nil
	case key.Matches(msg, k.Bottom):
		c.End()
	case key.Matches(msg, k.Copy):
		if ci := c.selected(); ci != nil {
			if text := c.copyText(ci); text != "" {
				lines := strings.Count(text, "\n") + 1
				return tea.Batch(tea.SetClipboard(text), component.Status("Copied "+copyNoun(ci.it.Kind)+" ("+styles.Plural(lines, "line")+").", false)), nil
			}
		}
	case key.Matches(msg, k.Save):
		if p, ok := c.selectedFile(); ok {
			return nil, SaveFile{Part: p}
		}
		return c.noFileHere(), nil
	case key.Matches(msg, k.Open):
		if p, ok := c.selectedFile(); ok {
			return nil, OpenFile{Part: p}
		}
		return c.noFileHere(), nil
	case key.Matches(msg, k.Allow), key.Matches(msg, k.Deny):
		act, _ := c.toolKey(msg)
		return nil, act
	case key.Matches(msg, k.Details):
		if ci := c.selected(); ci != nil && folds(&ci.it) {
			ci.expanded = !ci.expanded
			c.settle()
		}
	}
	return nil, nil
}

// wheel scrolls on the wheel.
func (c *Pane) wheel(msg tea.MouseWheelMsg) {
	switch msg.Button {
	case tea.MouseWheelUp:
		c.scrollUp(component.WheelRows)
	case tea.MouseWheelDown:
		c.scrollDown(component.WheelRows)
	}
}

func (c *Pane) selected() *chatItem {
	if c.sel < 0 || c.sel >= len(c.items) {
		return nil
	}
	return c.items[c.sel]
}

// selectedFile is the selected item's first file part.
// noFileHere says, for save or open on an item that holds no file,
// the nearest file above to select, or that the chat holds none.
func (c *Pane) noFileHere() tea.Cmd {
	for i := min(c.sel, len(c.items)-1); i >= 0; i-- {
		ci := c.items[i]
		if ci.it.Secret {
			continue
		}
		for _, p := range ci.it.Parts {
			if p.Kind == a2aclient.PartFile && p.File != nil {
				name := termsafe.Line(cmp.Or(p.File.Name, "the file"))
				return component.Status("This item holds no file: select "+name+" above ("+c.keys.Up.Help().Key+"), then save or open it.", false)
			}
		}
	}
	return component.Status("No file here to save or open.", false)
}

func (c *Pane) selectedFile() (a2aclient.Part, bool) {
	if ci := c.selected(); ci != nil && !ci.it.Secret {
		for _, p := range ci.it.Parts {
			if p.Kind == a2aclient.PartFile && p.File != nil {
				return p, true
			}
		}
	}
	return a2aclient.Part{}, false
}

// copyText is what Copy puts on the clipboard: the item's text as the
// agent sent it, cleaned, with data as indented JSON and files by name.
func (c *Pane) copyText(ci *chatItem) string {
	it := &ci.it
	var parts []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	switch it.Kind {
	case session.ItemStatus:
		add(string(it.State) + ": " + it.Text)
	case session.ItemError:
		add(it.Text)
		add(it.Detail)
	default:
		add(it.Text)
	}
	if !it.Secret {
		for _, p := range it.Parts {
			add(viewOf(p.Kind).copy(p))
		}
	}
	text, _ := capText(strings.Join(parts, "\n\n"), c.maxText)
	return termsafe.Clean(text)
}

// copyNoun names what y copied, for the status line.
func copyNoun(k session.ItemKind) string {
	switch k {
	case session.ItemUser:
		return "your message"
	case session.ItemAgent:
		return "the agent's message"
	case session.ItemStatus:
		return "the status"
	case session.ItemArtifact:
		return "the artifact"
	case session.ItemError:
		return "the error"
	case session.ItemThought:
		return "the agent's reasoning"
	case session.ItemTool:
		return "the tool call"
	}
	return "the note"
}

// ShortHelp lists the keys that do something for the selected item.
func (c *Pane) ShortHelp() []key.Binding {
	if c.forms.editing {
		return c.formHelp()
	}
	k := c.keys
	out := []key.Binding{k.Up, k.Down, k.Copy}
	if len(c.forms.live()) > 0 {
		out = []key.Binding{k.Form, k.Up, k.Down, k.Copy} // first: the footer cuts its end
	}
	if !c.follow {
		out = append(out, k.Bottom)
	}
	if _, ok := c.selectedFile(); ok {
		out = append(out, k.Save, k.Open)
	}

	if ci := c.selected(); ci != nil {
		if foldable(ci.it.Kind) {
			out = append(out, k.Details)
		}
		if toolAwaits(ci.it) {
			out = append(out, k.Allow, k.Deny)
		}
	}
	return out
}

// FullHelp lists every chat key.
func (c *Pane) FullHelp() [][]key.Binding {
	k := c.keys
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Copy, k.Save, k.Open, k.Details, k.Allow, k.Deny, k.Form},
	}
}

// click selects the item on row y of the chat; clicked again, a
// foldable item folds or unfolds, as enter does.
func (c *Pane) click(y int, again bool) {
	if len(c.items) == 0 || y < 0 || y >= c.h {
		return
	}
	p, moved := c.down(c.viewTop(), y)
	if moved != y {
		return // below the transcript's end
	}
	if again && p.item == c.sel && folds(&c.items[p.item].it) {
		c.items[p.item].expanded = !c.items[p.item].expanded
		c.settle()
		return
	}
	c.sel = p.item
}
