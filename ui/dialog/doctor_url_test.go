package dialog

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// An interface's URL too long for its column keeps its start, the
// scheme and host that say which server it is, and is cut after them.
func TestDoctorURLColumnKeepsTheOrigin(t *testing.T) {
	const url = "https://agents.example.com/tenants/acme/a2a/v1.0/jsonrpc"
	d := doctorWith([]doctor.Result{{Check: "binding", Interface: url, Status: doctor.Pass}})
	screen := ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 120, 20))
	var row string
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "binding") {
			row = l
		}
	}
	if strings.Contains(row, url) {
		t.Fatalf("the test needs a column too narrow for the URL:\n%s", screen)
	}
	if !strings.Contains(row, "https://agents.example.com") || !strings.Contains(row, "…") {
		t.Fatalf("the URL's scheme and host are cut:\n%s", screen)
	}
}
