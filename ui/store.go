package ui

import (
	"bytes"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/chat"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// contextOpenedMsg carries a stored context loaded to continue.
type contextOpenedMsg struct {
	opening *session.Opening
	jump    string   // item key to show, from a search hit
	words   []string // the hit's matched words, highlighted in the chat
	err     error
}

func (contextOpenedMsg) Redraws() component.Redraw { return component.RedrawAll }

// resumedMsg carries the tasks picked up again at start.
type resumedMsg struct {
	res []*session.Resumption
	err error
	// last is the most recent stored conversation, to say how to reopen
	// it when nothing was resumed into view.
	last *session.ContextInfo
}

func (resumedMsg) Redraws() component.Redraw { return component.RedrawAll }

// storeDoneMsg reports a store action (rename, delete) and asks the
// contexts view to refresh.
type storeDoneMsg struct {
	text string
	err  error
}

func (storeDoneMsg) Redraws() component.Redraw { return component.RedrawAll }

// resumePending follows the tasks that were running when parley last
// stopped, in the background.
func (m *Model) resumePending() tea.Cmd {
	store, ws, live := m.opts.Store, m.ws, m.live
	if store == nil || store.ReadOnly() != nil {
		live.done()
		return nil
	}
	notify := func() { m.bridge.notify(nil) }
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		res, err := ws.ResumePending(ctx, notify)
		live.resumed(res)
		msg := resumedMsg{res: res, err: err}
		if list, lerr := store.ListContexts("", ""); lerr == nil && len(list) > 0 {
			msg.last = &list[0]
		}
		return msg
	}
}

func (m *Model) onResumed(msg resumedMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus("Could not read unfinished tasks: "+msg.err.Error(), true)
		return nil
	}
	resumed, failed, gone := 0, 0, 0
	for _, r := range msg.res {
		if r.Err != nil {
			failed += len(r.Tasks)
			m.setStatus(unreachable(m.ws.StoredLabel(r.Context.Agent), r.Err)+" Reopen it (ctrl+o) to retry.", true)
			continue
		}
		if r.Conversation != nil {
			resumed += len(r.Tasks)
			gone += len(r.Gone)
		}
	}
	// A resumed conversation holds its last items and its tasks' only
	// (session.Resumption.Before): the chat reads the rest from the
	// store as it is scrolled to, as for one opened (onContextOpened).
	for _, r := range msg.res {
		if r.Err == nil && r.Conversation != nil && m.opts.Store != nil {
			m.chat.SetWindow(r.Conversation, chat.Window{Src: m.opts.Store, ID: r.Context.ID, Before: r.Before, Tail: r.Conversation.Items})
		}
	}
	for _, a := range m.ws.Resumed(msg.res) {
		m.syncEntries()
		if m.entryOf(a) == m.current {
			m.showConversation()
		}
	}
	m.syncEntries()
	switch {
	case failed > 0:
	case resumed > 0 && gone > 0:
		m.setStatus(fmt.Sprintf("Resumed %s from last time; %d the agent no longer knows ended as unknown.", styles.Plural(resumed, "unfinished task"), gone), false)
	case resumed > 0:
		m.setStatus(fmt.Sprintf("Resumed %s from last time.", styles.Plural(resumed, "unfinished task")), false)
	case gone > 0:
		m.setStatus(fmt.Sprintf("%s from last time: the agent no longer knows %s; %s as unknown.", styles.Plural(gone, "unfinished task"), styles.Pick(gone, "it", "them"), styles.Pick(gone, "it ended", "they ended")), true)
	default:
		m.offerLast(msg.last)
	}
	return m.startTicking()
}

// openContexts shows the contexts view.
func (m *Model) openContexts() tea.Cmd {
	if m.opts.Store == nil {
		m.setStatus("Conversations are not being saved: the store could not be opened.", true)
		return nil
	}
	ref, label := "", ""
	if m.current != nil {
		ref, label = m.current.Ref, m.current.Label()
	}
	v := dialog.NewContexts(m.st, m.keys.Contexts, m.opts.Store, ref, label)
	v.LabelAgents(m.ws.StoredLabelParts)
	m.overlay.Open(v)
	return v.Fetch()
}

// contextsAction carries out what the conversations view asked for, on
// the conversation selected there.
func (m *Model) contextsAction(act component.Action) tea.Cmd {
	store := m.opts.Store
	switch a := act.(type) {
	case dialog.OpenContext:
		m.overlay.Close(dialog.ContextsID)
		if a.Set != 0 {
			return tea.Batch(m.openCompareSet(a.Set), m.focusCmd()) // compare.go
		}
		return tea.Batch(m.openStored(a.ID, a.Jump, a.Words...), m.focusCmd())
	case dialog.NewContext:
		m.overlay.Close(dialog.ContextsID)
		m.newConversation()
		return m.focusCmd()
	case dialog.RenameContext:
		info := a.Info
		m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptText, "Rename conversation", []string{"New name:"}, info.Label(), func(name string) tea.Cmd {
			return func() tea.Msg {
				return storeDoneMsg{text: "Renamed.", err: store.Rename(info.ID, termsafe.Line(name))}
			}
		}))
	case dialog.DeleteContext:
		info := a.Info
		m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, "Delete conversation", []string{fmt.Sprintf("Delete %q and everything in it? This cannot be undone.", termsafe.Line(info.Label()))}, "", func(_ string) tea.Cmd {
			return func() tea.Msg {
				return storeDoneMsg{text: "Deleted.", err: store.Delete(info.ID)}
			}
		}))
	case dialog.ExportContext:
		return m.exportContext(a.Info)
	}
	return nil
}

