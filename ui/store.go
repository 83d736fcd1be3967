package ui

import (
	"bytes"
	"cmp"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// contextsListedMsg carries a contexts query's result; seq drops answers
// to queries the user has typed past.
type contextsListedMsg struct {
	seq  int
	list []session.ContextInfo
	hits []store.SearchHit
	err  error
}

// contextOpenedMsg carries a stored context loaded to continue.
type contextOpenedMsg struct {
	opening *session.Opening
	jump    string   // item key to show, from a search hit
	words   []string // the hit's matched words, highlighted in the chat
	err     error
}

// resumedMsg carries the tasks picked up again at start.
type resumedMsg struct {
	res []*session.Resumption
	err error
	// last is the most recent stored conversation, to say how to reopen
	// it when nothing was resumed into view.
	last *session.ContextInfo
}

// storeDoneMsg reports a store action (rename, delete) and asks the
// contexts view to refresh.
type storeDoneMsg struct {
	text string
	err  error
}

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
			m.setStatus(unreachable(r.Context.Agent.Name, r.Err)+" Reopen it (ctrl+o) to retry.", true)
			continue
		}
		if r.Conversation != nil {
			resumed += len(r.Tasks)
			gone += len(r.Gone)
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
		m.setStatus(fmt.Sprintf("Resumed %s from last time; %d the agent no longer knows ended as unknown.", plural(resumed, "unfinished task"), gone), false)
	case resumed > 0:
		m.setStatus(fmt.Sprintf("Resumed %s from last time.", plural(resumed, "unfinished task")), false)
	case gone > 0:
		m.setStatus(fmt.Sprintf("%s from last time: the agent no longer knows %s; %s as unknown.", plural(gone, "unfinished task"), pick(gone, "it", "them"), pick(gone, "it ended", "they ended")), true)
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
		ref, label = m.current.Ref, m.current.label()
	}
	m.push(newContextsView(m.st, m.keys.Contexts, ref, label))
	return m.queryContexts()
}

func (m *Model) queryContexts() tea.Cmd {
	v := m.contexts()
	if v == nil {
		return nil
	}
	m.ctxSeq++
	seq, store, q, search, agent := m.ctxSeq, m.opts.Store, v.query(), v.search, v.agentFilter()
	v.loading = true
	return func() tea.Msg {
		if search {
			if q == "" {
				return contextsListedMsg{seq: seq}
			}
			hits, err := store.Search(q, 200)
			return contextsListedMsg{seq: seq, hits: hits, err: err}
		}
		list, err := store.ListContexts(agent, q)
		return contextsListedMsg{seq: seq, list: list, err: err}
	}
}

// contextsAction carries out what the conversations view asked for.
func (m *Model) contextsAction(v *contextsView, action contextAction) tea.Cmd {
	info, jump, ok := v.selected()
	switch action {
	case ctxClose:
		m.remove(v)
		return m.focusCmd()
	case ctxRequery:
		return m.queryContexts()
	case ctxOpen:
		if !ok {
			return nil
		}
		m.remove(v)
		return tea.Batch(m.openStored(info.ID, jump, v.hitWords()...), m.focusCmd())
	case ctxNew:
		m.remove(v)
		m.newConversation()
		return m.focusCmd()
	case ctxRename:
		if !ok {
			return nil
		}
		store := m.opts.Store
		m.ask(newPrompt(m.st, promptText, "Rename conversation", []string{"New name:"}, info.Label(), func(name string) tea.Cmd {
			return func() tea.Msg {
				return storeDoneMsg{text: "Renamed.", err: store.Rename(info.ID, termsafe.Line(name))}
			}
		}))
	case ctxDelete:
		if !ok {
			return nil
		}
		store := m.opts.Store
		m.ask(newPrompt(m.st, promptConfirm, "Delete conversation", []string{fmt.Sprintf("Delete %q and everything in it? This cannot be undone.", termsafe.Line(info.Label()))}, "", func(_ string) tea.Cmd {
			return func() tea.Msg {
				return storeDoneMsg{text: "Deleted.", err: store.Delete(info.ID)}
			}
		}))
	case ctxExport:
		if !ok {
			return nil
		}
		return m.exportContext(info)
	}
	return nil
}

// exportContext writes the context as Markdown into the downloads folder.
func (m *Model) exportContext(info session.ContextInfo) tea.Cmd {
	store := m.opts.Store
	return func() tea.Msg {
		var b bytes.Buffer
		if err := store.ExportMarkdown(&b, info.ID); err != nil {
			return statusMsg{text: "Could not export: " + err.Error(), isErr: true}
		}
		name := fmt.Sprintf("parley-%d-%s.md", info.ID, session.ConfigName(info.Label()))
		return saveFile(a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: name, MimeType: "text/markdown", Bytes: b.Bytes()}})()
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
	if msg.jump != "" {
		m.chat.Highlight(msg.words) // first: the jump centres the marked line
		m.chat.JumpToKey(msg.jump)
	}
	m.setStatus(fmt.Sprintf("Opened %q (%s).", termsafe.Line(o.Context.Info.Label()), plural(o.Context.Total, "item")), false)
	if o.Offline != nil {
		m.setStatus(unreachable(o.Context.Info.Agent.Name, o.Offline)+" Opened what is stored.", true)
	}
	m.narrowList = false // the lists stood over the transcript just opened
	m.setFocus(focusComposer)
	return tea.Batch(m.focusCmd(), m.startTicking())
}

// refuseWhileBusy says on the status line, and reports, that e's
// conversation has an exchange running, which a new or fetched
// conversation must not replace.
func (m *Model) refuseWhileBusy(e *agentEntry) bool {
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
	m.setStatus("New conversation with "+e.label()+".", false)
}

// offerLast says how to reopen the most recent conversation, whatever
// agents parley started with (the demo, config agents, --agent), unless
// a conversation was opened or one is under way.
func (m *Model) offerLast(last *session.ContextInfo) {
	if last == nil || m.opts.OpenContext != 0 || m.contexts() != nil {
		return
	}
	if e := m.current; e != nil && e.Conv != nil && (e.Conv.Busy() || len(e.Conv.Tasks()) > 0) {
		return
	}
	keys := m.keys.Global.Contexts.Help().Key
	m.setStatus(fmt.Sprintf("Your last conversation, %q with %s, is kept: %s lists it, enter reopens it.",
		termsafe.Line(last.Label()), termsafe.Line(cmp.Or(last.Agent.Name, last.Agent.Ref)), keys), false)
}
