package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/keys"
)

const commentedConfig = `# my agents
theme = "dark"  # easier on the eyes

# at work
[[agents]]
  name = "work"
  url  = "http://127.0.0.1:7001/"

# at home, behind a header
[[agents]]
  name = "home"   # the old box
  url  = "http://127.0.0.1:7002/"
  headers = { X-Team = "parley" }
`

// `w` edits the file in place: the comments and layout stay, only the
// agents removed, renamed and added in the app change, and a change
// another parley made to the file meanwhile survives. Before, the file
// was rewritten whole from the app's copy of it.
func TestSaveAgentsEditsInPlace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(p, []byte(commentedConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{
		Directory: testDirectory(session.DirectoryOptions{Config: cfg, ConfigPath: p}),
		Config:    cfg, ConfigPath: p, Agents: []string{"http://127.0.0.1:7003/new"},
		Keys: keys.Default(), Theme: "dark",
	})
	// Another parley adds a setting to home after this one read the file.
	if _, err := config.Edit(p, func(d *config.Doc) error {
		return d.AddAgentValues("home", "scopes", "read")
	}); err != nil {
		t.Fatal(err)
	}
	for _, e := range m.entries {
		switch e.Ref {
		case "home":
			e.Name = "house"
		}
	}
	for _, e := range m.entries {
		if e.Ref == "work" {
			m.removeAgent(e)
			break
		}
	}
	msg := m.saveAgents()()
	if err := msg.(configSavedMsg).err; err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	want := `# my agents
theme = "dark"  # easier on the eyes

# at home, behind a header
[[agents]]
  name = "house"   # the old box
  url  = "http://127.0.0.1:7002/"
  headers = { X-Team = "parley" }
  scopes = ["read"]

[[agents]]
  name = "127.0.0.1:7003/new"
  url = "http://127.0.0.1:7003/new"
`
	if string(b) != want {
		t.Fatalf("got:\n%s\nwant:\n%s", b, want)
	}
	// A second save finds the agent it added by its URL: no duplicate.
	msg = m.saveAgents()()
	if err := msg.(configSavedMsg).err; err != nil {
		t.Fatal(err)
	}
	if b2, _ := os.ReadFile(p); string(b2) != want || strings.Count(string(b2), "[[agents]]") != 2 {
		t.Fatalf("second save changed the file:\n%s", b2)
	}
}
