package interop

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	a2a2 "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	grpcv0 "github.com/a2aproject/a2a-go/v2/a2agrpc/v0"
	grpcv1 "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"
	srv2 "github.com/a2aproject/a2a-go/v2/a2asrv"
	eventqueue2 "github.com/a2aproject/a2a-go/v2/a2asrv/eventqueue"
	push2 "github.com/a2aproject/a2a-go/v2/a2asrv/push"
	log2 "github.com/a2aproject/a2a-go/v2/log"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/push"
	"github.com/parley-a2a/parley/session/store"
)

// Push notifications end to end: a task parley stopped following is
// finished by the agent's own push sender (a2a-go's, both majors) posting
// to parley's receiver on loopback; the receiver checks each push and the
// inbox stores it with the task, so the stored context reads as the agent
// left it. A push forged with a2a-go's own sender is refused.

// loopbackPushSender is a2a-go/v2's push sender with its SSRF guard
// opened for loopback: the receiver in these tests is on 127.0.0.1,
// which the guard refuses by default, as it should for a server.
func loopbackPushSender() *push2.HTTPPushSender {
	return push2.NewHTTPPushSender(&push2.HTTPSenderConfig{AllowPrivateNetworks: true, FailOnError: true, Timeout: patience})
}

// startGoV2Push is startGoV2Full (every binding, gRPC included) with a
// push sender that reaches loopback.
func startGoV2Push(t testing.TB) peer {
	t.Helper()
	cfg := newPeerConfig(nil)
	p, mux, logger := newPeer(t, peerGoV2CompName+" (push)", cfg, log2.AttachLogger)
	p.JSONRPC10, p.REST10 = p.BaseURL+pathJSONRPC, p.BaseURL+pathREST
	p.JSONRPC03, p.REST03 = p.BaseURL+pathJSONRPC03, p.BaseURL+pathREST03
	g := listenGRPC(t, &p)
	card := cardV2(p, p.Name)
	card.Capabilities.PushNotifications = true
	card.SupportedInterfaces = append(card.SupportedInterfaces,
		&a2a2.AgentInterface{URL: p.JSONRPC03, ProtocolBinding: a2a2.TransportProtocolJSONRPC, ProtocolVersion: a2av0.Version},
		&a2a2.AgentInterface{URL: p.REST03, ProtocolBinding: a2a2.TransportProtocolHTTPJSON, ProtocolVersion: a2av0.Version},
	)
	handler := srv2.NewHandler(v2Executor{s: cfg.script},
		srv2.WithLogger(logger),
		srv2.WithEventQueueManager(v2QueueManager{Manager: eventqueue2.NewInMemoryManager(), w: p.subs}),
		srv2.WithPushNotifications(push2.NewInMemoryStore(), loopbackPushSender()),
		srv2.WithCallInterceptors(clBearerUser{}))
	mux.Handle(pathJSONRPC, srv2.NewJSONRPCHandler(handler))
	mux.Handle(pathREST+"/", http.StripPrefix(pathREST, srv2.NewRESTHandler(handler)))
	mux.Handle(pathJSONRPC03, a2av0.NewJSONRPCHandler(handler))
	mux.Handle(pathREST03+"/", http.StripPrefix(pathREST03, a2av0.NewRESTHandler(handler)))
	grpcv1.NewHandler(handler).RegisterWith(g.srv)
	grpcv0.NewHandler(handler).RegisterWith(g.srv)
	g.serve()
	mux.Handle(wellKnownCardPath, srv2.NewAgentCardHandler(a2av0.NewStaticAgentCardProducer(card)))
	p.srv.Start()
	return p
}

// waitFor polls cond; the bound is hang protection, not a timing check.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// storedAnswer is the text of the task's "answer" artifact in the store.
func storedAnswer(t *testing.T, s *store.Store, ctxID int64, taskID string) (string, a2aclient.State) {
	t.Helper()
	oc, err := s.OpenContext(ctxID, 0)
	if err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact && it.TaskID == taskID {
			for _, p := range it.Parts {
				text += p.Text
			}
		}
	}
	var st a2aclient.State
	for _, task := range oc.Tasks {
		if task.ID == taskID {
			st = task.State
		}
	}
	return text, st
}

