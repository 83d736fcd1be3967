package panes

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Agents lists agents and shows the selected one's card and skills.
type Agents struct {
	paneBox
	keys    keys.Agents
	entries []*Entry
	cursor  int // index into entries; len(entries) is the "add agent" row
	// top and end are the rows View drew last: a list longer than the
	// pane shows the cursor's rows and says how many it hides.
	top, end int
	// skillTop is the first skill of the selected agent's card shown:
	// a card may list more skills than the pane has room for.
	skillTop int
	spinner  string
	// expanded gives the card more room (the root widens the pane) and
	// shows every description and example in it.
	expanded bool
	current  *Entry // the agent the chat talks to
}

// NewAgents is an empty agents pane drawn in st, acting on the user's
// agents keys.
func NewAgents(st *styles.Styles, km keys.Agents) *Agents {
	return &Agents{paneBox: paneBox{st: st}, keys: km}
}

func (p *Agents) SetSpinner(s string) { p.spinner = s }

// SetEntries lists the agents, in the pane's order; the cursor stays
// within them.
func (p *Agents) SetEntries(entries []*Entry) {
	p.entries = entries
	p.cursor = min(p.cursor, len(entries))
}

// SetCurrent names the agent the chat talks to, marked in its row.
func (p *Agents) SetCurrent(e *Entry) { p.current = e }

// Point puts the cursor on e, whose card then shows.
func (p *Agents) Point(e *Entry) {
	for i, x := range p.entries {
		if x == e {
			p.cursor = i
		}
	}
}

// Expanded says the card has the room of an expanded one
// (agents.expand): the root widens the pane for it.
func (p *Agents) Expanded() bool { return p.expanded }

// Fold gives an expanded card back its compact room; it says whether
// the card was expanded.
func (p *Agents) Fold() bool {
	was := p.expanded
	p.expanded = false
	return was
}

// Selected is the agent under the cursor, nil on the "add agent" row.
func (p *Agents) Selected() *Entry {
	if p.cursor >= 0 && p.cursor < len(p.entries) {
		return p.entries[p.cursor]
	}
	return nil
}

// AgentAction is what a key in the agents pane asks the root to do.
type AgentAction int

const (
	agentNone AgentAction = iota
	AgentUse
	AgentAdd
	AgentRemove
	AgentRename
	AgentSave
	AgentExample
	AgentExpand
	// AgentDoctor opens the doctor view on the selected agent.
	AgentDoctor
	// AgentRaw opens the raw console on the selected agent.
	AgentRaw
	// AgentMark marks the selected agent for the compare view, or
	// unmarks it; AgentCompare opens the view on the marked agents.
	AgentMark
	AgentCompare
)

// selectAction is what choosing the selected row means (enter, or a
// second click): "add agent" on the last row, else using the agent.
func (p *Agents) selectAction() AgentAction {
	if p.cursor == len(p.entries) {
		return AgentAdd
	}
	return AgentUse
}

// Update moves the cursor and scrolls the card on a key, the wheel or a
// click; what the root must do (use, add, remove, rename, save, an
// example, a wider pane) it returns as an agentAction.
func (p *Agents) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	var a AgentAction
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd, a = p.key(msg)
	case tea.MouseWheelMsg:
		// The rows fit; what overflows is the card's skills.
		p.skillTop = max(p.skillTop+component.WheelStep(msg.Button == tea.MouseWheelUp)/component.WheelRows, 0)
	case component.ClickMsg:
		if i, ok := p.rowAt(msg.Row); ok {
			if msg.Again && i == p.cursor {
				a = p.selectAction()
			} else {
				p.cursor, p.skillTop = i, 0
			}
		}
	}
	if a == agentNone {
		return cmd, nil
	}
	return cmd, a
}

