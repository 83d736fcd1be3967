package keys

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/styles"
)

// Help shows every key of the registry, full screen, and scrolls
// when the terminal is too small for all of them.
type Help struct {
	keys          *Map
	top           int // first line shown
	width, height int // the screen's, for paging
}

// helpID names the help on the overlay.
const helpID = "help"

func NewHelp(keys *Map) *Help { return &Help{keys: keys} }

func (d *Help) Full() bool { return true }

func (d *Help) ID() string { return helpID }

func (d *Help) SetSize(w, h int) { d.width, d.height = w, h }

// Update scrolls on a key or the wheel, and closes on the help key or
// close.
func (d *Help) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return d.key(msg)
	case tea.MouseWheelMsg:
		d.top += component.WheelStep(msg.Button == tea.MouseWheelUp) // View clamps it
	}
	return nil, nil
}

func (d *Help) key(msg tea.KeyPressMsg) (tea.Cmd, component.Action) {
	pg := d.keys.Pager
	switch {
	case key.Matches(msg, pg.Up):
		d.top--
	case key.Matches(msg, pg.Down):
		d.top++
	case key.Matches(msg, pg.PageUp):
		d.top -= d.height / 2
	case key.Matches(msg, pg.PageDown):
		d.top += d.height / 2
	case key.Matches(msg, pg.Top):
		d.top = 0
	case key.Matches(msg, pg.Bottom):
		d.top = d.height * 100 // View clamps it to the last page
	case key.Matches(msg, d.keys.Global.Help), key.Matches(msg, pg.Close):
		return nil, component.Close{}
	}
	return nil, nil
}

// View draws every key of every pane and dialog, scrolled to d.top.
func (d *Help) View(st *styles.Styles) string {
	width, height := d.width, d.height
	// Columns of 48 cells at least (a 17-cell key column and the longest
	// descriptions fit beside it), sharing out the width the box leaves.
	cols := max((width-4)/48, 1)
	colW := max((width-4)/cols, 10)
	var panes, dialogs [][]string
	for _, g := range d.keys.groups() {
		title := g.title
		if g.name == "contexts" {
			title += " (" + d.keys.Global.Contexts.Help().Key + ")"
		}
		var names, descs []string
		for _, b := range g.keys {
			if b.Enabled() {
				names, descs = append(names, strings.Join(b.Keys(), " ")), append(descs, b.Help().Desc)
			}
		}
		lines := append([]string{st.Accent.Render(title)}, keyRows(st, names, descs, colW-colGap)...)
		if g.dialog {
			dialogs = append(dialogs, lines)
		} else {
			panes = append(panes, lines)
		}
	}
	// The composer's text field edits as readline does (readline.go).
	var names, descs []string
	for _, b := range readlineKeys() {
		names, descs = append(names, readlineNames(b)), append(descs, b.Help().Desc)
	}
	text := append([]string{st.Accent.Render("Composer text")}, keyRows(st, names, descs, colW-colGap)...)
	// First after the panes' keys, so those keep their place on screen.
	dialogs = append([][]string{text}, dialogs...)
	// Side by side, the panes' keys come first. In one column the help
	// scrolls: the keys that work everywhere come first, the panes' keys
	// last, next to the legend of the badges those panes show.
	groups := append(panes, dialogs...)
	if cols == 1 {
		groups = append(append(append([][]string{}, panes[0]), dialogs...), panes[1:]...)
	}
	// The mouse first: it is not in the key groups, and a scrolled help
	// ends with the badges' legend.
	rows := []string{st.Muted.Render("Mouse:  " + mouseLegend), ""}
	for i := 0; i < len(groups); i += cols {
		var blocks []string
		for j := i; j < min(i+cols, len(groups)); j++ {
			blocks = append(blocks, lipgloss.NewStyle().Width(colW).Render(strings.Join(groups[j], "\n")))
		}
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, blocks...), "")
	}
	// The box's borders and padding take four cells, "Tasks:  " eight.
	badges := st.Muted.Render("Agents: " + styles.AgentLegend() + "\n" + "Tasks:  " + styles.StateLegend(max(width-12, 20)))
	content := lipgloss.NewStyle().Padding(0, 1).Render(strings.Join(append(rows, badges), "\n"))
	// A small terminal cannot show every key at once: the help scrolls.
	lines := strings.Split(content, "\n")
	inner := max(height-2, 1)
	d.top = min(max(d.top, 0), max(len(lines)-inner, 0))
	pg := d.keys.Pager
	note := FirstKey(d.keys.Global.Help) + " or " + FirstKey(pg.Close) + " close"
	if len(lines) > inner {
		lines = lines[d.top:min(d.top+inner, len(lines))]
		note = FirstKey(pg.Up) + FirstKey(pg.Down) + " " + FirstKey(pg.PageUp) + " " + FirstKey(pg.PageDown) + " scroll · " + note
	}
	return styles.Box(st, "parley · keys", note, strings.Join(lines, "\n"), width, height, true)
}

// colGap is the blank cells the help keeps between two columns side by
// side, so one column's text never reads on into the next's.
const colGap = 2

// keyRows are a group's rows of keys and what they do, the descriptions
// in one column past the group's widest keys (17 cells at least, so the
// groups side by side mostly line up too). A description wider than what
// width leaves it wraps, its further lines under the descriptions.
func keyRows(st *styles.Styles, names, descs []string, width int) []string {
	w := 17
	for _, n := range names {
		w = max(w, lipgloss.Width(n))
	}
	descW := max(width-w-1, 10)
	indent := strings.Repeat(" ", w+1)
	var rows []string
	for i, n := range names {
		wrapped := strings.Split(ansi.Wrap(descs[i], descW, ""), "\n")
		rows = append(rows, st.HelpKey.Render(n+strings.Repeat(" ", w-lipgloss.Width(n)))+" "+st.HelpDesc.Render(wrapped[0]))
		for _, more := range wrapped[1:] {
			rows = append(rows, indent+st.HelpDesc.Render(more))
		}
	}
	return rows
}

// mouseLegend is the help's word on the mouse (two lines, each within an
// 80-column help).
const mouseLegend = "click a pane to focus it, a row to select it, again to open it\n" +
	"        the wheel scrolls what is under it; shift+drag selects text"
