package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// storeNotes records a conversation of n numbered notes ("note 0" …)
// with the agent at url into st, and returns its context.
func storeNotes(t *testing.T, st *store.Store, url string, n int) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client, err := a2aclient.Resolve(ctx, url, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	conv := session.NewConversation(client, "parley demo", nil)
	rec := st.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(url, client)})
	conv.Edit(func(e session.Editor) {
		for i := 0; i < n; i++ {
			e.Add(&session.Item{Key: fmt.Sprintf("note:%d", i), Kind: session.ItemUser, Text: fmt.Sprintf("note %d", i), Done: true})
		}
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return rec.ID()
}

// parley --context on a 10,000-item conversation holds a few windows of
// it, in the chat and in the conversation, from opening through
// scrolling from its first item to its last; a message sent then goes
// after the last note, with its reply.
func TestFlowLongStoredConversationHoldsAFewWindows(t *testing.T) {
	st := openStore(t)
	a := startApp(t, appOptions{store: st, noWelcome: true, prepare: func(url string) int64 {
		return storeNotes(t, st, url+"/", 10000)
	}})
	a.waitScreen("note 9999", "Opened")
	const bound = 2048 // a few windows of 256 and 512 items
	held := func(when string) {
		t.Helper()
		a.inspect(func(m *Model) {
			pane, conv := m.chat.Held(), len(m.current.Conv.Items())
			if pane > bound || conv > bound {
				t.Fatalf("%s: the chat holds %d items, the conversation %d; bound %d", when, pane, conv, bound)
			}
		})
	}
	held("opened")
	a.key("tab") // the chat
	a.key("g")
	a.waitScreen("note 0")
	held("at the top")
	for i := 0; ; i++ {
		var end bool
		a.waitState("the window read", func(m *Model) bool {
			end = m.chat.Following()
			return !m.chat.Loading()
		})
		if end {
			break
		}
		if i > 5000 {
			t.Fatal("never reached the end")
		}
		a.key("pgdown")
		if i%50 == 0 {
			held(fmt.Sprintf("page %d", i))
		}
	}
	a.waitScreen("note 9999")
	held("at the end")

	a.key("g")
	a.waitScreen("note 0")
	a.key("shift+tab") // the composer
	a.typeText("ping")
	a.key("enter")
	screen := a.waitScreen("note 9999", "pong: ping")
	if strings.Index(screen, "note 9999") > strings.Index(screen, "pong: ping") {
		t.Fatalf("the reply is not after the last note:\n%s", screen)
	}
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
	held("after a message")
}
