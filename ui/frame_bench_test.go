package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
)

// BenchmarkKeyDuringStream is goal 2 of issue 16 in-process: a Markdown
// answer streams into the chat (a chunk, and the change message the
// conversation sends, before every key), and a key typed in the
// composer is timed from its Update to the end of its View: the work
// that stands between a key and its echo, without the scheduler.
//
//	go test ./ui/ -run '^$' -bench KeyDuringStream -benchmem
func BenchmarkKeyDuringStream(b *testing.B) {
	doc := benchDoc(64 << 10)
	m := New(Options{Directory: emptyDirectory(), Keys: DefaultKeyMap(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.composer.Focus()
	user := session.Item{Key: "user:1", Kind: session.ItemUser, Time: t0, Text: "Plan my trip", Version: 1, Done: true}
	m.chat.Upsert([]session.Item{user})
	m.View()
	n, v := 0, 0
	keys := []tea.KeyPressMsg{{Code: 'a', Text: "a"}, {Code: tea.KeyBackspace}}
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		n += benchChunk
		if n > len(doc) {
			n = benchChunk
		}
		v++
		m.chat.Upsert([]session.Item{answerItem(doc[:n], v)})
		m.Update(tickMsg{}) // stands for the conversation's change message
		m.View()
		b.StartTimer()
		m.Update(keys[i%2])
		m.View()
	}
}

// BenchmarkFrameDuringStream is the other side of KeyDuringStream: the
// work on the program's goroutine for one streamed change (a chunk, the
// change message, the frame it draws), which a key typed then waits
// behind. The renders the chat starts in commands run outside the
// timer, as they run off the program's goroutine.
//
//	go test ./ui/ -run '^$' -bench FrameDuringStream -benchmem
func BenchmarkFrameDuringStream(b *testing.B) {
	doc := benchDoc(64 << 10)
	m := New(Options{Directory: emptyDirectory(), Keys: DefaultKeyMap(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	user := session.Item{Key: "user:1", Kind: session.ItemUser, Time: t0, Text: "Plan my trip", Version: 1, Done: true}
	m.chat.Upsert([]session.Item{user})
	m.View()
	n, v := 0, 0
	for b.Loop() {
		n += benchChunk
		if n > len(doc) {
			n = benchChunk
		}
		v++
		m.frame.at = time.Time{} // a frame has passed: this change draws
		m.chat.Upsert([]session.Item{answerItem(doc[:n], v)})
		_, cmd := m.Update(tickMsg{}) // stands for the conversation's change message
		m.View()
		b.StopTimer()
		runCmdsInto(m, cmd)
		b.StartTimer()
	}
}

// runCmdsInto runs a command's render results back into the model,
// dropping anything else (timers).
func runCmdsInto(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }() // a timer's command would block: give up on it
	select {
	case msg := <-done:
		switch msg := msg.(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				runCmdsInto(m, c)
			}
		case mdRenderedMsg:
			m.Update(msg)
			m.View()
		}
	case <-time.After(50 * time.Millisecond):
	}
}
