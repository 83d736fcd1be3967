package ui

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
)

// The fast count must agree with ansi.StringWidth on whatever a pane
// line may hold: colours, wide and combined characters, links, controls,
// sequences cut short.
func TestCellWidthIsStringWidth(t *testing.T) {
	pieces := []string{"a", "Z", " ", "~", "\x1b[31m", "\x1b[38;2;1;2;3m", "\x1b[0m", "\x1b[?25l", "é", "e\u0301",
		"日", "👍🏽", "\t", "\x01", "\x7f", "\x1b]8;;http://127.0.0.1/\x1b\\", "\x1b[", "\x1b", "\x1b[3", "│",
		"╭", "━", "╿", "▀", "\u0301", "\ufe0f", "\u200d", "…", "\xe2\x94", "\xff"}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := cellWidth(s), ansi.StringWidth(s); got != want {
			t.Fatalf("cellWidth(%q) = %d, ansi.StringWidth = %d", s, got, want)
		}
	}
}

// A wide character cut at a box's edge used to leave the row a cell
// short, pulling the right border in; every row is the box's width.
func TestBoxRowsAreExactlyItsWidth(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: DefaultKeyMap(), Theme: "dark"})
	for _, content := range []string{"aaaa日本", "日本語日本語日本語", "\x1b[31maaa日\x1b[0m", "plain"} {
		out := box(m.st, "title 日本", "note", content+"\nsecond", 9, 4, false)
		for _, line := range strings.Split(out, "\n") {
			if w := ansi.StringWidth(line); w != 9 {
				t.Fatalf("row %q of a box 9 wide is %d cells", line, w)
			}
		}
	}
}

// The panes are joined without measuring; the screen must be the one
// lipgloss's joins draw, in the wide and the narrow layout, with wide
// characters in the chat.
func TestPanesJoinAsLipglossWould(t *testing.T) {
	for _, size := range [][2]int{{120, 36}, {100, 30}, {80, 24}, {157, 41}} {
		m := New(Options{Directory: emptyDirectory(), Keys: DefaultKeyMap(), Theme: "dark"})
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m.chat.Upsert([]session.Item{
			{Key: "user:1", Kind: session.ItemUser, Time: t0, Text: "日本語で答えて 👍🏽", Version: 1, Done: true},
			answerItem(strings.Repeat("日本語のテキスト、とても長い行です。 e\u0301 ", 40), 1),
		})
		r := m.rects()
		got := m.drawBody(r)
		var want string
		if m.narrow() {
			want = lipgloss.JoinVertical(lipgloss.Left, m.header(), m.chatBox(r.chatW, r.chatH))
		} else {
			left := lipgloss.JoinVertical(lipgloss.Left, m.agentsBox(r.leftW, r.agentsH), m.tasksBox(r.leftW, r.tasksH))
			want = lipgloss.JoinHorizontal(lipgloss.Top, left, m.chatBox(r.chatW, r.chatH))
		}
		if got != want {
			t.Fatalf("%dx%d: the body differs from lipgloss's joins:\n%s\n---\n%s", size[0], size[1], got, want)
		}
		m.View()
		if w := lipgloss.Width(m.frame.body); m.frame.width != w {
			t.Fatalf("%dx%d: the body is %d cells wide, measured %d", size[0], size[1], w, m.frame.width)
		}
	}
}
