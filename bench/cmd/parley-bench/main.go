//go:build linux

// Command parley-bench measures parley against the targets of issue 7
// and prints a table of figures that compare run to run. `make bench`
// runs it from the module root:
//
//	go run ./bench/cmd/parley-bench            everything
//	go run ./bench/cmd/parley-bench -only tui  one part: ingest, multiline, growth, growth2
//	                                           (contexts, agents, index), tui, scale (or its TUI long answer alone: scaletui), keys,
//	                                           idle, startup, go
//	go run ./bench/cmd/parley-bench serve -dialect v1.0
//	                                           the loopback agent alone, to try by hand
//	go run ./bench/cmd/parley-bench fill DIR   the start-up figure's store, under DIR
//	go run ./bench/cmd/parley-bench ab -runs 15 OLD NEW
//	                                           parley binaries side by side on the ingest stream
//
// It builds parley, serves a loopback agent of its own (bench/loopback),
// runs the real binary — `parley send --json`, and the TUI in a pty at
// 120×40 — and the Go benchmarks of the render, store and ingest paths.
// docs/performance.md explains each figure.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// chunkSize is the bytes of answer per streamed chunk: a few tokens.
const chunkSize = 64

type harness struct {
	root string // module root
	// peer is a2a-go's CLI, built once when the v1.0 ingest needs it;
	// peerErr says why it could not be.
	peer    string
	peerErr error
	parley  string // the binary under test
	tmp     string
	runs    int // runs of each process measurement
	tuiRuns int
	chunks  int
	// indexItems is the largest search index growth2 fills.
	indexItems int

	rows     []row
	details  []string
	rawBench []string
}

type row struct {
	group, name, measured, target string
	ok                            *bool // nil: reported, no target
}

func pass(ok bool) *bool { return &ok }

func (h *harness) add(group, name, measured, target string, ok *bool) {
	h.rows = append(h.rows, row{group, name, measured, target, ok})
}

func (h *harness) detail(format string, args ...any) {
	h.details = append(h.details, fmt.Sprintf(format, args...))
}

func (h *harness) progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "parley-bench: "+format+"\n", args...)
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		serve(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "ab" {
		if err := ab(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "parley-bench ab:", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "fill" {
		fill(os.Args[2:])
		return
	}
	h := &harness{}
	only := flag.String("only", "", "comma-separated parts to run: ingest, multiline, growth, growth2 (or one of its parts: contexts, agents, index), tui, scale (or its TUI long answer alone: scaletui), keys, idle, startup, go (default all)")
	flag.StringVar(&h.parley, "parley", "", "the parley binary to measure (default: build it)")
	flag.IntVar(&h.runs, "runs", 5, "runs of each process measurement; the median is reported")
	flag.IntVar(&h.tuiRuns, "tui-runs", 3, "runs of the TUI stream")
	flag.IntVar(&h.chunks, "chunks", 20000, "artifact chunks per stream")
	flag.IntVar(&h.indexItems, "index-items", 1000000, "the largest search index growth2 measures: 100000 or 1000000 items")
	flag.Parse()
	if err := h.run(*only); err != nil {
		fmt.Fprintln(os.Stderr, "parley-bench:", err)
		os.Exit(1)
	}
}

func (h *harness) run(only string) error {
	want := func(part string) bool {
		return only == "" || strings.Contains(","+only+",", ","+part+",")
	}
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return fmt.Errorf("run from inside the parley module: %w", err)
	}
	h.root = strings.TrimSpace(string(root))
	if h.tmp, err = os.MkdirTemp("", "parley-bench-"); err != nil {
		return err
	}
	defer os.RemoveAll(h.tmp)
	if h.parley == "" {
		h.parley = filepath.Join(h.tmp, "parley")
		h.progress("building parley")
		build := exec.Command("go", "build", "-o", h.parley, ".")
		build.Dir, build.Stdout, build.Stderr = h.root, os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build parley: %w", err)
		}
	}
	if err := buildRusage(h.tmp); err != nil {
		return err
	}
	if want("ingest") {
		if _, err := exec.LookPath("curl"); err != nil {
			return fmt.Errorf("curl is the floor of the ingest figures and is not installed (apt-get install curl)")
		}
	}
	loadBefore := loadAverage()
	start := time.Now()
	steps := []struct {
		part string
		f    func() error
	}{
		{"ingest", func() error { return h.ingest(loopback.V03) }},
		{"ingest", func() error { return h.ingest(loopback.V10) }},
		{"multiline", h.multiLine},
		{"growth", h.growth},
		// growth2 is three parts, each also run alone by its own name.
		{"growth2,contexts", h.growthContexts},
		{"growth2,agents", h.growthAgents},
		{"growth2,index", h.growthIndex},
		{"tui", h.tui},
		{"scale", h.scale},
		// The TUI taking the long answer, also run alone as scaletui.
		{"scale,scaletui", h.scaleTUILongs},
		{"keys", h.keys},
		{"idle", h.idle},
		{"startup", h.startup},
		{"go", func() error {
			r, err := h.runGoBenches()
			if err == nil {
				h.goFigures(r)
			}
			return err
		}},
	}
	for _, s := range steps {
		if !slices.ContainsFunc(strings.Split(s.part, ","), want) {
			continue
		}
		h.progress("measuring %s", strings.Replace(s.part, ",", ": ", 1))
		if err := s.f(); err != nil {
			return fmt.Errorf("%s: %w", s.part, err)
		}
	}
	h.print(loadBefore, time.Since(start))
	return nil
}

