package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
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

// storeLongAnswer records into st, as the TUI does, an answer of chunks
// chunks of size bytes streamed into one artifact by a loopback agent
// that keeps serving until the test ends, and returns its context.
func storeLongAnswer(t *testing.T, st *store.Store, chunks, size int) int64 {
	t.Helper()
	srv, err := loopback.Start(loopback.Options{Chunks: chunks, ChunkSize: size})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	client, err := a2aclient.Resolve(t.Context(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	changed := make(chan struct{}, 1)
	conv := session.NewConversation(client, "loopback", func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	})
	rec := st.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, client), Window: true})
	conv.Send("go")
	deadline := time.Now().Add(time.Minute)
	for done := false; !done && time.Now().Before(deadline); {
		select {
		case <-changed:
		case <-time.After(10 * time.Millisecond):
		}
		for _, it := range conv.Drain() {
			done = done || it.Kind == session.ItemStatus && it.State.Terminal()
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return rec.ID()
}

// parley --context of a conversation whose answer is one long artifact
// holds a window of it, in the conversation and in the chat, whatever
// the answer's size: the answer's end is on screen, and the top key
// shows its first line, read back from the store.
func TestFlowReopenedLongAnswerIsHeldAsAWindow(t *testing.T) {
	const chunks, size = 40000, 100 // 4 MB of text
	st := openStore(t)
	a := startApp(t, appOptions{store: st, noWelcome: true, prepare: func(string) int64 {
		return storeLongAnswer(t, st, chunks, size)
	}})
	a.waitScreen(loopback.EndMarker, "Opened")
	const bound = 1 << 20
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

// Scrolled up page by page from its end, a reopened long answer shows
// its middle: the chat reads the ranges before what it shows from the
// store as the screen reaches them, and holds a few of them, not the
// answer.
func TestFlowScrollsUpToTheMiddleOfALongAnswer(t *testing.T) {
	const chunks, size = 20000, 100 // 2 MB of text, about 4,400 steps
	st := openStore(t)
	a := startApp(t, appOptions{w: 120, h: 100, store: st, noWelcome: true, prepare: func(string) int64 {
		return storeLongAnswer(t, st, chunks, size)
	}})
	a.waitScreen(loopback.EndMarker, "Opened")
	a.key("tab") // the chat
	step := regexp.MustCompile(`## Step (\d+)`)
	// The first 256 KB (steps 0 to about 570) and the window (from
	// about step 4,200) were shown before; steps 1,000 to 3,000 are the
	// middle.
	middle, held, pages := -1, 0, 0
	for ; pages < 2000 && middle < 0; pages++ {
		a.key("pgup")
		screen := a.waitFrame("the read to end", func(screen string) bool { return !strings.Contains(screen, "reading") })
		a.inspect(func(m *Model) { held = max(held, m.chat.HeldText()) })
		for _, m := range step.FindAllStringSubmatch(screen, -1) {
			if n, _ := strconv.Atoi(m[1]); n >= 1000 && n < 3000 {
				middle = n
			}
		}
	}
	if middle < 0 {
		t.Fatalf("scrolling up from the end of a 4,400-step answer never showed a step from 1,000 to 3,000:\n%s", a.frames.latest())
	}
	t.Logf("step %d after %d pages; the chat held up to %d bytes of %d", middle, pages, held, chunks*size)
	if held > 1<<20 {
		t.Errorf("the chat held up to %d bytes of a %d-byte answer; want a window and a few ranges, under 1 MB", held, chunks*size)
	}
}
