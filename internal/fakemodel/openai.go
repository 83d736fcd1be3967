package fakemodel

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// OpenAI starts a fake OpenAI-compatible chat completions API. The base
// URL to give a client is URL + "/v1".
func OpenAI() *Server {
	return start((*Server).openai)
}

func (s *Server) openai(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		s.record(r, "")
		http.Error(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`, http.StatusNotFound)
		return
	}
	var req struct {
		Stream   bool `json:"stream"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	_ = json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<20)).Decode(&req)
	var prompt string
	for i := len(req.Messages) - 1; i >= 0; i-- {
		if m := req.Messages[i]; m.Role == "user" {
			prompt = contentText(m.Content)
			break
		}
	}
	s.record(r, prompt)
	answer := Answer(prompt)
	if !req.Stream {
		writeJSON(w, map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion", "created": 1, "model": "fake-model",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": answer}}},
			"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
		})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(delta map[string]any, finish any) {
		b, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1, "model": "fake-model",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}},
		})
		fmt.Fprintf(w, "data: %s\n\n", b)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	send(map[string]any{"role": "assistant", "content": ""}, nil)
	chunks := words(answer)
	if strings.Contains(prompt, SlowTrigger) {
		chunks = nil
		for i := range SlowChunks {
			chunks = append(chunks, fmt.Sprintf("slow%d ", i))
		}
	}
	for _, c := range chunks {
		send(map[string]any{"content": c}, nil)
		if strings.Contains(prompt, SlowTrigger) && !pace(r) {
			return
		}
	}
	send(map[string]any{}, "stop")
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// contentText reads a chat message's content: a string, or parts.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}
