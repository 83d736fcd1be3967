package chat

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
)

// An agent's thoughts and tool calls (gemini-cli's) are shown apart from
// its reply, one line each and folded: enter unfolds the selected one.
// A tool call the agent waits for the user to confirm says so, and the
// allow and deny keys answer it.

// renderThought is a thought: one muted line, or all of it unfolded.
func (c *Pane) renderThought(ci *chatItem, w int) {
	text := strings.TrimSpace(termsafe.Clean(ci.it.Text))
	if !ci.expanded {
		first, _, _ := strings.Cut(text, "\n")
		ci.lines.add(c.st.Muted.Render(ansi.Truncate("✻ thought · "+first, w, "…")))
		return
	}
	ci.lines.add(c.st.Muted.Render("✻ thought"))
	for _, l := range strings.Split(ansi.Wrap(text, max(w-2, 1), ""), "\n") {
		ci.lines.add("  " + c.st.Muted.Render(l))
	}
}

// renderTool is a tool call: one line with its state, what the user can
// do when it awaits approval, and its output unfolded.
func (c *Pane) renderTool(ci *chatItem, w int) {
	line := termsafe.Line(ci.it.Text)
	style := c.st.Info
	awaiting := toolAwaits(ci.it)
	switch {
	case awaiting:
		style = c.st.Warning
	case strings.HasSuffix(line, "· success"):
		style = c.st.Success
	case strings.HasSuffix(line, "· error"), strings.HasSuffix(line, "· cancelled"):
		style = c.st.Muted
	}
	ci.lines.add(style.Render(ansi.Truncate("⚙ "+line, w, "…")))
	if awaiting {
		hint := c.keys.Allow.Help().Key + " allow · " + c.keys.Deny.Help().Key + " deny"
		ci.lines.add("  " + c.st.Warning.Render(ansi.Truncate("awaits your approval: select it and press "+hint, max(w-2, 1), "…")))
	}
	if out := strings.TrimSpace(termsafe.Clean(ci.it.Detail)); out != "" {
		if !ci.expanded {
			first, _, _ := strings.Cut(out, "\n")
			ci.lines.add("  " + c.st.Muted.Render(ansi.Truncate(first, max(w-2, 1), "…")))
			return
		}
		for _, l := range strings.Split(ansi.Wrap(out, max(w-2, 1), ""), "\n") {
			ci.lines.add("  " + c.st.Muted.Render(l))
		}
	}
}

// toolAwaits reports whether a tool call item waits for the user.
func toolAwaits(it session.Item) bool {
	return it.Kind == session.ItemTool && strings.HasSuffix(it.Text, "· awaiting approval")
}

// foldable reports whether enter unfolds the item.
func foldable(k session.ItemKind) bool {
	return k == session.ItemError || k == session.ItemThought || k == session.ItemTool
}

// ConfirmTool asks the root to answer a tool call: allow or deny
// the call of this id.
type ConfirmTool struct {
	CallID string
	Allow  bool
}

// toolKey answers the selected tool call when it awaits approval.
func (c *Pane) toolKey(msg tea.KeyPressMsg) (component.Action, bool) {
	allow := key.Matches(msg, c.keys.Allow)
	if !allow && !key.Matches(msg, c.keys.Deny) {
		return nil, false
	}
	ci := c.selected()
	if ci == nil || !toolAwaits(ci.it) {
		return nil, true
	}
	return ConfirmTool{CallID: ci.it.Name, Allow: allow}, true
}
