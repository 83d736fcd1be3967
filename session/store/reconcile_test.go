package store

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
)

// An agent that does not replay what a cut lost: the stream gives
// "chunk-1 ", breaks inside chunk-2, and the resubscribe goes on with
// chunk-3 and chunk-4. The answer parley shows, stores and returns must
// be the agent's whole answer. Where the agent resubscribes, what
// streamed ("chunk-1 chunk-3 chunk-4 ") was wrong, and the fetch after
// the resumed stream replaces it: the repair must be said in the
// transcript and in the wire log. Where it cannot, polling reads the
// whole task, which only goes on from the "chunk-1 " shown: nothing
// shown was wrong, and no repair is said.
func TestReconcileAfterCutTakesTheAgentsAnswer(t *testing.T) {
	for _, tc := range []struct {
		name     string
		faults   []hostile.Fault
		repaired bool
	}{
		{"resubscribe", []hostile.Fault{{Mode: hostile.DropOnCut}}, true},
		{"poll", []hostile.Fault{
			{Mode: hostile.Unsupported, Methods: []string{"tasks/resubscribe"}},
			{Mode: hostile.DropOnCut},
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := hostile.Serve(tc.faults...)
			t.Cleanup(srv.Close)
			var mu sync.Mutex
			var notes []string
			client, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{PollInterval: time.Millisecond,
				Wire: func(r a2aclient.WireRecord) {
					if r.Kind == a2aclient.WireNote {
						mu.Lock()
						notes = append(notes, string(r.Body))
						mu.Unlock()
					}
				}})
			if err != nil {
				t.Fatal(err)
			}
			store := openTestStore(t)
			conv := session.NewConversation(client, "hostile", nil)
			rec := store.Record(conv, session.RecordOptions{})
			var repairs []session.Repair
			o := session.FollowOptions{ResumeDelay: -1, OnUpdate: func(u session.Update) {
				if u.Repair != nil {
					repairs = append(repairs, *u.Repair)
				}
			}}
			s, err := conv.Exchange(hostileFollowCtx(t), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("count")}}, o)
			if err != nil {
				t.Fatal(err)
			}
			if err := rec.Close(); err != nil {
				t.Fatal(err)
			}
			if s.State != "completed" || s.Text != hostile.DroppedAnswer {
				t.Errorf("summary: state %q, text %q; want the agent's %q", s.State, s.Text, hostile.DroppedAnswer)
			}
			if len(s.Artifacts) != 1 || joined(s.Artifacts[0].Parts) != hostile.DroppedAnswer {
				t.Errorf("summary artifacts %+v", s.Artifacts)
			}
			shown, noted := "", false
			for _, it := range conv.Items() {
				if it.Kind == session.ItemArtifact {
					shown = joined(it.Parts)
				}
				noted = noted || it.Kind == session.ItemNotice && strings.Contains(it.Text, "lost part of task task-1")
			}
			if shown != hostile.DroppedAnswer {
				t.Errorf("the conversation shows %q", shown)
			}
			if noted != tc.repaired {
				t.Errorf("the transcript says the answer was repaired: %t, want %t: %+v", noted, tc.repaired, conv.Items())
			}
			items, err := store.LoadTail(rec.ID(), 0)
			if err != nil {
				t.Fatal(err)
			}
			stored := ""
			for _, it := range items {
				if it.Kind == session.ItemArtifact {
					stored = joined(it.Parts)
				}
			}
			if stored != hostile.DroppedAnswer {
				t.Errorf("the store holds %q", stored)
			}
			mu.Lock()
			defer mu.Unlock()
			if !tc.repaired {
				if len(repairs) != 0 || len(notes) != 0 {
					t.Errorf("repairs %+v, wire notes %q; the polled task only goes on from what streamed", repairs, notes)
				}
				return
			}
			if len(repairs) != 1 || repairs[0].TaskID != hostile.TaskID || len(repairs[0].Artifacts) != 1 {
				t.Errorf("repairs %+v", repairs)
			}
			if len(notes) != 1 || !strings.Contains(notes[0], "task-1") {
				t.Errorf("wire notes %q", notes)
			}
		})
	}
}

// A resumed stream that lost nothing is left as it is: one fetch, no
// repair, no note.
func TestReconcileWithoutLossChangesNothing(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.CutStream, Methods: []string{"message/stream"}, Times: 1})
	var repairs []session.Repair
	o := session.FollowOptions{ResumeDelay: -1, OnUpdate: func(u session.Update) {
		if u.Repair != nil {
			repairs = append(repairs, *u.Repair)
		}
	}}
	s, err := session.Exchange(hostileFollowCtx(t), hostileFollowClient(t, srv), hello(), o)
	if err != nil || s.Text != hostile.Answer {
		t.Fatalf("summary %+v, err %v", s, err)
	}
	gets := 0
	for _, r := range srv.Requests() {
		if r.RPC == "tasks/get" {
			gets++
		}
	}
	if gets != 1 || len(repairs) != 0 {
		t.Errorf("%d fetches, repairs %+v; want one fetch and no repair", gets, repairs)
	}
}

func joined(parts []a2aclient.Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}
