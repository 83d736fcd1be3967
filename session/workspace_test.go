package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/config"
)

const workspaceConfig = `# my agents
[[agents]]
  name = "work"   # at work
  url  = "http://127.0.0.1:7001/"

[[agents]]
  name = "home"
  url  = "http://127.0.0.1:7002/"
`

func newTestWorkspace(t *testing.T, refs ...string) (*Workspace, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(workspaceConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	dir := testDirectory(DirectoryOptions{Config: cfg, ConfigPath: p})
	return NewWorkspace(WorkspaceOptions{Directory: dir, Config: cfg, ConfigPath: p}, refs), p
}

func refs(w *Workspace) []string {
	var out []string
	for _, a := range w.Agents() {
		out = append(out, a.Ref)
	}
	return out
}

// The workspace lists the agents named at start, then the config's, each
// once: an agent named by its config entry's URL is that entry.
func TestWorkspaceListsEachAgentOnce(t *testing.T) {
	w, _ := newTestWorkspace(t, "http://127.0.0.1:7002", "http://127.0.0.1:7003/x")
	if got := strings.Join(refs(w), " "); got != "home http://127.0.0.1:7003/x work" {
		t.Fatalf("agents = %q", got)
	}
	if a := w.Find("home"); a == nil || a.Saved != "home" || a.Name != "home" {
		t.Errorf("home = %+v", a)
	}
}

// Add, rename, remove, then save: the file is edited in place (its
// layout stays), and each agent is saved under the name it is shown by.
func TestWorkspaceAddRenameRemoveSave(t *testing.T) {
	w, p := newTestWorkspace(t)
	a, added, _ := w.Add("http://127.0.0.1:7004/")
	if !added || a.Ref != "http://127.0.0.1:7004/" {
		t.Fatalf("add = %+v, %v", a, added)
	}
	if again, added, _ := w.Add("http://127.0.0.1:7004/"); added || again != a {
		t.Errorf("adding it again listed it twice")
	}
	w.Rename(a, "new one")
	w.Rename(w.Find("work"), "  ")
	w.Rename(w.Find("home"), "house\x1b[31m")
	if keys, release := w.Remove(w.Find("work")); release == nil || len(keys) != 2 || keys[1] != "work" {
		t.Errorf("credential keys of the removed agent = %q, want its URL and its config name", keys)
	}
	write, left, err := w.Save()
	if err != nil || left.Left != 0 {
		t.Fatal(err, left)
	}
	if err := write(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	got := string(b)
	for _, want := range []string{`url  = "http://127.0.0.1:7002/"`, `name = "house"`, `name = "new one"`, `url = "http://127.0.0.1:7004/"`} {
		if !strings.Contains(got, want) {
			t.Errorf("saved file lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "7001") || strings.Contains(got, "\x1b") {
		t.Errorf("saved file keeps the removed agent or a control character:\n%s", got)
	}
	if w.Find("house") == nil || w.Find("house").Saved != "house" {
		t.Errorf("the renamed agent is not saved under its new name")
	}
}

// An agent listed only for a stored conversation is left out of a save
// until the user adds it.
func TestWorkspaceStoredAgentIsKeptOnlyWhenAdded(t *testing.T) {
	w, _ := newTestWorkspace(t)
	a := w.ForStored(AgentInfo{Ref: "http://127.0.0.1:7005/", CardURL: "http://127.0.0.1:7005/.well-known/agent-card.json"}, nil)
	if !a.Stored {
		t.Fatal("an agent listed for a stored conversation is not marked stored")
	}
	if w.ForStored(AgentInfo{Ref: "http://127.0.0.1:7001"}, nil) != w.Find("work") {
		t.Error("a stored conversation with the config agent's URL did not go to it")
	}
	if _, left, _ := w.Save(); left.Left != 1 {
		t.Errorf("left out %d agents, want the stored one", left.Left)
	}
	got, added, kept := w.Add("HTTP://127.0.0.1:7005")
	if got != a || added || !kept || a.Stored {
		t.Errorf("adding the stored agent's URL: %v added=%v kept=%v stored=%v", got == a, added, kept, a.Stored)
	}
}

// Trusting an origin always keeps it in the config entry; an agent not
// in the file keeps it until it is saved.
func TestWorkspaceTrustOrigin(t *testing.T) {
	w, p := newTestWorkspace(t)
	if write := w.TrustOrigin(w.Find("work"), "http://127.0.0.1:9000", false); write != nil {
		t.Error("trusting once writes the config")
	}
	write := w.TrustOrigin(w.Find("work"), "http://127.0.0.1:9001", true)
	if write == nil {
		t.Fatal("trusting always writes nothing")
	}
	if err := write(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if !strings.Contains(string(b), "http://127.0.0.1:9001") || strings.Contains(string(b), "9000") {
		t.Errorf("config after trusting:\n%s", b)
	}
	a, _, _ := w.Add("http://127.0.0.1:7006/")
	if w.TrustOrigin(a, "http://127.0.0.1:9002", true) != nil || len(a.Trusted) != 1 {
		t.Error("an agent not in the config file should keep the origin for its save")
	}
	if got := w.NamedOrigin(w.Find("work")); got != "http://127.0.0.1:7001" {
		t.Errorf("named origin = %q", got)
	}
}

// One agent is listed once however its URL is spelled: what the add
// prompt makes of 127.0.0.1:4141, a trailing slash, upper case, a
// default port, a scheme pasted twice, or its config entry's URL.
func TestWorkspaceAddSameAgentOnce(t *testing.T) {
	w, _ := newTestWorkspace(t, "http://127.0.0.1:4141/")
	demo := w.Find("http://127.0.0.1:4141/")
	for _, url := range []string{"http://127.0.0.1:4141", "HTTP://127.0.0.1:4141/", "https://http://127.0.0.1:4141", "http://127.0.0.1:4141/.well-known/agent-card.json"} {
		if a, added, _ := w.Add(url); added || a != demo {
			t.Errorf("Add(%q) added %v (%+v); want the listed demo", url, added, a)
		}
	}
	if a, added, _ := w.Add("http://127.0.0.1:7002"); added || a != w.Find("home") {
		t.Errorf("Add of home's URL added %v; want home", added)
	}
	first, _, _ := w.Add("http://127.0.0.1:35315")
	if a, added, _ := w.Add("http://127.0.0.1:35315/"); added || a != first {
		t.Errorf("the same URL with a slash was added again")
	}
	if a, added, _ := w.Add("http://127.0.0.1:35316/"); !added || a == first {
		t.Errorf("another port is another agent")
	}
	if n := len(w.Agents()); n != 5 {
		t.Errorf("%d agents listed: %q; want 5", n, refs(w))
	}
}
