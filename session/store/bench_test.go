package store

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// fillContext records a context of n items: user turns, agent replies,
// status lines and Markdown artifacts, as a long conversation has.
func fillContext(b testing.TB, s *Store, n int) int64 {
	b.Helper()
	conv := session.NewConversation(nil, "bench", nil)
	conv.Restore("ctx", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "bench", Ref: "http://bench"}})
	answer := strings.Repeat("Some **Markdown** text with `code` and a [link](http://x). ", 8)
	conv.Edit(func(e session.Editor) {
		for i := 0; i < n; i++ {
			task := fmt.Sprintf("task-%d", i/4)
			switch i % 4 {
			case 0:
				e.Add(&session.Item{Key: fmt.Sprintf("user:%d", i), Kind: session.ItemUser, Text: fmt.Sprintf("Question number %d?", i), Done: true})
			case 1:
				e.Add(&session.Item{Key: fmt.Sprintf("status:%d", i), Kind: session.ItemStatus, TaskID: task, State: a2aclient.StateWorking, Text: "Working on it…", Done: true})
			case 2:
				e.Add(&session.Item{Key: "art:" + task, Kind: session.ItemArtifact, TaskID: task, Name: "answer", Done: true,
					Parts: []a2aclient.Part{a2aclient.TextPart(answer)}})
			case 3:
				e.Add(&session.Item{Key: fmt.Sprintf("msg:%d", i), Kind: session.ItemAgent, TaskID: task, Text: answer, Done: true})
			}
		}
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		b.Fatal(err)
	}
	return rec.ID()
}

// BenchmarkOpenContext10k opens a 10,000-item context to its first
// screen: the context, its tasks, the item count and the last 100 items.
func BenchmarkOpenContext10k(b *testing.B) {
	s := openTestStore(b)
	id := fillContext(b, s, 10000)
	b.Run("first-screen", func(b *testing.B) {
		for b.Loop() {
			oc, err := s.OpenContext(id, 100)
			if err != nil || len(oc.Items) != 100 || oc.Total != 10000 {
				b.Fatal(err)
			}
		}
	})
	b.Run("page-back", func(b *testing.B) {
		for b.Loop() {
			if items, err := s.LoadBefore(id, 5000, 100); err != nil || len(items) != 100 {
				b.Fatal(err)
			}
		}
	})
	b.Run("everything", func(b *testing.B) {
		for b.Loop() {
			if oc, err := s.OpenContext(id, 0); err != nil || len(oc.Items) != 10000 {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkListContexts5k lists 5,000 contexts, unfiltered and filtered
// as the user types.
func BenchmarkListContexts5k(b *testing.B) {
	s := openTestStore(b)
	for i := 0; i < 5000; i++ {
		conv := session.NewConversation(nil, "bench", nil)
		rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: fmt.Sprintf("agent %d", i%7), Ref: fmt.Sprintf("http://agent%d", i%7)}})
		conv.Edit(func(e session.Editor) {
			e.Add(&session.Item{Key: "user:1", Kind: session.ItemUser, Text: fmt.Sprintf("Conversation %d about topic %d", i, i%97), Done: true})
		})
		conv.Changed()
		if err := rec.Close(); err != nil {
			b.Fatal(err)
		}
	}
	for _, tc := range []struct{ name, agent, filter string }{
		{"all", "", ""}, {"agent", "http://agent3", ""}, {"filter", "", "topic 42"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if list, err := s.ListContexts(tc.agent, tc.filter); err != nil || len(list) == 0 {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("search", func(b *testing.B) {
		for b.Loop() {
			if hits, err := s.Search("topic 42", 20); err != nil || len(hits) == 0 {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRecordLatency measures how long a change takes to be committed:
// the grouping window plus one transaction.
func BenchmarkRecordLatency(b *testing.B) {
	s := openTestStore(b)
	conv := session.NewConversation(nil, "bench", nil)
	flushed := make(chan struct{}, 1)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "bench"}, OnFlush: func(session.Flush) { flushed <- struct{}{} }})
	defer rec.Close()
	for b.Loop() {
		say(conv, "a change")
		<-flushed
	}
}

// BenchmarkRecordStreamedAnswer is the recorder's share of a streamed
// answer without the stream: one artifact of 64-byte chunks, flushed
// every 1,000 chunks (a group), then closed. ns/chunk should not grow
// with the answer.
func BenchmarkRecordStreamedAnswer(b *testing.B) {
	chunk := strings.Repeat("Some **Markdown** with `code`, ", 3)[:64]
	for _, chunks := range []int{5000, 20000, 80000} {
		b.Run(fmt.Sprintf("%dKB", chunks*len(chunk)>>10), func(b *testing.B) {
			s := openTestStore(b)
			for b.Loop() {
				conv := session.NewConversation(nil, "bench", nil)
				conv.Restore("ctx", nil, nil)
				rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "bench"}, Delay: time.Hour})
				var text strings.Builder
				for i := range chunks {
					text.WriteString(chunk)
					conv.Edit(func(e session.Editor) {
						e.Task("t", "")
						e.PutArtifact("t", a2aclient.Artifact{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(text.String())}}, i == chunks-1)
					})
					if i%1000 == 999 {
						if err := rec.Flush(); err != nil {
							b.Fatal(err)
						}
					}
				}
				if err := rec.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*chunks), "ns/chunk")
		})
	}
}

// BenchmarkShortSend is the store's fixed cost in one `parley send` of a
// short answer: open a store that holds some history, record a question,
// a task and its one-chunk answer in a new context, close the recorder
// and the store. open-close is the opening and closing alone.
func BenchmarkShortSend(b *testing.B) {
	path := filepath.Join(b.TempDir(), "parley.db")
	s, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	fillContext(b, s, 400)
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	b.Run("open-close", func(b *testing.B) {
		for b.Loop() {
			s, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("send", func(b *testing.B) {
		for b.Loop() {
			s, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			conv := session.NewConversation(nil, "bench", nil)
			conv.Restore("", nil, nil)
			rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "bench", Ref: "http://bench"}})
			conv.Edit(func(e session.Editor) {
				e.Add(&session.Item{Key: "user:1", Kind: session.ItemUser, Text: "go", Done: true})
				e.Task("t", "")
				e.PutArtifact("t", a2aclient.Artifact{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart("## Step 0\n\nThe itinerary for day 0 starts\n")}}, true)
			})
			conv.Changed()
			if err := rec.Close(); err != nil {
				b.Fatal(err)
			}
			if err := s.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRecordGroup is one group of a long stream as the recorder
// writes it: a chunk appended to a streaming answer, written as a tail
// in one transaction. What every group pays whatever it holds (the
// transaction, the statements) shows here.
func BenchmarkRecordGroup(b *testing.B) {
	chunk := strings.Repeat("Some **Markdown** with `code`, ", 3)[:64]
	s := openTestStore(b)
	conv := session.NewConversation(nil, "bench", nil)
	conv.Restore("ctx", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "bench"}, Delay: time.Hour})
	defer rec.Close()
	var text strings.Builder
	for b.Loop() {
		text.WriteString(chunk)
		conv.Edit(func(e session.Editor) {
			e.Task("t", "")
			e.PutArtifact("t", a2aclient.Artifact{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(text.String())}}, false)
		})
		if err := rec.Flush(); err != nil {
			b.Fatal(err)
		}
	}
}
