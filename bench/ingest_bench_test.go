// Package bench holds parley's whole-path benchmarks (issue 7): the
// in-process ingest benchmarks here, the loopback agent they stream from
// (bench/loopback) and the whole-process harness (bench/cmd/parley-bench)
// that `make bench` runs. Nothing here runs under `go test` without -bench.
package bench

import (
	"context"
	"io"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/cli"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// ingestChunks is the stream of issue 7: 20,000 artifact chunks of 64
// bytes, a few tokens each.
const (
	ingestChunks = 20000
	ingestChunk  = 64
	// ingestEvents counts every event: the task, the chunks, the status.
	ingestEvents = ingestChunks + 2
)

// BenchmarkIngest takes in one 20,000-chunk stream per iteration, through
// more of parley at each stage:
//
//	decode        the client: SSE, JSON-RPC envelope, event decoding
//	follow        + the Tracker assembling the artifact (session.Exchange)
//	conversation  + the Conversation the UI reads (transcript, tasks)
//	recorded      + the context store recording it (what parley send does)
//	send-json     parley send --json run in-process: card, store, output
//
// Figures per event: ns/event, B/event and allocs/event; events/s is the
// rate of the whole stage. Run with
//
//	go test ./bench/ -run '^$' -bench Ingest -benchmem
//
// The same stream framed as other SDKs frame it (loopback.MultiLine:
// CRLF, a comment, event and id fields, indented JSON over many "data:"
// lines) runs as v0.3-multi-line and v1.0-multi-line.
func BenchmarkIngest(b *testing.B) {
	for _, d := range []loopback.Dialect{loopback.V03, loopback.V10} {
		b.Run(string(d), func(b *testing.B) { benchIngest(b, d, loopback.OneLine) })
	}
	for _, d := range []loopback.Dialect{loopback.V03, loopback.V10} {
		b.Run(string(d)+"-"+string(loopback.MultiLine), func(b *testing.B) { benchIngest(b, d, loopback.MultiLine) })
	}
}

func benchIngest(b *testing.B, d loopback.Dialect, form loopback.Form) {
	srv, err := loopback.Start(loopback.Options{Dialect: d, Chunks: ingestChunks, ChunkSize: ingestChunk, Form: form})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	ctx := context.Background()
	client, err := a2aclient.Resolve(ctx, srv.URL, a2aclient.Options{})
	if err != nil {
		b.Fatal(err)
	}
	req := func() a2aclient.SendRequest {
		return a2aclient.SendRequest{Message: a2aclient.Message{Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart("go")}}}
	}
	want := len(srv.Answer)

	b.Run("decode", func(b *testing.B) {
		measure(b, func() {
			st, err := client.Stream(ctx, req())
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			for {
				_, err := st.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != ingestEvents {
				b.Fatalf("%d events, want %d", n, ingestEvents)
			}
		})
	})
	b.Run("follow", func(b *testing.B) {
		measure(b, func() {
			s, err := session.Exchange(ctx, client, req(), session.FollowOptions{})
			check(b, s, err, want)
		})
	})
	b.Run("conversation", func(b *testing.B) {
		measure(b, func() {
			conv := session.NewConversation(client, "bench", nil)
			s, err := conv.Exchange(ctx, req().Message, session.FollowOptions{})
			check(b, s, err, want)
		})
	})
	b.Run("recorded", func(b *testing.B) {
		store, err := store.Open(filepath.Join(b.TempDir(), "parley.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer store.Close()
		measure(b, func() {
			conv := session.NewConversation(client, "bench", nil)
			rec := store.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, client)})
			s, err := conv.Exchange(ctx, req().Message, session.FollowOptions{})
			if cerr := rec.Close(); cerr != nil {
				b.Fatal(cerr)
			}
			check(b, s, err, want)
		})
	})
	b.Run("send-json", func(b *testing.B) {
		dir := b.TempDir()
		env := cli.Env{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" },
			ConfigPath: filepath.Join(dir, "config.toml"), StorePath: filepath.Join(dir, "parley.db")}
		measure(b, func() {
			if code := cli.Run(ctx, []string{"send", "--json", srv.URL, "go"}, env); code != 0 {
				b.Fatalf("parley send exited with %d", code)
			}
		})
	})
}

func check(b *testing.B, s *session.Summary, err error, want int) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
	if s.State != string(a2aclient.StateCompleted) || len(s.Text) != want {
		b.Fatalf("the exchange ended %s with %d bytes of text, want completed with %d", s.State, len(s.Text), want)
	}
}

// measure runs one stream per iteration and reports the figures per
// event, which stay comparable whatever b.N is.
func measure(b *testing.B, stream func()) {
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu0 := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		stream()
	}
	b.StopTimer()
	cpu := processCPU() - cpu0
	runtime.ReadMemStats(&after)
	events := float64(b.N) * ingestEvents
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/events, "ns/event")
	// The process's CPU (every goroutine, the loopback agent's included,
	// which only copies a pre-built body): on a machine shared with other
	// work it varies far less than the wall time.
	b.ReportMetric(float64(cpu.Nanoseconds())/events, "cpu-ns/event")
	b.ReportMetric(events/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/events, "B/event")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/events, "allocs/event")
}
