package ui

import (
	"testing"

	"github.com/parley-a2a/parley/bench/loopback"
)

// The TUI taking an answer streamed into one long artifact holds a
// window of it, in the conversation and in the chat, however long the
// answer: the end of the answer is shown as it ends, and the top key
// shows its first line, read back from the store.
func TestFlowLongAnswerIsHeldAsAWindow(t *testing.T) {
	const chunks, size = 40000, 100 // 4 MB of text
	srv, err := loopback.Start(loopback.Options{Chunks: chunks, ChunkSize: size})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	st := openStore(t)
	a := startApp(t, appOptions{store: st, noWelcome: true, agents: func(string) []string { return []string{srv.URL} }})
	a.waitState("the agent to be ready", func(m *Model) bool { return m.current != nil && m.current.Conv != nil })
	a.waitScreen("Loopback bench agent")
	a.typeText("go")
	a.key("enter")
	a.waitScreen(loopback.EndMarker, "completed")
	const bound = 2 << 20
	a.inspect(func(m *Model) {
		conv := 0
		for _, it := range m.current.Conv.Items() {
			for _, p := range it.Parts {
				conv += len(p.Text)
			}
		}
		chat := m.chat.HeldText()
		t.Logf("of %d bytes, the conversation holds %d and the chat %d", chunks*size, conv, chat)
		if conv > bound || chat > bound {
			t.Errorf("the conversation holds %d bytes of the answer and the chat %d; want a window, under %d of %d", conv, chat, bound, chunks*size)
		}
	})
	a.key("tab") // the chat
	a.key("g")
	a.waitScreen("## Step 0")
}
