// Package ui is parley's terminal interface: one root model that owns the
// layout, the focus and message routing, and plain pane structs that draw
// themselves. Network, disk and heavy rendering happen in commands; what
// they learn comes back as messages tagged with who asked.
package ui

import (
	"context"
	"os"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/chat"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/renderpause"
	"github.com/parley-a2a/parley/ui/styles"
	"github.com/parley-a2a/parley/ui/wire"
)

// focusArea is which pane has the keyboard.
type focusArea int

const (
	focusComposer focusArea = iota
	focusChat
	focusAgents
	focusTasks
)

// Options configure the UI.
type Options struct {
	// Directory resolves agents and holds the credentials machinery
	// (session.NewDirectory). Required.
	Directory  *session.Directory
	Config     *config.Config
	ConfigPath string
	// Agents are opened at start besides the config's: URLs or names.
	Agents []string
	// Select names the agent to open on (a name or URL); default: the
	// first of Agents, else the first in the config.
	Select string
	// Theme is a theme name or "auto".
	Theme  string
	Themes map[string]themes.Theme
	Keys   keys.Map
	// Welcome shows the first-run welcome with example prompts.
	Welcome bool
	// DemoURL is the in-process demo agent's URL, left out of saves.
	DemoURL string
	// DemoMore are the demo's other agents listed after it (its gRPC
	// copy), left out of saves too (session.WorkspaceOptions.DemoMore).
	DemoMore []string
	// TraceParent and TraceState are the environment's, the parent of
	// every traced turn (session.WorkspaceOptions.TraceParent).
	TraceParent, TraceState string
	// Store keeps every conversation; nil when it could not be opened.
	Store *store.Store
	// OpenContext opens on this stored context (its store id), if set.
	OpenContext int64
	// Notice is shown in the status line at start (e.g. why nothing is
	// being saved).
	Notice string
	// Wire receives the wire log the UI shows; set as the directory's
	// observer by the caller.
	Wire *wire.Log
	// OpenURL opens a sign-in address in a browser; when nil, the
	// Directory's credentials machinery does (tests replace it).
	OpenURL func(string) error
	// Downloads is the folder saved files go to, from the config
	// (downloads); empty means the XDG user directory, else ~/Downloads.
	Downloads string
	// Left is told, once the screen is restored, of each task quitting
	// left running and the command that picks it up (quit.go).
	Left func(sentence string)
	// Busy shows the waits for a busy agent on the status line; set its
	// Retry as the directory's retry notice (waiting.go).
	Busy *BusyLog
	// NoColor is set when the user asked for no colour (NO_COLOR): the
	// focused pane is then told apart by its heavy border.
	NoColor bool
	// Env is the clock and the waits the UI runs with; the zero value
	// is parley's own.
	Env Env
}

// Env is the clock and the waits the UI keeps time with. Tests give
// their own; a zero field is parley's default.
type Env struct {
	// Now is the frames' clock (frame.go): when a drawing of the panes
	// started and ended. Default time.Now.
	Now func() time.Time
	// StatusFor is how long a status line replaces the footer's keys.
	// Default 6 s.
	StatusFor time.Duration
	// SilentAfter is how long an exchange may bring nothing new before
	// the footer counts the wait (waiting.go). Default 3 s.
	SilentAfter time.Duration
}

// withDefaults fills the fields left zero.
func (e Env) withDefaults() Env {
	if e.Now == nil {
		e.Now = time.Now
	}
	if e.StatusFor == 0 {
		e.StatusFor = 6 * time.Second
	}
	if e.SilentAfter == 0 {
		e.SilentAfter = 3 * time.Second
	}
	return e
}

