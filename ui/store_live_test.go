package ui

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/ui/keys"
)

// leaveRunning records a streamed answer into store until part of it is
// on disk, then stops following as a crash would, leaving the task
// running on the agent. ref is what the agent is called in the store.
func leaveRunning(t *testing.T, store *store.Store, url, ref string) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client, err := a2aclient.Resolve(ctx, url, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	conv := session.NewConversation(client, "parley demo", nil)
	partial := make(chan struct{}, 1)
	rec := store.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(ref, client), OnFlush: func(f session.Flush) {
		for _, it := range f.Items {
			if it.Kind == session.ItemArtifact && !it.Done {
				select {
				case partial <- struct{}{}:
				default:
				}
			}
		}
	}})
	conv.Send("Tell me a story")
	select {
	case <-partial:
	case <-ctx.Done():
		t.Fatal("no partial answer was recorded")
	}
	conv.Stop()
	for conv.Busy() && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return rec.ID()
}

func openStore(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(filepath.Join(t.TempDir(), "parley.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// liveShown waits until the conversation on screen is the one the
// resume follows for context id, not a copy restored from the store.
func (a *app) liveShown(id int64) {
	a.t.Helper()
	a.waitState("the resumed conversation shown", func(m *Model) bool {
		m.live.mu.Lock()
		live := m.live.byID[id]
		m.live.mu.Unlock()
		return live != nil && m.current != nil && m.current.Conv == live
	})
}

// parley --context ID on a conversation whose task is being resumed
// shows that task live: the conversation the resume follows, streaming
// to its end; not a frozen copy stuck at "working … (incomplete)".
func TestResumedContextOpensLive(t *testing.T) {
	store := openStore(t)
	var id int64
	a := startApp(t, appOptions{noWelcome: true, store: store, demo: demoagent.Options{ChunkDelay: 20 * time.Millisecond},
		prepare: func(url string) int64 {
			id = leaveRunning(t, store, url+"/", url+"/")
			return id
		}})
	a.liveShown(id)
	a.waitScreen("✓ completed", "Answered in")
	a.inspect(func(m *Model) {
		if len(m.entries) != 1 {
			t.Errorf("%d agents listed, want the one", len(m.entries))
		}
	})
}

// The same conversation opened later with ctrl+o: the live one again.
func TestResumedContextReopenedLive(t *testing.T) {
	store := openStore(t)
	var id int64
	a := startApp(t, appOptions{noWelcome: true, store: store, demo: demoagent.Options{ChunkDelay: 20 * time.Millisecond},
		prepare: func(url string) int64 {
			id = leaveRunning(t, store, url+"/", url+"/")
			return 0
		}})
	a.waitScreen("Resumed 1 unfinished task from last time.")
	a.key("ctrl+o")
	a.waitScreen("Contexts · 1 ·", "Tell me a story") // the one stored, listed
	a.key("enter")
	a.waitScreen(`Opened "Tell me a story"`)
	a.liveShown(id)
	a.waitScreen("✓ completed", "Answered in")
}

// A conversation stored under another spelling of the agent's address
// (no trailing slash, as typed to parley send) reopens with the agent
// already listed, not a second copy of it.
func TestReopenMatchesTheAgentByAddress(t *testing.T) {
	store := openStore(t)
	a := startApp(t, appOptions{noWelcome: true, store: store, demo: demoagent.Options{ChunkDelay: 20 * time.Millisecond},
		prepare: func(url string) int64 {
			return leaveRunning(t, store, url+"/", url)
		}})
	a.waitScreen("✓ completed", "Answered in")
	a.inspect(func(m *Model) {
		if len(m.entries) != 1 {
			var refs []string
			for _, e := range m.entries {
				refs = append(refs, e.Ref)
			}
			t.Errorf("agents listed: %q; want the one", refs)
		}
	})
}

// Started with the demo agent or with config agents alike, parley says
// how to reopen the last conversation.
func TestStartOffersTheLastConversation(t *testing.T) {
	other := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	t.Cleanup(other.Close)
	// The conversation's agent is labelled as everywhere (session's
	// labels): a config agent goes by its config name; beside the
	// in-process demo, the other "parley demo" says where it is once
	// the in-process one's card, and so its name, is known.
	// The conversations view opens on the current agent's: the hint says
	// how to list all agents' when the conversation is with another (a
	// demo on another port is another agent).
	for _, tc := range []struct {
		name  string
		o     appOptions
		ref   string // what the conversation was recorded under
		label string
		lists string
	}{
		{"demo", appOptions{}, other.URL + "/", "parley demo", "is kept: ctrl+o, then ctrl+t for all agents, lists it"},
		{"config agents", appOptions{noWelcome: true, cfg: &config.Config{Agents: []config.Agent{{Name: "mine", URL: other.URL + "/"}}},
			agents: func(string) []string { return nil }}, "mine", "mine,", "is kept: ctrl+o lists it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := openStore(t)
			tc.o.store = store
			tc.o.prepare = func(url string) int64 {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				client, err := a2aclient.Resolve(ctx, other.URL+"/", a2aclient.Options{})
				if err != nil {
					t.Fatal(err)
				}
				conv := session.NewConversation(client, "parley demo", nil)
				rec := store.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(tc.ref, client)})
				if _, err := conv.Exchange(ctx, a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("ping the agent")}}, session.FollowOptions{}); err != nil {
					t.Fatal(err)
				}
				if err := rec.Close(); err != nil {
					t.Fatal(err)
				}
				return 0
			}
			a := startApp(t, tc.o)
			// Read from the status, not the screen: at 120 columns the
			// longer hint wraps where the label's length puts it.
			a.waitState("the offer of the last conversation", func(m *Model) bool {
				return strings.Contains(m.status, `Your last conversation, "ping the agent" with `+tc.label) && strings.Contains(m.status, tc.lists)
			})
		})
	}
}

// A notice of the start (the demo on another port) is not replaced by
// the offer of the last conversation: both show, the notice first.
func TestStartNoticeStaysBesideTheOffer(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark", Notice: "Port 4141 is in use; the demo agent runs on 127.0.0.1:41645 this time."})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.offerLast(&session.ContextInfo{ID: 1, Title: "Hello", Agent: session.AgentInfo{Ref: "http://127.0.0.1:4141/", Name: "parley demo"}})
	if !strings.HasPrefix(m.status, "Port 4141 is in use") || !strings.Contains(m.status, `Your last conversation, "Hello"`) {
		t.Errorf("status %q: want the notice, then the offer", m.status)
	}
}
