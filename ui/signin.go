package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
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
	apply func(m *Model, a a2aclient.Authenticator) tea.Cmd
	// proceed continues an auth-required task with nothing typed, after
	// the person signed in at the agent's link.
	proceed func(m *Model) tea.Cmd
	keys    *KeyMap
}

// signInEvent is news from a sign-in flow running in a command.
type signInEvent struct {
	id      int
	tick    bool
	started *auth.SignIn
	done    a2aclient.Authenticator
	err     error
}

// extendedCardMsg carries the authenticated extended card fetched after
// signing in.
type extendedCardMsg struct {
	entryID int
	from    *a2aclient.Client
	client  *a2aclient.Client
	ok      bool
}

var spinFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// openSignIn opens the sign-in dialog for agent e. challenge is the
// WWW-Authenticate of a refusal; it (an auth-required status) says what
// the agent asked, in text and data.
func (m *Model) openSignIn(e *agentEntry, challenge string, it *session.Item, apply func(*Model, a2aclient.Authenticator) tea.Cmd, proceed func(*Model) tea.Cmd) {
	dir := m.opts.Directory
	entry, key := dir.Entry(e.ref)
	var card *a2aclient.Agent
	if e.client != nil {
		card = e.client.Agent()
	}
	choices, pref := auth.Choices(card, challenge)
	m.nextSignIn++
	d := &signInDialog{id: m.nextSignIn, e: e, key: key, entry: entry, card: card, challenge: challenge,
		choices: choices, sel: pref, apply: apply, proceed: proceed, credPath: dir.Auth().CredentialsPath(), keys: &m.keys}
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
	m.prompt = p
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

func (d *signInDialog) lines() []string {
	keys := keysOr(d.keys)
	var out []string
	if d.asked != "" {
		out = append(out, d.asked)
	}
	for _, l := range d.links {
		out = append(out, "Link: "+clipText(l, 300)+"  ("+joinNotes(keyNote(keys.SignIn.OpenLink, "open"), keyNote(keys.SignIn.CopyLink, "copy"))+")")
	}
	if len(out) > 0 {
		out = append(out, "")
	}
	out = append(out, "The agent accepts:")
	// A card may list any number of schemes; the dialog shows the nine a
	// digit can pick, and the selected one when tab went past them.
	for i, c := range d.choices {
		if i >= 9 && i != d.sel {
			continue
		}
		mark := "  "
		if i == d.sel {
			mark = "▸ "
		}
		out = append(out, fmt.Sprintf(" %s%d %s", mark, i+1, clipText(c.Display(), 200)))
	}
	if n := len(d.choices) - 9; n > 0 {
		out = append(out, fmt.Sprintf("   … %d more (%s)", n, firstKey(keys.SignIn.NextWay)))
	}
	if d.challenge != "" {
		out = append(out, " (the agent said: "+termsafe.Line(d.challenge)+")")
	}
	out = append(out, "")
	c := d.choices[d.sel]
	spin := spinFrames[d.frame%len(spinFrames)]
	switch d.stage {
	case stageUsername:
		out = append(out, "User name for "+c.Label+":")
	case stageClientID:
		out = append(out, "This sign-in needs an OAuth client id, which no card carries (the agent's operator gives one; client_id in the config saves typing it). Type it:")
	case stageStarting:
		out = append(out, "Contacting the authorization server… "+spin)
	case stageWaiting:
		out = append(out, d.waitingLines(spin)...)
	default:
		switch {
		case c.Typed():
			out = append(out, fmt.Sprintf("Paste the %s (kept in memory only; %s also saves it in %s, private to you):", c.What(), firstKey(keys.SignIn.Save), filepath.Base(d.credPath)))
			if d.proceed != nil && len(d.links) > 0 {
				out = append(out, "Signed in at the link instead? Press "+firstKey(keys.Dialog.Confirm)+" with nothing typed to continue the task.")
			}
		case c.Kind == auth.KindOAuth:
			out = append(out, "Press "+firstKey(keys.Dialog.Confirm)+" to sign in with "+c.Label+" ("+firstKey(keys.SignIn.Save)+" also saves the token in "+filepath.Base(d.credPath)+").")
		case c.Kind == auth.KindMTLS:
			out = append(out, "A client certificate is set in the agent's config entry: tls_cert and tls_key (and tls_ca for a private CA); then restart parley.")
		}
	}
	if d.err != "" {
		out = append(out, "✗ "+d.err)
	}
	return out
}

func (d *signInDialog) waitingLines(spin string) []string {
	s := d.flow
	switch {
	case s != nil && s.Device != nil:
		return []string{
			fmt.Sprintf("Open %s and enter  %s", s.Device.VerificationURI, s.Device.UserCode),
			"(copied to your clipboard) — waiting… " + spin,
		}
	case s != nil && s.URL != "":
		return []string{"Open this address in a browser on this machine (parley tried to open it):", s.URL, "waiting for the browser to come back… " + spin}
	}
	return []string{"Getting a token… " + spin}
}

func (d *signInDialog) note() string {
	keys := keysOr(d.keys)
	dk, sk := keys.Dialog, keys.SignIn
	cancel := keyNote(dk.Cancel, "")
	switch d.stage {
	case stageStarting:
		return cancel
	case stageWaiting:
		return joinNotes(keyNote(sk.CopyCode, "copy"), keyNote(sk.OpenPage, "open"), cancel)
	case stageUsername, stageClientID:
		return joinNotes(keyNote(dk.Confirm, "next"), cancel)
	}
	parts := []string{keyNote(dk.Confirm, "sign in"), keyNote(sk.Save, "and save")}
	if c := d.choices[d.sel]; c.Kind == auth.KindMTLS {
		parts = nil
	}
	if len(d.choices) > 1 {
		parts = append(parts, fmt.Sprintf("%s/1-%d another way", firstKey(sk.NextWay), min(len(d.choices), 9)))
	}
	return joinNotes(append(parts, cancel)...)
}

func (d *signInDialog) handleKey(m *Model, p *prompt, msg tea.KeyPressMsg) (tea.Cmd, bool, bool) {
	dk, sk := m.keys.Dialog, m.keys.SignIn
	if key.Matches(msg, dk.Cancel) {
		d.stop()
		return nil, true, true
	}
	if d.stage == stageStarting || d.stage == stageWaiting {
		switch {
		case key.Matches(msg, sk.CopyCode):
			if v := d.copyable(); v != "" {
				m.setStatus("Copied "+v, false)
				return tea.SetClipboard(v), false, true
			}
		case key.Matches(msg, sk.OpenPage):
			if u := d.openable(); u != "" {
				return m.openLink(u), false, true
			}
		}
		return nil, false, true
	}
	switch {
	case key.Matches(msg, sk.OpenLink):
		if len(d.links) > 0 {
			return m.openLink(d.links[0]), false, true
		}
	case key.Matches(msg, sk.CopyLink):
		if len(d.links) > 0 {
			m.setStatus("Copied "+d.links[0], false)
			return tea.SetClipboard(d.links[0]), false, true
		}
	case key.Matches(msg, sk.NextWay), key.Matches(msg, sk.PrevWay):
		if d.stage == stageChoose || d.stage == stageUsername {
			step := 1
			if key.Matches(msg, sk.PrevWay) {
				step = len(d.choices) - 1
			}
			d.sel = (d.sel + step) % len(d.choices)
			d.enter(p)
		}
		return nil, false, true
	case key.Matches(msg, dk.Confirm), key.Matches(msg, sk.Save):
		return d.submit(m, p, key.Matches(msg, sk.Save))
	}
	// A digit chooses another way, while nothing is typed (a secret may
	// well start with a digit: then it goes into the field).
	if i := matchIndex(msg, sk.Pick); i >= 0 && p.input.Value() == "" && (d.stage == stageChoose || d.stage == stageUsername) {
		if i < len(d.choices) && i != d.sel {
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
func (d *signInDialog) submit(m *Model, p *prompt, save bool) (tea.Cmd, bool, bool) {
	value := strings.TrimSpace(p.input.Value())
	c := d.choices[d.sel]
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
			return d.start(m, d.save), false, true
		}
		return nil, false, true
	}
	switch {
	case c.Typed():
		if value == "" {
			if d.proceed != nil {
				return d.proceed(m), true, true
			}
			return nil, false, true
		}
		a := c.Authenticator(d.username, value)
		cmds := []tea.Cmd{d.apply(m, a)}
		if save {
			cmds = append(cmds, d.remember(m.opts.Directory.Auth(), c.Entry(d.username, value)))
		}
		return tea.Batch(cmds...), true, true
	case c.Kind == auth.KindOAuth:
		return d.start(m, save), false, true
	}
	return nil, false, true
}

// start begins the OAuth flow in a command; its news comes back as
// signInEvents tagged with the dialog's id.
func (d *signInDialog) start(m *Model, save bool) tea.Cmd {
	d.stop()
	d.stage, d.save, d.err = stageStarting, save, ""
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel = cancel
	mgr := m.opts.Directory.Auth()
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

func (d *signInDialog) remember(mgr *auth.Manager, e auth.Entry) tea.Cmd {
	key := d.key
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
	if m.prompt != nil {
		d, _ = m.prompt.ctl.(*signInDialog)
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
		m.prompt.input.SetValue("")
		m.prompt.input.EchoMode = textinput.EchoNormal
	case ev.err != nil:
		d.stop()
		d.enter(m.prompt)
		d.err = sentence(ev.err.Error())
	case ev.done != nil:
		s := d.flow
		d.flow, d.cancel = nil, nil
		m.prompt = nil
		cmds := []tea.Cmd{d.apply(m, ev.done)}
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

// useCredential puts a credential on agent e's client (kept for clients
// built later, too), runs then (the retry, or the task continued), and
// fetches the extended card the agent offers to the signed in. An agent
// whose card fetch was refused is fetched again.
func (m *Model) useCredential(e *agentEntry, key string, a a2aclient.Authenticator, then func(*Model)) tea.Cmd {
	dir := m.opts.Directory
	dir.Auth().UseTyped(key, a)
	if e.client == nil {
		e.status = agentResolving
		ref, id := e.ref, e.id
		return tea.Batch(m.startTicking(), func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cl, err := dir.Client(ctx, ref, session.Overrides{})
			if err == nil {
				if ext, ok, _ := session.WithExtendedCard(ctx, cl); ok {
					cl = ext
				}
			}
			return agentResolvedMsg{id: id, client: cl, err: err}
		})
	}
	cl, err := e.client.WithAuth(a)
	if err != nil {
		m.setStatus("Could not apply the credential: "+err.Error(), true)
		return nil
	}
	e.client = cl
	if e.conv != nil {
		e.conv.SetClient(cl)
	}
	// A credential typed for an agent whose endpoint is on an origin it
	// is not trusted on would not be sent there: ask first (trust.go).
	if ep := cl.Endpoint().URL; !cl.Trusts(ep) {
		origin, _ := a2aclient.Origin(ep)
		fe := &a2aclient.ForeignOriginError{Agent: e.label(), CardURL: cl.Agent().CardURL, Endpoint: ep, Origin: origin, Trusted: cl.TrustedOrigins()}
		id := e.id
		return func() tea.Msg { return askTrustMsg{id: id, fe: fe, then: then} }
	}
	if then != nil {
		then(m)
	}
	m.setStatus("Credential applied for "+e.label()+".", false)
	return tea.Batch(m.startTicking(), fetchExtendedCard(e.id, cl))
}

func fetchExtendedCard(entryID int, cl *a2aclient.Client) tea.Cmd {
	if !cl.Agent().Capabilities.ExtendedCard {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		ext, ok, err := session.WithExtendedCard(ctx, cl)
		if err != nil || !ok {
			return nil // the public card stays; nothing to tell
		}
		return extendedCardMsg{entryID: entryID, from: cl, client: ext, ok: ok}
	}
}

// onExtendedCard swaps in the extended card, unless the agent's client
// changed meanwhile (signed in again, removed).
func (m *Model) onExtendedCard(msg extendedCardMsg) {
	for _, e := range m.entries {
		if e.id != msg.entryID || e.client != msg.from {
			continue
		}
		before := len(e.client.Agent().Skills)
		e.client = msg.client
		if e.conv != nil {
			e.conv.SetClient(msg.client)
		}
		if n := len(msg.client.Agent().Skills); n != before {
			m.setStatus(fmt.Sprintf("Signed in to %s: its extended card lists %d skills.", e.label(), n), false)
		}
	}
}

// maybeSignIn opens the sign-in dialog for a refusal (401/403, or a
// token that could not be had) or a task that asks for authentication.
func (m *Model) maybeSignIn(it session.Item) tea.Cmd {
	e := m.current
	if e == nil || e.conv == nil || m.prompt != nil {
		return nil
	}
	_, key := m.opts.Directory.Entry(e.ref)
	var ae *a2aclient.AuthError
	switch {
	case it.Kind == session.ItemError && (errors.As(it.Err, &ae) || errors.Is(it.Err, a2aclient.ErrAuthenticationRequired)):
		challenge := ""
		if ae != nil {
			challenge = ae.Challenge
		}
		m.openSignIn(e, challenge, nil, func(m *Model, a a2aclient.Authenticator) tea.Cmd {
			return m.useCredential(e, key, a, func(*Model) { e.conv.Retry() })
		}, nil)
	case it.Kind == session.ItemStatus && it.State == a2aclient.StateAuthRequired:
		taskID := it.TaskID
		item := it
		m.openSignIn(e, "", &item, func(m *Model, a a2aclient.Authenticator) tea.Cmd {
			return m.useCredential(e, key, a, func(*Model) { e.conv.SendCredentialTurn(taskID) })
		}, func(m *Model) tea.Cmd {
			e.conv.SendCredentialTurn(taskID)
			return m.startTicking()
		})
	}
	return nil
}

// signInToCard opens the sign-in for an agent whose card fetch was
// refused; the credential then lets parley fetch it.
func (m *Model) signInToCard(e *agentEntry) {
	var ae *a2aclient.AuthError
	if m.prompt != nil || !errors.As(e.err, &ae) {
		return
	}
	_, key := m.opts.Directory.Entry(e.ref)
	m.openSignIn(e, ae.Challenge, nil, func(m *Model, a a2aclient.Authenticator) tea.Cmd {
		return m.useCredential(e, key, a, nil)
	}, nil)
}

func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// statusDetail is what an auth-required status asks: its text and any
// data (such as an authorization URL), cleaned for display.
func statusDetail(it session.Item) string {
	parts := []string{termsafe.Line(it.Text)}
	for _, p := range it.Parts {
		if p.Kind == a2aclient.PartData {
			if b, err := json.Marshal(p.Data); err == nil {
				parts = append(parts, termsafe.Line(string(b)))
			}
		}
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

// statusLinks finds the http(s) URLs in an auth-required status's data
// (an authorization URL, a sign-in page), for the person to open or copy.
func statusLinks(it session.Item) []string {
	seen := map[string]bool{}
	var out []string
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 4 || len(out) >= 3 {
			return
		}
		switch v := v.(type) {
		case string:
			if u, err := url.Parse(v); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !seen[v] {
				seen[v] = true
				out = append(out, termsafe.Line(v))
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(v[k], depth+1)
			}
		case []any:
			for _, x := range v {
				walk(x, depth+1)
			}
		}
	}
	for _, p := range it.Parts {
		if p.Kind == a2aclient.PartData {
			walk(p.Data, 0)
		}
	}
	return out
}
