package dialog

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Contexts lists stored contexts with a filter typed as you go, or,
// in search mode, full-text hits over every message. Typing always goes
// to the filter, so its actions sit on ctrl keys.
type Contexts struct {
	st     *styles.Styles
	db     *store.Store // what it lists and searches
	seq    int          // the query asked last: answers to earlier ones are dropped
	w, h   int          // the screen's
	keys   keys.Contexts
	input  textinput.Model
	search bool
	all    bool // every agent, not just the current one
	agent  string
	// agentLabel names the current agent in the title.
	agentLabel string
	// labelParts names a conversation's agent as everywhere else
	// (session's labels): its name, and its place for two of one name.
	labelParts func(session.AgentInfo) (name, place string)
	// agentW is the agent column's width for the rows drawn now.
	agentW  int
	list    []session.ContextInfo
	sets    map[int64]int64 // each listed context's compare set (contexts_set.go)
	hits    []store.SearchHit
	cursor  int
	top     int
	end     int // past the last row View drew
	err     string
	loading bool
	now     time.Time
}

// ContextsID names the conversations view on the overlay.
const ContextsID = "contexts"

func NewContexts(st *styles.Styles, km keys.Contexts, db *store.Store, agent, agentLabel string) *Contexts {
	in := newInput(st, "filter: ")
	in.Placeholder = "type to filter titles"
	return &Contexts{st: st, db: db, keys: km, input: in, agent: agent, agentLabel: agentLabel, all: agent == "", now: time.Now()}
}

// LabelAgents has the rows name each conversation's agent by parts, its
// label (session's Workspace.StoredLabelParts); without it, by its card's
// name.
func (v *Contexts) LabelAgents(parts func(session.AgentInfo) (name, place string)) {
	v.labelParts = parts
}

// contextsListedMsg carries a query's result; seq drops answers to
// queries the user has typed past.
type contextsListedMsg struct {
	seq  int
	list []session.ContextInfo
	sets map[int64]int64
	hits []store.SearchHit
	err  error
}

func (contextsListedMsg) Redraws() component.Redraw { return component.RedrawAll }
func (contextsListedMsg) To() string                { return ContextsID }

// RequeryMsg asks the view to look its list up again: a conversation was
// renamed or deleted.
type RequeryMsg struct{}

func (RequeryMsg) Redraws() component.Redraw { return component.RedrawAll }
func (RequeryMsg) To() string                { return ContextsID }

// Fetch looks up, in a command, the list or the hits for what is typed.
func (v *Contexts) Fetch() tea.Cmd {
	v.seq++
	seq, db, q, search, agent := v.seq, v.db, v.typed(), v.search, v.agentFilter()
	v.loading = true
	return func() tea.Msg {
		if search {
			if q == "" {
				return contextsListedMsg{seq: seq}
			}
			hits, err := db.Search(q, 200)
			return contextsListedMsg{seq: seq, hits: hits, err: err}
		}
		list, err := db.ListContexts(agent, q)
		var sets map[int64]int64
		if err == nil {
			sets, err = db.CompareSetsOf()
		}
		return contextsListedMsg{seq: seq, list: list, sets: sets, err: err}
	}
}

// query is what to look up now: the filter or the search words.
func (v *Contexts) typed() string { return strings.TrimSpace(v.input.Value()) }

// agentFilter is the agent ref to list, "" for all.
func (v *Contexts) agentFilter() string {
	if v.all {
		return ""
	}
	return v.agent
}

func (v *Contexts) setList(list []session.ContextInfo, hits []store.SearchHit, err error) {
	v.loading = false
	v.list, v.hits, v.err = list, hits, ""
	if err != nil {
		v.err = styles.Sentence(err.Error())
	}
	v.cursor = min(v.cursor, max(v.count()-1, 0))
	v.now = time.Now()
}

func (v *Contexts) count() int {
	if v.search {
		return len(v.hits)
	}
	return len(v.list)
}

// selected returns the context under the cursor and, in search mode, the
// hit's item key to jump to.
func (v *Contexts) selected() (session.ContextInfo, string, bool) {
	if v.search {
		if v.cursor < len(v.hits) {
			h := v.hits[v.cursor]
			return h.Context, h.Key, true
		}
		return session.ContextInfo{}, "", false
	}
	if v.cursor < len(v.list) {
		return v.list[v.cursor], "", true
	}
	return session.ContextInfo{}, "", false
}

// contextAction is what a key in the contexts view asks the root to do.
type contextAction int

const (
	ctxNone contextAction = iota
	ctxRequery
	ctxOpen
	ctxRename
	ctxDelete
	ctxExport
	ctxNew
	ctxClose
)

