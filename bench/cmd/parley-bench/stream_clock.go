//go:build linux

package main

import (
	"sync"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// streamClock is when a loopback agent's first stream started and its
// last one ended, as the agent saw them.
type streamClock struct {
	mu         sync.Mutex
	start, end time.Time
}

// times are the first stream's start and the last one's end.
func (c *streamClock) times() (start, end time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.start, c.end
}

// startClocked starts a v0.3 loopback agent answering chunks chunks of
// size bytes, its streams clocked.
func startClocked(chunks, size int) (*loopback.Server, *streamClock, error) {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: chunks, ChunkSize: size})
	if err != nil {
		return nil, nil, err
	}
	c := &streamClock{}
	srv.OnStream(func(start bool) {
		c.mu.Lock()
		defer c.mu.Unlock()
		switch {
		case start && c.start.IsZero():
			c.start = time.Now()
		case !start:
			c.end = time.Now()
		}
	})
	return srv, c, nil
}