// print writes the machine, the table of figures against targets, and
// the details behind them.
func (h *harness) print(loadBefore string, took time.Duration) {
	commit, _ := exec.Command("git", "-C", h.root, "rev-parse", "--short", "HEAD").Output()
	dirty, _ := exec.Command("git", "-C", h.root, "status", "--porcelain", "--untracked-files=no").Output()
	rev := strings.TrimSpace(string(commit))
	if len(dirty) > 0 {
		rev += " (with uncommitted changes)"
	}
	fmt.Printf("parley-bench  %s  commit %s\n", time.Now().Format("2006-01-02 15:04"), rev)
	fmt.Printf("machine       %d CPUs, %s, %s %s/%s\n", runtime.NumCPU(), cpuModel(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Printf("load average  %s before, %s after (%s); figures from a busy machine vary\n\n", loadBefore, loadAverage(), ms(took))

	// Groups in the order of the targets, rows in the order
	// measured.
	slices.SortStableFunc(h.rows, func(a, b row) int { return strings.Compare(a.group, b.group) })
	wName, wMeas, wTarget := 0, 0, 0
	for _, r := range h.rows {
		wName = max(wName, len([]rune(r.name)))
		wMeas = max(wMeas, len([]rune(r.measured)))
		wTarget = max(wTarget, len([]rune(r.target)))
	}
	failed := 0
	group := ""
	for _, r := range h.rows {
		if r.group != group {
			group = r.group
			fmt.Printf("%s\n", group)
		}
		verdict := ""
		switch {
		case r.ok == nil:
		case *r.ok:
			verdict = "pass"
		default:
			verdict = "FAIL"
			failed++
		}
		fmt.Printf("  %s  %s  %s  %s\n", pad(r.name, wName), pad(r.measured, wMeas), pad(r.target, wTarget), verdict)
	}
	fmt.Printf("\n%d figures against a target missed it.\n\ndetails\n", failed)
	for _, d := range h.details {
		fmt.Printf("  %s\n", d)
	}
}

// buildRusage builds parley-rusage into dir, the program that measures
// each run's peak RSS as its own, and has runProc use it.
func buildRusage(dir string) error {
	bin := filepath.Join(dir, "parley-rusage")
	build := exec.Command("go", "build", "-o", bin, "github.com/parley-a2a/parley/bench/cmd/parley-rusage")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build parley-rusage: %w", err)
	}
	rusageBin = bin
	return nil
}

func pad(s string, w int) string { return s + strings.Repeat(" ", max(w-len([]rune(s)), 0)) }

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
