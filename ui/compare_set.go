// Reopening a compare set: the contexts the compare view recorded
// together (session/store's compare sets), each opened as a stored
// conversation is and shown as its column again, its turns' timings in
// its footer, the composer sending the next message to all of them.

package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// compareSetOpenedMsg carries a compare set's contexts loaded to
// continue, in their columns' order.
type compareSetOpenedMsg struct {
	set      int64
	openings []*session.Opening
	err      error
}

func (compareSetOpenedMsg) Redraws() component.Redraw { return component.RedrawAll }

// openCompareSet loads, in a command, every context of compare set
// set, each with a client for its agent, as openStored does one.
func (m *Model) openCompareSet(set int64) tea.Cmd {
	st, ws, live := m.opts.Store, m.ws, m.live
	m.setStatus(fmt.Sprintf("Opening compare set %d…", set), false)
	return func() tea.Msg {
		ids, err := st.CompareSet(set)
		if err != nil {
			return compareSetOpenedMsg{set: set, err: err}
		}
		ctx, cancel := agentCtx()
		defer cancel()
		msg := compareSetOpenedMsg{set: set}
		for _, id := range ids {
			o, err := ws.OpenStored(ctx, id, live.waitIfRunning)
			if err != nil {
				return compareSetOpenedMsg{set: set, err: err}
			}
			msg.openings = append(msg.openings, o)
		}
		return msg
	}
}

// onCompareSetOpened gives each agent its context of the set and opens
// the compare view on them; with fewer than two agents left (a member
// deleted), or one refused (refuseMissingExtensions), the first shows in
// the chat instead.
func (m *Model) onCompareSetOpened(msg compareSetOpenedMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus(fmt.Sprintf("Could not open compare set %d: %s", msg.set, styles.Sentence(msg.err.Error())), true)
		return nil
	}
	var entries []*panes.Entry
	seen := map[*panes.Entry]bool{}
	for _, o := range msg.openings {
		a := m.ws.Opened(o)
		m.syncEntries()
		if e := m.entryOf(a); e != nil && !seen[e] {
			seen[e] = true
			entries = append(entries, e)
		}
		if o.Offline != nil {
			m.setStatus(unreachable(m.ws.StoredLabel(o.Context.Info.Agent), o.Offline)+" Opened what is stored.", true)
		}
	}
	if len(entries) == 0 {
		return nil
	}
	m.current = entries[0]
	if len(entries) < 2 || m.refuseMissingExtensions(entries) {
		m.showConversation()
		if len(entries) < 2 {
			m.setStatus(fmt.Sprintf("Compare set %d has one conversation left; opened it in the chat.", msg.set), false)
		}
		m.narrowList = false
		m.setFocus(focusComposer)
		return tea.Batch(m.focusCmd(), m.startTicking())
	}
	v := compareView{open: true, set: fmt.Sprintf("set %d", msg.set), setID: msg.set}
	for _, e := range entries {
		c := m.newCompareCol(e)
		c.named = true // named and in the set already
		v.cols = append(v.cols, c)
	}
	// Short enough to share the footer's line with the keys: a status
	// wrapped onto two would take the columns' last rows, their timings.
	m.setStatus(fmt.Sprintf("Reopened compare set %d: your next message goes to all.", msg.set), false)
	return tea.Batch(m.showCompare(v), m.startTicking())
}
