//go:build linux

package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// ab compares parley binaries on the ingest stream, run after run in
// turn, so that load from elsewhere on the machine falls on all of them
// alike:
//
//	parley-bench ab -runs 15 OLD NEW [MORE...]
//
// With -text each run is `parley send` without --json: the text a
// person reads, through the text printer.
//
// Each binary records into a store of its own, created by its own first
// run (never opened by the harness, whose schema may be newer than an
// old binary's), and every run must say it saved the conversation.
func ab(args []string) error {
	fs := flag.NewFlagSet("ab", flag.ExitOnError)
	runs := fs.Int("runs", 11, "runs of each binary on each dialect; medians are reported")
	chunks := fs.Int("chunks", 20000, "artifact chunks per stream")
	dialects := fs.String("dialects", "v0.3,v1.0", "comma-separated dialects to stream")
	text := fs.Bool("text", false, "run `parley send` without --json (the text printer)")
	fs.Parse(args)
	send := []string{"send", "--json"}
	if *text {
		send = []string{"send"}
	}
	bins := fs.Args()
	if len(bins) == 0 {
		return fmt.Errorf("name the parley binaries to compare")
	}
	tmp, err := os.MkdirTemp("", "parley-ab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := buildRusage(tmp); err != nil {
		return err
	}
	fmt.Printf("load average %s before\n", loadAverage())
	for _, d := range strings.Split(*dialects, ",") {
		srv, err := loopback.Start(loopback.Options{Dialect: loopback.Dialect(d), Chunks: *chunks, ChunkSize: chunkSize})
		if err != nil {
			return err
		}
		wall := make([]series, len(bins))
		cpu := make([]series, len(bins))
		rss := make([]series, len(bins))
		envs := make([][]string, len(bins))
		for i := range bins {
			dir := filepath.Join(tmp, fmt.Sprintf("%s-%d", d, i))
			envs[i] = []string{"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
				"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CACHE_HOME=" + filepath.Join(dir, "cache")}
		}
		for r := -1; r < *runs; r++ { // run -1 creates each store, not counted
			for i, bin := range bins {
				p, stderr, err := runProc(append(append([]string{bin}, send...), srv.URL, "go"), envs[i], nil, nil)
				if err == nil {
					err = recorded(stderr)
				}
				if err != nil {
					srv.Close()
					return fmt.Errorf("%s: %w", bin, err)
				}
				if r >= 0 {
					wall[i], cpu[i] = append(wall[i], p.wall), append(cpu[i], p.cpu)
					rss[i] = append(rss[i], time.Duration(p.rss))
				}
			}
		}
		srv.Close()
		fmt.Printf("\n%s, %d chunks, %s, medians of %d runs\n", d, *chunks, strings.Join(send, " "), *runs)
		for i, bin := range bins {
			fmt.Printf("  %-40s wall %-7s CPU %-7s peak RSS %s\n", bin, ms(wall[i].median()), ms(cpu[i].median()), mb(int64(rss[i].median())))
			fmt.Printf("  %-40s   wall %s\n  %-40s   CPU  %s\n", "", wall[i], "", cpu[i])
		}
	}
	fmt.Printf("\nload average %s after\n", loadAverage())
	return nil
}
