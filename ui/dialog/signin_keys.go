// The sign-in dialog's keys: choosing a way, typing, submitting.

package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
)

func (d *signInDialog) handleKey(p *Prompt, msg tea.KeyPressMsg) (tea.Cmd, bool, bool) {
	km := keys.Or(d.keys)
	dk, sk := km.Dialog, km.SignIn
	if key.Matches(msg, dk.Cancel) {
		d.stop()
		return nil, true, true
	}
	if d.stage == stageStarting || d.stage == stageWaiting {
		switch {
		case key.Matches(msg, sk.CopyCode):
			if v := d.copyable(); v != "" {
				return tea.Batch(tea.SetClipboard(v), component.Status("Copied "+v, false)), false, true
			}
		case key.Matches(msg, sk.OpenPage):
			if u := d.openable(); u != "" {
				return d.open(u), false, true
			}
		}
		return nil, false, true
	}
	switch {
	case key.Matches(msg, sk.OpenLink):
		if len(d.links) > 0 {
			return d.open(d.links[0]), false, true
		}
	case key.Matches(msg, sk.CopyLink):
		if len(d.links) > 0 {
			return tea.Batch(tea.SetClipboard(d.links[0]), component.Status("Copied "+d.links[0], false)), false, true
		}
	case key.Matches(msg, sk.NextWay), key.Matches(msg, sk.PrevWay):
		if d.stage == stageChoose || d.stage == stageUsername {
			step := 1
			if key.Matches(msg, sk.PrevWay) {
				step = len(d.s.Ways) - 1
			}
			d.sel = (d.sel + step) % len(d.s.Ways)
			d.enter(p)
		}
		return nil, false, true
	case key.Matches(msg, dk.Confirm), key.Matches(msg, sk.Save):
		return d.submit(p, key.Matches(msg, sk.Save))
	}
	// A digit chooses another way, while nothing is typed (a secret may
	// well start with a digit: then it goes into the field).
	if i := keys.MatchIndex(msg, sk.Pick); i >= 0 && p.input.Value() == "" && (d.stage == stageChoose || d.stage == stageUsername) {
		if i < len(d.s.Ways) && i != d.sel {
			d.sel = i
			d.enter(p)
			return nil, false, true
		}
	}
	if !d.wantsInput() {
		return nil, false, true
	}
	return nil, false, false
}

// submit acts on enter (save false) or ctrl+s (save true).
func (d *signInDialog) submit(p *Prompt, save bool) (tea.Cmd, bool, bool) {
	value := strings.TrimSpace(p.input.Value())
	c := d.s.Ways[d.sel]
	switch d.stage {
	case stageUsername:
		if value != "" {
			d.username = value
			p.input.SetValue("")
			p.input.EchoMode = textinput.EchoPassword
			d.stage = stageChoose
		}
		return nil, false, true
	case stageClientID:
		if value != "" {
			d.clientID = value
			p.input.SetValue("")
			return d.start(d.save), false, true
		}
		return nil, false, true
	}
	switch {
	case c.Typed():
		if value == "" {
			if d.proceed != nil {
				return d.proceed(), true, true
			}
			return nil, false, true
		}
		cred := d.s.Typed(d.sel, d.username, value)
		cmds := []tea.Cmd{d.apply(cred)}
		if save {
			cmds = append(cmds, d.remember(cred))
		}
		return tea.Batch(cmds...), true, true
	case c.OAuth():
		return d.start(save), false, true
	}
	return nil, false, true
}