// exportContext writes the context as Markdown into the downloads folder.
func (m *Model) exportContext(info session.ContextInfo) tea.Cmd {
	store, dir := m.opts.Store, m.downloadsDir()
	return func() tea.Msg {
		var b bytes.Buffer
		if err := store.ExportMarkdown(&b, info.ID); err != nil {
			return component.StatusMsg{Text: "Could not export: " + err.Error(), IsErr: true}
		}
		name := fmt.Sprintf("parley-%d-%s.md", info.ID, session.ConfigName(info.Label()))
		return saveFileIn(dir, a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: name, MimeType: "text/markdown", Bytes: b.Bytes()}})
	}
}

// openStored loads a stored context and a client for its agent.
// A search hit opens with its item (jump) and its matched words.
func (m *Model) openStored(id int64, jump string, words ...string) tea.Cmd {
	ws, live := m.ws, m.live
	m.setStatus("Opening conversation…", false)
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		o, err := ws.OpenStored(ctx, id, live.waitIfRunning)
		return contextOpenedMsg{opening: o, jump: jump, words: words, err: err}
	}
}

func (m *Model) onContextOpened(msg contextOpenedMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus("Could not open the conversation: "+msg.err.Error(), true)
		return nil
	}
	o := msg.opening
	a := m.ws.Opened(o)
	m.syncEntries()
	e := m.entryOf(a)
	m.current = e
	m.showConversation()
	// The conversation holds the last items only (session.OpenWindow):
	// the chat reads the rest from the store as it is scrolled to.
	if conv := o.Conv; m.opts.Store != nil {
		m.chat.SetWindow(conv, chat.Window{Src: m.opts.Store, ID: o.Context.Info.ID,
			Before: o.Context.Total > len(o.Context.Items), Tail: conv.Items})
	}
	var jump tea.Cmd
	if msg.jump != "" {
		m.chat.Highlight(msg.words) // first: the jump centres the marked line
		jump = m.chat.Jump(msg.jump)
	}
	m.setStatus(fmt.Sprintf("Opened %q (%s).", termsafe.Line(o.Context.Info.Label()), styles.Plural(o.Context.Total, "item")), false)
	if o.Offline != nil {
		m.setStatus(unreachable(m.ws.StoredLabel(o.Context.Info.Agent), o.Offline)+" Opened what is stored.", true)
	}
	m.narrowList = false // the lists stood over the transcript just opened
	m.setFocus(focusComposer)
	return tea.Batch(m.focusCmd(), m.startTicking(), checkWaiting(e), jump)
}

// checkWaiting asks e's agent, in the background, about the task its
// conversation waits on: one the agent no longer knows (it restarted)
// ends there, so the composer stops offering to answer it
// (session.Conversation.CheckWaiting); the change comes back through
// the bridge.
func checkWaiting(e *panes.Entry) tea.Cmd {
	if e == nil || e.Conv == nil {
		return nil
	}
	if id, _ := e.Conv.Waiting(); id == "" {
		return nil
	}
	conv := e.Conv
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		conv.CheckWaiting(ctx)
		return nil
	}
}

// refuseWhileBusy says on the status line, and reports, that e's
// conversation has an exchange running, which a new or fetched
// conversation must not replace.
func (m *Model) refuseWhileBusy(e *panes.Entry) bool {
	if e.Conv != nil && e.Conv.Busy() {
		m.setStatus("Finish or stop (esc) the running exchange first.", true)
		return true
	}
	return false
}

// newConversation starts a fresh context with the current agent; the old
// one stays in the store.
func (m *Model) newConversation() {
	e := m.current
	if e == nil || e.Client == nil {
		return
	}
	if m.refuseWhileBusy(e) {
		return
	}
	m.ws.NewConversation(e.Agent)
	m.showConversation()
	m.setStatus("New conversation with "+e.Label()+".", false)
}

// offerLast says how to reopen the most recent conversation, whatever
// agents parley started with (the demo, config agents, --agent), unless
// a conversation was opened or one is under way.
func (m *Model) offerLast(last *session.ContextInfo) {
	if last == nil || m.opts.OpenContext != 0 || m.overlay.Has(dialog.ContextsID) {
		return
	}
	if e := m.current; e != nil && e.Conv != nil && (e.Conv.Busy() || len(e.Conv.Tasks()) > 0) {
		return
	}
	lists := m.keys.Global.Contexts.Help().Key
	if m.current == nil || !listedWith(last.Agent, m.current.Ref) {
		// The conversations view opens on the current agent's.
		lists += ", then " + m.keys.Contexts.AllAgent.Help().Key + " for all agents,"
	}
	offer := fmt.Sprintf("Your last conversation, %q with %s, is kept: %s lists it, enter reopens it.",
		termsafe.Line(last.Label()), m.ws.StoredLabel(last.Agent), lists)
	if n := m.opts.Notice; n != "" && m.status == termsafe.Line(n) {
		// The start's own notice (the demo on another port) stays first.
		m.setStatus(n+" "+offer, m.isErr)
		return
	}
	m.setStatus(offer, false)
}

// listedWith says whether the conversations view opened on the agent
// named ref lists a conversation with a: the store's ListContexts
// matches ref against the reference, the card's name and the endpoint.
func listedWith(a session.AgentInfo, ref string) bool {
	return ref != "" && (a.Ref == ref || a.Name == ref || a.URL == ref)
}
