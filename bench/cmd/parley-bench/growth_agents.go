//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// agentPoints are the numbers of configured agents measured.
var agentPoints = []int{1, 10, 100}

// growthAgents measures the TUI starting with 1 to 100 agents in its
// config, all on one loopback server that serves each its own card (the
// TUI fetches every configured agent's card at start-up, in the
// background): exec to the first frame, exec to the last card served,
// and the peak RSS once it has settled.
func (h *harness) growthAgents() error {
	cs, err := startCards()
	if err != nil {
		return err
	}
	defer cs.Close()
	g := "7b growth: configured agents (issue 30 goal 6)"
	runs := h.growthRuns()
	first, cardsIn, cpu, rss := curve{unit: msUnit}, curve{unit: msUnit}, curve{unit: msUnit}, curve{unit: mbUnit}
	for _, n := range agentPoints {
		dir, err := os.MkdirTemp(h.tmp, "agents-")
		if err != nil {
			return err
		}
		if err := writeAgentsConfig(filepath.Join(dir, "config", "parley", "config.toml"), cs.urls(n)); err != nil {
			return err
		}
		var fs, cards, cpus series
		var peak int64
		for i := 0; i < runs; i++ {
			all := cs.expect(n)
			cmd := exec.Command(h.parley)
			cmd.Env = tuiEnv(dir)
			r, err := startPTY(cmd, tuiCols, tuiRows)
			if err != nil {
				return err
			}
			at, err := r.waitFromStart("Agents", 20*time.Second)
			if err == nil {
				fs = append(fs, at.Sub(r.start))
				select {
				case <-all:
					cards = append(cards, time.Since(r.start))
				case <-time.After(60 * time.Second):
					err = fmt.Errorf("%d agents' cards were not all asked for within a minute: %s", n, r.tail())
				}
			}
			if err == nil {
				_, err = r.quiet(300*time.Millisecond, 30*time.Second)
				cpus = append(cpus, cpuTime(cmd.Process.Pid))
				peak = max(peak, peakRSS(cmd.Process.Pid))
			}
			r.stop()
			if err != nil {
				return fmt.Errorf("the TUI with %d agents: %w", n, err)
			}
		}
		h.detail("configured agents: %d, first frame %s, last card served %s, CPU until settled %s, peak RSS %s", n, fs, cards, cpus, mb(peak))
		first.add(n, float64(fs.median()))
		cardsIn.add(n, float64(cards.median()))
		cpu.add(n, float64(cpus.median()))
		rss.add(n, float64(peak))
	}
	pts := pointsLabel(agentPoints) + " agents"
	h.addCurve(g, "TUI: exec to first frame, "+pts, &first)
	h.addCurve(g, "TUI: exec to every agent's card served", &cardsIn)
	h.addCurve(g, "TUI: CPU until settled", &cpu)
	h.addCurve(g, "TUI: peak RSS, settled", &rss)
	return nil
}