func TestPushDeliveredEndToEnd(t *testing.T) {
	t.Parallel()
	targets := append(clTargetsOf(startGoV2Push(t)), clTargetsOf(startGoV03Full(t))...)
	for _, tg := range targets {
		t.Run(tg.Name, func(t *testing.T) {
			ctx := clCtx(t)
			c := clSignedIn(t, tg)
			store, err := store.Open(filepath.Join(t.TempDir(), "parley.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			inbox := push.NewInbox(store)
			notes := make(chan push.Note, 64)
			inbox.Subscribe(func(n push.Note) { notes <- n })
			recv, err := push.StartReceiver(push.ReceiverOptions{Store: store, OnPush: inbox.Take})
			if err != nil {
				t.Fatal(err)
			}
			defer recv.Close()

			// A long task, followed until it parks, then left: what was
			// streamed is stored, the rest is still to come.
			conv := session.NewConversation(c, "peer", nil)
			rec := store.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(tg.Peer.CardURL, c)})
			conv.Send(scenarioCut)
			taskID := tg.Peer.Script.WaitCutParked(t)
			waitFor(t, "the first chunks", func() bool {
				for _, it := range conv.Items() {
					if it.Kind == session.ItemArtifact && len(it.Parts) == 1 && it.Parts[0].Text == wantAnswer(cutChunksBefore) {
						return true
					}
				}
				return false
			})
			conv.Stop()
			waitFor(t, "the stream to stop", func() bool { return !conv.Busy() })
			if err := rec.Close(); err != nil {
				t.Fatal(err)
			}
			ctxID := rec.ID()

			cfg, err := recv.Register(c.ID(), tg.Peer.CardURL, c.Dialect(), taskID)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(cfg.URL, "http://127.0.0.1:") {
				t.Fatalf("the receiver announced %s, not loopback", cfg.URL)
			}
			if _, err := c.SetPushConfig(ctx, cfg); err != nil {
				t.Fatalf("set the push config: %v", err)
			}

			// A forgery, posted by a2a-go's own sender with a wrong
			// token, that would end the task: refused and counted.
			forged := &a2a2.TaskStatusUpdateEvent{TaskID: a2a2.TaskID(taskID), ContextID: conv.ContextID(), Status: a2a2.TaskStatus{State: a2a2.TaskStateFailed}}
			if err := loopbackPushSender().SendPush(ctx, &a2a2.PushConfig{URL: cfg.URL, Token: "forged-" + cfg.Token[:8]}, forged); err == nil {
				t.Fatal("the forged push was accepted")
			}
			if st := recv.Stats(); st.Forged != 1 || st.Accepted != 0 {
				t.Fatalf("after the forgery: %+v", st)
			}

			tg.Peer.Script.ReleaseCut(taskID)
			for done := false; !done; {
				select {
				case n := <-notes:
					if n.TaskID != taskID || n.Context != ctxID {
						t.Fatalf("a push for %s went to context %d, want %s in %d", n.TaskID, n.Context, taskID, ctxID)
					}
					done = n.State.Terminal()
				case <-ctx.Done():
					t.Fatalf("the task's last push never came: %+v", recv.Stats())
				}
			}
			text, state := storedAnswer(t, store, ctxID, taskID)
			if text != wantAnswer(cutChunksBefore+cutChunksAfter) || state != a2aclient.StateCompleted {
				t.Errorf("the stored task reads %q, %s; want %q, completed", text, state, wantAnswer(cutChunksBefore+cutChunksAfter))
			}
			st := recv.Stats()
			if st.Accepted < cutChunksAfter || st.Rejected() != 1 {
				t.Errorf("receiver stats %+v: want every chunk accepted and the one forgery refused", st)
			}
			if list, _ := store.ListContexts("", ""); len(list) != 1 {
				t.Errorf("%d stored contexts, want the task's one", len(list))
			}
		})
	}
}
