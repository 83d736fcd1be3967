// Command adk-agent is a small agent built on Google's Agent Development
// Kit for Go (google.golang.org/adk, its server/adka2a A2A server) with a
// fake model, for parley's interop tests: it answers offline, on loopback
// only, and prints "LISTENING <port>" once it serves.
//
// What the fake model does, by the user's last words:
//   - "weather": calls the get_weather tool, then says what it returned;
//   - "approve": calls request_approval, a long-running tool, so the task
//     waits for the user (input-required) with the call as its question;
//     the user's function_response for it ends the turn;
//   - anything else: streams "ADK echo (turn N): <words>" word by word.
//
// It lives in a module of its own so that parley's go.mod does not take
// ADK's dependencies.
package main

import (
	"context"
	"fmt"
	"iter"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"google.golang.org/genai"

	"google.golang.org/adk/agent"
	"google.golang.org/adk/agent/llmagent"
	"google.golang.org/adk/model"
	"google.golang.org/adk/runner"
	"google.golang.org/adk/server/adka2a/v2"
	"google.golang.org/adk/session"
	"google.golang.org/adk/tool"
	"google.golang.org/adk/tool/functiontool"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatalf("listen: %v", err)
	}
	base := &url.URL{Scheme: "http", Host: ln.Addr().String()}
	a, err := newAgent()
	if err != nil {
		log.Fatalf("agent: %v", err)
	}
	card := &a2a.AgentCard{
		Name:        a.Name(),
		Description: a.Description(),
		SupportedInterfaces: []*a2a.AgentInterface{
			{URL: base.JoinPath("/invoke").String(), ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: a2a.Version},
			{URL: base.JoinPath("/rest").String(), ProtocolBinding: a2a.TransportProtocolHTTPJSON, ProtocolVersion: a2a.Version},
		},
		Version:            "1.0.0",
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills:             adka2a.BuildAgentSkills(a),
		Capabilities:       a2a.AgentCapabilities{Streaming: true},
	}
	executor := adka2a.NewExecutor(adka2a.ExecutorConfig{
		RunnerConfig: runner.Config{AppName: a.Name(), Agent: a, SessionService: session.InMemoryService()},
		RunConfig:    agent.RunConfig{StreamingMode: agent.StreamingModeSSE},
	})
	handler := a2asrv.NewHandler(executor)
	mux := http.NewServeMux()
	mux.Handle(a2asrv.WellKnownAgentCardPath, a2asrv.NewStaticAgentCardHandler(card))
	mux.Handle("/invoke", a2asrv.NewJSONRPCHandler(handler))
	mux.Handle("/rest/", http.StripPrefix("/rest", a2asrv.NewRESTHandler(handler)))
	fmt.Fprintf(os.Stdout, "LISTENING %d\n", ln.Addr().(*net.TCPAddr).Port)
	log.Printf("serving: %v", http.Serve(ln, mux))
}

type weatherArgs struct {
	City string `json:"city"`
}

type approvalArgs struct {
	Action string `json:"action"`
	Amount int    `json:"amount"`
}

func newAgent() (agent.Agent, error) {
	weather, err := functiontool.New(functiontool.Config{Name: "get_weather", Description: "The weather in a city."},
		func(_ agent.ToolContext, a weatherArgs) (map[string]any, error) {
			return map[string]any{"city": a.City, "forecast": "sunny, 21 C"}, nil
		})
	if err != nil {
		return nil, err
	}
	approval, err := functiontool.New(functiontool.Config{Name: "request_approval", Description: "Asks a person to approve an action.", IsLongRunning: true},
		func(_ agent.ToolContext, a approvalArgs) (map[string]any, error) {
			return map[string]any{"status": "pending", "action": a.Action}, nil
		})
	if err != nil {
		return nil, err
	}
	return llmagent.New(llmagent.Config{
		Name:        "adk_interop_agent",
		Description: "An ADK agent with a fake model, for parley's interop tests.",
		Instruction: "Answer.",
		Model:       fakeModel{},
		Tools:       []tool.Tool{weather, approval},
	})
}

// fakeModel answers from the conversation so far, with no model API.
type fakeModel struct{}

func (fakeModel) Name() string { return "fake-model" }

func (fakeModel) GenerateContent(_ context.Context, req *model.LLMRequest, stream bool) iter.Seq2[*model.LLMResponse, error] {
	return func(yield func(*model.LLMResponse, error) bool) {
		last := req.Contents[len(req.Contents)-1]
		for _, p := range last.Parts {
			if r := p.FunctionResponse; r != nil {
				switch r.Name {
				case "get_weather":
					say(yield, stream, fmt.Sprintf("The weather in %v is %v.", r.Response["city"], r.Response["forecast"]))
				default:
					say(yield, stream, approvalWords(r.Response))
				}
				return
			}
		}
		words := strings.TrimSpace(textOf(last))
		switch lower := strings.ToLower(words); {
		case strings.Contains(lower, "weather"):
			call(yield, "get_weather", map[string]any{"city": "Paris"})
		case strings.Contains(lower, "approve"):
			call(yield, "request_approval", map[string]any{"action": "refund order 42", "amount": 30})
		default:
			say(yield, stream, fmt.Sprintf("ADK echo (turn %d): %s", userTurns(req.Contents), words))
		}
	}
}

func call(yield func(*model.LLMResponse, error) bool, name string, args map[string]any) {
	yield(&model.LLMResponse{Content: &genai.Content{Role: "model", Parts: []*genai.Part{
		{FunctionCall: &genai.FunctionCall{Name: name, Args: args}}}}, TurnComplete: true}, nil)
}

// say streams text a word at a time, as a model streams tokens, then
// gives the whole text once more as the final response.
func say(yield func(*model.LLMResponse, error) bool, stream bool, text string) {
	if stream {
		words := strings.SplitAfter(text, " ")
		for _, w := range words {
			if !yield(&model.LLMResponse{Content: genai.NewContentFromText(w, "model"), Partial: true}, nil) {
				return
			}
		}
	}
	yield(&model.LLMResponse{Content: genai.NewContentFromText(text, "model"), TurnComplete: true}, nil)
}

func textOf(c *genai.Content) string {
	var b strings.Builder
	for _, p := range c.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

func userTurns(cs []*genai.Content) int {
	n := 0
	for _, c := range cs {
		if c.Role == "user" && textOf(c) != "" {
			n++
		}
	}
	return n
}

// approvalWords is what the model says once request_approval answered:
// "pending" from the tool itself (the task then waits for the person),
// or the person's answer ({"approved": true|false}).
func approvalWords(resp map[string]any) string {
	switch {
	case resp["status"] == "pending":
		return "Waiting for your approval to refund order 42."
	case resp["approved"] == true:
		return "Refund of order 42 approved and done."
	default:
		return "Refund of order 42 refused; nothing was done."
	}
}
