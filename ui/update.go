package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/themes"
)

// statusFor is how long a status line replaces the footer's keys.
var statusFor = 6 * time.Second

// statusExpiredMsg redraws the footer when a status line has had its time.
type statusExpiredMsg struct{}

// Update routes a message to whoever it concerns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	at := m.statusAt
	model, cmd := m.route(msg)
	if m.statusAt != at {
		// Nothing else may happen for a while; without a redraw the
		// status would hide the keys until the next key or event.
		cmd = tea.Batch(cmd, tea.Tick(statusFor, func(time.Time) tea.Msg { return statusExpiredMsg{} }))
	}
	return model, cmd
}

func (m *Model) route(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case statusExpiredMsg:
		// The redraw after this message drops the expired status.
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
	case tea.BackgroundColorMsg:
		if m.opts.Theme == "" || m.opts.Theme == themes.Auto {
			m.setTheme(pickTheme(themes.Auto, m.opts.Themes, msg.IsDark()))
		}
	case agentResolvedMsg:
		return m, m.onResolved(msg)
	case askTrustMsg:
		m.onAskTrust(msg)
	case forgetAskMsg:
		if m.prompt == nil {
			m.askForget(msg)
		}
	case signInEvent:
		return m, m.onSignInEvent(msg)
	case extendedCardMsg:
		m.onExtendedCard(msg)
	case contextsListedMsg:
		if m.ctxView != nil && msg.seq == m.ctxSeq {
			m.ctxView.setList(msg.list, msg.hits, msg.err)
		}
	case contextOpenedMsg:
		return m, m.onContextOpened(msg)
	case resumedMsg:
		return m, m.onResumed(msg)
	case storeDoneMsg:
		if msg.err != nil {
			m.setStatus(sentence(msg.err.Error()), true)
		} else {
			m.setStatus(msg.text, false)
		}
		return m, m.queryContexts()
	case convChangedMsg:
		m.noteActivity(msg.conv)
		return m, m.onConvChanged(msg.conv)
	case busyMsg:
		m.setStatus(sentence(msg.r.String()), false)
	case tickMsg:
		return m, m.onTick()
	case taskActionMsg:
		if msg.err != nil {
			m.setStatus(fmt.Sprintf("Could not %s task %s.", msg.action, shortID(msg.taskID)), true)
		} else {
			m.setStatus(fmt.Sprintf("Task %s: %s done.", shortID(msg.taskID), msg.action), false)
		}
	case statusMsg:
		m.setStatus(msg.text, msg.isErr)
	case configSavedMsg:
		if msg.err != nil {
			m.setStatus("Could not save the config: "+msg.err.Error(), true)
		} else {
			note := ""
			if msg.left > 0 {
				note = fmt.Sprintf("; left out %s from stored conversations (add one's URL to keep it)", plural(msg.left, "agent"))
			}
			m.setStatus("Saved agents to "+m.opts.ConfigPath+note+".", false)
		}
	case attachedMsg:
		if msg.err != nil {
			m.setStatus(sentence(msg.err.Error()), true)
		} else {
			m.composer.Attach(msg.part)
			m.layout()
		}
	case wireChangedMsg:
		// Hidden, the log is read when the view opens (ctrl+w).
		m.opts.Wire.seen()
		if m.showWire {
			m.wire.Refresh()
		}
	case pathMatchesMsg:
		if m.prompt != nil {
			m.prompt.applyMatches(msg)
		}
	case saveFileMsg:
		return m, saveFile(msg.part)
	case openFileMsg:
		return m, openFile(msg.part)
	case confirmToolMsg:
		return m, m.confirmTool(msg)
	case tea.PasteMsg:
		if m.prompt != nil {
			return m, m.prompt.Update(msg)
		}
		if m.ctxView != nil {
			if a, cmd := m.ctxView.Update(msg); a == ctxRequery {
				return m, tea.Batch(cmd, m.queryContexts())
			}
			return m, nil
		}
		if m.focus == focusComposer {
			cmd := m.composer.Update(msg)
			m.layout()
			return m, cmd
		}
	case tea.MouseWheelMsg:
		if m.showWire {
			m.wire.HandleMouse(msg)
		} else {
			m.chat.HandleMouse(msg)
		}
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	default:
		if m.prompt != nil {
			return m, m.prompt.Update(msg)
		}
		return m, m.composer.Update(msg)
	}
	return m, nil
}

