package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/chat"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
)

// BenchmarkKeyDuringStream is goal 2 of issue 16 in-process: a Markdown
// answer streams into the chat (a chunk, and the change message the
// conversation sends, before every key), and a key typed in the
// composer is timed from its Update to the end of its View: the work
// that stands between a key and its echo, without the scheduler.
//
//	go test ./ui/ -run '^$' -bench KeyDuringStream -benchmem
func BenchmarkKeyDuringStream(b *testing.B) {
	doc := uitest.MarkdownDoc(64 << 10)
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.composer.Focus()
	user := session.Item{Key: "user:1", Kind: session.ItemUser, Time: uitest.T0, Text: "Plan my trip", Version: 1, Done: true}
	m.chat.Upsert([]session.Item{user})
	m.View()
	n, v := 0, 0
	km := []tea.KeyPressMsg{{Code: 'a', Text: "a"}, {Code: tea.KeyBackspace}}
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		n += uitest.StreamChunk
		if n > len(doc) {
			n = uitest.StreamChunk
		}
		v++
		m.chat.Upsert([]session.Item{uitest.AnswerItem(doc[:n], v)})
		m.Update(tickMsg{}) // stands for the conversation's change message
		m.View()
		b.StartTimer()
		m.Update(km[i%2])
		m.View()
	}
}

// BenchmarkFrameDuringStream is the other side of KeyDuringStream: the
// work on the program's goroutine for one streamed change, which a key
// typed then waits behind: a chunk, the change message and the frame it
// draws, then the renders the chat asked for coming back (their Update
// and the View after it). The renders themselves run in commands, off
// the program's goroutine, so only they are outside the timer.
//
//	go test ./ui/ -run '^$' -bench FrameDuringStream -benchmem
func BenchmarkFrameDuringStream(b *testing.B) {
	doc := uitest.MarkdownDoc(64 << 10)
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	user := session.Item{Key: "user:1", Kind: session.ItemUser, Time: uitest.T0, Text: "Plan my trip", Version: 1, Done: true}
	m.chat.Upsert([]session.Item{user})
	m.View()
	n, v := 0, 0
	for b.Loop() {
		n += uitest.StreamChunk
		if n > len(doc) {
			n = uitest.StreamChunk
		}
		v++
		m.frame.at = time.Time{} // a frame has passed: this change draws
		m.chat.Upsert([]session.Item{uitest.AnswerItem(doc[:n], v)})
		_, cmd := m.Update(tickMsg{}) // stands for the conversation's change message
		m.View()
		b.StopTimer()
		rendered := renderResults(cmd)
		b.StartTimer()
		for _, msg := range rendered {
			m.Update(msg)
			m.View()
		}
	}
}

// renderResults runs a command's renders, as the program runs them on
// other goroutines, and returns their messages; anything else (timers)
// is dropped.
func renderResults(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }() // a timer's command would block: give up on it
	select {
	case msg := <-done:
		switch msg := msg.(type) {
		case tea.BatchMsg:
			var out []tea.Msg
			for _, c := range msg {
				out = append(out, renderResults(c)...)
			}
			return out
		case component.Addressed:
			if msg.To() == chat.ID { // a render come back
				return []tea.Msg{msg}
			}
		}
	case <-time.After(50 * time.Millisecond):
	}
	return nil
}
