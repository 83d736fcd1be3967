package keys

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// In every group of the help the descriptions start in one column, past
// the widest keys: "alt+backspace ctrl+w delete word backward" ran into
// the description column (issue 32, item 10).
func TestHelpDescriptionsLineUp(t *testing.T) {
	m := Default()
	d := NewHelp(&m)
	d.SetSize(240, 400)
	help := ansi.Strip(d.View(styles.New(themes.Dark)))
	col := -1
	for _, b := range readlineKeys() {
		names, desc := readlineNames(b), b.Help().Desc
		found := false
		for _, line := range strings.Split(help, "\n") {
			i := strings.Index(line, names+" ")
			if i < 0 || !strings.Contains(line[i:], desc) {
				continue
			}
			at := strings.Index(line[i:], desc)
			if col >= 0 && at != col {
				t.Fatalf("%q starts its description at %d, the group's others at %d:\n%s", names, at, col, line)
			}
			col, found = at, true
		}
		if !found {
			t.Fatalf("the help lists no %q %q", names, desc)
		}
	}
	if col <= len("alt+backspace ctrl+w") {
		t.Fatalf("the descriptions start at %d, within the widest keys", col)
	}
}

// The conversations' filter edits like the composer, so no key the
// composer's text field edits with is an action of the conversations
// view: ctrl+g selected all in the composer and deleted a conversation
// there.
func TestComposerTextKeysAreNoContextsAction(t *testing.T) {
	m := Default()
	for _, b := range readlineKeys() {
		for _, k := range b.Keys() {
			for _, e := range m.entries() {
				if e.group.name == "contexts" && containsKey(e.b.Keys(), k) {
					t.Errorf("%s is the composer's %q and the conversations' %q", k, b.Help().Desc, e.b.Help().Desc)
				}
			}
		}
	}
}