// Model is the root model.
type Model struct {
	opts   Options
	env    Env // opts.Env with its defaults
	keys   keys.Map
	st     *styles.Styles
	theme  themes.Theme
	bridge *bridge

	width, height int
	focus         focusArea
	narrowList    bool              // narrow terminal: the lists replace the chat
	overlay       dialog.Overlay    // the modals, the top one takes the keys (ui/dialog)
	nextSignIn    int               // id of the newest sign-in dialog, for its messages
	live          *liveContexts     // conversations resumed at start
	lastExample   string            // the example prompt last put in the composer
	opened        map[string]string // where each file opened with o was saved (files.go)
	quitPrompt    *dialog.Prompt    // the question asked on quitting while a task runs (quit.go)
	left          []string          // what quitting left running, said on exit
	userAdded     map[int]bool      // agents just added by hand, by id, until resolved (gateway.go)

	// The tools for agent builders (agent_tools.go): the doctor runs'
	// numbers, so a late result of an earlier run is dropped, and each
	// agent's raw console, by id, with the requests it keeps.
	doctorRuns  int
	rawConsoles map[int]rawConsole

	agents   *panes.Agents
	tasks    *panes.Tasks
	chat     *chat.Pane
	composer *panes.Composer
	help     help.Model
	spin     spinner.Model

	// ws owns the agents; entries are the pane's view of them, in its
	// order (syncEntries).
	ws                      *session.Workspace
	keyboard                *session.Keyboard // keys typed go before the streams (Update)
	entries                 []*panes.Entry
	current                 *panes.Entry
	status                  string
	statusAt                time.Time
	isErr                   bool
	ticking                 bool
	frame                   frameCache    // the panes as last drawn (frame.go)
	composerFrame           composerCache // the composer as last drawn (frame_composer.go)
	footerFrame             footerCache   // the footer's keys as last drawn (frame_memo.go)
	agentsFrame, tasksFrame boxMemo       // the side panes as last drawn (frame_memo.go)
	// activity is when each conversation last brought something, for
	// the footer's count of a silent wait (waiting.go).
	activity map[*session.Conversation]time.Time
	pushes   pushState // the push receiver, once started (push_tui.go)
	// taskList is the fetch of the tasks pane's listing (tasks_fetch.go).
	taskList struct {
		seq    int  // numbers the fetches, so a late one is dropped
		agent  int  // the agent entry whose tasks are listed
		relist bool // a push came during the fetch: list again after it
	}
	// extOK are the agents (entry ids) the user chose to send to without
	// a required extension (extensions_ask.go).
	extOK map[int]bool
	// compare is the compare view: the marked agents side by side
	// (compare.go).
	compare compareView
}

// New builds the root model.
func New(opts Options) *Model {
	if opts.Themes == nil {
		opts.Themes = themes.Builtin()
	}
	th := pickTheme(opts.Theme, opts.Themes, true)
	st := styles.New(th)
	if opts.NoColor {
		st.WithoutColor()
	}
	m := &Model{
		opts: opts, env: opts.Env.withDefaults(), keys: opts.Keys, st: st, theme: th, bridge: newBridge(), live: newLiveContexts(),
		keyboard: &session.Keyboard{},
		agents:   panes.NewAgents(st, opts.Keys.Agents),
		tasks:    panes.NewTasks(st, opts.Keys.Tasks),
		chat:     chat.New(st, opts.Keys.Chat),
		composer: panes.NewComposer(st, opts.Keys.Composer),
		help:     help.New(),
		spin:     spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	m.chat.SetFormKeys(opts.Keys.Form)
	m.tasks.SetClock(m.env.Now)
	if opts.Store != nil {
		m.chat.SetTexts(opts.Store) // the front of an answer held as a window is read back
	}
	m.applyHelpStyles()
	if opts.Busy != nil {
		opts.Busy.attach(m.bridge.post)
	}
	m.ws = session.NewWorkspace(session.WorkspaceOptions{
		Directory: opts.Directory, Config: opts.Config, ConfigPath: opts.ConfigPath,
		DemoURL: opts.DemoURL, DemoMore: opts.DemoMore, Store: opts.Store, Notify: m.bridge.notify,
		Keyboard: m.keyboard, TraceParent: opts.TraceParent, TraceState: opts.TraceState,
		RecordError: func(err error) {
			m.bridge.post(component.StatusMsg{Text: "Could not save the conversation: " + err.Error(), IsErr: true})
		},
	}, opts.Agents)
	m.syncEntries()
	if opts.Notice != "" {
		m.setStatus(opts.Notice, true)
	}
	selected := opts.Select
	if a := m.ws.ConfigEntry(selected); a != nil {
		selected = a.Name
	}
	if sel := m.find(selected); sel != nil {
		m.current = sel
	} else if len(m.entries) > 0 {
		m.current = m.entries[0]
	}
	return m
}

// syncEntries lists the Workspace's agents in the pane, each keeping
// what the pane holds of it.
func (m *Model) syncEntries() {
	prev := make(map[*session.Agent]*panes.Entry, len(m.entries))
	for _, e := range m.entries {
		prev[e.Agent] = e
	}
	m.entries = nil
	for _, a := range m.ws.Agents() {
		e := prev[a]
		if e == nil {
			e = &panes.Entry{Agent: a}
		}
		m.entries = append(m.entries, e)
	}
	m.agents.SetEntries(m.entries)
}

// entryOf is the pane's entry of Workspace agent a.
func (m *Model) entryOf(a *session.Agent) *panes.Entry {
	for _, e := range m.entries {
		if e.Agent == a {
			return e
		}
	}
	return nil
}

// entryByID is the pane's entry of the Workspace agent of that id (the
// id a command's message carries back), nil once it was removed.
func (m *Model) entryByID(id int) *panes.Entry { return m.entryOf(m.ws.Agent(id)) }

// find is the entry of the agent named ref (Workspace.Find).
func (m *Model) find(ref string) *panes.Entry {
	if a := m.ws.Find(ref); a != nil {
		return m.entryOf(a)
	}
	return nil
}

// Init resolves every agent's card and asks the terminal's background
// colour (for the auto theme).
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.composer.Focus(), m.startTicking()}
	for _, e := range m.entries {
		cmds = append(cmds, m.resolve(e))
	}
	cmds = append(cmds, m.resumePending(), m.pushAtStart())
	if m.opts.OpenContext != 0 {
		cmds = append(cmds, m.openStored(m.opts.OpenContext, ""))
	}
	return tea.Batch(cmds...)
}

