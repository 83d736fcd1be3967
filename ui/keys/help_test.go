package keys

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// Every binding in the key registry is listed in the help overlay, with
// its keys and its help text on one line: a key added to the registry but
// not to the help (as allow and deny once were) fails here.
func TestHelpListsEveryBinding(t *testing.T) {
	keys := Default()
	d := NewHelp(&keys)
	d.SetSize(240, 400)
	help := ansi.Strip(d.View(styles.New(themes.Dark)))
	for name, b := range keys.Bindings() {
		want := fmt.Sprintf("%-17s %s", strings.Join(b.Keys(), " "), b.Help().Desc)
		if !strings.Contains(help, want) {
			t.Errorf("the help does not list %s (%q)", name, want)
		}
	}
}