// key moves the cursor, or acts on the selected agent: what the pane
// can do alone comes back as a command, what needs the root as an
// AgentAction (ui/agents_actions.go).
func (p *Agents) key(msg tea.KeyPressMsg) (tea.Cmd, AgentAction) {
	switch {
	case key.Matches(msg, p.keys.Up):
		if p.cursor > 0 {
			p.cursor--
			p.skillTop = 0
		}
	case key.Matches(msg, p.keys.Down):
		if p.cursor < len(p.entries) {
			p.cursor++
			p.skillTop = 0
		}
	case key.Matches(msg, p.keys.SkillsDown):
		p.skillTop++ // card() clamps it to the skills there are
	case key.Matches(msg, p.keys.SkillsUp):
		p.skillTop = max(p.skillTop-1, 0)
	case key.Matches(msg, p.keys.Select):
		return nil, p.selectAction()
	case key.Matches(msg, p.keys.Add):
		return nil, AgentAdd
	case key.Matches(msg, p.keys.Remove):
		return nil, AgentRemove
	case key.Matches(msg, p.keys.Rename):
		return nil, AgentRename
	case key.Matches(msg, p.keys.Save):
		return nil, AgentSave
	case key.Matches(msg, p.keys.Example):
		return nil, AgentExample
	case key.Matches(msg, p.keys.Expand):
		p.expanded = !p.expanded
		return nil, AgentExpand
	case key.Matches(msg, p.keys.Doctor):
		if p.Selected() != nil {
			return nil, AgentDoctor
		}
	case key.Matches(msg, p.keys.Raw):
		if p.Selected() != nil {
			return nil, AgentRaw
		}
	case key.Matches(msg, p.keys.Mark):
		if e := p.Selected(); e != nil {
			e.Marked = !e.Marked
			return nil, AgentMark
		}
	case key.Matches(msg, p.keys.Compare):
		return nil, AgentCompare
	case key.Matches(msg, p.keys.CopyRef):
		if e := p.Selected(); e != nil {
			return tea.Batch(tea.SetClipboard(e.Ref), component.Status("Copied "+credname.RedactURL(e.Ref)+": parley send and parley card take it.", false)), agentNone
		}
	}
	return nil, agentNone
}

// View draws the agent rows, then the selected agent's card below them.
func (p *Agents) View(st *styles.Styles) string {
	p.st = st
	current := p.current
	var lines []string
	n := len(p.entries) + 1 // and the "add agent" row
	p.top, p.end = styles.ListWindow(n, p.cursor, p.top, max(p.h, 1))
	above, below := styles.HiddenNotes(p.st, n, p.top, p.end, p.w)
	if above != "" {
		lines = append(lines, above)
	}
	for i := p.top; i < p.end && i < len(p.entries); i++ {
		e := p.entries[i]
		lines = append(lines, p.row(e, i == p.cursor, e == current))
	}
	if p.end == n {
		add := p.cursorMark(p.cursor == len(p.entries)) + p.st.Muted.Render("+ add agent")
		if p.cursor == len(p.entries) && p.focused {
			add = p.cursorMark(true) + p.st.Selected.Render(styles.Fit("+ add agent", p.w-1))
		}
		lines = append(lines, add)
	}
	if below != "" {
		lines = append(lines, below)
	}
	lines = append(lines, "")
	if sel := p.Selected(); sel != nil {
		if sel.Stored {
			lines = append(lines, styles.WrapStyle(p.st.Muted, p.storedNote(), max(p.w, 10), 3)...)
		}
		lines = append(lines, p.card(sel, p.h-len(lines), sel == current)...)
	}
	if len(lines) > p.h {
		lines = lines[:p.h]
	}
	return strings.Join(lines, "\n")
}

