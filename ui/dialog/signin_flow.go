// The sign-in's OAuth flow, run in commands: started, waited for,
// cancelled; its news comes back as signInMsgs.

package dialog

import (
	"context"
	"errors"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/styles"
)

// start begins the OAuth flow in a command; its news comes back as
// signInMsgs tagged with the dialog's id.
func (d *signInDialog) start(save bool) tea.Cmd {
	d.stop()
	d.stage, d.save, d.err = stageStarting, save, ""
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel = cancel
	s, way, clientID := d.s, d.sel, d.clientID
	id := d.id
	return tea.Batch(func() tea.Msg {
		f, err := s.Start(ctx, way, clientID)
		if err != nil && ctx.Err() == nil {
			return signInMsg{id: id, err: err}
		}
		if err != nil {
			return nil
		}
		return signInMsg{id: id, started: f}
	}, d.tick())
}

func (d *signInDialog) tick() tea.Cmd {
	id := d.id
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return signInMsg{id: id, tick: true} })
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
	if f := d.flow; f != nil {
		if code, _, _, ok := f.Device(); ok {
			return code
		}
		return f.URL()
	}
	return ""
}

func (d *signInDialog) openable() string {
	if f := d.flow; f != nil {
		if _, uri, complete, ok := f.Device(); ok {
			if complete != "" {
				return complete
			}
			return uri
		}
		return f.URL()
	}
	return ""
}

// remember saves a typed credential in the credentials file.
func (d *signInDialog) remember(c session.Credential) tea.Cmd {
	return saveCredential(c, "The credential works for now but was not saved: ", "Saved the credential in "+d.s.CredentialsPath()+".")
}

// saveCredential saves c in the credentials file in a command (it
// writes a file), and says so on the status line: saved, or failed
// (the error after it), as the sign-in that made c words it.
func saveCredential(c session.Credential, failed, saved string) tea.Cmd {
	return func() tea.Msg {
		if err := c.Save(); err != nil {
			return component.StatusMsg{Text: failed + err.Error(), IsErr: true}
		}
		return component.StatusMsg{Text: saved}
	}
}

// update moves the dialog along with news of its flow; news for another
// sign-in (one since closed) is not handled, and dropped (its flow was
// already stopped).
func (d *signInDialog) update(p *Prompt, msg tea.Msg) (tea.Cmd, bool, bool) {
	ev, ok := msg.(signInMsg)
	if !ok || d.id != ev.id {
		return nil, false, false
	}
	switch {
	case ev.tick:
		if d.stage == stageStarting || d.stage == stageWaiting {
			d.frame++
			return d.tick(), false, true
		}
	case ev.started != nil:
		return d.started(ev.started), false, true
	case errors.Is(ev.err, session.ErrNoClientID):
		d.stage = stageClientID
		p.input.SetValue("")
		p.input.EchoMode = textinput.EchoNormal
	case ev.err != nil:
		d.stop()
		d.enter(p)
		d.err = styles.Sentence(ev.err.Error())
	case ev.done != nil:
		s := d.flow
		d.flow, d.cancel = nil, nil
		cred := *ev.done
		cmds := []tea.Cmd{d.apply(cred)}
		if d.save && s != nil {
			cmds = append(cmds, saveCredential(cred, "Signed in, but the token was not saved: ",
				"Signed in; the token is saved in "+d.s.CredentialsPath()+" and refreshed when it expires."))
		}
		return tea.Batch(cmds...), true, true
	}
	return nil, false, true
}

// started waits for the flow that started, and hands the person its code
// (on the clipboard) or its page (in the browser).
func (d *signInDialog) started(s *session.SignInFlow) tea.Cmd {
	d.flow, d.stage = s, stageWaiting
	id := d.id
	ctx, cancel := context.WithCancel(context.Background())
	prev := d.cancel
	d.cancel = func() { cancel(); prev() }
	cmds := []tea.Cmd{func() tea.Msg {
		c, err := s.Wait(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return signInMsg{id: id, err: err}
		}
		return signInMsg{id: id, done: &c}
	}}
	if code, _, _, ok := s.Device(); ok {
		cmds = append(cmds, tea.SetClipboard(code))
	} else if u := s.URL(); u != "" {
		cmds = append(cmds, d.open(u))
	}
	return tea.Batch(cmds...)
}
