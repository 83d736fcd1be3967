package ui

// JumpToTask selects the first item of a task and scrolls it to the top,
// for "open" in the task list. It reports whether the task has items.
func (c *chatPane) JumpToTask(taskID string) bool {
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

// JumpToKey selects the item with this key and scrolls it to the top,
// for a search hit. It reports whether the item is shown.
func (c *chatPane) JumpToKey(itemKey string) bool {
	i, ok := c.byKey[itemKey]
	if !ok {
		return false
	}
	c.follow, c.sel = false, i
	c.top = c.headRow(i)
	c.settle()
	return true
}
