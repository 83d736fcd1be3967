//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// cards is one loopback server standing for many configured agents: the
// agent at /aNNN serves a v0.3 card of its own (its name, its endpoint
// under that path) and answers any call with an error, so start-up pays
// for every card parley fetches and nothing else.
type cards struct {
	url string
	srv *http.Server

	mu     sync.Mutex
	served map[string]bool // agents whose card was asked for
	want   int
	all    chan struct{} // closed once want agents' cards were served
}

func startCards() (*cards, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	c := &cards{url: "http://" + ln.Addr().String(), served: map[string]bool{}}
	c.srv = &http.Server{Handler: c}
	go c.srv.Serve(ln)
	return c, nil
}

func (c *cards) Close() error { return c.srv.Close() }

func agentName(i int) string { return fmt.Sprintf("bench-agent-%03d", i) }

// urls are the first n agents' URLs.
func (c *cards) urls(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s/a%03d", c.url, i)
	}
	return out
}

// expect forgets the cards served so far and returns a channel closed
// once n agents' cards have been.
func (c *cards) expect(n int) <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.served, c.want, c.all = map[string]bool{}, n, make(chan struct{})
	return c.all
}

func (c *cards) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	agent, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	var i int
	if _, err := fmt.Sscanf(agent, "a%03d", &i); err != nil || len(agent) != 4 {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"this bench agent only has a card"}}`)
		return
	}
	if !strings.HasPrefix(rest, ".well-known/") {
		http.NotFound(w, r)
		return
	}
	card, _ := json.Marshal(map[string]any{
		"name":               agentName(i),
		"description":        "One of many configured agents: a card and nothing else.",
		"version":            "1.0.0",
		"url":                c.url + "/" + agent + "/",
		"protocolVersion":    "0.3.0",
		"preferredTransport": "JSONRPC",
		"capabilities":       map[string]any{"streaming": true},
		"defaultInputModes":  []string{"text/plain"},
		"defaultOutputModes": []string{"text/markdown"},
		"skills":             []map[string]any{{"id": "card", "name": "Card", "description": "Has a card.", "tags": []string{"bench"}}},
	})
	w.Header().Set("Content-Type", "application/json")
	w.Write(card)
	c.mu.Lock()
	if !c.served[agent] {
		c.served[agent] = true
		if len(c.served) == c.want {
			close(c.all)
		}
	}
	c.mu.Unlock()
}

// writeAgentsConfig writes a config.toml at path listing one agent per
// URL, each under its agentName.
func writeAgentsConfig(path string, urls []string) error {
	var b strings.Builder
	b.WriteString("# parley-bench: configured agents at start-up\n")
	for i, u := range urls {
		fmt.Fprintf(&b, "\n[[agents]]\nname = %q\nurl = %q\n", agentName(i), u)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o600)
}
