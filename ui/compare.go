// The compare view: the agents marked in the agents pane (m) answer one
// message side by side, a column each. Each column is the agent's own
// Conversation, recorded as any, drawn by a chat.Pane of its own, with
// the state of its newest task and the turn's timings in its footer;
// the composer sends to every column at once; esc leaves the view. The
// columns sent together are a compare set in the store, which reopens
// as columns from the contexts view (openCompareSet).

package ui

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/chat"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// compareView is the compare view's state: open or not, and its columns
// in the agents pane's order.
type compareView struct {
	open bool
	cols []*compareCol
	// set names the set in the store: each column's stored context is
	// named "<set> · <agent>" (nameCompared), so the contexts view lists
	// the set together and its filter finds it.
	set string
	// setKey names the set while its columns join it in the store
	// (Store.JoinCompareSet); setID is parley's number for it, once
	// known (a reopened set's from the start).
	setKey string
	setID  int64
}

// compareCol is one agent's column: its conversation as the view was
// opened, and the pane that draws it.
type compareCol struct {
	entry *panes.Entry
	conv  *session.Conversation
	pane  *chat.Pane
	// before is the agent's conversation before the view gave it conv,
	// nil when conv is that one: leaving the view gives it back, so a
	// message sent alone afterwards does not join the set.
	before *session.Conversation
	// naming is set while its context is being named, named once it
	// is; tries counts the lookups that found no stored context yet.
	naming, named bool
	tries         int
}

// compareNamedMsg is the end of naming a column's stored context.
type compareNamedMsg struct {
	conv *session.Conversation
	set  int64 // the compare set it joined
	err  error
}

func (compareNamedMsg) Redraws() component.Redraw { return component.RedrawFooter }

// colOf is the column that shows conv, nil when none does.
func (v *compareView) colOf(conv *session.Conversation) *compareCol {
	for _, c := range v.cols {
		if c.conv == conv {
			return c
		}
	}
	return nil
}

// markedEntries are the agents marked for comparing, in the pane's
// order; ready says how many of them have a conversation to send to.
func (m *Model) markedEntries() (marked []*panes.Entry, ready int) {
	for _, e := range m.entries {
		if e.Marked {
			marked = append(marked, e)
			if e.Conv != nil {
				ready++
			}
		}
	}
	return marked, ready
}

// onMarked says what marking or unmarking the selected agent did.
func (m *Model) onMarked(e *panes.Entry) {
	marked, _ := m.markedEntries()
	verb := "Unmarked"
	if e.Marked {
		verb = "Marked"
	}
	next := fmt.Sprintf("mark another with %s to compare.", keyName(m.keys.Agents.Mark))
	if len(marked) >= 2 {
		next = fmt.Sprintf("%s compares them, or send a message.", keyName(m.keys.Agents.Compare))
	}
	m.setStatus(fmt.Sprintf("%s %s for compare (%d marked); %s", verb, e.Label(), len(marked), next), false)
}

// keyName is the first key of a binding as the help writes it.
func keyName(b key.Binding) string { return b.Help().Key }

// openCompare opens the compare view on the marked agents that are
// ready; it needs two.
func (m *Model) openCompare() tea.Cmd {
	marked, ready := m.markedEntries()
	if ready < 2 {
		m.setStatus(fmt.Sprintf("Compare needs two agents ready to answer (%d of %d marked are); mark them in Agents with %s.",
			ready, len(marked), keyName(m.keys.Agents.Mark)), true)
		return nil
	}
	var entries []*panes.Entry
	for _, e := range marked {
		if e.Conv != nil {
			entries = append(entries, e)
		}
	}
	if m.refuseMissingExtensions(entries) {
		return nil
	}
	name := "compare " + m.env.Now().Format("2006-01-02 15:04:05")
	v := compareView{open: true, set: name, setKey: name + " " + newSetKey()}
	for _, e := range entries {
		var before *session.Conversation
		if !e.Conv.Busy() && hasUserMessage(e.Conv.Items()) {
			// The set starts fresh contexts; the agent's chat so far
			// stays in the store, and comes back when the view closes.
			before = e.Conv
			m.ws.NewConversation(e.Agent)
		}
		c := m.newCompareCol(e)
		c.before = before
		v.cols = append(v.cols, c)
	}
	return m.showCompare(v)
}