func (v *Contexts) handleKey(msg tea.KeyPressMsg) (contextAction, tea.Cmd) {
	k := v.keys
	switch {
	case key.Matches(msg, k.Close):
		return ctxClose, nil
	case key.Matches(msg, k.Up):
		v.cursor = max(v.cursor-1, 0)
		return ctxNone, nil
	case key.Matches(msg, k.Down):
		v.cursor = min(v.cursor+1, max(v.count()-1, 0))
		return ctxNone, nil
	case key.Matches(msg, k.Open):
		return ctxOpen, nil
	case key.Matches(msg, k.Rename):
		return ctxRename, nil
	case key.Matches(msg, k.Delete):
		return ctxDelete, nil
	case key.Matches(msg, k.Export):
		return ctxExport, nil
	case key.Matches(msg, k.New):
		return ctxNew, nil
	case key.Matches(msg, k.Search):
		v.search = !v.search
		if v.search {
			v.input.Prompt, v.input.Placeholder = "search: ", "words in any message or artifact"
		} else {
			v.input.Prompt, v.input.Placeholder = "filter: ", "type to filter titles"
		}
		v.cursor = 0
		return ctxRequery, nil
	case key.Matches(msg, k.AllAgent):
		if v.agent != "" {
			v.all = !v.all
		}
		v.cursor = 0
		return ctxRequery, nil
	}
	before := v.input.Value()
	var cmd tea.Cmd
	v.input, cmd = v.input.Update(msg)
	if v.input.Value() != before {
		v.cursor = 0
		return ctxRequery, cmd
	}
	return ctxNone, cmd
}

// Update passes paste and blink messages to the filter input.
func (v *Contexts) update(msg tea.Msg) (contextAction, tea.Cmd) {
	before := v.input.Value()
	var cmd tea.Cmd
	v.input, cmd = v.input.Update(msg)
	if v.input.Value() != before {
		return ctxRequery, cmd
	}
	return ctxNone, cmd
}

// Full is true: the conversations replace the screen.
func (v *Contexts) Full() bool { return true }

func (v *Contexts) ID() string { return ContextsID }

func (v *Contexts) SetSize(w, h int) { v.w, v.h = w, h }

// The actions the view asks of the root, on the selected conversation.
type (
	OpenContext struct {
		ID    int64
		Jump  string   // the item a search hit opens at
		Words []string // the hit's words, marked in the chat
		// Set is the compare set the listed context is in: the root
		// opens the whole set as columns.
		Set int64
	}
	NewContext    struct{}
	RenameContext struct{ Info session.ContextInfo }
	DeleteContext struct{ Info session.ContextInfo }
	ExportContext struct{ Info session.ContextInfo }
)

// Update takes a key, a click or the wheel, the answer to a query, and
// a paste or the filter's blink; it looks the list up again when what is
// typed changed, and returns what the root should do.
func (v *Contexts) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	var a contextAction
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		a, cmd = v.handleKey(msg)
	case tea.MouseClickMsg:
		a = v.click(msg.Y)
	case tea.MouseWheelMsg:
		v.cursor = component.WheelCursor(v.cursor, v.count(), msg.Button == tea.MouseWheelUp)
	case contextsListedMsg:
		if msg.seq == v.seq {
			v.setList(msg.list, msg.hits, msg.err)
			v.sets = msg.sets
		}
	case RequeryMsg:
		return v.Fetch(), nil
	default:
		a, cmd = v.update(msg)
	}
	if a == ctxRequery {
		cmd = tea.Batch(cmd, v.Fetch())
	}
	return cmd, v.action(a)
}

// action is what a key or a click asks of the root; nothing when it
// acts on the selected conversation and none is selected.
func (v *Contexts) action(a contextAction) component.Action {
	info, jump, ok := v.selected()
	switch a {
	case ctxClose:
		return component.Close{}
	case ctxNew:
		return NewContext{}
	case ctxRequery:
		return nil
	}
	if !ok {
		return nil
	}
	switch a {
	case ctxOpen:
		return OpenContext{ID: info.ID, Jump: jump, Words: v.hitWords(), Set: v.setOf(info)}
	case ctxRename:
		return RenameContext{info}
	case ctxDelete:
		return DeleteContext{info}
	case ctxExport:
		return ExportContext{info}
	}
	return nil
}

