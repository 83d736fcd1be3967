package ui

import (
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/themes"
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
