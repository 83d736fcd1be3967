package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Every binding in the key registry is listed in the help overlay, with
// its keys and its help text on one line: a key added to the registry but
// not to the help (as allow and deny once were) fails here.
func TestHelpListsEveryBinding(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: DefaultKeyMap()})
	m.width, m.height = 240, 400
	help := ansi.Strip(m.helpView())
	keys := DefaultKeyMap()
	for name, b := range keys.bindings() {
		want := fmt.Sprintf("%-17s %s", strings.Join(b.Keys(), " "), b.Help().Desc)
		if !strings.Contains(help, want) {
			t.Errorf("the help does not list %s (%q)", name, want)
		}
	}
}
