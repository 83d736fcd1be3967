package session

import (
	"slices"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/termsafe"
)

// Workspace is the one owner of the agents a front end works with: each
// agent's identity (the ref it was named by, its config entry), name,
// status, client, conversation and last error. It adds, removes, renames
// and saves them to the config file, starts and opens their
// conversations with recording, applies credentials (workspace_credential.go)
// and runs sign-ins (workspace_signin.go). The Directory under it
// resolves refs to clients and binds credentials to origins; the
// Workspace is the only one that holds agents.
//
// A Workspace belongs to one goroutine, its owner (the TUI's update
// loop, a command's main): only the owner changes agents. The methods
// that block (network, disk) change no agent; they return what the owner
// then applies (Resolved, Opened, …), so a TUI calls them inside its
// commands and applies their results when the messages come back.
type Workspace struct {
	o      WorkspaceOptions
	dir    *Directory
	cfg    *config.Config // the config file as last read or saved
	agents []*Agent
	nextID int
	recs   []Recording
	labels labelMemo // the agents' labels, kept between draws
}

// WorkspaceOptions configure a Workspace.
type WorkspaceOptions struct {
	// Directory resolves the agents and holds the credentials machinery
	// (NewDirectory). Required.
	Directory *Directory
	// Config is the config file as read; ConfigPath where it is ("" for
	// none: nothing is saved).
	Config     *config.Config
	ConfigPath string
	// DemoURL is the in-process demo agent's URL, left out of saves.
	DemoURL string
	// DemoMore are the in-process demo's other agents listed with it
	// (its gRPC copy at /grpc/): on the same port of the moment, so left
	// out of saves too.
	DemoMore []string
	// Store records conversations (session/store's Store); nil (or
	// read-only) records nothing.
	Store History
	// Notify is told when a conversation the workspace started changed
	// (the TUI's bridge).
	Notify func(*Conversation)
	// Keyboard, when set, is given to every conversation the workspace
	// starts or reopens: their streams give way to the keys typed.
	Keyboard *Keyboard
	// RecordError is told when a conversation could not be recorded.
	RecordError func(error)
	// TraceParent and TraceState are the environment's TRACEPARENT and
	// TRACESTATE: the parent of every traced turn (workspace_trace.go).
	TraceParent, TraceState string
}

// AgentStatus is where an agent's card resolution stands.
type AgentStatus int

const (
	AgentResolving AgentStatus = iota
	AgentReady
	AgentFailed
)

// Agent is one agent of the workspace.
type Agent struct {
	ID int
	// Name is the name it is shown by: its config name or one the user
	// gave; "" shows the card's.
	Name string
	// Ref is the config name or URL it was named by, as the Directory
	// takes it.
	Ref string
	// Saved is its [[agents]] name in the config file, once read or saved.
	Saved  string
	Status AgentStatus
	Client *a2aclient.Client
	Err    error
	Conv   *Conversation
	// Trusted are origins the user chose to always trust with this
	// agent's credentials, kept for saving an agent not in the config.
	Trusted []string
	// Stored says the agent is listed only because a stored conversation
	// or a resumed task was with it: the user never added it, so a save
	// leaves it out of the config until the user adds it.
	Stored bool
	// remembered is the client whose dialect is in the store already.
	remembered *a2aclient.Client
	// ws is the workspace that lists it, whose other agents its label
	// is told apart from.
	ws *Workspace
}

// NewWorkspace lists the agents named in refs (URLs or config names),
// then the config's, each once. It panics when o.Directory is nil, as
// NewDirectory does without credentials: the program is put together
// wrongly.
func NewWorkspace(o WorkspaceOptions, refs []string) *Workspace {
	if o.Directory == nil {
		panic("session.NewWorkspace: WorkspaceOptions.Directory is nil; pass the Directory the front end resolves agents with")
	}
	w := &Workspace{o: o, dir: o.Directory, cfg: o.Config}
	seen := map[string]bool{}
	add := func(name, ref string, fromConfig bool) {
		if seen[ref] {
			return
		}
		seen[ref] = true
		a := w.newAgent(ref)
		a.Name = name
		if fromConfig {
			a.Saved = name
		}
	}
	for _, ref := range refs {
		// An agent named on the command line that is a config entry, by
		// name or by URL, is that entry: its name, its settings, and the
		// entry its trusted origins and renames are saved to.
		if a := w.ConfigEntry(ref); a != nil {
			add(a.Name, a.Name, true)
			continue
		}
		add("", ref, false)
	}
	if o.Config != nil {
		for _, a := range o.Config.Agents {
			add(a.Name, a.Name, true)
		}
	}
	return w
}

func (w *Workspace) newAgent(ref string) *Agent {
	a := &Agent{ID: w.nextID, Ref: ref, ws: w}
	w.nextID++
	w.agents = append(w.agents, a)
	return a
}

// Directory is the resolver under the workspace.
func (w *Workspace) Directory() *Directory { return w.dir }

// Agents lists the agents, in the order they were added.
func (w *Workspace) Agents() []*Agent { return w.agents }

// ConfigPath is where the config file is, "" for none.
func (w *Workspace) ConfigPath() string { return w.o.ConfigPath }

