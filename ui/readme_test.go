package ui

import (
	"os"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/ui/keys"
)

// The README's key table is generated from the key bindings, so the two
// cannot drift: this test fails when they differ, and
// `go test ./ui -run TestREADMEKeys -update` rewrites the table.
const (
	keysStart = "<!-- keys:start -->"
	keysEnd   = "<!-- keys:end -->"
)

func TestREADMEKeys(t *testing.T) {
	const path = "../README.md"
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
	t.Errorf("the README's key table is not the key bindings' table; run `go test ./ui -run TestREADMEKeys -update`\nREADME:\n%s\nbindings:\n%s", got, want)
}
