package fakemodel

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// Gemini starts a fake Gemini API (what GOOGLE_GEMINI_BASE_URL points
// at). Its URL is the base URL.
func Gemini() *Server {
	return start((*Server).gemini)
}

type geminiPart struct {
	Text             string          `json:"text,omitempty"`
	Thought          bool            `json:"thought,omitempty"`
	FunctionCall     json.RawMessage `json:"functionCall,omitempty"`
	FunctionResponse json.RawMessage `json:"functionResponse,omitempty"`
}

type geminiContent struct {
	Role  string       `json:"role"`
	Parts []geminiPart `json:"parts"`
}

func (s *Server) gemini(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Contents []geminiContent `json:"contents"`
	}
	if r.Method == http.MethodPost {
		_ = json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<20)).Decode(&req)
	}
	last, toolResult := lastUserTurn(req.Contents)
	_, op, _ := strings.Cut(r.URL.Path, ":")
	switch op {
	case "countTokens":
		s.record(r, "")
		writeJSON(w, map[string]any{"totalTokens": 42})
	case "generateContent":
		// gemini-cli asks side questions (is the turn over? a summary)
		// with JSON answers expected; "the user speaks next" ends the turn.
		s.record(r, "")
		writeJSON(w, geminiResponse([]geminiPart{{Text: `{"reasoning":"The answer is complete.","next_speaker":"user"}`}}, "STOP"))
	case "streamGenerateContent":
		if toolResult {
			s.record(r, ToolResultPrompt)
		} else {
			s.record(r, last)
		}
		s.geminiStream(w, r, last, toolResult)
	default:
		s.record(r, "")
		http.Error(w, `{"error":{"code":404,"message":"not found","status":"NOT_FOUND"}}`, http.StatusNotFound)
	}
}

// lastUserTurn is the text of the last user turn, and whether that turn
// carries a function response (a tool's result).
func lastUserTurn(contents []geminiContent) (text string, toolResult bool) {
	for i := len(contents) - 1; i >= 0; i-- {
		c := contents[i]
		if c.Role != "user" {
			continue
		}
		for _, p := range c.Parts {
			if len(p.FunctionResponse) > 0 {
				toolResult = true
			}
			text += p.Text
		}
		return text, toolResult
	}
	return "", false
}

func (s *Server) geminiStream(w http.ResponseWriter, r *http.Request, prompt string, toolResult bool) {
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(parts []geminiPart, finish string) {
		b, _ := json.Marshal(geminiResponse(parts, finish))
		fmt.Fprintf(w, "data: %s\r\n\r\n", b)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	switch {
	case toolResult:
		chunks := words(ToolAnswer)
		for i, c := range chunks {
			send([]geminiPart{{Text: c}}, finishIf(i == len(chunks)-1))
		}
	case strings.Contains(prompt, ToolTrigger):
		send([]geminiPart{{Text: Thought, Thought: true}}, "")
		call, _ := json.Marshal(map[string]any{"name": ToolName, "args": map[string]any{
			"command": ToolCommand, "description": "Prints a word to show the tool ran"}})
		send([]geminiPart{{FunctionCall: call}}, "STOP")
	case strings.Contains(prompt, SlowTrigger):
		for i := range SlowChunks {
			send([]geminiPart{{Text: fmt.Sprintf("slow%d ", i)}}, "")
			if !pace(r) {
				return
			}
		}
		send([]geminiPart{{Text: "done."}}, "STOP")
	default:
		chunks := words(Answer(prompt))
		for i, c := range chunks {
			send([]geminiPart{{Text: c}}, finishIf(i == len(chunks)-1))
		}
	}
}

func finishIf(last bool) string {
	if last {
		return "STOP"
	}
	return ""
}

func geminiResponse(parts []geminiPart, finish string) map[string]any {
	cand := map[string]any{"content": geminiContent{Role: "model", Parts: parts}, "index": 0}
	if finish != "" {
		cand["finishReason"] = finish
	}
	return map[string]any{
		"candidates":    []any{cand},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  "fake-gemini",
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
