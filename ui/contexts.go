package ui

import (
	"cmp"
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
)

// contextsView lists stored contexts with a filter typed as you go, or,
// in search mode, full-text hits over every message. Typing always goes
// to the filter, so its actions sit on ctrl keys.
type contextsView struct {
	st     *Styles
	keys   ContextKeys
	input  textinput.Model
	search bool
	all    bool // every agent, not just the current one
	agent  string
	// agentLabel names the current agent in the title.
	agentLabel string
	list       []session.ContextInfo
	hits       []store.SearchHit
	cursor     int
	top        int
	err        string
	loading    bool
	now        time.Time
}

func newContextsView(st *Styles, keys ContextKeys, agent, agentLabel string) *contextsView {
	in := newInput(st, "filter: ")
	in.Placeholder = "type to filter titles"
	return &contextsView{st: st, keys: keys, input: in, agent: agent, agentLabel: agentLabel, all: agent == "", now: time.Now()}
}

// query is what to look up now: the filter or the search words.
func (v *contextsView) query() string { return strings.TrimSpace(v.input.Value()) }

// agentFilter is the agent ref to list, "" for all.
func (v *contextsView) agentFilter() string {
	if v.all {
		return ""
	}
	return v.agent
}

func (v *contextsView) setList(list []session.ContextInfo, hits []store.SearchHit, err error) {
	v.loading = false
	v.list, v.hits, v.err = list, hits, ""
	if err != nil {
		v.err = sentence(err.Error())
	}
	v.cursor = min(v.cursor, max(v.count()-1, 0))
	v.now = time.Now()
}

func (v *contextsView) count() int {
	if v.search {
		return len(v.hits)
	}
	return len(v.list)
}

// selected returns the context under the cursor and, in search mode, the
// hit's item key to jump to.
func (v *contextsView) selected() (session.ContextInfo, string, bool) {
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

func (v *contextsView) handleKey(msg tea.KeyPressMsg) (contextAction, tea.Cmd) {
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
func (v *contextsView) update(msg tea.Msg) (contextAction, tea.Cmd) {
	before := v.input.Value()
	var cmd tea.Cmd
	v.input, cmd = v.input.Update(msg)
	if v.input.Value() != before {
		return ctxRequery, cmd
	}
	return ctxNone, cmd
}

// View draws the full-screen list, w×h with its border.
// Full is true: the conversations replace the screen.
func (v *contextsView) Full() bool { return true }

// HandleKey returns the typed action the root carries out (open,
// rename, …); closing is one of them.
func (v *contextsView) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, any) {
	a, cmd := v.handleKey(msg)
	return cmd, dialogAction(a)
}

// Update takes a paste or the filter's blink.
func (v *contextsView) Update(msg tea.Msg) (tea.Cmd, any) {
	a, cmd := v.update(msg)
	return cmd, dialogAction(a)
}

// dialogAction is a as the stack reads it: none is nil.
func dialogAction(a contextAction) any {
	if a == ctxNone {
		return nil
	}
	return a
}

// View draws the list for a w×h screen.
func (v *contextsView) View(st *Styles, w, h int) string {
	v.st = st
	inner := w - 2
	v.input.SetWidth(inner - 12)
	lines := []string{" " + v.input.View(), ""}
	rows := h - 2 - len(lines)
	if v.err != "" {
		lines = append(lines, " "+v.st.Error.Render(clip(v.err, inner-1)))
	} else if v.count() == 0 {
		empty := "No conversations yet: everything you send is kept here."
		switch {
		case !v.all && !v.search && v.query() == "" && v.keys.AllAgent.Enabled():
			// Another agent's may be there: say how to see them.
			empty = "No conversations with this agent yet; " + firstKey(v.keys.AllAgent) + " shows every agent's."
		case v.search && v.query() == "":
			// Nothing asked yet: the conversations are there, just not searched.
			empty = "Type words to search every message and artifact."
		case v.query() != "":
			empty = "Nothing matches."
		}
		lines = append(lines, " "+v.st.Muted.Render(empty))
	}
	if v.cursor < v.top {
		v.top = v.cursor
	}
	per := 1
	if v.search {
		per = 2
	}
	if v.cursor >= v.top+rows/per {
		v.top = v.cursor - rows/per + 1
	}
	for i := v.top; i < v.count() && len(lines)+per <= h-2; i++ {
		if v.search {
			lines = append(lines, v.hitRows(v.hits[i], i == v.cursor, inner)...)
		} else {
			lines = append(lines, v.row(v.list[i], i == v.cursor, inner))
		}
	}
	scope := "all agents"
	if !v.all {
		scope = v.agentLabel
	}
	title := fmt.Sprintf("Contexts · %d · %s", v.count(), scope)
	if v.search {
		title = "Search · " + plural(len(v.hits), "hit") + " · all agents"
	}
	// The user's keys, from the registry ([keys] may rebind them).
	k := v.keys
	note := joinNotes(keyNote(k.Open, "open"), keyNote(k.Rename, "rename"), keyNote(k.Delete, "delete"), keyNote(k.Export, "export"),
		keyNote(k.Search, "search"), keyNote(k.New, "new"), keyNote(k.AllAgent, "scope"), keyNote(k.Close, "close"))
	return box(v.st, title, note, strings.Join(lines, "\n"), w, h, true)
}

func (v *contextsView) row(c session.ContextInfo, selected bool, w int) string {
	agent := clip(termsafe.Line(cmp.Or(c.Agent.Name, c.Agent.Ref)), 14)
	when := ago(v.now.Sub(c.Updated))
	state := storedOutcome(c.LastState)
	right := fmt.Sprintf("%-14s %-6s %-16s %4d %-4s", agent, when, state, c.Messages, pick(c.Messages, "msg", "msgs"))
	titleW := max(w-2-len([]rune(right))-2, 8)
	text := fit(clip(termsafe.Line(c.Label()), titleW), titleW) + "  " + right
	if selected {
		return " " + v.st.Selected.Render(fit(text, w-2))
	}
	return " " + v.st.Text.Render(text)
}

func (v *contextsView) hitRows(h store.SearchHit, selected bool, w int) []string {
	head := fmt.Sprintf("%s · %s · %s", termsafe.Line(h.Context.Label()), termsafe.Line(cmp.Or(h.Context.Agent.Name, h.Context.Agent.Ref)), ago(v.now.Sub(h.Time)))
	if selected {
		head = v.st.Selected.Render(fit(clip(head, w-2), w-2))
	} else {
		head = v.st.Bold.Render(clip(head, w-2))
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
	return []string{" " + head, "   " + clip(excerpt, avail)}
}
