package ui

import (
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/styles"
)

// statusExpiredMsg redraws the footer when a status line has had its time.
type statusExpiredMsg struct{}

func (statusExpiredMsg) Redraws() component.Redraw { return component.RedrawFooter }

// Update routes a message to whoever it concerns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.frame.began = m.env.Now()            // what a drawing of the panes costs starts here (frame.go)
	m.composerFrame.keep = streamOnly(msg) // frame_composer.go
	at, focus, current := m.statusAt, m.focus, m.current
	model, cmd := m.route(msg)
	if _, key := msg.(tea.KeyPressMsg); m.statusAt == at && (key || m.focus != focus || m.current != current) {
		// A status is about what was: the next key that says nothing
		// of its own, moving the focus or switching agents drops it.
		m.status = ""
	}
	m.syncPushAttach() // conversations come and go with many messages
	if w := m.wakeForAges(); w != nil {
		cmd = tea.Batch(cmd, w) // tasks_actions.go
	}
	if f := m.settleFrame(msg); f != nil {
		cmd = tea.Batch(cmd, f)
	}
	if !m.frame.lazy {
		// The body is drawn next: start the renders it waits for.
		if r := m.chat.RenderAsync(); r != nil {
			cmd = tea.Batch(cmd, r)
		}
	}
	if m.statusAt != at {
		// Nothing else may happen for a while; without a redraw the
		// status would hide the keys until the next key or event.
		cmd = tea.Batch(cmd, tea.Tick(m.env.StatusFor, func(time.Time) tea.Msg { return statusExpiredMsg{} }))
	}
	return model, cmd
}

// route hands a message to the function of its family; each says
// whether the message was its own. A message of none of them goes to the
// dialog on top, else the composer (routeOther).
func (m *Model) route(msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := m.routeScreen(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.routeAgents(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.routeConversations(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.routePush(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.routeResults(msg); ok {
		return m, cmd
	}
	if cmd, ok := m.routeInput(msg); ok {
		return m, cmd
	}
	return m, m.routeOther(msg)
}

// routeScreen: the terminal's size and colours, and the messages that
// only redraw (a status's end, a frame).
func (m *Model) routeScreen(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case statusExpiredMsg:
		// The redraw after this message drops the expired status.
	case frameMsg:
		// The View that follows draws what streamed in (frame.go).
	case tea.WindowSizeMsg:
		wasNarrow := m.width > 0 && m.narrow()
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		if m.narrow() && !wasNarrow {
			return m.foldFocus(), true
		}
	case tea.BackgroundColorMsg:
		if m.opts.Theme == "" || m.opts.Theme == themes.Auto {
			m.setTheme(pickTheme(themes.Auto, m.opts.Themes, msg.IsDark()))
		}
	default:
		return nil, false
	}
	return nil, true
}

// routeAgents: what the Workspace learned about an agent (its card, a
// trust question, an extended card, a gateway's agents, a saved config).
func (m *Model) routeAgents(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case agentResolvedMsg:
		return m.onResolved(msg), true
	case askTrustMsg:
		m.onAskTrust(msg)
	case forgetAskMsg:
		if !m.asking() {
			m.askForget(msg)
		}
	case extendedCardMsg:
		m.onExtendedCard(msg)
	case gatewayListedMsg:
		m.onGatewayListed(msg)
	case configSavedMsg:
		m.onConfigSaved(msg)
	default:
		return nil, false
	}
	return nil, true
}

// routeConversations: conversations and their tasks (a change, a stored
// one opened or resumed, a listing, a fetch, an action's end, the clock).
func (m *Model) routeConversations(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case convChangedMsg:
		m.noteActivity(msg.conv)
		return m.onConvChanged(msg.conv), true
	case contextOpenedMsg:
		return m.onContextOpened(msg), true
	case resumedMsg:
		return m.onResumed(msg), true
	case storeDoneMsg:
		if msg.err != nil {
			m.setStatus(styles.Sentence(msg.err.Error()), true)
		} else {
			m.setStatus(msg.text, false)
		}
		return m.deliver(dialog.RequeryMsg{}), true
	case tasksListedMsg:
		return m.onTasksListed(msg), true
	case taskFetchedMsg:
		return m.onTaskFetched(msg), true
	case taskActionMsg:
		if msg.err != nil {
			m.setStatus(fmt.Sprintf("Could not %s task %s.", msg.action, styles.ShortID(msg.taskID)), true)
		} else {
			m.setStatus(taskActionDone(msg.action, styles.ShortID(msg.taskID)), false)
		}
	case busyMsg:
		m.setStatus(styles.Sentence(msg.r.String()), false)
	case tickMsg:
		return m.onTick(), true
	case compareSetOpenedMsg:
		return m.onCompareSetOpened(msg), true
	case compareNamedMsg:
		return m.onCompareNamed(msg), true
	default:
		return nil, false
	}
	return nil, true
}

// routePush: the push receiver's start, its arrivals and its watches.
func (m *Model) routePush(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case pushStartedMsg:
		return m.onPushStarted(msg), true
	case pushNoteMsg:
		return m.onPushNote(msg), true
	case pushWatchMsg:
		m.onPushWatch(msg)
	default:
		return nil, false
	}
	return nil, true
}

