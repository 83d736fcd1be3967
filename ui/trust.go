package ui

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/termsafe"
)

// trustDialog asks whether an agent's credentials may go to the foreign
// origin its card sends messages to: once (this run), always (kept in the
// config as the agent's trusted_origins), or no. Nothing was sent there
// before the answer; session refused to.
type trustDialog struct {
	e  *agentEntry
	fe *a2aclient.ForeignOriginError
	// then, when set, is what waited for the answer (the request a
	// sign-in retries); otherwise the agent is resolved again.
	then func(*Model)
}

// askTrustMsg asks the question after a sign-in for an agent whose
// endpoint is on an untrusted origin; then runs once it is trusted.
type askTrustMsg struct {
	id   int
	fe   *a2aclient.ForeignOriginError
	then func(*Model)
}

func (m *Model) onAskTrust(msg askTrustMsg) {
	for _, e := range m.entries {
		if e.id == msg.id && m.prompt == nil {
			p := newPrompt(m.st, promptConfirm, "Send your credential to another origin?", nil, "", nil)
			p.ctl = &trustDialog{e: e, fe: msg.fe, then: msg.then}
			m.prompt = p
		}
	}
}

// askTrust opens the question for agent e, unless another prompt is up.
func (m *Model) askTrust(e *agentEntry) {
	var fe *a2aclient.ForeignOriginError
	if m.prompt != nil || !errors.As(e.err, &fe) {
		return
	}
	p := newPrompt(m.st, promptConfirm, "Send your credential to another origin?", nil, "", nil)
	p.ctl = &trustDialog{e: e, fe: fe}
	m.prompt = p
}

func (d *trustDialog) lines() []string {
	trusted := strings.Join(d.fe.Trusted, ", ")
	return []string{
		fmt.Sprintf("%s's card sends your messages to %s. Send your credential there?", d.e.label(), termsafe.Line(d.fe.Origin)),
		fmt.Sprintf("You named the agent at %s; its credentials go only there until you trust another origin. No credential has been sent to %s.", termsafe.Line(trusted), termsafe.Line(d.fe.Origin)),
		"o: once, for this run · a: always (saved as the agent's trusted_origins) · n: no",
	}
}

func (d *trustDialog) note() string     { return "o once · a always · n no" }
func (d *trustDialog) wantsInput() bool { return false }

func (d *trustDialog) handleKey(m *Model, p *prompt, msg tea.KeyPressMsg) (tea.Cmd, bool, bool) {
	switch strings.ToLower(msg.String()) {
	case "o", "a":
		if d.then == nil {
			return m.trustOrigin(d.e, d.fe.Origin, msg.String() == "a", true), true, true
		}
		cmd := m.trustOrigin(d.e, d.fe.Origin, msg.String() == "a", false)
		d.then(m)
		return tea.Batch(cmd, m.startTicking()), true, true
	case "n", "esc":
		m.setStatus(fmt.Sprintf("Not sending %s's credential to %s; the agent is not used.", d.e.label(), termsafe.Line(d.fe.Origin)), true)
		return nil, true, true
	}
	return nil, false, true
}

// trustOrigin trusts origin with e's credentials for this run and, when
// always, in the config file too; then the agent is resolved again.
func (m *Model) trustOrigin(e *agentEntry, origin string, always, resolve bool) tea.Cmd {
	m.opts.Directory.TrustOrigin(e.ref, origin)
	var save tea.Cmd
	if always {
		e.trusted = append(e.trusted, origin)
		save = m.saveTrust(e, origin)
	} else {
		m.setStatus(fmt.Sprintf("Trusted %s with %s's credential for this run.", termsafe.Line(origin), e.label()), false)
	}
	if !resolve {
		return save
	}
	// The save's result comes after the agent is resolved, so that a
	// note of its card (a redirect) does not hide whether it was saved.
	return tea.Batch(m.startTicking(), tea.Sequence(m.resolve(e), save))
}

// saveTrust adds origin to e's trusted_origins in the config file,
// edited in place. An agent not in the file yet keeps it until it is
// saved with w.
func (m *Model) saveTrust(e *agentEntry, origin string) tea.Cmd {
	if m.opts.ConfigPath == "" || e.saved == "" {
		m.setStatus(fmt.Sprintf("Trusted %s with %s's credential; press w in Agents to keep it in the config file.", termsafe.Line(origin), e.label()), false)
		return nil
	}
	if m.opts.Config != nil {
		cfg := *m.opts.Config
		cfg.Agents = append([]config.Agent(nil), cfg.Agents...)
		if a, ok := cfg.Agent(e.saved); ok {
			a.TrustedOrigins = append([]string(nil), a.TrustedOrigins...)
			a.TrustOrigin(origin)
		}
		m.opts.Config = &cfg
	}
	path, name, label := m.opts.ConfigPath, e.saved, e.label()
	m.setStatus(fmt.Sprintf("Trusted %s with %s's credential; saving it in %s.", termsafe.Line(origin), label, path), false)
	return func() tea.Msg {
		_, err := config.Edit(path, func(d *config.Doc) error { return d.AddAgentValues(name, "trusted_origins", origin) })
		if err != nil {
			return statusMsg{text: "Could not save the trusted origin: " + err.Error(), isErr: true}
		}
		return statusMsg{text: fmt.Sprintf("Saved %s as a trusted origin of %s in %s.", termsafe.Line(origin), label, path)}
	}
}

// failedWord says in the chat's title why an agent is not in use: not
// reached, or not trusted with its credentials where its card points.
func failedWord(e *agentEntry) string {
	if errors.As(e.err, new(*a2aclient.ForeignOriginError)) {
		return "endpoint on an untrusted origin"
	}
	return "unreachable"
}
