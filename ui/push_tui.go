// Push notifications in the TUI: parley's receiver, started when first
// needed (or at start when push_listen is set), every open conversation
// attached to its inbox, and each arrival told on screen.

package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/push"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// pushState is the receiver as the UI keeps it.
type pushState struct {
	svc      *push.Service
	starting bool // tried again on the next ask when it failed
	unsub    func()
	attached map[*session.Conversation]func() // detach functions
	// announced is the state last told of a task away from the screen:
	// a working task pushes progress often, and only a new state is news.
	announced map[session.TaskKey]a2aclient.State
	// follow is the task to follow once the receiver is up.
	follow *followReq
}

type followReq struct {
	entry  int
	taskID string
}

// pushStartedMsg carries the receiver, started in a command.
type pushStartedMsg struct {
	svc *push.Service
	err error
}

func (pushStartedMsg) Redraws() component.Redraw { return component.RedrawAll }

// pushNoteMsg says a push was received and stored.
type pushNoteMsg struct{ note push.Note }

func (pushNoteMsg) Redraws() component.Redraw { return component.RedrawAll }

// pushWatchMsg reports following (or no longer following) a task.
type pushWatchMsg struct {
	taskID, agent, url string
	stopped            bool
	err                error
}

func (pushWatchMsg) Redraws() component.Redraw { return component.RedrawAll }

// pushSettings are the config's receiver settings.
func (m *Model) pushSettings() push.ReceiverOptions {
	if m.opts.Config == nil {
		return push.ReceiverOptions{}
	}
	return push.ReceiverOptions{Listen: m.opts.Config.Push.PushListen, PublicURL: m.opts.Config.Push.PushURL}
}

// pushAtStart starts the receiver at once when the config gives it a
// fixed address: configs set by an earlier run point there, and their
// pushes should be taken while parley runs.
func (m *Model) pushAtStart() tea.Cmd {
	if o := m.pushSettings(); o.Listen == "" && o.PublicURL == "" {
		return nil
	}
	return m.startPush()
}

// startPush starts the receiver in a command, once.
func (m *Model) startPush() tea.Cmd {
	if m.pushes.svc != nil || m.pushes.starting {
		return nil
	}
	m.pushes.starting = true
	store, o := m.opts.Store, m.pushSettings()
	if store != nil && store.ReadOnly() != nil {
		store = nil // another parley holds the store: keep pushes in memory
	}
	return func() tea.Msg {
		svc, err := push.StartService(store, o)
		return pushStartedMsg{svc: svc, err: err}
	}
}

func (m *Model) onPushStarted(msg pushStartedMsg) tea.Cmd {
	m.pushes.starting = false
	follow := m.pushes.follow
	m.pushes.follow = nil
	if msg.err != nil {
		m.setStatus(styles.Sentence("Parley's push receiver did not start: "+msg.err.Error()), true)
		return nil
	}
	m.pushes.svc = msg.svc
	post := m.bridge.post
	m.pushes.unsub = msg.svc.Inbox().Subscribe(func(n push.Note) { post(pushNoteMsg{note: n}) })
	m.syncPushAttach()
	if follow != nil {
		return m.watchTask(follow.entry, follow.taskID)
	}
	return nil
}

// syncPushAttach attaches every conversation the agents hold to the
// inbox, so a push for one of their tasks lands in it (and in its
// recorder) rather than beside it in the store; conversations no agent
// holds any more are detached. Cheap: a few agents, a map.
func (m *Model) syncPushAttach() {
	if m.pushes.svc == nil {
		return
	}
	if m.pushes.attached == nil {
		m.pushes.attached = map[*session.Conversation]func(){}
	}
	open := map[*session.Conversation]bool{}
	for _, e := range m.entries {
		if e.Conv != nil {
			open[e.Conv] = true
			if m.pushes.attached[e.Conv] == nil {
				m.pushes.attached[e.Conv] = m.pushes.svc.Inbox().Attach(e.Conv)
			}
		}
	}
	for conv, detach := range m.pushes.attached {
		if !open[conv] {
			detach()
			delete(m.pushes.attached, conv)
		}
	}
}

// followByPush asks the agent to push the selected task's changes, or
// stops when it already does.
func (m *Model) followByPush() tea.Cmd {
	taskID, _, ok := m.tasks.SelectedIDs()
	e := m.current
	if !ok || e == nil || clientOf(e) == nil {
		return nil
	}
	if c := clientOf(e); !c.Agent().Capabilities.PushNotifications {
		m.setStatus(m.noPush(e.Label(), taskID), true)
		return nil
	}
	if m.pushes.svc == nil {
		m.pushes.follow = &followReq{entry: e.ID, taskID: taskID}
		m.setStatus("Starting parley's push receiver…", false)
		return m.startPush()
	}
	if agent := agentOf(e); m.pushes.svc.Watching(agent, taskID) {
		svc := m.pushes.svc
		return func() tea.Msg {
			ctx, cancel := agentCtx()
			defer cancel()
			return pushWatchMsg{taskID: taskID, stopped: true, err: svc.Unwatch(ctx, agent, taskID)}
		}
	}
	return m.watchTask(e.ID, taskID)
}