// routeResults: what a command of the root or a component came back
// with (a status, a file attached or opened, a message addressed to a
// component, the quit confirmed).
func (m *Model) routeResults(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case component.StatusMsg:
		m.setStatus(msg.Text, msg.IsErr)
	case attachedMsg:
		if msg.err != nil {
			m.setStatus(styles.Sentence(msg.err.Error()), true)
		} else {
			m.composer.Attach(msg.part)
			m.layout()
		}
	case fileOpenedMsg:
		if msg.path != "" {
			if m.opened == nil {
				m.opened = map[string]string{}
			}
			m.opened[msg.key] = msg.path
		}
		m.setStatus(msg.status.Text, msg.status.IsErr)
	case component.Addressed:
		// What a component's own commands sent back (the chat's
		// renders, a listing, a path's matches, a sign-in's news, the
		// wire log's).
		return m.deliver(msg), true
	case quitConfirmedMsg:
		return m.quitNow(m.runningTasks()), true
	default:
		return nil, false
	}
	return nil, true
}

// routeInput: the keyboard, the mouse and a paste.
func (m *Model) routeInput(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if !m.overlay.Empty() {
			return m.updateDialog(msg), true
		}
		if m.focus == focusComposer {
			cmd, _ := m.composer.Update(msg)
			m.layout()
			return cmd, true
		}
	case tea.MouseWheelMsg:
		m.onWheel(msg) // mouse.go
	case tea.MouseClickMsg:
		return m.onClick(msg), true
	case tea.KeyPressMsg:
		// The streams wait a moment so that this key is drawn first.
		m.keyboard.Pressed()
		return m.handleKey(msg), true
	default:
		return nil, false
	}
	return nil, true
}

// routeOther: a message no family took goes to the dialog on top, else
// the composer (its cursor's blink); one that says it changes only what
// streams in never reaches the composer (frame_composer.go).
func (m *Model) routeOther(msg tea.Msg) tea.Cmd {
	if redrawOf(msg) != component.RedrawAll {
		return nil
	}
	if !m.overlay.Empty() {
		return m.updateDialog(msg)
	}
	cmd, _ := m.composer.Update(msg)
	return cmd
}

// onConfigSaved says whether the agents were saved to the config, and
// under which names (session's SaveReport).
func (m *Model) onConfigSaved(msg configSavedMsg) {
	if msg.err != nil {
		m.setStatus("Could not save the config: "+msg.err.Error(), true)
		return
	}
	m.setStatus(msg.report.Summary(m.ws.ConfigPath()), false)
}

// showConversation puts the current agent's conversation on screen.
func (m *Model) showConversation() {
	e := m.current
	if e == nil || e.Conv == nil {
		m.chat.ResetFor(nil, nil, "")
		m.setTasks(nil)
		return
	}
	m.chat.ResetFor(e.Conv, e.Conv.Items(), e.Label()) // keeps each conversation's forms
	m.chat.ShowWindow(e.Conv)                          // a stored one is read in windows (onContextOpened)
	m.tasksAgentShown()
	m.setTasks(e.Conv.Tasks())
	m.layout()
}

// setTasks gives the shown conversation's tasks to the panes that draw
// them: the task list, and the chat, whose spinners follow them.
func (m *Model) setTasks(tasks []session.TaskInfo) {
	m.tasks.SetAgent(agentOf(m.current))
	m.tasks.SetTasks(tasks)
	m.chat.SetTasks(tasks)
}

func (m *Model) onConvChanged(conv *session.Conversation) tea.Cmd {
	if cmd, ok := m.onCompareChanged(conv); ok {
		return cmd // a column of the compare view (compare.go)
	}
	if conv == nil && m.current != nil {
		conv = m.current.Conv // a resumed conversation: check the one shown
	}
	if m.current == nil || conv == nil || m.current.Conv != conv {
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
	m.tasks.SetSpinner(frame)
	m.agents.SetSpinner(frame)
	m.chat.Tick(now)
	for _, c := range m.compare.cols {
		c.pane.Tick(now)
	}
	var naming tea.Cmd
	if m.compare.open {
		m.syncCompare() // compare.go
		naming = m.nameCompared()
	}
	if m.current != nil && m.current.Conv != nil {
		m.setTasks(m.current.Conv.Tasks())
	}
	if m.animating() {
		return tea.Batch(naming, m.startTicking())
	}
	return naming
}

// taskActionDone says in a sentence that a task action worked.
func taskActionDone(action, id string) string {
	switch action {
	case "cancel":
		return "Canceled task " + id + " on the agent."
	case "refresh":
		return "Refreshed task " + id + "."
	}
	return "Task " + id + ": " + action + " worked."
}
