// Drawing the compare view: its columns side by side over the whole
// width, each a box with the agent's transcript and, on its last line,
// the state of its newest task and how the turn went.

package ui

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/styles"
)

// compareHeight is the rows the columns take: the body's, the narrow
// layout's header line included.
func (m *Model) compareHeight(r rects) int {
	if m.narrow() {
		return r.chatH + 1
	}
	return r.chatH
}

// compareWidths splits the width between n columns, the last taking
// what the division leaves.
func compareWidths(width, n int) []int {
	ws := make([]int, n)
	for i := range ws {
		ws[i] = width / n
	}
	ws[n-1] += width - n*(width/n)
	return ws
}

// layoutCompare sizes each column's pane inside its box, above its
// footer line.
func (m *Model) layoutCompare(r rects) {
	if !m.compare.open || len(m.compare.cols) == 0 {
		return
	}
	h := m.compareHeight(r)
	for i, w := range compareWidths(m.width, len(m.compare.cols)) {
		m.compare.cols[i].pane.SetSize(max(w-2, 1), max(h-2-footerLines(w-2), 1))
	}
}

// drawCompare draws the columns.
func (m *Model) drawCompare(r rects) string {
	h := m.compareHeight(r)
	var out string
	for i, w := range compareWidths(m.width, len(m.compare.cols)) {
		c := m.compare.cols[i]
		box := styles.Box(m.st, compareColTitle(c, w-6), "", m.compareColContent(c, w-2, h-2), w, h, false)
		if i == 0 {
			out = box
		} else {
			out = besideBoxes(out, box)
		}
	}
	return out
}

// compareColTitle names the column's agent and, when it fits in w
// cells, its context.
func compareColTitle(c *compareCol, w int) string {
	title := c.entry.Label()
	if id := c.conv.ContextID(); id != "" {
		if long := title + " · context " + styles.ShortID(id); styles.CellWidth(long) <= w {
			return long
		}
	}
	return title
}

// footerLines is how many lines a column's footer takes at inner width
// w: its state and timings on one line, or each on its own in a column
// too narrow for both.
func footerLines(w int) int {
	if w < 40 {
		return 2
	}
	return 1
}

// compareColContent is the column's transcript, then its footer.
func (m *Model) compareColContent(c *compareCol, w, h int) string {
	var lines []string
	if c.pane.Empty() {
		lines = []string{m.st.Muted.Render(styles.Clip("Waiting for your message.", w))}
	} else {
		lines = strings.Split(c.pane.View(m.st), "\n")
	}
	body := max(h-footerLines(w), 0)
	if len(lines) > body {
		lines = lines[:body]
	}
	for len(lines) < body {
		lines = append(lines, "")
	}
	return strings.Join(append(lines, m.compareFooter(c, w)), "\n")
}

// compareFooter is the column's footer: how its newest turn stands
// (compareState) and, once it ended, when the first token came and when
// it was done; on two lines in a narrow column (footerLines).
func (m *Model) compareFooter(c *compareCol, w int) string {
	items := c.conv.Items()
	busy := c.conv.Busy()
	state := m.compareState(c, items, busy)
	var times []string
	if t := lastTurn(items); t != nil && !busy {
		long, short := compareTimings(t.Timings)
		times = long
		if styles.CellWidth(strings.Join(long, " · ")) > w {
			times = short
		}
	}
	timing := m.st.Muted.Render(strings.Join(times, " · "))
	if footerLines(w) == 2 {
		return styles.Clip(state, w) + "\n" + styles.Clip(timing, w)
	}
	line := state
	if len(times) > 0 {
		if line != "" {
			line += m.st.Muted.Render(" · ")
		}
		line += timing
	}
	return styles.Clip(line, w)
}

// compareTimings are a turn's first token and end, in words and short.
func compareTimings(tm session.Timings) (long, short []string) {
	if d := tm.FirstText; d != 0 {
		long = append(long, "first token "+session.HumanDuration(d))
		short = append(short, "first "+session.HumanDuration(d))
	}
	if d := tm.Final; d != 0 {
		long = append(long, "done in "+session.HumanDuration(d))
		short = append(short, "done "+session.HumanDuration(d))
	}
	return long, short
}

// compareState is the mark and word of the column's newest turn: its
// task's state (the spinner while it moves), "answered" for a reply
// with no task, "error" when it failed before either; "" before any.
func (m *Model) compareState(c *compareCol, items []session.Item, busy bool) string {
	from := -1
	for i := len(items) - 1; i >= 0; i-- {
		if items[i].Kind == session.ItemUser {
			from = i
			break
		}
	}
	if from < 0 {
		return ""
	}
	var task string
	answered, failed := false, false
	for _, it := range items[from+1:] {
		switch {
		case it.TaskID != "":
			task = it.TaskID
		case it.Kind == session.ItemAgent:
			answered = true
		case it.Kind == session.ItemError:
			failed = true
		}
	}
	if task != "" {
		for _, t := range c.conv.Tasks() {
			if t.ID != task {
				continue
			}
			look := styles.LookOf(t.State)
			mark := styles.ChatMark(t.State)
			if look.Glyph == "" {
				mark = m.spin.View()
			}
			return look.Tone(m.st).Render(mark + " " + styles.StateWord(t.State))
		}
	}
	switch {
	case busy:
		return m.st.Info.Render(m.spin.View() + " waiting")
	case failed:
		return m.st.Error.Render(styles.LookOf(a2aclient.StateFailed).Glyph + " error")
	case answered:
		return m.st.Success.Render(styles.LookOf(a2aclient.StateCompleted).Glyph + " answered")
	}
	return ""
}

// lastTurn is the turn of the newest user message that has one.
func lastTurn(items []session.Item) *session.Turn {
	for i := len(items) - 1; i >= 0; i-- {
		if items[i].Kind == session.ItemUser {
			return items[i].Turn
		}
	}
	return nil
}

// compareColAt is the column under cell (x, y), nil for none.
func (m *Model) compareColAt(x, y int) *compareCol {
	if y >= m.compareHeight(m.rects()) {
		return nil
	}
	left := 0
	for i, w := range compareWidths(m.width, len(m.compare.cols)) {
		if x >= left && x < left+w {
			return m.compare.cols[i]
		}
		left += w
	}
	return nil
}
