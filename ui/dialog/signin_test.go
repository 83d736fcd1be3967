package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// A hostile card with many long schemes and a huge auth-required text
// still makes a dialog of bounded size.
func TestSignInDialogBounded(t *testing.T) {
	card := &a2aclient.Agent{}
	for i := range 40 {
		card.SecuritySchemes = append(card.SecuritySchemes, a2aclient.SecurityScheme{
			Name: "s" + strings.Repeat("x", i), Type: a2aclient.SchemeAPIKey, In: "header", ParamName: strings.Repeat("N", 5000),
			Description: strings.Repeat("d", 5000)})
	}
	ws := session.NewWorkspace(session.WorkspaceOptions{Directory: directoryForTest(session.DirectoryOptions{ConfigPath: "/x/config.toml"})}, nil)
	s := ws.SignInTo("http://127.0.0.1:1/", card, "")
	d := &signInDialog{s: s, sel: s.Preferred, asked: styles.ClipText(strings.Repeat("a", 100000), 400)}
	lines := d.lines()
	total := 0
	for _, l := range lines {
		total += len(l)
	}
	if len(lines) > 20 || total > 5000 {
		t.Errorf("%d lines, %d bytes", len(lines), total)
	}
	if !strings.Contains(strings.Join(lines, "\n"), "… 31 more (tab)") {
		t.Errorf("no note of the choices left out:\n%s", strings.Join(lines, "\n"))
	}
	d.sel = 30
	if !strings.Contains(strings.Join(d.lines(), "\n"), " ▸ 31 API key") {
		t.Error("the selected choice past nine is not shown")
	}
}

// directoryForTest is a session.Directory with auth's machinery, as the
// command line builds one; only tests may import auth.
func directoryForTest(o session.DirectoryOptions) *session.Directory {
	o.Auth = auth.ForSession(auth.NewManager(auth.Options{CredentialsPath: config.CredentialsPathFor(o.ConfigPath)}))
	return session.NewDirectory(o)
}

// The demo's "Sign in first": the agent's words, its link as a link (not
// the raw JSON of the data part that carried it), and one instruction
// for after signing in there, the typed way then offered as the other
// way; a new user read both "send any message" and "press enter" and
// {"authorizationUrl":…}.
func TestSignInDialogShowsTheLinkAndOneInstruction(t *testing.T) {
	ws := session.NewWorkspace(session.WorkspaceOptions{Directory: directoryForTest(session.DirectoryOptions{ConfigPath: "/x/config.toml"})}, nil)
	s := ws.SignInTo("http://127.0.0.1:1/", &a2aclient.Agent{}, "")
	link := "http://127.0.0.1:1/demo-auth?a=1&b=2"
	d := &signInDialog{s: s, sel: s.Preferred, links: []string{link}, proceed: func() tea.Cmd { return nil },
		asked: signInAsked(`Please sign in to continue: open the link, then send any message. {"authorizationUrl":"http://127.0.0.1:1/demo-auth?a=1\u0026b=2"}`, []string{link})}
	text := strings.Join(d.lines(), "\n")
	if strings.Contains(text, "authorizationUrl") || strings.Contains(text, "{") {
		t.Errorf("the link's data is shown raw:\n%s", text)
	}
	if !strings.Contains(text, "Please sign in to continue") || !strings.Contains(text, "Link: "+link) {
		t.Errorf("the agent's words or the link are missing:\n%s", text)
	}
	if n := strings.Count(strings.ToLower(text), "press enter"); n != 1 {
		t.Errorf("%d instructions to press enter, want one:\n%s", n, text)
	}
	enter, accepts, paste := strings.Index(text, "press enter"), strings.Index(text, "The agent accepts"), strings.Index(text, "Or paste the bearer token")
	if enter < 0 || accepts < 0 || paste < 0 || enter > accepts || accepts > paste {
		t.Errorf("want the link's instruction first, then the typed way as the other:\n%s", text)
	}
	// Data that is not only the links stays, as the agent sent it.
	if got := signInAsked(`Sign in. {"authorizationUrl":"http://127.0.0.1:1/x","scope":"read"}`, []string{"http://127.0.0.1:1/x"}); !strings.Contains(got, `"scope":"read"`) {
		t.Errorf("data beyond the link was dropped: %q", got)
	}
}

// The footer says what enter does now: with the field empty and a task
// to go on with, enter goes on (a new user read "enter sign in" there);
// once something is typed, it signs in with it.
func TestSignInFooterSaysWhatEnterDoesNow(t *testing.T) {
	ws := session.NewWorkspace(session.WorkspaceOptions{Directory: directoryForTest(session.DirectoryOptions{ConfigPath: "/x/config.toml"})}, nil)
	s := ws.SignInTo("http://127.0.0.1:1/", &a2aclient.Agent{}, "")
	p := NewSignIn(styles.New(themes.Dark), nil, SignInOptions{Agent: "demo", SignIn: s, Links: []string{"http://127.0.0.1:1/demo-auth"},
		Apply: func(session.Credential) tea.Cmd { return nil }, Proceed: func() tea.Cmd { return nil }})
	d := p.ctl.(*signInDialog)
	if got := d.note(p); !strings.Contains(got, "enter go on") || strings.Contains(got, "sign in") {
		t.Errorf("empty field, footer %q: want enter go on, not sign in", got)
	}
	p.input.SetValue("tok")
	if got := d.note(p); !strings.Contains(got, "enter sign in") || strings.Contains(got, "go on") {
		t.Errorf("typed field, footer %q: want enter sign in", got)
	}
	// Without a task to go on with, enter on an empty field does nothing:
	// the footer keeps saying what it does once typed.
	p = NewSignIn(styles.New(themes.Dark), nil, SignInOptions{Agent: "demo", SignIn: s, Apply: func(session.Credential) tea.Cmd { return nil }})
	if got := p.ctl.(*signInDialog).note(p); !strings.Contains(got, "enter sign in") {
		t.Errorf("no task to go on with, footer %q", got)
	}
}
