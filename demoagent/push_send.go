package demoagent

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// pushQueue posts a task's changes to its push-notification configs, in
// order, one at a time, from a goroutine that runs only while there is
// something to send. The demo posts only to loopback addresses: it runs
// on the user's machine for the user's own parley, and must not become a
// way to make requests anywhere else.
type pushQueue struct {
	mu      sync.Mutex
	jobs    []pushJob
	running bool
}

type pushJob struct {
	cfg  pushConfig
	body []byte
}

// maxQueued bounds what waits to be posted; past it changes are dropped
// (a receiver that is gone must not grow the demo's memory).
const maxQueued = 1024

var pushClient = &http.Client{
	Timeout:       10 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// enqueueLocked queues e for every config of t. Caller holds the store's
// lock, so changes are queued in the order they happened.
func (q *pushQueue) enqueueLocked(t *task, e event) {
	if len(t.push) == 0 {
		return
	}
	body, err := json.Marshal(v10JSON.event(t.id, t.contextID, e))
	if err != nil {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, cfg := range t.push {
		if len(q.jobs) < maxQueued && loopbackURL(cfg.url) {
			q.jobs = append(q.jobs, pushJob{cfg: cfg, body: body})
		}
	}
	if !q.running && len(q.jobs) > 0 {
		q.running = true
		go q.drain()
	}
}

func (q *pushQueue) drain() {
	for {
		q.mu.Lock()
		if len(q.jobs) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		j := q.jobs[0]
		q.jobs = q.jobs[1:]
		q.mu.Unlock()
		post(j)
	}
}

// post sends one notification as a v1.0 agent does: a StreamResponse,
// the token in both versions' headers.
func post(j pushJob) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, j.cfg.url, bytes.NewReader(j.body))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json")
	if j.cfg.token != "" {
		req.Header.Set("A2A-Notification-Token", j.cfg.token)
		req.Header.Set("X-A2A-Notification-Token", j.cfg.token)
	}
	resp, err := pushClient.Do(req)
	if err != nil {
		return
	}
	resp.Body.Close()
}

// loopbackURL reports whether u is an http(s) URL on a loopback address.
func loopbackURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") {
		return false
	}
	host := p.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
