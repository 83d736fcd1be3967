package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
)

// A status shares the footer with the keys instead of replacing it:
// after y the footer said only "Copied the artifact (34 lines)." and
// help and quit were gone (issue 32, item 1).
func TestStatusKeepsHelpAndQuitKeys(t *testing.T) {
	for _, w := range []int{120, 80, 60} {
		m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		m.setStatus("Copied the artifact (34 lines).", false)
		lines := strings.Split(ansi.Strip(m.render()), "\n")
		last := lines[len(lines)-1]
		tail := strings.Join(strings.Fields(strings.Join(lines[len(lines)-2:], " ")), " ")
		if !strings.Contains(tail, "Copied the artifact (34 lines).") {
			t.Fatalf("at width %d the status is not shown whole: %q", w, tail)
		}
		for _, want := range []string{"help", "quit"} {
			if !strings.Contains(last, want) {
				t.Fatalf("at width %d the footer lacks %q: %q", w, want, last)
			}
		}
		if ansi.StringWidth(last) > w {
			t.Fatalf("at width %d the footer is %d wide", w, ansi.StringWidth(last))
		}
	}
}

// A status is about what was: moving the focus (tab) or switching
// agents drops it, not only its time running out. "New conversation
// with parley demo." stayed after switching agents.
func TestStatusGoesWithFocusChange(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.setStatus("127.0.0.1:9 is not reachable.", true)
	m.Update(keyEvent("tab"))
	if strings.Contains(ansi.Strip(m.render()), "not reachable") {
		t.Fatal("the status stayed after the focus moved")
	}
}

// A status goes with the next key that says nothing of its own: "127.0.0.1:9
// is not reachable…" survived ctrl+u, and "An example replaced your
// draft" stayed after the draft came back (issue 32, item 1). A key that
// says something replaces it.
func TestStatusGoesWithTheNextKey(t *testing.T) {
	for _, k := range []string{"x", "ctrl+u", "ctrl+p", "left"} {
		m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
		m.setStatus("127.0.0.1:9 is not reachable.", true)
		m.Update(keyEvent(k))
		if strings.Contains(ansi.Strip(m.render()), "not reachable") {
			t.Fatalf("the status stayed after %s", k)
		}
	}
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.setStatus("127.0.0.1:9 is not reachable.", true)
	m.composer.SetValue("hello")
	m.Update(keyEvent("enter")) // no agent: the key says so
	if s := ansi.Strip(m.render()); !strings.Contains(s, "No agent is ready yet") {
		t.Fatalf("the key's own status is not shown: %q", s)
	}
}

// A status shows over a dialog that takes the whole screen: an export
// from the conversations view (ctrl+x) said nothing until esc closed it
// (issue 32, item 11).
func TestStatusShowsUnderAFullDialog(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(keyEvent("f1"))
	m.Update(component.StatusMsg{Text: "Exported to ~/Downloads/parley-1-demo.md."})
	screen := ansi.Strip(m.render())
	lines := strings.Split(screen, "\n")
	if len(lines) != 24 || !strings.Contains(lines[23], "Exported to ~/Downloads/parley-1-demo.md.") || !strings.Contains(screen, "parley · keys") {
		t.Fatalf("the status is not under the dialog (%d lines):\n%s", len(lines), screen)
	}
}
