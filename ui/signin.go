package ui

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
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
	id int
	e  *agentEntry
	// s is what the Workspace says signing in needs: the ways, the
	// challenge, where a saved credential goes.
	s        *session.SignIn
	asked    string
	links    []string
	sel      int
	stage    signInStage
	username string
	clientID string
	save     bool
	flow     *session.SignInFlow
	cancel   context.CancelFunc
	frame    int
	err      string
	// apply puts a credential to use: on the client, then the same
	// request again or the task continued.
	apply func(c session.Credential) tea.Cmd
	// proceed continues an auth-required task with nothing typed, after
	// the person signed in at the agent's link.
	proceed func() tea.Cmd
	keys    *keys.Map
	// open opens a link in the browser, in a command.
	open func(url string) tea.Cmd
}

// signInMsg is news from a sign-in flow running in a command.
type signInMsg struct {
	id      int
	tick    bool
	started *session.SignInFlow
	done    *session.Credential
	err     error
}

func (signInMsg) Redraws() component.Redraw { return component.RedrawAll }

// To is the topmost prompt: the sign-in, unless it has closed since.
func (signInMsg) To() string { return promptID }

// Drop closes a flow that started for a dialog no longer open.
func (ev signInMsg) Drop() {
	if ev.started != nil {
		ev.started.Close()
	}
}

var spinFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// openSignIn opens the sign-in dialog for agent e. challenge is the
// WWW-Authenticate of a refusal; it (an auth-required status) says what
// the agent asked, in text and data.
func (m *Model) openSignIn(e *agentEntry, challenge string, it *session.Item, apply func(session.Credential) tea.Cmd, proceed func() tea.Cmd) {
	s := m.ws.SignIn(e.Agent, challenge)
	m.nextSignIn++
	d := &signInDialog{id: m.nextSignIn, e: e, s: s, sel: s.Preferred, username: s.Username,
		apply: apply, proceed: proceed, keys: &m.keys, open: m.openLink}
	if it != nil {
		d.asked = styles.ClipText(session.AuthTurnDetail(*it), 400)
		d.links = session.AuthTurnLinks(*it)
	}
	if name, ok := e.missingVariable(); ok {
		d.asked = fmt.Sprintf("The config takes %s's credential from the environment variable %s, which is not set. Paste one here instead, or export it and restart parley.", e.label(), termsafe.Line(name))
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
	c := d.s.Ways[d.sel]
	switch {
	case c.Basic() && d.username == "":
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
		return d.s.Ways[d.sel].Typed()
	}
	return false
}