func (m *Model) onResolved(msg agentResolvedMsg) tea.Cmd {
	var e *agentEntry
	for _, x := range m.entries {
		if x.id == msg.id {
			e = x
		}
	}
	if e == nil {
		return nil // removed meanwhile
	}
	if msg.err != nil {
		e.status, e.err = agentFailed, msg.err
		if errors.As(msg.err, new(*a2aclient.ForeignOriginError)) {
			e.client = msg.client // its card, to name it; not used to send
			if e == m.current {
				m.setStatus(fmt.Sprintf("%s's card sends messages to another origin; parley asks before sending your credential there.", e.label()), true)
				m.askTrust(e)
			}
			return nil
		}
		if e == m.current {
			m.setStatus(fmt.Sprintf("Could not reach %s: %s", e.label(), termsafe.Line(msg.err.Error())), true)
			m.signInToCard(e) // a card behind sign-in: ask for the credential
		}
		return nil
	}
	e.status, e.client, e.err = agentReady, msg.client, nil
	if note := msg.client.Agent().CardNote; note != "" && e == m.current {
		m.setStatus(termsafe.Line(note), false)
	}
	if e.conv == nil {
		var conv *session.Conversation
		conv = session.NewConversation(msg.client, e.label(), func() { m.bridge.notify(conv) })
		e.conv = conv
		m.record(conv, e)
		if m.opts.Welcome && e == m.current {
			m.welcome(e)
		}
	}
	if e == m.current {
		m.showConversation()
	}
	return nil
}

// welcome greets a newcomer with the agent's example prompts.
func (m *Model) welcome(e *agentEntry) {
	text := fmt.Sprintf("Welcome to parley. You are talking to %s over %s.", e.label(), e.client.Dialect().Label())
	if ex := e.examples(); len(ex) > 0 {
		text += " Try one of its example prompts — press ctrl+e to put the next one in the composer, then enter:"
		for _, x := range ex {
			text += "\n  • " + x
		}
	}
	text += "\nPress f1 for every key, tab to move between panes."
	e.conv.Notice(text)
}

// showConversation puts the current agent's conversation on screen.
func (m *Model) showConversation() {
	e := m.current
	if e == nil || e.conv == nil {
		m.chat.Reset(nil, "")
		m.setTasks(nil)
		return
	}
	m.chat.Reset(e.conv.Items(), e.label())
	m.setTasks(e.conv.Tasks())
	m.layout()
}

// setTasks gives the shown conversation's tasks to the panes that draw
// them: the task list, and the chat, whose spinners follow them.
func (m *Model) setTasks(tasks []session.TaskInfo) {
	m.tasks.SetTasks(tasks)
	m.chat.SetTasks(tasks)
}

func (m *Model) onConvChanged(conv *session.Conversation) tea.Cmd {
	if conv == nil && m.current != nil {
		conv = m.current.conv // a resumed conversation: check the one shown
	}
	if m.current == nil || conv == nil || m.current.conv != conv {
		return nil // not on screen; its items are read when it is
	}
	items := conv.Drain()
	for i := range items {
		// The session's hint speaks of config and --header; here the
		// sign-in dialog is the way, and sending again reopens it.
		if items[i].Kind == session.ItemError && errors.As(items[i].Err, new(*a2aclient.AuthError)) {
			items[i].Detail = "Sign in with the dialog that opens; send again to reopen it."
		}
	}
	m.chat.Upsert(items)
	m.setTasks(conv.Tasks())
	m.layout() // the composer title may change (answering a task)
	var cmds []tea.Cmd
	for _, it := range items {
		if c := m.maybeSignIn(it); c != nil {
			cmds = append(cmds, c)
		}
	}
	cmds = append(cmds, m.startTicking(), m.rememberDialect(m.current))
	return tea.Batch(cmds...)
}

