package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/ui/keys"
)

// The key table of docs/tui.md is generated from the key bindings, so
// the two cannot drift: this test fails when they differ, and
// `go test ./ui -run TestKeyTableInDocs -update` rewrites the table.
const (
	keysStart = "<!-- keys:start -->"
	keysEnd   = "<!-- keys:end -->"
)

func TestKeyTableInDocs(t *testing.T) {
	const path = "../docs/tui.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i := strings.Index(readme, keysStart)
	j := strings.Index(readme, keysEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no key table between %s and %s", path, keysStart, keysEnd)
	}
	km := keys.Default()
	want := "\n" + km.MarkdownTable()
	got := readme[i+len(keysStart) : j]
	if got == want {
		return
	}
	if updating() {
		readme = readme[:i+len(keysStart)] + want + readme[j:]
		if err := os.WriteFile(path, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the key table of %s is not the key bindings' table; run `go test ./ui -run TestKeyTableInDocs -update`\n%s:\n%s\nbindings:\n%s", path, path, got, want)
}
