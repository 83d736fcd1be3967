package cli

import (
	"strings"
	"testing"
	"time"
)

// contexts search lists its hits newest first under a one-line header,
// in text and JSON; nothing found exits 1, as grep does.
func TestContextsSearchNewestFirstAndNothingFoundExits1(t *testing.T) {
	e := newStoreEnv(t)
	base := demo(t)
	var ids []string
	for _, text := range []string{"pelican pelican pelican pelican", "pelican", "a pelican and a heron"} {
		ids = append(ids, storedID(t, e.run("send", base, text)))
	}
	r := e.run("contexts", "search", "pelican")
	wantCode(t, r, exitOK)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) < 4 || !strings.Contains(lines[0], `"pelican"`) || !strings.Contains(lines[0], "newest first") {
		t.Fatalf("search:\n%s", r.stdout)
	}
	var order []string
	for _, l := range lines[1:] {
		id, _, _ := strings.Cut(l, " ")
		if len(order) == 0 || order[len(order)-1] != id {
			order = append(order, id)
		}
	}
	if strings.Join(order, ",") != ids[2]+","+ids[1]+","+ids[0] {
		t.Errorf("contexts in order %v, want newest first %v:\n%s", order, []string{ids[2], ids[1], ids[0]}, r.stdout)
	}
	r = e.run("contexts", "search", "pelican", "--json")
	wantCode(t, r, exitOK)
	var last time.Time
	for i, h := range jsonLines(t, r) {
		at, err := time.Parse(time.RFC3339Nano, h["time"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && at.After(last) {
			t.Errorf("--json hit %d is newer than the one before:\n%s", i, r.stdout)
		}
		last = at
	}
	r = e.run("contexts", "search", "zebra")
	wantCode(t, r, exitError)
	if strings.TrimSpace(r.stdout) != `Nothing found for "zebra".` || r.stderr != "" {
		t.Errorf("nothing found: stdout %q stderr %q", r.stdout, r.stderr)
	}
	r = e.run("contexts", "search", "zebra", "--json")
	wantCode(t, r, exitError)
	if r.stdout != "" {
		t.Errorf("nothing found --json: %q", r.stdout)
	}
}