func (m *Model) onTick() tea.Cmd {
	m.ticking = false
	var cmd tea.Cmd
	m.spin, cmd = m.spin.Update(spinner.TickMsg{})
	_ = cmd // the spinner is driven by our own tick
	now := time.Now()
	frame := m.spin.View()
	m.tasks.Tick(now, frame)
	m.agents.SetSpinner(frame)
	m.chat.Tick(now)
	if m.current != nil && m.current.conv != nil {
		m.setTasks(m.current.conv.Tasks())
	}
	if m.animating() {
		return m.startTicking()
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	g := m.keys.Global
	// Quit comes first: an open prompt must not swallow it.
	if key.Matches(msg, g.Quit) {
		for _, e := range m.entries {
			if e.conv != nil {
				e.conv.Stop()
			}
		}
		return tea.Quit
	}
	if m.prompt != nil {
		cmd, done := m.prompt.HandleKey(m, msg)
		if done {
			m.prompt = nil
		}
		return cmd
	}
	if m.ctxView != nil {
		return m.contextsKey(msg)
	}
	if m.showHelp {
		pg := m.keys.Pager
		switch {
		case key.Matches(msg, pg.Up):
			m.helpTop--
		case key.Matches(msg, pg.Down):
			m.helpTop++
		case key.Matches(msg, pg.PageUp):
			m.helpTop -= m.height / 2
		case key.Matches(msg, pg.PageDown):
			m.helpTop += m.height / 2
		case key.Matches(msg, pg.Top):
			m.helpTop = 0
		case key.Matches(msg, pg.Bottom):
			m.helpTop = m.height * 100 // helpView clamps it to the last page
		case key.Matches(msg, g.Help), key.Matches(msg, pg.Close):
			m.showHelp, m.helpTop = false, 0
		}
		return nil
	}
	switch {
	case key.Matches(msg, g.Help):
		m.showHelp = true
		return nil
	case key.Matches(msg, g.Contexts):
		return m.openContexts()
	case key.Matches(msg, g.Wire):
		m.showWire = !m.showWire
		m.wire.Refresh()
		return nil
	case key.Matches(msg, g.NextPane):
		m.cycleFocus(1)
		return m.focusCmd()
	case key.Matches(msg, g.PrevPane):
		m.cycleFocus(-1)
		return m.focusCmd()
	case key.Matches(msg, g.Panes):
		m.narrowList = !m.narrowList
		if m.narrowList {
			m.setFocus(focusAgents)
		} else {
			m.setFocus(focusComposer)
		}
		m.layout()
		return m.focusCmd()
	case key.Matches(msg, g.Stop):
		if m.showWire {
			m.showWire = false
			return nil
		}
		if c := m.stopStreaming(); c != nil {
			return c
		}
	}
	switch m.focus {
	case focusComposer:
		return m.composerKey(msg)
	case focusChat:
		if m.showWire {
			m.wire.HandleKey(msg)
			return nil
		}
		return m.chat.HandleKey(msg)
	case focusAgents:
		return m.agentKey(m.agents.HandleKey(msg))
	case focusTasks:
		return m.taskKey(m.tasks.HandleKey(msg))
	}
	return nil
}

func (m *Model) composerKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys.Composer
	switch {
	case key.Matches(msg, k.Send):
		return m.send()
	case key.Matches(msg, k.Attach):
		m.prompt = newPrompt(m.st, promptPath, "Attach a file", []string{"Path of the file to send with the next message:"}, "", func(m *Model, v string) tea.Cmd {
			return attachFile(v)
		})
		return nil
	case key.Matches(msg, k.Example) && (m.composer.Empty() || m.composer.Value() == m.lastExample):
		// Pressed again on an untouched example: the next one.
		m.nextExample()
		return nil
	}
	cmd := m.composer.HandleKey(msg)
	m.layout()
	return cmd
}

// send hands the composer's message to the current conversation.
func (m *Model) send() tea.Cmd {
	if m.composer.Empty() {
		return nil
	}
	e := m.current
	if e == nil || e.conv == nil {
		if e != nil && e.status == agentFailed {
			m.setStatus(notUsable(e), true)
		} else {
			m.setStatus("No agent is ready yet; add one with tab → Agents → a.", true)
		}
		return nil
	}
	text, atts := m.composer.Take()
	e.conv.Send(text, atts...)
	m.layout()
	return m.startTicking()
}

