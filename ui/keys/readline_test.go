package keys

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// The help lists the composer's text-field keys (the readline habits
// the textarea handles) and the legend's working and pushed marks.
func TestHelpShowsReadlineKeysAndMarks(t *testing.T) {
	keys := Default()
	d := NewHelp(&keys)
	d.SetSize(200, 120)
	screen := ansi.Strip(d.View(styles.New(themes.Dark)))
	for _, want := range []string{"ctrl+w", "ctrl+u", "ctrl+a", "ctrl+e", "alt+b", "alt+f", "ctrl+k", "delete word backward", "◆ working", "• changed while away"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the help lacks %q", want)
		}
	}
}
