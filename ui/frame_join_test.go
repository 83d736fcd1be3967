package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
)

// The panes are joined without measuring; the screen must be the one
// lipgloss's joins draw, in the wide and the narrow layout, with wide
// characters in the chat.
func TestPanesJoinAsLipglossWould(t *testing.T) {
	for _, size := range [][2]int{{120, 36}, {100, 30}, {80, 24}, {157, 41}} {
		m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		m.chat.Upsert([]session.Item{
			{Key: "user:1", Kind: session.ItemUser, Time: uitest.T0, Text: "日本語で答えて 👍🏽", Version: 1, Done: true},
			uitest.AnswerItem(strings.Repeat("日本語のテキスト、とても長い行です。 e\u0301 ", 40), 1),
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