func (m *Model) noPush(agent, taskID string) string {
	k := m.keys.Tasks
	return fmt.Sprintf("%s does not send push notifications, so parley cannot follow task %s by push; resubscribe (%s) or refresh (%s) it instead.", agent, styles.ShortID(taskID), keys.FirstKey(k.Resubscribe), keys.FirstKey(k.Refresh))
}

// watchTask registers a push config for the task with its agent.
func (m *Model) watchTask(entry int, taskID string) tea.Cmd {
	e := m.entryByID(entry)
	if e == nil || clientOf(e) == nil || m.pushes.svc == nil {
		return nil
	}
	svc, client, ref, label := m.pushes.svc, clientOf(e), e.Ref, e.Label()
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		cfg, err := svc.Watch(ctx, client, ref, taskID)
		return pushWatchMsg{taskID: taskID, agent: label, url: cfg.URL, err: err}
	}
}

func (m *Model) onPushWatch(msg pushWatchMsg) {
	id := styles.ShortID(msg.taskID)
	switch {
	case msg.err != nil && (errors.Is(msg.err, a2aclient.ErrPushNotSupported) || errors.Is(msg.err, a2aclient.ErrUnsupportedOperation)):
		m.setStatus(m.noPush(msg.agent, msg.taskID), true)
	case msg.err != nil && msg.stopped:
		m.setStatus(styles.Sentence("Stopped following task "+id+" here, but the agent may still push: "+termsafe.Line(msg.err.Error())), true)
	case msg.err != nil:
		m.setStatus(styles.Sentence("Could not follow task "+id+" by push: "+termsafe.Line(msg.err.Error()))+" Press "+keys.FirstKey(m.keys.Tasks.Follow)+" to try again.", true)
	case msg.stopped:
		m.setStatus("Stopped following task "+id+" by push.", false)
	default:
		m.setStatus("Following task "+id+" by push; its changes are kept with no stream open.", false)
	}
}

// onPushNote tells of a push: on the task's own line when its
// conversation is shown, else as news from elsewhere, marked in the
// tasks pane until the user looks.
func (m *Model) onPushNote(msg pushNoteMsg) tea.Cmd {
	n := msg.note
	id := styles.ShortID(n.TaskID)
	state := ""
	if n.State != "" {
		state = styles.StateWord(n.State)
	}
	text := ""
	if st := n.Event.Status; st != nil && st.Status.Message != nil {
		text = styles.Clip(termsafe.Line(st.Status.Message.Text()), 80)
	}
	key := session.TaskKey{Agent: n.Agent, Task: n.TaskID}
	shown := m.current != nil && m.current.Conv != nil && n.Live && m.current.Conv.HasTask(n.Agent, n.TaskID)
	var cmd tea.Cmd
	if shown {
		line := "Task " + id + " pushed"
		if state != "" {
			line += ": " + state
		}
		if text != "" {
			line += " — " + text
		}
		m.setStatus(styles.Sentence(line), false)
		m.setTasks(m.current.Conv.Tasks())
	} else {
		m.tasks.Mark(key)
		if m.pushes.announced == nil {
			m.pushes.announced = map[session.TaskKey]a2aclient.State{}
		}
		prev, told := m.pushes.announced[key]
		m.pushes.announced[key] = n.State
		line := "Task " + id
		if who := m.pushAgent(n.Agent, n.AgentRef); who != "" {
			line += " of " + who
		}
		line += " changed while you were away"
		if state != "" {
			line += ": now " + state
		}
		if !told || prev != n.State {
			m.setStatus(line+" (• in Tasks).", false)
		}
	}
	cmd = m.relistForPush(n.Agent)
	if n.State.Terminal() && m.pushes.svc != nil && m.pushes.svc.Watching(n.Agent, n.TaskID) {
		// It will not change again: stop the agent pushing to us.
		svc, agent, taskID := m.pushes.svc, n.Agent, n.TaskID
		cmd = tea.Batch(cmd, func() tea.Msg {
			ctx, cancel := agentCtx()
			defer cancel()
			_ = svc.Unwatch(ctx, agent, taskID)
			return nil
		})
	}
	return cmd
}

// relistForPush lists the agent's tasks again so the listing shows the
// state a push brought. Only a push from the agent listed changes it, and
// one listing runs at a time: a new one drops the one in flight, so a
// flood of pushes would list without end and never show a listing.
// Pushes while one runs ask for one more after it (onTasksListed).
func (m *Model) relistForPush(agent a2aclient.AgentID) tea.Cmd {
	if m.tasks.CurrentView() == panes.ViewChat || m.current == nil || agent == "" || agentOf(m.current) != agent {
		return nil
	}
	if m.tasks.Loading() {
		m.taskList.relist = true
		return nil
	}
	return m.fetchTasks()
}

// closePush stops the receiver when the program ends.
func (m *Model) closePush() {
	if m.pushes.svc == nil {
		return
	}
	if m.pushes.unsub != nil {
		m.pushes.unsub()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = m.pushes.svc.Close(ctx)
}

// pushAgent names the agent a push came from, unless it is the one on
// screen (then the task's own id says enough).
func (m *Model) pushAgent(agent a2aclient.AgentID, ref string) string {
	for _, e := range m.entries {
		if agent != "" && agentOf(e) == agent {
			if e == m.current {
				return ""
			}
			return e.Label()
		}
	}
	return termsafe.Line(ref)
}
