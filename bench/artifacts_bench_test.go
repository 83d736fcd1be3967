package bench

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/cli"
)

// BenchmarkDistinctArtifacts is issue 12's stream of many distinct
// one-character artifacts through parley send --json, at sizes whose
// times show whether the cost grows linearly (ns/artifact stays flat).
//
//	go test ./bench/ -run '^$' -bench DistinctArtifacts -benchtime 1x
func BenchmarkDistinctArtifacts(b *testing.B) {
	for _, out := range []string{"json", "text"} {
		for _, n := range []int{10000, 40000, 100000} {
			b.Run(fmt.Sprintf("%s/%d", out, n), func(b *testing.B) { benchDistinct(b, out, n) })
		}
	}
}

func benchDistinct(b *testing.B, out string, n int) {
	args := []string{"send", "--json"}
	if out == "text" {
		args = []string{"send"}
	}
	{
		{
			srv, err := loopback.Start(loopback.Options{Chunks: n, ChunkSize: 1, Distinct: true})
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Close()
			dir := b.TempDir()
			env := cli.Env{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" },
				ConfigPath: filepath.Join(dir, "config.toml"), StorePath: filepath.Join(dir, "parley.db")}
			b.ResetTimer()
			for range b.N {
				if code := cli.Run(context.Background(), append(args, srv.URL, "go"), env); code != 0 {
					b.Fatalf("parley send exited with %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/artifact")
		}
	}
}
