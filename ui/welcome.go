// The empty chat: what a conversation with an agent that has said nothing
// yet shows. The demo's first-run welcome is a notice in its transcript
// (agents_actions.go); any other agent gets this view, drawn and never
// stored: its description and example prompts when its card is in, or
// what to do when it could not be reached.

package ui

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// exampleBullet leads each example prompt of the empty chat (a click on
// one puts it in the composer, mouse.go).
const exampleBullet = "  • "

// emptyChat draws the empty chat of agent e in w×h cells.
func (m *Model) emptyChat(e *panes.Entry, w, h int) string {
	if w < 4 {
		return ""
	}
	if e == nil {
		return strings.Join(styles.WrapStyle(m.st.Muted, fmt.Sprintf("No agent yet: %s to Agents, then %s adds one by its URL.",
			keys.FirstKey(m.keys.Global.NextPane), keys.FirstKey(m.keys.Agents.Add)), w, h), "\n")
	}
	var out []string
	switch e.Status {
	case session.AgentResolving:
		out = append(out, m.st.Muted.Render(styles.Clip("Connecting to "+e.Label()+"…", w)))
	case session.AgentFailed:
		out = m.failedWelcome(e, w)
	case session.AgentReady:
		out = m.readyWelcome(e, w, h)
	}
	if len(out) > h {
		out = out[:h]
	}
	return strings.Join(out, "\n")
}

// readyWelcome is an agent's card as an invitation: who it is, what it
// says it does, and its example prompts, as many as fit.
func (m *Model) readyWelcome(e *panes.Entry, w, h int) []string {
	a := e.Client.Agent()
	out := []string{m.st.Bold.Render(styles.Clip(e.Label(), w)) + m.st.Muted.Render(styles.Clip(" · "+e.Client.Dialect().Label(), max(w-len([]rune(e.Label())), 0)))}
	if a.Description != "" {
		out = append(out, styles.WrapStyled(styles.InlineMarkdown(styles.CardText(a.Description, w, 6), m.st.Text, m.st.Key), "", w, 6)...)
	}
	out = append(out, "")
	km := fmt.Sprintf("%s lists every key; %s moves between panes.", keys.FirstKey(m.keys.Global.Help), keys.FirstKey(m.keys.Global.NextPane))
	ex := e.Examples()
	if len(ex) == 0 {
		out = append(out, styles.WrapStyle(m.st.Muted, "Type a message below and press "+keys.FirstKey(m.keys.Composer.Send)+". "+km, w, 3)...)
		return out
	}
	out = append(out, styles.WrapStyle(m.st.Muted, fmt.Sprintf("Try one of its example prompts (click one, or %s puts the next in the composer), then %s sends it.",
		keys.FirstKey(m.keys.Composer.Example), keys.FirstKey(m.keys.Composer.Send)), w, 3)...)
	room := max(h-len(out)-2, 1) // the keys line and a gap stay
	for i, x := range ex {
		if i == room-1 && len(ex) > room {
			out = append(out, m.st.Muted.Render(styles.Clip(fmt.Sprintf("  … %d more (agents pane, %s)", len(ex)-i, keys.FirstKey(m.keys.Agents.Expand)), w)))
			break
		}
		out = append(out, m.st.String.Render(styles.Clip(exampleBullet+x, w)))
	}
	return append(out, "", m.st.Muted.Render(styles.Clip(km, w)))
}

// failedWelcome says why the agent cannot be talked to and what to do,
// each once.
func (m *Model) failedWelcome(e *panes.Entry, w int) []string {
	retry := fmt.Sprintf("select it in Agents (%s) and press %s to try again, or %s adds another agent.",
		keys.FirstKey(m.keys.Global.NextPane), keys.FirstKey(m.keys.Agents.Select), keys.FirstKey(m.keys.Agents.Add))
	if _, ok := session.MissingVariable(e.Err); ok {
		// Not a failure of the agent: a credential to give.
		return styles.WrapStyle(m.st.Warning, notUsable(e), w, 4)
	}
	if errors.As(e.Err, new(*a2aclient.AuthError)) {
		return styles.WrapStyle(m.st.Warning, e.Label()+" needs you to sign in: "+retry, w, 4)
	}
	if !errors.As(e.Err, new(*a2aclient.TransportError)) {
		return styles.WrapPlain(m.st.Error.Render("✗ ")+styles.NoTicks.Replace(notUsable(e)), w)
	}
	out := styles.WrapPlain(m.st.Error.Render("✗ ")+styles.NoTicks.Replace(unreachable(e.Label(), e.Err)), w)
	out = append(out, "")
	return append(out, styles.WrapStyle(m.st.Muted, fmt.Sprintf("Check that the agent is running at %s, then %s", m.lookedAt(e), retry), w, 4)...)
}

// lookedAt is where parley tried to reach e: the URL it was given, or
// its config entry's when it was named, without the user part or query
// where a config file may keep a key.
func (m *Model) lookedAt(e *panes.Entry) string {
	ref := e.Ref
	if entry, _ := m.ws.Directory().Entry(e.Ref); entry != nil && entry.URL != "" {
		ref = entry.URL
	}
	u, err := url.Parse(ref)
	if err != nil || u.Host == "" {
		return termsafe.Line(ref)
	}
	return termsafe.Line(u.Scheme + "://" + u.Host + u.Path)
}
