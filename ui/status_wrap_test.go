package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/keys"
)

// A status line wider than the terminal wraps onto a second line at a
// word, over the panes' last row, instead of being cut mid-word; the
// screen keeps its height.
func TestLongStatusWrapsNotCut(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	msg := "Not an agent card: http://127.0.0.1:1/.well-known/agent-card.json has neither a name nor any way to reach the agent."
	m.setStatus(msg, true)
	screen := ansi.Strip(m.render())
	lines := strings.Split(screen, "\n")
	if len(lines) != 24 {
		t.Fatalf("the screen is %d lines, not 24", len(lines))
	}
	tail := strings.Join(strings.Fields(strings.Join(lines[len(lines)-2:], " ")), " ")
	if !strings.Contains(tail, msg) {
		t.Fatalf("the status is not shown whole over the last two lines:\n%s", strings.Join(lines[len(lines)-3:], "\n"))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > 80 {
			t.Fatalf("a line is wider than 80: %q", l)
		}
	}
}

// A status that needs more than two lines is shown whole, on as many as
// it takes up to four, over the panes' last rows: cut on the second, the
// end of the sentence, which says what happened ("the connection was
// refused"), was lost. Past four lines it is cut with "…", and the
// screen keeps its height either way. The keys follow on a line of
// their own when the status's last line has no room for them.
func TestLongerStatusTakesMoreLines(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	url := "127.0.0.1:9/an/even/longer/path/to/an/agent/that/is/not/running/anywhere/at/all/for/testing/how/the/status/line/wraps/x"
	msg := url + " is not reachable: the connection was refused. Check that the agent is running, then press enter to retry."
	for _, tc := range []struct {
		status string
		lines  int
		whole  bool
	}{
		{msg, 3, true},
		{strings.Repeat("word ", 200) + "end.", 4, false},
	} {
		m.setStatus(tc.status, true)
		lines := strings.Split(ansi.Strip(m.render()), "\n")
		if len(lines) != 24 {
			t.Fatalf("the screen is %d lines, not 24", len(lines))
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > 80 {
				t.Fatalf("a line is wider than 80: %q", l)
			}
		}
		status := lines[len(lines)-tc.lines-1 : len(lines)-1]
		if !strings.HasPrefix(lines[len(lines)-tc.lines-2], "╰") {
			t.Errorf("the composer's box does not end right above the status's %d lines:\n%s", tc.lines, strings.Join(lines[len(lines)-tc.lines-3:], "\n"))
		}
		if k := lines[len(lines)-1]; !strings.Contains(k, "help") || !strings.Contains(k, "quit") {
			t.Errorf("the keys are not on the line below the status: %q", k)
		}
		tail := strings.Join(strings.Fields(strings.Join(status, " ")), " ")
		// The URL has no space to wrap at: it is broken inside.
		unbroken := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if tc.whole && !strings.Contains(unbroken(tail), unbroken(tc.status)) {
			t.Errorf("the status is not shown whole over the last %d lines:\n%s", tc.lines, strings.Join(status, "\n"))
		}
		if !tc.whole && (!strings.HasPrefix(tail, "word word") || !strings.HasSuffix(tail, "…")) {
			t.Errorf("a status past %d lines is not cut with …:\n%s", tc.lines, strings.Join(status, "\n"))
		}
	}
}

// While a status takes more than one line, the panes above keep their
// bottom borders: the rows it takes are the panes' last rows of content,
// not their frames, which looked broken with the borders gone.
func TestWrappedStatusKeepsThePanesBorders(t *testing.T) {
	for _, size := range [][2]int{{120, 36}, {80, 24}} {
		m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m.setStatus(strings.Repeat("a status that wraps ", 12)+"end.", false)
		lines := strings.Split(ansi.Strip(m.render()), "\n")
		if len(lines) != size[1] {
			t.Fatalf("%v: the screen is %d lines", size, len(lines))
		}
		composerTop := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "╭─ message") {
				composerTop = i
				break
			}
		}
		if composerTop < 1 {
			t.Fatalf("%v: no composer box:\n%s", size, strings.Join(lines, "\n"))
		}
		if above := lines[composerTop-1]; !strings.HasPrefix(above, "╰") || !strings.HasSuffix(above, "╯") {
			t.Errorf("%v: the row above the composer is not the panes' bottom borders: %q", size, above)
		}
	}
}
