package chat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// One left out is "1 more column", not "1 more columns".
func TestDataTableSaysOneMoreColumn(t *testing.T) {
	row := map[string]any{}
	for i := 0; i <= maxColumns; i++ {
		row[fmt.Sprintf("c%02d", i)] = i
	}
	out := ansi.Strip(strings.Join(dataTable(styles.New(themes.Dark), []map[string]any{row}, nil), "\n"))
	if !strings.Contains(out, "… 1 more column not shown") {
		t.Errorf("the table does not say 1 more column:\n%s", out)
	}
}
