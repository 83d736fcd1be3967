// Package fakemodel serves stand-ins for the model APIs real A2A servers
// call, on loopback, so that parley's interop tests can run those servers
// (gemini-cli's, VoltAgent's) with no key and no network: the Gemini API
// (generateContent, streamGenerateContent, countTokens) and the
// OpenAI-compatible chat completions API.
//
// The answers follow the user's last words, so a test knows what to
// expect: a plain prompt gets Answer(prompt) streamed a word at a time;
// a prompt containing ToolTrigger gets a shell tool call (Gemini only),
// and the tool's result is answered with ToolAnswer; a prompt containing
// SlowTrigger streams slowly, so that there is time to cancel it.
package fakemodel

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

const (
	// ToolTrigger in a prompt makes the Gemini model call ToolName.
	ToolTrigger = "use the shell"
	// ToolName and ToolCommand are the call the Gemini model makes.
	ToolName    = "run_shell_command"
	ToolCommand = "echo parley-tool-ran"
	// SlowTrigger in a prompt makes the reply take SlowChunks chunks,
	// SlowEvery apart.
	SlowTrigger = "take your time"
	SlowChunks  = 300
	SlowEvery   = 100 * time.Millisecond
)

// Answer is the reply to a plain prompt: several words, streamed one
// chunk per word.
func Answer(prompt string) string {
	return "Fake model answers: " + strings.Join(strings.Fields(prompt), " ") + "."
}

// ToolAnswer is the reply once the tool's result came back.
const ToolAnswer = "The shell tool ran and said what it was asked to."

// ToolResultPrompt stands in Prompts for a request that carries a tool's
// result rather than the user's words.
const ToolResultPrompt = "(a tool's result)"

// Thought is the reasoning the Gemini model shows before a tool call.
const Thought = "**Choosing a tool** The user asked for the shell, so I will run it."

// Server is a fake model API on loopback.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	requests []string // "METHOD path" of every request, in order
	prompts  []string // the last user text of every generation request
}

// Requests lists "METHOD path" for every request so far.
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

// Prompts lists the last user text of every generation request so far.
func (s *Server) Prompts() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.prompts...)
}

func (s *Server) record(r *http.Request, prompt string) {
	s.mu.Lock()
	s.requests = append(s.requests, r.Method+" "+r.URL.Path)
	if prompt != "" {
		s.prompts = append(s.prompts, prompt)
	}
	s.mu.Unlock()
}

// start serves one API, handle, with a Server of its own as receiver.
func start(handle func(*Server, http.ResponseWriter, *http.Request)) *Server {
	s := &Server{}
	// httptest listens on 127.0.0.1 (or [::1] where there is no IPv4
	// loopback): never anywhere else.
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handle(s, w, r) }))
	return s
}

// words splits text into chunks of one word each, the spaces kept, so
// that joining them gives text back.
func words(text string) []string {
	var out []string
	for len(text) > 0 {
		i := strings.IndexByte(text[1:], ' ')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// pace waits between slow chunks; false means the client went away.
func pace(r *http.Request) bool {
	t := time.NewTimer(SlowEvery)
	defer t.Stop()
	select {
	case <-r.Context().Done():
		return false
	case <-t.C:
		return true
	}
}
