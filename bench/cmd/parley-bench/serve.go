//go:build linux

package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/parley-a2a/parley/bench/loopback"
)

// serve runs the loopback agent alone until interrupted, and writes the
// request curl sends, so the figures can be reproduced by hand.
func serve(args []string) {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	dialect := fs.String("dialect", "v0.3", "v0.3 or v1.0 (JSON-RPC)")
	chunks := fs.Int("chunks", 20000, "artifact chunks per stream")
	size := fs.Int("size", chunkSize, "bytes of answer per chunk")
	distinct := fs.Bool("distinct", false, "each chunk an artifact of its own")
	interleave := fs.Int("interleave", 0, "stream that many artifacts at once, a chunk of each in turn, -chunks each")
	form := fs.String("form", "one-line", "how events are framed: one-line, or multi-line (CRLF, a comment, event and id fields, indented JSON)")
	fs.Parse(args)
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.Dialect(*dialect), Chunks: *chunks, ChunkSize: *size, Distinct: *distinct, Form: loopback.Form(*form), Interleave: *interleave})
	if err != nil {
		fmt.Fprintln(os.Stderr, "parley-bench serve:", err)
		os.Exit(1)
	}
	defer srv.Close()
	req := filepath.Join(os.TempDir(), "parley-bench-request.json")
	if err := os.WriteFile(req, srv.StreamRequest(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "parley-bench serve:", err)
		os.Exit(1)
	}
	fmt.Printf("loopback agent (%s, %d chunks of %d bytes", *dialect, *chunks, *size)
	if *interleave > 1 {
		fmt.Printf(" into each of %d artifacts, interleaved", *interleave)
	}
	fmt.Printf(") at %s\n\n", srv.URL)
	fmt.Printf("  curl -sN -o /dev/null -X POST -H 'Content-Type: application/json' --data-binary @%s %s/\n", req, srv.URL)
	fmt.Printf("  parley send --json %s go > /dev/null\n", srv.URL)
	fmt.Printf("  parley --agent %s\n\nctrl+c stops it.\n", srv.URL)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	<-stop
}
