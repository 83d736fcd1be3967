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

// Side by side, the help's columns keep two blank cells between them: at
// 120 columns the Chat column's "fold; your message: timings" ran into
// the Agents column's "d remove". A description too long for its column
// wraps within it, under the descriptions, and is still read whole.
func TestHelpColumnsNeverTouch(t *testing.T) {
	m := Default()
	for _, width := range []int{80, 100, 120, 160, 200} {
		d := NewHelp(&m)
		d.SetSize(width, 400)
		lines := strings.Split(ansi.Strip(d.View(styles.New(themes.Dark))), "\n")
		var starts []int              // where each column after the first starts
		first, last := -1, len(lines) // the rows of columns: past the mouse, before the badges
		for n, l := range lines {
			if strings.Contains(l, "Agents: ") {
				last = n
			}
		}
		for n, l := range lines {
			r := []rune(l)
			if i := strings.Index(l, "Everywhere"); i >= 0 {
				first = n
				for x := range r[:len(r)-1] {
					if x > 2 && r[x-1] == ' ' && r[x] != ' ' && r[x] != '│' && x > len([]rune(l[:i]))+len("Everywhere") {
						starts = append(starts, x)
						for x < len(r) && r[x] != ' ' {
							x++
						}
					}
				}
				break
			}
		}
		if width >= 120 && len(starts) == 0 {
			t.Fatalf("at %d columns the help has one column", width)
		}
		columns := make([]string, len(starts)+1) // each column's text, read down
		for _, l := range lines[first:last] {
			r := []rune(l)
			for _, x := range starts {
				if x < 2 || x > len(r) || r[x-1] != ' ' || r[x-2] != ' ' {
					t.Errorf("at %d columns a column ends within two cells of the next at %d:\n%s", width, x, l)
				}
			}
			bounds := append(append([]int{0}, starts...), len(r))
			for k := range columns {
				columns[k] += " " + strings.Trim(string(r[min(bounds[k], len(r)):min(bounds[k+1], len(r))]), "│ ")
			}
		}
		read := strings.Join(strings.Fields(strings.Join(columns, " ")), " ")
		for _, g := range m.groups() {
			for _, b := range g.keys {
				if desc := b.Help().Desc; b.Enabled() && !strings.Contains(read, desc) {
					t.Errorf("at %d columns the help does not read %q whole", width, desc)
				}
			}
		}
	}
}
