package ui

import (
	"context"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
)

// signInStage is where a sign-in dialog stands.
type signInStage int

const (
	stageChoose   signInStage = iota // a way is selected; typed ways show the field
	stageUsername                    // basic auth: the user name first
	stageClientID                    // an OAuth sign-in without a client id asks for one
	stageStarting                    // asking the authorization server
	stageWaiting                     // the person approves elsewhere; parley polls or listens
)

// signInDialog drives the sign-in prompt after a 401/403 or for a task
// in auth-required: it lists the ways the card (or the challenge) allows,
// numbered; a typed secret goes into a masked field, an OAuth flow runs
// in the background with a spinner, and esc cancels either. The
// credential is kept in memory; ctrl+s also saves it to the credentials
// file. It never reaches the transcript.
type signInDialog struct {
	id        int
	e         *agentEntry
	key       string
	entry     *config.Agent
	card      *a2aclient.Agent
	asked     string
	links     []string
	challenge string
	choices   []auth.Choice
	sel       int
	stage     signInStage
	username  string
	clientID  string
	save      bool
	flow      *auth.SignIn
	cancel    context.CancelFunc
	frame     int
	err       string
	credPath  string
	// apply puts a credential to use: on the client, then the same
	// request again or the task continued.
	apply func(a a2aclient.Authenticator) tea.Cmd
	// proceed continues an auth-required task with nothing typed, after
	// the person signed in at the agent's link.
	proceed func() tea.Cmd
	keys    *KeyMap
	mgr     *auth.Manager
	// open opens a link in the browser, in a command.
	open func(url string) tea.Cmd
}

// signInEvent is news from a sign-in flow running in a command.
type signInEvent struct {
	id      int
	tick    bool
	started *auth.SignIn
	done    a2aclient.Authenticator
	err     error
}

var spinFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// openSignIn opens the sign-in dialog for agent e. challenge is the
// WWW-Authenticate of a refusal; it (an auth-required status) says what
// the agent asked, in text and data.
func (m *Model) openSignIn(e *agentEntry, challenge string, it *session.Item, apply func(a2aclient.Authenticator) tea.Cmd, proceed func() tea.Cmd) {
	dir := m.opts.Directory
	entry, key := dir.Entry(e.ref)
	var card *a2aclient.Agent
	if e.client != nil {
		card = e.client.Agent()
	}
	choices, pref := auth.Choices(card, challenge)
	m.nextSignIn++
	d := &signInDialog{id: m.nextSignIn, e: e, key: key, entry: entry, card: card, challenge: challenge,
		choices: choices, sel: pref, apply: apply, proceed: proceed, credPath: dir.Auth().CredentialsPath(), keys: &m.keys, mgr: dir.Auth(), open: m.openLink}
	if entry != nil && entry.Username != "" {
		d.username = entry.Username
	}
	if it != nil {
		d.asked = clipText(statusDetail(*it), 400)
		d.links = statusLinks(*it)
	}
	p := newPrompt(m.st, promptSecret, e.label()+" needs you to sign in", nil, "", nil)
	p.ctl = d
	d.enter(p)
	m.ask(p)
}

// enter sets the field up for the selected way.
func (d *signInDialog) enter(p *prompt) {
	d.err = ""
	p.input.SetValue("")
	c := d.choices[d.sel]
	switch {
	case c.Kind == auth.KindBasic && d.username == "":
		d.stage = stageUsername
		p.input.EchoMode = textinput.EchoNormal
	default:
		d.stage = stageChoose
		p.input.EchoMode = textinput.EchoPassword
	}
}

func (d *signInDialog) wantsInput() bool {
	switch d.stage {
	case stageUsername, stageClientID:
		return true
	case stageChoose:
		return d.choices[d.sel].Typed()
	}
	return false
}
