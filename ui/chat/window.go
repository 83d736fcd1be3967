package chat

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
)

// A stored conversation is held in windows: the pane keeps the items
// around what is on screen, reads those before its first (after its
// last) from the store in a command as a scroll nears its top (bottom),
// and lets go of items more than a few windows from the screen. A long
// history then costs a screen, not its length, and positions stay those
// of the whole conversation (each item's stored Seq).

// Source reads a stored transcript in windows; the store implements it.
type Source interface {
	LoadBefore(id int64, seq, n int) ([]session.Item, error)
	LoadAfter(id int64, seq, n int) ([]session.Item, error)
	LoadAround(id int64, key string, n int) ([]session.Item, int, error)
	FirstOfTask(id int64, taskID string) (string, error)
}

// Window says where a conversation shown in the pane is stored: Src
// reads context ID; Before says the store holds items before those
// given; Tail is the conversation's own items (its restored last window
// and what came since), where the end key joins again after the pane let
// go of the end.
type Window struct {
	Src    Source
	ID     int64
	Before bool
	Tail   func() []session.Item
}

const (
	windowItems = 256               // items one read brings
	keepItems   = 4 * windowItems   // the most a pane holds of a stored transcript
	nearItems   = windowItems / 2   // a read starts when the screen is this close to an end
	trimMargin  = windowItems + 128 // items kept beyond the screen on the side let go of
)

// What a window read is for.
const (
	readNone = iota
	readBefore
	readAfter
	readHead   // the first items: the top key
	readAround // a search hit's
	readTask   // a task's first item, opened from the task list
)

// window is the pane's state of a stored transcript.
type window struct {
	Window
	after   bool // items after the last held are in the store (let go of)
	loading int  // the read in flight, readNone when none
	epoch   int  // bumped by every reset: a read for another transcript is dropped
}

// windowMsg brings a read's items back to the pane that asked.
type windowMsg struct {
	epoch int
	kind  int
	items []session.Item
	at    int    // readAround: the hit's index in items
	jump  string // readAround: the hit's key
	err   error
}

func (windowMsg) Redraws() component.Redraw { return component.RedrawAll }

func (windowMsg) To() string { return ID }

// SetWindow says conv, shown now or later, is stored as w: the pane
// reads it in windows. The zero Window holds everything, as before. A
// conversation not shown now takes up its window when shown
// (ShowWindow).
func (c *Pane) SetWindow(conv any, w Window) {
	if c.windowOf == nil {
		c.windowOf = map[any]Window{}
	}
	if w.Src == nil {
		delete(c.windowOf, conv)
	} else {
		c.windowOf[conv] = w
	}
	if conv == c.formsConv {
		c.ShowWindow(conv)
	}
}

// ShowWindow takes up the window of conv after a ResetFor showed its
// items: the window's end is the conversation's.
func (c *Pane) ShowWindow(conv any) {
	c.win.epoch++
	c.win = window{Window: c.windowOf[conv], epoch: c.win.epoch}
}

// Held is how many items the pane holds.
func (c *Pane) Held() int { return len(c.items) }

// Loading says a window is being read.
func (c *Pane) Loading() bool { return c.win.loading != readNone }

// fetch starts the read the screen's place asks for, if any: the items
// before the first when the screen nears the top of what is held, after
// the last when it nears the bottom and the end was let go of.
func (c *Pane) fetch() tea.Cmd {
	w := &c.win
	if w.Src == nil || w.loading != readNone || len(c.items) == 0 {
		return nil
	}
	top := c.viewTop()
	if w.Before && top.item < nearItems {
		return c.read(readBefore, "")
	}
	if bottom, _ := c.down(top, c.h-1); w.after && bottom.item >= len(c.items)-nearItems {
		return c.read(readAfter, "")
	}
	return nil
}

// read starts one read in a command; its items come back as a
// windowMsg.
func (c *Pane) read(kind int, key string) tea.Cmd {
	w := &c.win
	src, id, epoch := w.Src, w.ID, w.epoch
	first, last := -1, -1
	if len(c.items) > 0 {
		first, last = c.items[0].it.Seq, c.items[len(c.items)-1].it.Seq
	}
	w.loading = kind
	return func() tea.Msg {
		msg := windowMsg{epoch: epoch, kind: kind, jump: key}
		switch kind {
		case readBefore:
			msg.items, msg.err = src.LoadBefore(id, first, windowItems)
		case readAfter:
			msg.items, msg.err = src.LoadAfter(id, last, windowItems)
		case readHead:
			msg.items, msg.err = src.LoadAfter(id, -1, windowItems)
		case readAround:
			msg.items, msg.at, msg.err = src.LoadAround(id, key, 2*windowItems)
		case readTask:
			if msg.jump, msg.err = src.FirstOfTask(id, key); msg.err == nil {
				msg.items, msg.at, msg.err = src.LoadAround(id, msg.jump, 2*windowItems)
			}
		}
		return msg
	}
}

// onWindow takes a read's items into the transcript, then starts the
// next read if the screen is still near an end.
func (c *Pane) onWindow(msg windowMsg) tea.Cmd {
	w := &c.win
	if msg.epoch != w.epoch || w.loading != msg.kind {
		return nil
	}
	w.loading = readNone
	if msg.err != nil {
		return component.Status("Could not read more of the conversation: "+msg.err.Error()+". Scroll again to retry.", true)
	}
	switch msg.kind {
	case readBefore:
		w.Before = len(msg.items) == windowItems
		c.prepend(msg.items)
		c.trimEnd()
	case readAfter:
		w.after = len(msg.items) == windowItems
		c.appendWindow(msg.items)
		c.trimFront()
		c.settle()
	case readHead:
		c.replace(msg.items)
		w.Before, w.after = false, len(msg.items) == windowItems || w.Tail != nil
		c.follow, c.top, c.sel = false, pos{}, 0
		c.settle()
	case readAround, readTask:
		c.replace(msg.items)
		w.Before = msg.at == windowItems
		w.after = len(msg.items)-msg.at == windowItems || w.Tail != nil
		c.follow = false
		c.JumpToKey(msg.jump)
	}
	return tea.Batch(c.fetch(), c.fetchFront())
}