// View draws the list for the screen, full size.
func (v *Contexts) View(st *styles.Styles) string {
	w, h := v.w, v.h
	v.st = st
	inner := w - 2
	v.input.SetWidth(inner - 12)
	lines := []string{" " + v.input.View(), ""}
	rows := h - 2 - len(lines)
	if v.err != "" {
		lines = append(lines, " "+v.st.Error.Render(styles.Clip(v.err, inner-1)))
	} else if v.count() == 0 {
		empty := "No conversations yet: everything you send is kept here."
		switch {
		case !v.all && !v.search && v.typed() == "" && v.keys.AllAgent.Enabled():
			// Another agent's may be there: say how to see them.
			empty = "No conversations with this agent yet; " + keys.FirstKey(v.keys.AllAgent) + " shows every agent's."
		case v.search && v.typed() == "":
			// Nothing asked yet: the conversations are there, just not searched.
			empty = "Type words to search every message and artifact."
		case v.typed() != "":
			empty = "Nothing matches."
		}
		lines = append(lines, " "+v.st.Muted.Render(empty))
	}
	per := 1
	if v.search {
		per = 2
	}
	// A list longer than the room shows the cursor's rows and, on its
	// first and last lines, how many it hides above and below.
	top, end := styles.ListWindowOf(v.count(), v.cursor, v.top, max(rows, 1), per)
	v.top, v.end = top, end
	above, below := styles.HiddenNotes(v.st, v.count(), top, end, inner-1)
	if above != "" {
		lines = append(lines, " "+above)
	}
	v.agentW = v.agentWidth(top, end, inner)
	for i := top; i < end; i++ {
		if v.search {
			lines = append(lines, v.hitRows(v.hits[i], i == v.cursor, inner)...)
		} else {
			lines = append(lines, v.row(v.list[i], i == v.cursor, inner))
		}
	}
	if below != "" {
		lines = append(lines, " "+below)
	}
	scope := "all agents"
	if !v.all {
		scope = v.agentLabel
	}
	title := fmt.Sprintf("Contexts · %d · %s", v.count(), scope)
	if v.search {
		title = "Search · " + styles.Plural(len(v.hits), "hit") + " · all agents"
	}
	// The user's keys, from the registry ([keys] may rebind them).
	k := v.keys
	note := keys.JoinNotes(keys.Note(k.Open, "open"), keys.Note(k.Rename, "rename"), keys.Note(k.Delete, "delete"), keys.Note(k.Export, "export"),
		keys.Note(k.Search, "search"), keys.Note(k.New, "new"), keys.Note(k.AllAgent, "scope"), keys.Note(k.Close, "close"))
	return styles.Box(v.st, title, note, strings.Join(lines, "\n"), w, h, true)
}

func (v *Contexts) row(c session.ContextInfo, selected bool, w int) string {
	aw := max(v.agentW, agentColumn)
	agent := v.agentName(c.Agent, aw)
	when := styles.Ago(v.now.Sub(c.Updated))
	state := styles.StoredOutcome(c.LastState)
	right := fmt.Sprintf("%-*s %-6s %-16s %4d %-4s", aw, agent, when, state, c.Messages, styles.Pick(c.Messages, "msg", "msgs"))
	titleW := max(w-2-len([]rune(right))-2, 8)
	text := styles.Fit(styles.Clip(v.setMark(c)+termsafe.Line(c.Label()), titleW), titleW) + "  " + right
	if selected {
		return " " + v.st.Selected.Render(styles.Fit(text, w-2))
	}
	return " " + v.st.Text.Render(text)
}

func (v *Contexts) hitRows(h store.SearchHit, selected bool, w int) []string {
	head := fmt.Sprintf("%s · %s · %s", termsafe.Line(h.Context.Label()), v.agentName(h.Context.Agent, 40), styles.Ago(v.now.Sub(h.Time)))
	if selected {
		head = v.st.Selected.Render(styles.Fit(styles.Clip(head, w-2), w-2))
	} else {
		head = v.st.Bold.Render(styles.Clip(head, w-2))
	}
	// The markers are control characters, so split on them before the
	// snippet is cleaned, then clean each piece.
	var b strings.Builder
	pre, matchW := 0, -1 // cells before the first match, and its width
	for i, seg := range strings.Split(h.Snippet, store.SnippetOpen) {
		match, rest, found := strings.Cut(seg, store.SnippetClose)
		if i == 0 || !found {
			seg = termsafe.Line(seg)
			if matchW < 0 {
				pre += ansi.StringWidth(seg)
			}
			b.WriteString(v.st.Muted.Render(seg))
			continue
		}
		match = termsafe.Line(match)
		if matchW < 0 {
			matchW = ansi.StringWidth(match)
		}
		b.WriteString(v.st.Warning.Render(match))
		b.WriteString(v.st.Muted.Render(termsafe.Line(rest)))
	}
	excerpt, avail := b.String(), w-4
	// A match past the row's end would be cut away: drop the excerpt's
	// start instead, so the match sits a third of the way in.
	if matchW >= 0 && pre+matchW > avail-1 {
		excerpt = ansi.TruncateLeft(excerpt, pre-avail/3, "…")
	}
	return []string{" " + head, "   " + styles.Clip(excerpt, avail)}
}

// hitWords are the words the selected search hit matched, as the store
// marked them in its snippet.
func (v *Contexts) hitWords() []string {
	if !v.search || v.cursor >= len(v.hits) {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for i, seg := range strings.Split(v.hits[v.cursor].Snippet, store.SnippetOpen) {
		match, _, found := strings.Cut(seg, store.SnippetClose)
		if w := strings.ToLower(termsafe.Line(match)); i > 0 && found && w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// click selects the conversation on screen row y (the list is drawn
// full screen, its rows from the fourth line, the fifth below a note of
// rows hidden above); the selected one clicked again opens.
func (v *Contexts) click(y int) contextAction {
	if v.err != "" || v.count() == 0 {
		return ctxNone
	}
	per := 1
	if v.search {
		per = 2
	}
	k := y - 3
	if v.top > 0 {
		k--
	}
	if k < 0 {
		return ctxNone
	}
	i := v.top + k/per
	if i >= v.end {
		return ctxNone
	}
	if i == v.cursor {
		return ctxOpen
	}
	v.cursor = i
	return ctxNone
}