func (m *Model) nextExample() {
	e := m.current
	if e == nil {
		return
	}
	ex := e.examples()
	if len(ex) == 0 {
		m.setStatus("This agent lists no example prompts.", false)
		return
	}
	m.lastExample = ex[e.example%len(ex)]
	m.composer.SetValue(m.lastExample)
	e.example++
	m.layout()
}

// stopStreaming stops following the current conversation's exchanges and
// offers to cancel the tasks on the agent too.
func (m *Model) stopStreaming() tea.Cmd {
	e := m.current
	if e == nil || e.conv == nil || !e.conv.Busy() {
		return nil
	}
	running := e.conv.Stop()
	if len(running) == 0 {
		m.setStatus(fmt.Sprintf("Stopped waiting for %s; it had not started a task.", e.label()), false)
		return nil
	}
	conv, id := e.conv, running[0]
	m.prompt = newPrompt(m.st, promptConfirm, "Stopped streaming",
		[]string{fmt.Sprintf("Task %s may still be running on %s. Cancel it on the agent too?", shortID(id), e.label())}, "",
		func(m *Model, _ string) tea.Cmd { return cancelTask(conv, id) })
	return nil
}

func (m *Model) agentKey(a agentAction) tea.Cmd {
	sel := m.agents.Selected()
	switch a {
	case agentUse:
		if sel == nil {
			return nil
		}
		m.current = sel
		m.showConversation()
		m.setFocus(focusComposer)
		if m.narrowList {
			m.narrowList = false
			m.layout()
		}
		if sel.status == agentFailed {
			if errors.As(sel.err, new(*a2aclient.AuthError)) && m.prompt == nil {
				m.signInToCard(sel)
				return m.focusCmd()
			}
			if errors.As(sel.err, new(*a2aclient.ForeignOriginError)) && m.prompt == nil {
				m.askTrust(sel)
				return m.focusCmd()
			}
			return tea.Batch(m.resolve(sel), m.startTicking(), m.focusCmd())
		}
		return m.focusCmd()
	case agentAdd:
		m.prompt = newPrompt(m.st, promptText, "Add an agent", []string{"The agent's base URL or the URL of its card:"}, "https://", func(m *Model, v string) tea.Cmd {
			return m.addAgent(v)
		})
	case agentRemove:
		if sel == nil {
			return nil
		}
		m.prompt = newPrompt(m.st, promptConfirm, "Remove agent", []string{fmt.Sprintf("Remove %s from the list? (The config file changes only when you save.)", sel.label())}, "", func(m *Model, _ string) tea.Cmd {
			_, key := m.opts.Directory.Entry(sel.ref)
			m.removeAgent(sel)
			for _, e := range m.entries {
				if _, k := m.opts.Directory.Entry(e.ref); k == key {
					return nil // another agent in the list uses it
				}
			}
			keys := []string{key}
			if sel.saved != "" {
				keys = append(keys, sel.saved) // where older versions kept it
			}
			return m.checkSaved(sel.label(), keys...)
		})
	case agentRename:
		if sel == nil {
			return nil
		}
		m.prompt = newPrompt(m.st, promptText, "Rename agent", []string{"New name:"}, sel.label(), func(m *Model, v string) tea.Cmd {
			if v = termsafe.Line(v); v != "" {
				sel.name = v
			}
			return nil
		})
	case agentSave:
		return m.saveAgents()
	case agentExample:
		if sel != nil && sel != m.current {
			m.current = sel
			m.showConversation()
		}
		m.nextExample()
		m.setFocus(focusComposer)
		return m.focusCmd()
	}
	return nil
}

