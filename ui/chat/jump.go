package chat

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// JumpToTask selects the first item of a task and scrolls it to the top,
// for "open" in the task list. It reports whether the task has items.
func (c *Pane) JumpToTask(taskID string) bool {
	for i, ci := range c.items {
		if ci.it.TaskID == taskID {
			c.follow, c.sel = false, i
			c.top = c.headRow(i)
			c.settle()
			return true
		}
	}
	return false
}

// JumpToKey selects the item with this key, for a search hit, and scrolls
// it to the top; when the marked words (Highlight, called first) sit
// below the screen's upper half, it centres their first line instead, so
// the hit is always in view. It reports whether the item is shown.
func (c *Pane) JumpToKey(itemKey string) bool {
	i, ok := c.byKey[itemKey]
	if !ok {
		return false
	}
	c.follow, c.sel = false, i
	c.top = c.headRow(i)
	if k := c.markedLine(i); k > c.h/2 {
		c.top, _ = c.up(pos{i, c.items[i].gap + k}, c.h/2)
	}
	c.settle()
	return true
}

// markedLine is the first content line of item i that shows a marked
// word, or 0 when none does (or nothing is marked).
func (c *Pane) markedLine(i int) int {
	if len(c.marks) == 0 {
		return 0
	}
	l := c.render(c.items[i])
	for k := 1; k < l.n; k++ {
		lower := strings.ToLower(ansi.Strip(l.line(k)))
		for _, w := range c.marks {
			if strings.Contains(lower, w) {
				return k
			}
		}
	}
	return 0
}
