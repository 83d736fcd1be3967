package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// TestBoxMemoDrawsAgainOnlyForAChange: a side pane's box is drawn again
// when any of box's arguments changed, and is then the box box draws;
// for the same arguments it is the box drawn before.
func TestBoxMemoDrawsAgainOnlyForAChange(t *testing.T) {
	st, other := styles.New(themes.Dark), styles.New(themes.Light)
	type args struct {
		st                   *styles.Styles
		title, note, content string
		w, h                 int
		focused              bool
	}
	base := args{st, "Agents", "", "parley demo\nother", 30, 8, false}
	var b boxMemo
	draw := func(what string, a args, wantDraw bool) {
		t.Helper()
		before := b.draws
		got := b.box(a.st, a.title, a.note, a.content, a.w, a.h, a.focused)
		if want := styles.Box(a.st, a.title, a.note, a.content, a.w, a.h, a.focused); got != want {
			t.Errorf("%s: the kept box is not the box drawn now:\n%s\n---\n%s", what, got, want)
		}
		if drew := b.draws - before; drew != map[bool]int{false: 0, true: 1}[wantDraw] {
			t.Errorf("%s: drawn %d times, want draw=%v", what, drew, wantDraw)
		}
	}
	draw("first", base, true)
	draw("the same again", base, false)
	changes := map[string]func(*args){
		"styles":  func(a *args) { a.st = other },
		"title":   func(a *args) { a.title = "Tasks" },
		"note":    func(a *args) { a.note = "↓ 2 new" },
		"content": func(a *args) { a.content = "parley demo\nanother" },
		"width":   func(a *args) { a.w = 31 },
		"height":  func(a *args) { a.h = 9 },
		"focus":   func(a *args) { a.focused = true },
	}
	for what, change := range changes {
		a := base
		change(&a)
		draw(what+" changed", a, true)
		draw(what+" back", base, true)
	}
	if lipgloss.Height(b.out) != base.h {
		t.Errorf("the box is %d rows, want %d", lipgloss.Height(b.out), base.h)
	}
}

// TestFooterKeysAreKeptUntilTheyChange: the footer's line of keys is
// drawn again only when what it shows changed (the focused pane's
// bindings, one of them turned off, the width), and a kept line is the
// line a fresh drawing makes.
func TestFooterKeysAreKeptUntilTheyChange(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.composer.Focus()
	m.View()
	draws := m.footerFrame.draws
	step := func(what string, msg tea.Msg, wantDraw bool) string {
		t.Helper()
		if msg != nil {
			m.Update(msg)
		}
		lines := strings.Split(ansi.Strip(m.View().Content), "\n")
		if got := m.footerFrame.draws - draws; got != map[bool]int{false: 0, true: 1}[wantDraw] {
			t.Errorf("%s: the footer's keys were drawn %d times, want draw=%v", what, got, wantDraw)
		}
		draws = m.footerFrame.draws
		return lines[len(lines)-1]
	}
	kept := step("a streamed change", tickMsg{}, false)
	step("a key in the composer", tea.KeyPressMsg{Code: 'q', Text: "q"}, false)
	m.footerFrame.ok = false
	if fresh := step("a fresh drawing", nil, true); fresh != kept {
		t.Errorf("the kept footer differs from a fresh one:\n%q\n%q", kept, fresh)
	}
	if !strings.Contains(kept, "conversations") {
		t.Fatalf("the composer's footer does not list conversations: %q", kept)
	}
	m.keys.Global.Contexts.SetEnabled(false)
	if s := step("conversations turned off", tickMsg{}, true); strings.Contains(s, "conversations") {
		t.Errorf("the footer still lists a binding turned off: %q", s)
	}
	m.keys.Global.Contexts.SetEnabled(true)
	step("conversations back", tickMsg{}, true)
	chat := step("focus on the chat", tea.KeyPressMsg{Code: tea.KeyTab}, true)
	if chat == kept {
		t.Errorf("the chat's footer is the composer's: %q", chat)
	}
	step("a streamed change with the chat focused", frameMsg{}, false)
	if s := step("a narrower window", tea.WindowSizeMsg{Width: 80, Height: 24}, true); ansi.StringWidth(s) > 80 {
		t.Errorf("the footer is wider than the window: %q", s)
	}
}
