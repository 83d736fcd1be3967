package a2aclient

import (
	"strings"
	"testing"
)

// gRPC interfaces in cards: each way of writing the endpoint is read, a
// plaintext one to another host is warned about, and one parley cannot
// read says why.
func TestParseCardGRPCInterfaces(t *testing.T) {
	raw := `{"name":"g","description":"d","version":"1","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
	"supportedInterfaces":[
		{"url":"127.0.0.1:50051","protocolBinding":"GRPC","protocolVersion":"1.0"},
		{"url":"grpcs://agent.example.com","protocolBinding":"GRPC","protocolVersion":"1.0"},
		{"url":"grpc://agent.example.com:50051","protocolBinding":"GRPC","protocolVersion":"0.3"},
		{"url":"agent.example.com:not-a-port","protocolBinding":"GRPC","protocolVersion":"1.0"}
	]}`
	a, err := parseCard([]byte(raw), "https://agent.example.com/.well-known/agent-card.json")
	if err != nil {
		t.Fatal(err)
	}
	checkInterfaces(t, a, []ifaceWant{
		{"127.0.0.1:50051", BindingGRPC, DialectV10GRPC},
		{"grpcs://agent.example.com", BindingGRPC, DialectV10GRPC},
		{"grpc://agent.example.com:50051", BindingGRPC, DialectV03GRPC},
		{"agent.example.com:not-a-port", BindingGRPC, DialectV10GRPC},
	})
	if !hasWarning(a, "gRPC without TLS", "agent.example.com:50051") {
		t.Errorf("no warning for plaintext gRPC to another host: %q", a.Warnings)
	}
	if !hasWarning(a, "not-a-port") {
		t.Errorf("no warning for an unreadable gRPC endpoint: %q", a.Warnings)
	}
	for _, w := range a.Warnings {
		if strings.Contains(w, "127.0.0.1") || strings.Contains(w, "grpcs://") {
			t.Errorf("warned about a fine endpoint: %q", w)
		}
	}
}

// The origin of a gRPC endpoint is that of the equivalent http(s) URL, so
// the trust rule holds for it as for any other.
func TestGRPCOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:50051":                    "http://127.0.0.1:50051",
		"localhost:9000":                     "http://localhost:9000",
		"[::1]:9000":                         "http://[::1]:9000",
		"agent.example.com:443":              "https://agent.example.com",
		"agent.example.com:50051":            "https://agent.example.com:50051",
		"dns:///agent.example.com:50051":     "https://agent.example.com:50051",
		"grpcs://agent.example.com":          "https://agent.example.com",
		"grpc://agent.example.com:50051":     "http://agent.example.com:50051",
		"https://agent.example.com/a2a/grpc": "https://agent.example.com",
	} {
		got, ok := Origin(in)
		if !ok || got != want {
			t.Errorf("Origin(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"agent.example.com", "javascript:alert(1)", "host:port", "ftp://x:21", "user@host:22", ""} {
		if got, ok := Origin(in); ok {
			t.Errorf("Origin(%q) = %q, want none", in, got)
		}
	}
}