// Run starts the program and blocks until the user quits.
func Run(ctx context.Context, opts Options, progOpts ...tea.ProgramOption) error {
	raiseProcs(os.Getenv) // program.go: a key's goroutines are not queued behind the stream's
	m := New(opts)
	pause := &renderpause.Pause{} // no renderer ticks while nothing is drawn
	own := []tea.ProgramOption{tea.WithContext(ctx), tea.WithOutput(pause.Output(os.Stdout))}
	p := tea.NewProgram(renderpause.Wrap(m, pause), programOptions(append(own, progOpts...)...)...)
	pause.Attach(p, renderFPS)
	go m.bridge.run(p.Send)
	if opts.Wire != nil {
		opts.Wire.Notify(p.Send)
	}
	defer m.bridge.stop()
	_, err := p.Run()
	if opts.Left != nil {
		for _, s := range m.Left() {
			opts.Left(s)
		}
	}
	m.closePush()
	m.ws.Close()
	return err
}

// agentCtx bounds one call that reaches an agent from a command (a card,
// a sign-in's card, a stored conversation's agent): 30 s, then the
// command gives up and says so.
func agentCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 30*time.Second)
}

// resolve fetches an agent's card in the background.
func (m *Model) resolve(e *panes.Entry) tea.Cmd {
	e.Status = session.AgentResolving
	ws, ref, id := m.ws, e.Ref, e.ID
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		cl, err := ws.Resolve(ctx, ref)
		return agentResolvedMsg{id: id, client: cl, err: err}
	}
}

// startTicking runs the clock while anything animates; it stops itself
// when nothing does, so an idle parley costs no CPU.
func (m *Model) startTicking() tea.Cmd {
	if m.ticking {
		return nil
	}
	m.ticking = true
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{} })
}

func (m *Model) animating() bool {
	for _, e := range m.entries {
		if e.Status == session.AgentResolving {
			return true
		}
	}
	return m.tasks.Loading() || m.compareBusy() || m.current != nil && m.current.Conv != nil && m.current.Conv.Busy()
}

// focusKeys returns the focused pane's bindings for the footer.
func (m *Model) focusKeys() []key.Binding {
	g := m.keys.Global
	if !m.overlay.Empty() {
		// A dialog has the keys: its own are on its border, and the
		// panes' under it would do nothing. Quit works over any dialog.
		return []key.Binding{g.Quit}
	}
	if m.compare.open {
		return m.compareKeys()
	}
	var local []key.Binding
	switch m.focus {
	case focusComposer:
		local = m.composer.ShortHelp()
	case focusChat:
		if m.chat.Editing() {
			return append(m.chat.ShortHelp(), g.Quit) // a form takes every other key
		}
		local = append([]key.Binding{m.keys.Chat.Write}, m.chat.ShortHelp()...)
	case focusAgents:
		local = m.agents.ShortHelp()
	case focusTasks:
		local = append([]key.Binding{m.keys.Tasks.Write}, m.tasks.ShortHelp()...)
	}
	return append(append(local, g.NextPane), g.Contexts, g.Help, g.Quit)
}
