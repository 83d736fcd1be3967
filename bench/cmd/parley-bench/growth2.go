//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The growth points of issue 30's goal 6 (-only growth2): the number
// of stored conversations (growth_contexts.go), of configured agents
// (growth_agents.go) and of items in the search index
// (growth_index.go), each figure a curve over its points judged flat or
// linear (curve.go).

// procFigures is one command's medians over its runs.
type procFigures struct {
	wall, cpu time.Duration
	rss       int64
}

// procMedians runs argv runs times with env and returns its medians;
// every run's values go to the details under name.
func (h *harness) procMedians(name string, argv, env []string, runs int) (procFigures, error) {
	var wall, cpu, rss series
	for i := 0; i < runs; i++ {
		p, _, err := runProc(argv, env, nil, nil)
		if err != nil {
			return procFigures{}, fmt.Errorf("%s: %w", name, err)
		}
		wall, cpu, rss = append(wall, p.wall), append(cpu, p.cpu), append(rss, time.Duration(p.rss))
	}
	h.detail("%s: wall %s, CPU %s, peak RSS %s", name, wall, cpu, mbSeries(rss))
	return procFigures{wall.median(), cpu.median(), int64(rss.median())}, nil
}

// xdgEnv is a command's environment with its folders under dir.
func xdgEnv(dir string) []string {
	return []string{"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}
}

// storePath is the store parley opens with its folders under dir.
func storePath(dir string) string { return filepath.Join(dir, "data", "parley", "parley.db") }

// storeSize is the bytes of the store's files (the database and what of
// it is still in the write-ahead log).
func storeSize(dir string) int64 {
	var n int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(storePath(dir) + suffix); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// Units of the curves.
func msUnit(v float64) string { return ms(time.Duration(v)) }
func mbUnit(v float64) string { return mb(int64(v)) }

// growthRuns is the runs of each growth point's measure: the points are
// many, so fewer runs than a figure of its own.
func (h *harness) growthRuns() int { return max(min(h.runs, 3), 1) }

// pointsLabel writes growth points as "10 / 100 / 1,000".
func pointsLabel(ns []int) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = thousands(n)
	}
	return strings.Join(out, " / ")
}
