package dialog

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
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