// newCompareCol is a column drawing e's conversation.
func (m *Model) newCompareCol(e *panes.Entry) *compareCol {
	p := chat.New(m.st, m.keys.Chat)
	p.SetFormKeys(m.keys.Form)
	p.ResetFor(e.Conv, fromFirstMessage(e.Conv.Items()), e.Label())
	p.SetTasks(e.Conv.Tasks())
	return &compareCol{entry: e, conv: e.Conv, pane: p}
}

// showCompare puts the view v on screen, the composer sending to all.
func (m *Model) showCompare(v compareView) tea.Cmd {
	m.compare = v
	m.composer.SetPlaceholder(fmt.Sprintf("Message all %d agents…", len(v.cols)))
	m.narrowList = false
	m.setFocus(focusComposer)
	m.layout()
	return m.focusCmd()
}

// refuseMissingExtensions says, and reports, that an agent of entries
// requires an extension parley does not activate: compare sends to all
// at once, so it cannot ask first as a send to one agent does
// (askMissingExtensions); the sentence is that send's. An agent the user
// chose to send to anyway is not refused.
func (m *Model) refuseMissingExtensions(entries []*panes.Entry) bool {
	for _, e := range entries {
		c := clientOf(e)
		if c == nil || m.extOK[e.ID] {
			continue
		}
		if w := session.MissingExtensionsWarnings(c); len(w) > 0 {
			m.setStatus(e.Label()+": "+termsafe.Line(w[0]), true) // the URI is the card's
			return true
		}
	}
	return false
}

// newSetKey tells apart two sets opened in the same second.
func newSetKey() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// leaveCompare goes back to the chat with the current agent, its
// transcript read again since the columns took its changes. Each agent
// gets back the conversation it had before the view, or a fresh one
// when the view's was its first: the set's conversations stay the set's.
func (m *Model) leaveCompare() tea.Cmd {
	for _, c := range m.compare.cols {
		if c.entry.Conv != c.conv || !hasUserMessage(c.conv.Items()) {
			continue
		}
		if c.before != nil {
			c.entry.Conv = c.before
		} else {
			m.ws.NewConversation(c.entry.Agent)
		}
	}
	m.compare = compareView{}
	for _, e := range m.entries {
		// The marks chose this compare: kept, the next message would
		// open it again, while the composer names one agent.
		e.Marked = false
	}
	m.composer.SetPlaceholder("")
	m.showConversation()
	m.layout()
	return m.focusCmd()
}

// compareKey is a key while the compare view is open: esc leaves it,
// help, the wire view and the conversations open as anywhere, and the
// rest edits the message all the columns are sent.
func (m *Model) compareKey(msg tea.KeyPressMsg) tea.Cmd {
	g := m.keys.Global
	switch {
	case key.Matches(msg, m.keys.Compare.Leave):
		return m.leaveCompare()
	case key.Matches(msg, m.keys.Compare.PageUp, m.keys.Compare.PageDown):
		return m.scrollCompare(msg)
	case key.Matches(msg, g.Contexts):
		return tea.Batch(m.leaveCompare(), m.openContexts())
	case key.Matches(msg, g.Help, g.Wire):
		m.compare.open = false // handleKey opens them; the view stays
		cmd := m.handleKey(msg)
		m.compare.open = true
		return cmd
	}
	return m.composerKey(msg)
}

// sendCompare sends the composer's message to every column's agent.
func (m *Model) sendCompare() tea.Cmd {
	text, atts := m.composer.Take()
	for _, c := range m.compare.cols {
		c.conv.Send(text, atts...)
		c.pane.End()
	}
	m.layout()
	return m.startTicking()
}

// onCompareChanged takes a change into the columns while the view is
// open; false when conv is another conversation's. A change that names
// no conversation (nil) may be any column's, so every column reads its
// transcript again (syncCompare).
func (m *Model) onCompareChanged(conv *session.Conversation) (tea.Cmd, bool) {
	if !m.compare.open || conv != nil && m.compare.colOf(conv) == nil {
		return nil, false
	}
	m.syncCompare()
	return tea.Batch(m.startTicking(), m.nameCompared()), true
}

// hasUserMessage reports whether items hold a message the user sent.
func hasUserMessage(items []session.Item) bool {
	for _, it := range items {
		if it.Kind == session.ItemUser {
			return true
		}
	}
	return false
}

// maxNameTries bounds the lookups of a column's stored context: the
// recorder writes it within milliseconds of the agent's contextId.
const maxNameTries = 50

