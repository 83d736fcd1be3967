package dialog

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// trustDialog asks whether an agent's credentials may go to the foreign
// origin its card sends messages to: once (this run), always (kept in the
// config as the agent's trusted_origins), or no. Nothing was sent there
// before the answer; session refused to.
type trustDialog struct {
	agent string // as the agents pane names it
	fe    *a2aclient.ForeignOriginError
	// named is the origin of the URL the agent was named at.
	named string
	keys  *keys.Map
	// answer carries out the person's answer: trust once or always, or
	// refuse (the root's code, given at construction).
	answer func(trust, always bool) tea.Cmd
}

// NewTrust asks whether agent's credential may go to fe's origin; named
// is where the agent was named, answer carries out the answer.
func NewTrust(st *styles.Styles, km *keys.Map, agent string, fe *a2aclient.ForeignOriginError, named string, answer func(trust, always bool) tea.Cmd) *Prompt {
	p := NewPrompt(st, km, PromptConfirm, "Send your credential to another origin?", nil, "", nil)
	p.ctl = &trustDialog{agent: agent, fe: fe, named: named, keys: km, answer: answer}
	return p
}

func (d *trustDialog) lines() []string {
	km := keys.Or(d.keys)
	return []string{
		fmt.Sprintf("%s's card sends your messages to %s. Send your credential there?", d.agent, termsafe.Line(d.fe.Origin)),
		fmt.Sprintf("You named the agent at %s; its credentials go only there until you trust another origin. No credential has been sent to %s.", termsafe.Line(trustedWhere(d.named, d.fe.Trusted)), termsafe.Line(d.fe.Origin)),
		fmt.Sprintf("%s: once, for this run · %s: always (saved as the agent's trusted_origins) · %s: no", keys.FirstKey(km.Trust.Once), keys.FirstKey(km.Trust.Always), keys.FirstKey(km.Trust.Refuse)),
	}
}

// trustedWhere says where an agent's credentials go: the origin it was
// named at, and those trusted besides, "A (and trusted B, C)".
func trustedWhere(named string, trusted []string) string {
	var others []string
	for _, t := range trusted {
		if t != named {
			others = append(others, t)
		}
	}
	switch {
	case named == "":
		return strings.Join(others, ", ")
	case len(others) == 0:
		return named
	}
	return named + " (and trusted " + strings.Join(others, ", ") + ")"
}

func (d *trustDialog) note(*Prompt) string {
	t := keys.Or(d.keys).Trust
	return keys.FirstKey(t.Once) + " once · " + keys.FirstKey(t.Always) + " always · " + keys.FirstKey(t.Refuse) + " no"
}

func (d *trustDialog) wantsInput() bool { return false }

func (d *trustDialog) update(*Prompt, tea.Msg) (tea.Cmd, bool, bool) { return nil, false, false }

func (d *trustDialog) handleKey(_ *Prompt, msg tea.KeyPressMsg) (tea.Cmd, bool, bool) {
	t := keys.Or(d.keys).Trust
	switch {
	case key.Matches(msg, t.Once), key.Matches(msg, t.Always):
		return d.answer(true, key.Matches(msg, t.Always)), true, true
	case key.Matches(msg, t.Refuse):
		return d.answer(false, false), true, true
	}
	return nil, false, true
}
