package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A save keeps the names agents are shown by, spaces and all; a name the
// config cannot take as it is (one another agent has, one that is a
// URL) is changed, and the save says what it changed and why.
func TestWorkspaceSaveKeepsTheUsersNames(t *testing.T) {
	w, p := newTestWorkspace(t)
	closed, _, _ := w.Add("http://127.0.0.1:7004/")
	w.Rename(closed, "closed port")
	one, _, _ := w.Add("http://127.0.0.1:7005/")
	w.Rename(one, "twin")
	two, _, _ := w.Add("http://127.0.0.1:7006/")
	w.Rename(two, "twin")
	web, _, _ := w.Add("http://127.0.0.1:7007/")
	w.Rename(web, "http://example")
	write, report, err := w.Save()
	if err != nil {
		t.Fatal(err)
	}
	if err := write(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	for _, want := range []string{`name = "closed port"`, `name = "twin"`, `name = "twin 2"`, `name = "http-example"`, `name = "work"`, `name = "home"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("saved file lacks %s:\n%s", want, b)
		}
	}
	if w.Find("twin 2") != two || w.Find("closed port") != closed {
		t.Errorf("the agents are not found by the names they were saved under")
	}
	if len(report.Renamed) != 2 {
		t.Fatalf("renamed = %q, want the second twin and the URL", report.Renamed)
	}
	for i, want := range [][]string{{`"twin"`, `"twin 2"`, "another agent"}, {`"http://example"`, `"http-example"`, "URL"}} {
		for _, w := range want {
			if !strings.Contains(report.Renamed[i], w) {
				t.Errorf("renamed[%d] = %q, lacks %q", i, report.Renamed[i], w)
			}
		}
	}
	sum := report.Summary(p)
	if !strings.HasPrefix(sum, "Saved agents to "+p) || !strings.Contains(sum, `"twin 2"`) || !strings.HasSuffix(sum, ".") {
		t.Errorf("summary = %q", sum)
	}
}

// With only the built-in demo listed and no config file, a save has
// nothing to write, and says so rather than that it saved.
func TestWorkspaceSaveOfNothingSaysSo(t *testing.T) {
	p := filepath.Join(t.TempDir(), "config.toml")
	demo := "http://127.0.0.1:7010/"
	dir := testDirectory(DirectoryOptions{ConfigPath: p})
	w := NewWorkspace(WorkspaceOptions{Directory: dir, ConfigPath: p, DemoURL: demo}, []string{demo})
	write, report, err := w.Save()
	if err != nil {
		t.Fatal(err)
	}
	if err := write(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err == nil {
		t.Errorf("a save of nothing wrote %s", p)
	}
	if sum := report.Summary(p); strings.HasPrefix(sum, "Saved") || !strings.Contains(sum, "demo") {
		t.Errorf("summary = %q, want that there was nothing to save, and why", sum)
	}
}
