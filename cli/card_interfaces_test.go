package cli

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/jsonout"
)

// parley card lists every interface the public card declares, with its
// binding and version, in the text and in --json's endpoint and
// otherInterfaces, even when the extended card it shows (the demo's,
// fetched once the card says there is one) lists fewer.
func TestCardShowsEveryDeclaredInterface(t *testing.T) {
	base := demo(t)
	resp, err := http.Get(base + "/.well-known/agent-card.json")
	if err != nil {
		t.Fatal(err)
	}
	var card struct {
		Interfaces []struct{ URL, ProtocolBinding, ProtocolVersion string } `json:"supportedInterfaces"`
	}
	err = json.NewDecoder(resp.Body).Decode(&card)
	resp.Body.Close()
	if err != nil || len(card.Interfaces) < 4 {
		t.Fatalf("the demo's card declares %d interfaces (%v); the test wants four (v1.0 and v0.3, JSON-RPC and REST)", len(card.Interfaces), err)
	}

	e := newEnv(t)
	r := e.run("card", base)
	wantCode(t, r, exitOK)
	for _, i := range card.Interfaces {
		// The endpoint in use has its binding and version on the next line.
		found := strings.Contains(r.stdout, "Endpoint:     "+i.URL+"\nTransport:    "+i.ProtocolBinding+" (protocol "+i.ProtocolVersion+")")
		for _, line := range strings.Split(r.stdout, "\n") {
			if strings.Contains(line, i.URL+" ") && strings.Contains(line, i.ProtocolBinding) && strings.Contains(line, i.ProtocolVersion) {
				found = true
			}
		}
		if !found {
			t.Errorf("no line shows %s (%s %s):\n%s", i.URL, i.ProtocolBinding, i.ProtocolVersion, r.stdout)
		}
	}

	r = e.run("card", base, "--json")
	wantCode(t, r, exitOK)
	var v struct {
		Endpoint        struct{ URL, Transport, ProtocolVersion string }
		OtherInterfaces []struct{ URL, Transport, ProtocolVersion string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Fatal(err)
	}
	all := append(v.OtherInterfaces, v.Endpoint)
	if len(all) != len(card.Interfaces) {
		t.Errorf("--json has the endpoint and %d other interfaces, the card declares %d: %s", len(v.OtherInterfaces), len(card.Interfaces), r.stdout)
	}
	for _, i := range card.Interfaces {
		found := false
		for _, o := range all {
			found = found || (o.URL == i.URL && o.Transport == i.ProtocolBinding && o.ProtocolVersion == i.ProtocolVersion)
		}
		if !found {
			t.Errorf("--json lacks %+v: %+v", i, all)
		}
	}
}

// An interface in a binding or version parley does not speak is listed
// all the same, and says so.
func TestCardSaysWhichInterfacesParleyDoesNotSpeak(t *testing.T) {
	var b strings.Builder
	printCard(&b, &jsonout.CardJSON{Name: "x", Endpoint: jsonout.InterfaceJSON{URL: "http://127.0.0.1:1/rpc", Transport: "JSONRPC", ProtocolVersion: "1.0", Dialect: "v1.0"},
		OtherInterfaces: []jsonout.InterfaceJSON{{URL: "http://127.0.0.1:1/ws", Transport: "WEBSOCKET", ProtocolVersion: "1.0"}}})
	if !strings.Contains(b.String(), "Also at:      http://127.0.0.1:1/ws (WEBSOCKET 1.0, not spoken by parley)\n") {
		t.Errorf("card:\n%s", b.String())
	}
}