// nameCompared names, in a command, the stored context of each column
// whose turn ended with a contextId, unless the user named it.
func (m *Model) nameCompared() tea.Cmd {
	st := m.opts.Store
	if st == nil || st.ReadOnly() != nil {
		return nil
	}
	var cmds []tea.Cmd
	for i, c := range m.compare.cols {
		id := c.conv.ContextID()
		if c.named || c.naming || c.tries >= maxNameTries || id == "" || c.conv.Busy() {
			continue
		}
		c.naming = true
		conv, agent, name := c.conv, c.conv.Client().ID(), m.compare.set+" · "+c.entry.Label()
		key, pos := m.compare.setKey, i
		cmds = append(cmds, func() tea.Msg {
			info, err := st.ContextByAgentContextID(agent, id)
			if err == nil && info.Name == "" {
				err = st.Rename(info.ID, termsafe.Line(name))
			}
			var set int64
			if err == nil {
				set, err = st.JoinCompareSet(key, info.ID, pos)
			}
			return compareNamedMsg{conv: conv, set: set, err: err}
		})
	}
	return tea.Batch(cmds...)
}

// onCompareNamed notes a column's context named, or to try again at the
// next change or tick.
func (m *Model) onCompareNamed(msg compareNamedMsg) tea.Cmd {
	c := m.compare.colOf(msg.conv)
	if c == nil {
		return nil
	}
	c.naming = false
	if msg.err == nil {
		c.named = true
		m.compare.setID = msg.set
		return nil
	}
	c.tries++
	return m.startTicking()
}

// naming reports whether a column's context waits to be named.
func (v *compareView) waitsNaming() bool {
	for _, c := range v.cols {
		if !c.named && c.tries < maxNameTries && c.conv.ContextID() != "" {
			return true
		}
	}
	return false
}

// syncCompare gives each column its conversation's whole transcript and
// tasks: the pane keeps the renders of the items whose version did not
// move, and the conversation's changes stay for the chat, which reads
// them when the view is left.
func (m *Model) syncCompare() {
	for _, c := range m.compare.cols {
		c.pane.Upsert(fromFirstMessage(c.conv.Items()))
		c.pane.SetTasks(c.conv.Tasks())
	}
}

// fromFirstMessage is a column's transcript: parley's notes before the
// first message (the welcome) are the chat's, not the answer's.
func fromFirstMessage(items []session.Item) []session.Item {
	for i, it := range items {
		if it.Kind != session.ItemNotice {
			return items[i:]
		}
	}
	return nil
}

// compareBusy reports whether a column's agent is still answering.
func (m *Model) compareBusy() bool {
	for _, c := range m.compare.cols {
		if m.compare.open && c.conv.Busy() {
			return true
		}
	}
	return m.compare.open && m.opts.Store != nil && m.compare.waitsNaming()
}

// scrollCompare scrolls every column by a page, so the answers stay
// side by side; each column reads what its window needs in a command.
func (m *Model) scrollCompare(msg tea.KeyPressMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, c := range m.compare.cols {
		cmd, _ := c.pane.Update(msg) // the chat's own page keys include these
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// compareKeys are the footer's keys in the compare view.
func (m *Model) compareKeys() []key.Binding {
	g := m.keys.Global
	return []key.Binding{m.keys.Compare.Leave, m.keys.Composer.Send, m.keys.Compare.PageUp, m.keys.Compare.PageDown, g.Wire, g.Contexts, g.Help, g.Quit}
}

// compareTitle is the composer's title in the compare view.
func (m *Model) compareTitle() string {
	names := make([]string, len(m.compare.cols))
	for i, c := range m.compare.cols {
		names[i] = c.entry.Label()
	}
	return "message all " + fmt.Sprint(len(names)) + ": " + strings.Join(names, ", ")
}

// Reopening a compare set: the contexts the view recorded together
// (session/store's compare sets), each opened as a stored conversation
// is and shown as its column again, its turns' timings in its footer,
// the composer sending the next message to all of them.

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
	before := map[*session.Agent]*session.Conversation{}
	for _, e := range m.entries {
		before[e.Agent] = e.Conv
	}
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
		if b := before[e.Agent]; b != c.conv {
			c.before = b
		}
		v.cols = append(v.cols, c)
	}
	// Short enough to share the footer's line with the keys: a status
	// wrapped onto two would take the columns' last rows, their timings.
	m.setStatus(fmt.Sprintf("Reopened compare set %d: your next message goes to all.", msg.set), false)
	return tea.Batch(m.showCompare(v), m.startTicking())
}
