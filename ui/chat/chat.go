// Package chat is the transcript pane and its renderers: one
// conversation's items (messages, status lines, artifacts, errors,
// notices, thoughts and tool calls), scrolled by anchors, with Markdown
// rendered as it streams (in commands while the chat follows it), every
// part kind drawn by its renderer (render_kinds.go), and search words
// marked. It keeps the component contract: the root gives it its size,
// its keys, the mouse over it and the renders its commands send back
// (Update), and acts on what it asks (SaveFile, OpenFile, ConfirmTool).
package chat

import (
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Pane shows one conversation's transcript: messages, status lines,
// artifacts, errors and notices, following the bottom while the agent
// streams unless the user scrolled up.
//
// Rendering is paid per change, not per frame: each item's lines are
// cached by (Version, width, theme); a growing Markdown answer re-renders
// only its unstable tail (mdStream); and a frame draws only the rows it
// shows. The scroll position is an anchor — an item and a line within it
// — rather than an absolute line number, so neither a frame nor a scroll
// ever needs the height of items far off screen: with 10,000 items of
// history a frame measures the dozen it shows.
type Pane struct {
	st      *styles.Styles
	keys    keys.Chat
	md      *markdown
	bg      *markdown // for renders in commands (render_async.go)
	async   bool      // a streaming answer renders in commands
	gen     int       // bumped on a theme change: every cached render is stale
	w, h    int
	focused bool
	now     time.Time
	// following holds the tasks parley follows now: only their working
	// status and unfinished artifacts are live (a spinner). A context
	// reopened while its agent is away, or a stream stopped with esc,
	// shows them as they were last heard of.
	following map[string]bool
	agentName string

	items      []*chatItem
	byKey      map[string]int
	taskFirst  map[string]time.Time // when each task's first item arrived
	taskStatus map[string]int       // each task's latest status item
	// took holds the keys of the progress lines a later step took the
	// place of (progress), so that a caller giving the whole transcript
	// again (a compare column) does not bring them back.
	took map[string]bool

	follow   bool // stick to the bottom
	top      pos  // first row shown, when not following
	sel      int  // selected item, -1 when there is none
	newBelow int  // items that arrived while scrolled up

	itemRenders int // item renders, for tests that check caching

	// maxText is how many bytes of one item's text are rendered and
	// copied (maxTextBytes); eagerAll renders every piece of a
	// streaming answer as it turns stable, not only those shown
	// (render_stream.go). Tests change them.
	maxText  int
	eagerAll bool

	marks []string // words to highlight, lower case: a search hit's (marks.go)

	forms forms // the agent's A2UI surfaces and the form filled in (a2ui_state.go)
	// formsOf keeps the forms of the conversations not shown, by the
	// value ResetFor names them with; formsConv names the one shown.
	formsOf   map[any]forms
	formsConv any
	formKeys  keys.Form // the keys that act while a form is filled in

	win      window         // a stored transcript held in windows (window.go)
	windowOf map[any]Window // where each conversation shown is stored, by ResetFor's value
	texts    TextSource     // reads back ranges of an answer held as a window (cut.go)
	rangeSeq int            // numbers those reads: a reply to one superseded is dropped
	dir      int            // the last scroll's way: -1 up, 1 down, 0 none since the end
	toStart  bool           // the top key asked for the beginning of what it shows
}

// pos is a row of the transcript: an item and a line within its block
// (gap rows included).
type pos struct{ item, line int }

func (p pos) before(q pos) bool {
	return p.item < q.item || p.item == q.item && p.line < q.line
}

// New is an empty transcript drawn in st, acting on the user's chat
// keys.
func New(st *styles.Styles, km keys.Chat) *Pane {
	c := &Pane{st: st, keys: km, md: newMarkdown(st.Theme.Dark), bg: newMarkdown(st.Theme.Dark), async: true, now: time.Now(), maxText: maxTextBytes, formKeys: keys.Default().Form}
	c.clear()
	return c
}

func (c *Pane) clear() {
	c.items = nil
	c.byKey = map[string]int{}
	c.taskFirst = map[string]time.Time{}
	c.taskStatus = map[string]int{}
	c.took = map[string]bool{}
	c.follow, c.top, c.sel, c.newBelow = true, pos{}, -1, 0
	c.marks = nil
	c.forms.reset()
	c.win = window{epoch: c.win.epoch + 1}
}

// SetSize sets the inner size (inside the border).
func (c *Pane) SetSize(w, h int) {
	c.w, c.h = max(w, 0), max(h, 0)
	c.settle()
}

// SetStyles switches theme: every cached render is dropped, and the
// Markdown style follows the theme's darkness.
func (c *Pane) SetStyles(st *styles.Styles) {
	if st == c.st {
		return
	}
	c.st = st
	c.gen++
	if st.Theme.Dark != c.md.dark {
		c.md = newMarkdown(st.Theme.Dark)
		c.bg = newMarkdown(st.Theme.Dark)
	}
}

func (c *Pane) Focus() { c.focused = true }
func (c *Pane) Blur()  { c.focused = false }

// Tick advances the clock behind elapsed times and spinners.
func (c *Pane) Tick(now time.Time) { c.now = now }

// SetTasks tells the chat which of the conversation's tasks parley
// follows now.
func (c *Pane) SetTasks(tasks []session.TaskInfo) {
	clear(c.following)
	for _, t := range tasks {
		// A task whose first items are not held (a window of a long
		// stored transcript) still counts its time from its start.
		if first, ok := c.taskFirst[t.ID]; !t.Started.IsZero() && (!ok || t.Started.Before(first)) {
			c.taskFirst[t.ID] = t.Started
		}
		if t.Following {
			if c.following == nil {
				c.following = map[string]bool{}
			}
			c.following[t.ID] = true
		}
	}
}

// Following says the chat follows the newest item (nothing scrolled
// up).
func (c *Pane) Following() bool { return c.follow }

// Selected is the selected item, if any.
func (c *Pane) Selected() (session.Item, bool) {
	if ci := c.selected(); ci != nil {
		return ci.it, true
	}
	return session.Item{}, false
}

// Marks are the words highlighted (Highlight), lower case, longest
// first.
func (c *Pane) Marks() []string { return c.marks }

// NewBelow is how many items arrived while the user was scrolled up.
func (c *Pane) NewBelow() int { return c.newBelow }

// Reset shows another conversation, following its end.
func (c *Pane) Reset(items []session.Item, agentName string) {
	c.clear()
	c.agentName = agentName
	c.Upsert(items)
	c.sel = len(c.items) - 1
}

// Upsert takes changed and new items, in Seq order.
func (c *Pane) Upsert(items []session.Item) {
	for i := range items {
		it := &items[i]
		idx, ok := c.byKey[it.Key]
		switch {
		case ok && it.Emptied():
			c.remove(idx)
		case ok:
			c.items[idx].it = *it
		case c.took[it.Key]:
			// a step a later one took the place of: not shown again
		case c.detached(it):
			c.newBelow++ // stored; shown when the end key joins the end again
		case !it.Emptied():
			c.insert(*it)
		}
		c.a2uiTake(it)
	}
	c.settle()
}

func (c *Pane) insert(it session.Item) {
	atEnd := len(c.items) == 0 || c.items[len(c.items)-1].it.Seq <= it.Seq
	if atEnd && c.progress(it) {
		return
	}
	idx := len(c.items)
	if !atEnd {
		idx = sort.Search(len(c.items), func(i int) bool { return c.items[i].it.Seq > it.Seq })
	}
	ci := &chatItem{it: it}
	wasLast := c.sel == len(c.items)-1
	c.items = append(c.items, nil)
	copy(c.items[idx+1:], c.items[idx:])
	c.items[idx] = ci
	c.setGap(idx)
	if !atEnd {
		// Out of order (not something Drain produces): shift what
		// points past the new item.
		c.setGap(idx + 1)
		c.reindex()
		if c.sel >= idx {
			c.sel++
		}
		if c.top.item >= idx && !c.follow {
			c.top.item++
		}
	} else {
		c.byKey[it.Key] = idx
		if wasLast && c.follow {
			c.sel = idx
		}
	}
	c.noteTask(ci, idx)
	if !c.follow {
		c.newBelow++
	}
}

// progress takes a status that only says how a working task gets on
// (the same task, still working, a new message: "Step 3 of 60…") in
// place of the line before it, when that is the task's last status and
// the chat's last item, and reports whether it did. A 60-step task wrote
// one line per step; the chat keeps the last.
func (c *Pane) progress(it session.Item) bool {
	if it.Kind != session.ItemStatus || it.TaskID == "" || !working(it.State) {
		return false
	}
	last := len(c.items) - 1
	prev, ok := c.taskStatus[it.TaskID]
	if !ok || prev != last {
		return false
	}
	old := c.items[last]
	if old.it.Kind != session.ItemStatus || old.it.State != it.State || !old.until.IsZero() {
		return false
	}
	delete(c.byKey, old.it.Key)
	c.took[old.it.Key] = true
	c.items[last] = &chatItem{it: it, gap: old.gap}
	c.byKey[it.Key] = last
	return true
}

func (c *Pane) setGap(i int) {
	if i <= 0 || i >= len(c.items) {
		if i == 0 && len(c.items) > 0 {
			c.items[0].gap = 0
		}
		return
	}
	c.items[i].gap = gapBefore(c.items[i-1].it.Kind, c.items[i].it.Kind)
}

func (c *Pane) reindex() {
	clear(c.byKey)
	clear(c.taskStatus)
	for i, ci := range c.items {
		c.byKey[ci.it.Key] = i
		if ci.it.Kind == session.ItemStatus && ci.it.TaskID != "" {
			c.taskStatus[ci.it.TaskID] = i
		}
	}
}

// noteTask keeps the task bookkeeping behind status lines: when the task
// began, and which working status is still running its clock.
func (c *Pane) noteTask(ci *chatItem, idx int) {
	id := ci.it.TaskID
	if id == "" {
		return
	}
	if first, ok := c.taskFirst[id]; !ok || ci.it.Time.Before(first) {
		c.taskFirst[id] = ci.it.Time
	}
	switch ci.it.Kind {
	case session.ItemStatus, session.ItemError:
		if prev, ok := c.taskStatus[id]; ok && prev < len(c.items) && prev != idx {
			if p := c.items[prev]; working(p.it.State) && p.until.IsZero() {
				p.until = ci.it.Time
			}
		}
		if cur, ok := c.taskStatus[id]; ci.it.Kind == session.ItemStatus && (!ok || idx >= cur) {
			c.taskStatus[id] = idx
		}
	}
}

// View draws the transcript in st, exactly w columns by h lines (the
// size SetSize gave).
func (c *Pane) View(st *styles.Styles) string {
	c.SetStyles(st)
	if c.w <= 0 || c.h <= 0 {
		return ""
	}
	c.realizeShown()
	blank := strings.Repeat(" ", c.w)
	var b strings.Builder
	row, more := c.viewTop(), len(c.items) > 0
	for n := 0; n < c.h; n++ {
		if n > 0 {
			b.WriteByte('\n')
		}
		if !more {
			b.WriteString(blank)
			continue
		}
		if line, ok := c.loadingLine(row, n); ok {
			b.WriteString(styles.Fit(line, c.w))
		} else {
			b.WriteString(styles.Fit(c.rowText(row), c.w))
		}
		next, moved := c.down(row, 1)
		row, more = next, moved == 1
	}
	return b.String()
}

// rowText draws one row: a gap, a header (highlighted when selected) or
// a cached content line.
func (c *Pane) rowText(p pos) string {
	ci := c.items[p.item]
	k := p.line - ci.gap
	if k < 0 {
		return ""
	}
	l := c.render(ci)
	selected := c.focused && p.item == c.sel
	if k == l.head {
		head := c.head(ci, l)
		if selected {
			return c.st.Selected.Render(styles.Fit(ansi.Strip(head), c.w))
		}
		return c.mark(head)
	}
	line := c.mark(l.line(k))
	if selected {
		for _, r := range l.fileRows {
			if r == k {
				line += c.st.Muted.Render("  " + c.keys.Save.Help().Key + " save · " + c.keys.Open.Help().Key + " open")
			}
		}
	}
	return line
}

// Empty says the transcript has no items yet.
func (c *Pane) Empty() bool { return len(c.items) == 0 }