// Agent is the agent of that id, nil when it was removed.
func (w *Workspace) Agent(id int) *Agent {
	for _, a := range w.agents {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// Find is the agent named ref: by the ref it was named with, or by its
// name, else by its URL (or its card's, or its config entry's) however
// it is spelled (agentURLKey: case,
// default port, trailing slash, a doubled scheme).
func (w *Workspace) Find(ref string) *Agent {
	for _, a := range w.agents {
		if ref != "" && (a.Ref == ref || a.Name == ref) {
			return a
		}
	}
	if k := agentURLKey(ref); k != "" {
		for _, a := range w.agents {
			for _, u := range w.urls(a) {
				if agentURLKey(u) == k {
					return a
				}
			}
		}
	}
	return nil
}

// IsDemo reports whether a is one of the in-process demo's agents
// (DemoURL, DemoMore), which stop with parley and are never saved.
func (w *Workspace) IsDemo(a *Agent) bool {
	return a != nil && a.Ref != "" && (a.Ref == w.o.DemoURL || slices.Contains(w.o.DemoMore, a.Ref))
}

// ConfigEntry is the config entry ref names: by its name, else by its
// URL (a trailing slash aside), as the Directory matches them; nil for
// none.
func (w *Workspace) ConfigEntry(ref string) *config.Agent {
	return configEntry(w.cfg, ref)
}

// Add lists the agent at url, unless it is listed already; kept says
// it was listed only for a stored conversation, and is the user's now.
func (w *Workspace) Add(url string) (a *Agent, added, kept bool) {
	if a = w.Find(url); a != nil {
		// Adding an agent listed for a stored conversation is the user's
		// word that it is theirs: a save keeps it from now on.
		kept, a.Stored = a.Stored, false
		return a, false, kept
	}
	return w.newAgent(url), true, false
}

// Remove takes agent a off the list and stops its exchange. keys are
// where a credential saved for it may be kept (its URL, and the config
// name older versions used), unless another listed agent uses it: the
// caller may offer to forget it (SavedCredentials, Forget). release
// frees the agent's connections; it blocks, so run it off the owner's
// loop. A client released while still referenced dials again when used,
// so releasing never breaks a conversation, it only frees sockets.
func (w *Workspace) Remove(a *Agent) (keys []string, release func()) {
	_, key := w.dir.Entry(a.Ref)
	for i, x := range w.agents {
		if x == a {
			w.agents = append(w.agents[:i:i], w.agents[i+1:]...)
			break
		}
	}
	if a.Conv != nil {
		a.Conv.Stop()
	}
	clients := a.clients()
	release = func() {
		for _, c := range clients {
			_ = c.Close()
		}
	}
	for _, x := range w.agents {
		if _, k := w.dir.Entry(x.Ref); k == key {
			return nil, release // another agent in the list uses it
		}
	}
	keys = []string{key}
	if a.Saved != "" {
		keys = append(keys, a.Saved) // where older versions kept it
	}
	return keys, release
}

// clients are the distinct clients agent a holds: its own and its
// conversation's (a stored conversation reopened brings its own).
func (a *Agent) clients() []*a2aclient.Client {
	var out []*a2aclient.Client
	add := func(c *a2aclient.Client) {
		for _, x := range out {
			if x == c {
				return
			}
		}
		if c != nil {
			out = append(out, c)
		}
	}
	add(a.Client)
	if a.Conv != nil {
		add(a.Conv.Client())
	}
	return out
}

// Rename gives agent a the name it is shown by (and saved as, at the
// next save). An empty name changes nothing.
func (w *Workspace) Rename(a *Agent, name string) {
	if name = termsafe.Line(name); name != "" {
		a.Name = name
	}
}

// Label is the one label agent a is shown by (agent_label.go): its
// name, and where it is when another agent listed has the same name.
func (w *Workspace) Label(a *Agent) string {
	name, place := w.LabelParts(a)
	if place == "" {
		return name
	}
	return name + " " + place
}

// LabelParts are the two halves of a's label: its name, and its place
// ("" unless another agent listed has the same name).
func (w *Workspace) LabelParts(a *Agent) (name, place string) {
	return w.labels.labelParts(w, a)
}

// name is agent a's name before the others are considered: the user's
// for it, else its card's, else where it is.
func (w *Workspace) name(a *Agent) string {
	card := ""
	if a.Client != nil {
		card = a.Client.Agent().Name
	}
	return AgentName(a.Name, card, w.where(a))
}

// where is the URL agent a was named by: its config entry's, or the
// one typed.
func (w *Workspace) where(a *Agent) string {
	if c := configEntry(w.cfg, a.Ref); c != nil {
		return c.URL
	}
	return a.Ref
}

// Label is the agent's one label (Workspace.Label).
func (a *Agent) Label() string {
	if a.ws == nil {
		return AgentName(a.Name, "", a.Ref)
	}
	return a.ws.Label(a)
}

// LabelParts are the agent's label's name and place (Workspace.LabelParts).
func (a *Agent) LabelParts() (name, place string) {
	if a.ws == nil {
		return a.Label(), ""
	}
	return a.ws.LabelParts(a)
}