func (m *Model) addAgent(url string) tea.Cmd {
	if url == "" || url == "https://" {
		return nil
	}
	e := m.find(url)
	if e == nil {
		e = m.findStored(url)
	}
	if e != nil {
		if e.stored {
			// Adding an agent listed for a stored conversation is the
			// user's word that it is theirs: `w` saves it from now on.
			e.stored = false
			m.setStatus(fmt.Sprintf("Kept %s in the list; %s saves it to the config.", e.label(), m.keys.Agents.Save.Help().Key), false)
		}
		m.current = e
		m.showConversation()
		return nil
	}
	e = &agentEntry{id: m.nextID, ref: url}
	m.nextID++
	m.entries = append(m.entries, e)
	m.agents.entries = m.entries
	m.agents.cursor = len(m.entries) - 1
	m.current = e
	m.showConversation()
	return tea.Batch(m.resolve(e), m.startTicking())
}

func (m *Model) removeAgent(e *agentEntry) {
	for i, x := range m.entries {
		if x == e {
			m.entries = append(m.entries[:i:i], m.entries[i+1:]...)
			break
		}
	}
	if e.conv != nil {
		e.conv.Stop()
	}
	m.agents.entries = m.entries
	m.agents.cursor = min(m.agents.cursor, len(m.entries))
	if m.current == e {
		m.current = nil
		if len(m.entries) > 0 {
			m.current = m.entries[0]
		}
		m.showConversation()
	}
}

func (m *Model) taskKey(a taskAction) tea.Cmd {
	t, ok := m.tasks.Selected()
	if !ok || m.current == nil || m.current.conv == nil {
		return nil
	}
	conv := m.current.conv
	switch a {
	case taskOpen:
		m.setFocus(focusChat)
		m.chat.JumpToTask(t.ID)
		m.setStatus(fmt.Sprintf("Task %s · %s", t.ID, stateWord(t.State)), false)
		return m.focusCmd()
	case taskCancel:
		m.prompt = newPrompt(m.st, promptConfirm, "Cancel task", []string{fmt.Sprintf("Ask the agent to cancel task %s (%s)?", shortID(t.ID), termsafe.Line(t.Title))}, "", func(m *Model, _ string) tea.Cmd {
			return cancelTask(conv, t.ID)
		})
	case taskRefresh:
		return func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			return taskActionMsg{conv: conv, taskID: t.ID, action: "refresh", err: conv.Refresh(ctx, t.ID)}
		}
	case taskResubscribe:
		conv.Follow(t.ID)
		return m.startTicking()
	case taskCopyID:
		m.setStatus("Copied task id "+t.ID, false)
		return tea.SetClipboard(t.ID)
	}
	return nil
}

func cancelTask(conv *session.Conversation, id string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return taskActionMsg{conv: conv, taskID: id, action: "cancel", err: conv.Cancel(ctx, id)}
	}
}

func (m *Model) setStatus(text string, isErr bool) {
	m.status, m.isErr, m.statusAt = termsafe.Line(text), isErr, time.Now()
}

func (m *Model) setTheme(th themes.Theme) {
	m.theme = th
	m.st = NewStyles(th)
	m.agents.SetStyles(m.st)
	m.tasks.SetStyles(m.st)
	m.chat.SetStyles(m.st)
	m.composer.SetStyles(m.st)
	m.wire.SetStyles(m.st)
	m.applyHelpStyles()
}

func (m *Model) cycleFocus(dir int) {
	order := []focusArea{focusComposer, focusChat, focusAgents, focusTasks}
	if m.narrow() {
		if m.narrowList {
			order = []focusArea{focusAgents, focusTasks}
		} else {
			order = []focusArea{focusComposer, focusChat}
		}
	}
	i := 0
	for j, f := range order {
		if f == m.focus {
			i = j
		}
	}
	m.setFocus(order[(i+dir+len(order))%len(order)])
}

func (m *Model) setFocus(f focusArea) {
	m.focus = f
	m.composer.Blur()
	m.chat.Blur()
	m.agents.Blur()
	m.tasks.Blur()
	switch f {
	case focusChat:
		m.chat.Focus()
	case focusAgents:
		m.agents.Focus()
	case focusTasks:
		m.tasks.Focus()
	}
}

func (m *Model) focusCmd() tea.Cmd {
	if m.focus == focusComposer {
		return m.composer.Focus()
	}
	return nil
}