func (p *Agents) row(e *Entry, selected, current bool) string {
	badge, dialect, flags := p.st.Muted.Render(styles.AgentBadgeDown), "", ""
	switch e.Status {
	case session.AgentResolving:
		badge = p.st.Info.Render(p.spinner)
	case session.AgentReady:
		badge = p.st.Success.Render(styles.AgentBadgeUp)
		dialect = styles.VersionLabel(e.Client.Dialect())
		if e.Client.Agent().Capabilities.Streaming {
			flags += styles.AgentFlagStreams
		}
		if len(e.Client.Agent().SecuritySchemes) > 0 && !e.SignedIn { // "needs sign-in"
			flags += styles.AgentFlagSecurity
		}
	case session.AgentFailed:
		badge = p.st.Error.Render(styles.AgentBadgeDown)
		flags = styles.AgentFlagFailed
		if _, ok := e.MissingVariable(); ok {
			flags = styles.AgentFlagSecurity // not unreachable: it needs a sign-in
		}
		if refusedUnverified(e) {
			flags = "" // the card was had; the signature column says why
		}
	}
	right := fmt.Sprintf("%-5s %-2s", dialect, flags)
	// The signature mark is its own column after the flags, styled apart
	// from the row (Success or Error), so it is drawn after the row text.
	sig := p.sigMark(e)
	nameW := max(p.w-3-len([]rune(right))-1-1, 4)
	// Two agents of one name (staging and production, two demo agents)
	// name where they are too (session's label); the name gives way to
	// the place, which is what differs.
	name, place := e.LabelParts()
	if place != "" {
		name = styles.Clip(name, max(nameW-1-ansi.StringWidth(place)-1, 6)) + " " + place
	}
	switch {
	case e.Marked:
		name = styles.AgentMarkCompare + name
	case current:
		name = styles.AgentMarkCurrent + name
	default:
		name = " " + name
	}
	text := styles.Fit(styles.Clip(name, nameW), nameW) + " " + right
	lead := p.cursorMark(selected) + badge + " "
	if selected && p.focused {
		return lead + p.st.Selected.Render(styles.Fit(text, p.w-4)) + sig
	}
	if current {
		return lead + p.st.Bold.Render(text) + sig
	}
	if e.Stored {
		return lead + p.st.Muted.Render(text) + sig
	}
	return lead + p.st.Text.Render(text) + sig
}

// cursorMark is the first column of a row: the cursor's mark on its row,
// drawn focused or not, since the card below is always the cursor's
// agent and not necessarily the one in the chat.
func (p *Agents) cursorMark(on bool) string {
	if !on {
		return " "
	}
	if p.focused {
		return p.st.Accent.Render(styles.AgentMarkCursor)
	}
	return p.st.Muted.Render(styles.AgentMarkCursor)
}

// storedNote heads the card of an agent listed only for a stored
// conversation, so that it is not taken for one the user added.
func (p *Agents) storedNote() string {
	return fmt.Sprintf("From a stored conversation, not in the config: %s leaves it out; add its URL (%s) to keep it.",
		p.keys.Save.Help().Key, p.keys.Add.Help().Key)
}

func (p *Agents) ShortHelp() []key.Binding {
	return []key.Binding{p.keys.Select, p.keys.Add, p.keys.Mark, p.keys.Compare, p.keys.Example, p.keys.Expand, p.keys.Rename, p.keys.Remove, p.keys.Save}
}

func (p *Agents) FullHelp() [][]key.Binding {
	return [][]key.Binding{{p.keys.Up, p.keys.Down, p.keys.Select, p.keys.Example, p.keys.Expand, p.keys.SkillsDown, p.keys.SkillsUp}, {p.keys.Add, p.keys.Rename, p.keys.Remove, p.keys.Save, p.keys.Doctor, p.keys.Raw}}
}

// rowAt is the entry on row y of the pane (len(entries) for "add
// agent"), as View draws them from the top, below the note of rows
// hidden above when there is one.
func (p *Agents) rowAt(y int) (int, bool) {
	end := p.end
	if end == 0 && p.top == 0 { // not drawn yet: every row
		end = len(p.entries) + 1
	}
	if p.top > 0 {
		y--
	}
	if y < 0 || p.top+y >= end {
		return 0, false
	}
	return p.top + y, true
}