// Jump shows the item with key, reading the window around it from the
// store when the pane does not hold it (a search hit far up a long
// transcript); Highlight first, as for JumpToKey.
func (c *Pane) Jump(key string) tea.Cmd {
	if c.JumpToKey(key) || c.win.Src == nil {
		return nil
	}
	return c.read(readAround, key)
}

// JumpTask shows a task's first item (opened from the task list),
// reading the window around it from the store when the pane holds none
// of the task's items.
func (c *Pane) JumpTask(taskID string) tea.Cmd {
	if c.JumpToTask(taskID) || c.win.Src == nil {
		return nil
	}
	return c.read(readTask, taskID)
}

// first shows the first item of the conversation, reading it from the
// store when the pane does not hold it.
func (c *Pane) first() tea.Cmd {
	c.toStart, c.dir = true, 1
	if c.win.Src != nil && c.win.Before {
		return c.read(readHead, "")
	}
	c.home()
	return nil
}

// rejoin takes the conversation's own items again, when the pane let
// go of its end (End).
func (c *Pane) rejoin() {
	w := &c.win
	if !w.after || w.Tail == nil {
		return
	}
	w.epoch++ // a read in flight is for what is dropped here
	w.loading, w.after, w.Before = readNone, false, true
	c.replace(nil)
	c.follow = true
	c.Upsert(w.Tail())
}

// detached says the pane let go of the conversation's end: live items
// past its last are left to the store until the end key joins again.
func (c *Pane) detached(it *session.Item) bool {
	return c.win.after && len(c.items) > 0 && it.Seq > c.items[len(c.items)-1].it.Seq
}

// replace holds items instead of the transcript, keeping the marks, the
// forms and the tasks' clocks.
func (c *Pane) replace(items []session.Item) {
	c.items = c.items[:0]
	clear(c.byKey)
	clear(c.taskStatus)
	c.follow, c.top, c.sel, c.newBelow = false, pos{}, -1, 0
	c.appendWindow(items)
}

// prepend puts the items read before the first in front, keeping the
// screen where it was.
func (c *Pane) prepend(items []session.Item) {
	fresh := make([]*chatItem, 0, len(items))
	for _, it := range items {
		if _, ok := c.byKey[it.Key]; ok || it.Emptied() {
			continue
		}
		fresh = append(fresh, &chatItem{it: it})
	}
	k := len(fresh)
	if k == 0 {
		return
	}
	c.items = append(fresh, c.items...)
	for i := 0; i <= k && i < len(c.items); i++ {
		c.setGap(i)
	}
	c.reindex()
	for i := range k {
		c.noteTask(c.items[i], i)
	}
	if !c.follow {
		c.top.item += k
	}
	if c.sel >= 0 {
		c.sel += k
	}
}

// appendWindow puts the items read after the last at the end.
func (c *Pane) appendWindow(items []session.Item) {
	for _, it := range items {
		if _, ok := c.byKey[it.Key]; ok || it.Emptied() {
			continue
		}
		ci := &chatItem{it: it}
		c.items = append(c.items, ci)
		idx := len(c.items) - 1
		c.setGap(idx)
		c.byKey[it.Key] = idx
		if ci.it.Kind == session.ItemStatus && ci.it.TaskID != "" {
			c.taskStatus[ci.it.TaskID] = idx
		}
		c.noteTask(ci, idx)
	}
}

// trimEnd lets go of the items more than a few windows below the
// screen.
func (c *Pane) trimEnd() {
	if c.follow || len(c.items) <= keepItems {
		return
	}
	bottom, _ := c.down(c.viewTop(), c.h-1)
	cut := max(len(c.items)-keepItems, 0)
	cut = min(cut, len(c.items)-1-bottom.item-trimMargin)
	if cut <= 0 {
		return
	}
	keep := len(c.items) - cut
	clear(c.items[keep:]) // the array must not keep them
	c.items = c.items[:keep]
	c.reindex()
	c.sel = min(c.sel, len(c.items)-1)
	c.win.after = true
}

// trimFront lets go of the items more than a few windows above the
// screen.
func (c *Pane) trimFront() {
	if len(c.items) <= keepItems {
		return
	}
	top := c.viewTop()
	cut := min(len(c.items)-keepItems, top.item-trimMargin)
	if cut <= 0 {
		return
	}
	c.items = append(c.items[:0:0], c.items[cut:]...)
	c.reindex()
	if !c.follow {
		c.top.item -= cut
	}
	c.sel = max(c.sel-cut, 0)
	c.win.Before = true
}

// loadingLine is what screen row n shows in place of row while a window
// is read at that end of the transcript.
func (c *Pane) loadingLine(row pos, n int) (string, bool) {
	switch {
	case c.win.loading == readBefore && n == 0 && row == (pos{}):
		return c.st.Muted.Render("loading earlier messages…"), true
	case c.win.loading == readAfter && n == c.h-1:
		if last := c.lastRow(); row == last {
			return c.st.Muted.Render("loading later messages…"), true
		}
	}
	return "", false
}
