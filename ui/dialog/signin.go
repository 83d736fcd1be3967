package dialog

import (
	"context"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
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
func (signInMsg) To() string { return PromptID }

// Drop closes a flow that started for a dialog no longer open.
func (ev signInMsg) Drop() {
	if ev.started != nil {
		ev.started.Close()
	}
}

var spinFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// SignInOptions is what a sign-in dialog is built with.
type SignInOptions struct {
	// ID tells its flow's news from another sign-in's.
	ID int
	// Agent names the agent in the title.
	Agent string
	// SignIn is what the Workspace says signing in needs.
	SignIn *session.SignIn
	// Asked is what the agent asked in its turn, links the addresses in
	// it (an auth-required task), or why a credential is missing.
	Asked string
	Links []string
	// Apply puts a credential to use; proceed continues a task with
	// nothing typed (nil when there is none to continue); open opens a
	// link in the browser. All run in commands.
	Apply   func(session.Credential) tea.Cmd
	Proceed func() tea.Cmd
	Open    func(url string) tea.Cmd
}

// NewSignIn is the sign-in dialog: a secret prompt its controller
// drives.
func NewSignIn(st *styles.Styles, km *keys.Map, o SignInOptions) *Prompt {
	d := &signInDialog{id: o.ID, s: o.SignIn, sel: o.SignIn.Preferred, username: o.SignIn.Username, asked: signInAsked(o.Asked, o.Links), links: o.Links,
		apply: o.Apply, proceed: o.Proceed, keys: km, open: o.Open}
	p := NewPrompt(st, km, PromptSecret, o.Agent+" needs you to sign in", nil, "", nil)
	p.ctl = d
	d.enter(p)
	return p
}

// enter sets the field up for the selected way.
func (d *signInDialog) enter(p *Prompt) {
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
