// The sign-in's OAuth flow, run in commands: started, waited for,
// cancelled; its news comes back as signInEvents.

package ui

import (
	"context"
	"errors"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/auth"
)

// start begins the OAuth flow in a command; its news comes back as
// signInEvents tagged with the dialog's id.
func (d *signInDialog) start(save bool) tea.Cmd {
	d.stop()
	d.stage, d.save, d.err = stageStarting, save, ""
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel = cancel
	mgr := d.mgr
	req := auth.SignInRequest{Key: d.key, Entry: d.entry, Card: d.card, Choice: d.choices[d.sel], ClientID: d.clientID}
	id := d.id
	return tea.Batch(func() tea.Msg {
		s, err := mgr.StartSignIn(ctx, req)
		if err != nil && ctx.Err() == nil {
			return signInEvent{id: id, err: err}
		}
		if err != nil {
			return nil
		}
		return signInEvent{id: id, started: s}
	}, d.tick())
}

func (d *signInDialog) tick() tea.Cmd {
	id := d.id
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return signInEvent{id: id, tick: true} })
}

// stop abandons a flow under way.
func (d *signInDialog) stop() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
	if d.flow != nil {
		d.flow.Close()
		d.flow = nil
	}
}

func (d *signInDialog) copyable() string {
	if s := d.flow; s != nil {
		if s.Device != nil {
			return s.Device.UserCode
		}
		return s.URL
	}
	return ""
}

func (d *signInDialog) openable() string {
	if s := d.flow; s != nil {
		if s.Device != nil {
			if s.Device.VerificationURIComplete != "" {
				return s.Device.VerificationURIComplete
			}
			return s.Device.VerificationURI
		}
		return s.URL
	}
	return ""
}

func (d *signInDialog) remember(e auth.Entry) tea.Cmd {
	key, mgr := d.key, d.mgr
	return func() tea.Msg {
		if err := mgr.Remember(key, e); err != nil {
			return statusMsg{text: "The credential works for now but was not saved: " + err.Error(), isErr: true}
		}
		return statusMsg{text: "Saved the credential in " + mgr.CredentialsPath() + "."}
	}
}

// onSignInEvent moves the open dialog along; news for a dialog no
// longer open is dropped (its flow was already stopped).
func (m *Model) onSignInEvent(ev signInEvent) tea.Cmd {
	var d *signInDialog
	p := m.topPrompt()
	if p != nil {
		d, _ = p.ctl.(*signInDialog)
	}
	if d == nil || d.id != ev.id {
		if ev.started != nil {
			ev.started.Close()
		}
		return nil
	}
	switch {
	case ev.tick:
		if d.stage == stageStarting || d.stage == stageWaiting {
			d.frame++
			return d.tick()
		}
	case ev.started != nil:
		return m.signInStarted(d, ev.started)
	case errors.Is(ev.err, auth.ErrNoClientID):
		d.stage = stageClientID
		p.input.SetValue("")
		p.input.EchoMode = textinput.EchoNormal
	case ev.err != nil:
		d.stop()
		d.enter(p)
		d.err = sentence(ev.err.Error())
	case ev.done != nil:
		s := d.flow
		d.flow, d.cancel = nil, nil
		m.remove(p)
		cmds := []tea.Cmd{d.apply(ev.done)}
		if d.save && s != nil {
			cmds = append(cmds, func() tea.Msg {
				if err := s.Remember(); err != nil {
					return statusMsg{text: "Signed in, but the token was not saved: " + err.Error(), isErr: true}
				}
				return statusMsg{text: "Signed in; the token is saved in " + d.credPath + " and refreshed when it expires."}
			})
		}
		return tea.Batch(cmds...)
	}
	return nil
}

func (m *Model) signInStarted(d *signInDialog, s *auth.SignIn) tea.Cmd {
	d.flow, d.stage = s, stageWaiting
	id := d.id
	ctx, cancel := context.WithCancel(context.Background())
	prev := d.cancel
	d.cancel = func() { cancel(); prev() }
	cmds := []tea.Cmd{func() tea.Msg {
		a, err := s.Wait(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return signInEvent{id: id, err: err}
		}
		return signInEvent{id: id, done: a}
	}}
	switch {
	case s.Device != nil:
		cmds = append(cmds, tea.SetClipboard(s.Device.UserCode))
	case s.URL != "":
		cmds = append(cmds, m.openLink(s.URL))
	}
	return tea.Batch(cmds...)
}

// openLink opens an http(s) URL in the browser, in a command; the URL is
// always on screen too, so a failure only says so.
func (m *Model) openLink(u string) tea.Cmd {
	open := m.opts.OpenURL
	if open == nil {
		open = auth.OpenBrowser
	}
	return func() tea.Msg {
		if err := open(u); err != nil {
			return statusMsg{text: "Could not open a browser (" + err.Error() + "); open the address yourself.", isErr: true}
		}
		return nil
	}
}
