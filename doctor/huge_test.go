package doctor_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// An agent's huge text (an error message, an extended card's name, a
// body a malformed request is answered with) is not copied whole into
// a check's one-sentence detail.
func TestDoctorHugeAgentTextIsCut(t *testing.T) {
	huge := strings.Repeat("A", 1<<20)
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "agent-card.json") {
			_, _ = fmt.Fprintf(w, `{"name":"Huge","description":"d","url":%q,"version":"1","protocolVersion":"0.3.0","capabilities":{"streaming":true},"supportsAuthenticatedExtendedCard":true,"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`, srv.URL+"/rpc")
			return
		}
		var call struct {
			ID json.RawMessage `json:"id"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &call)
		if call.ID == nil {
			call.ID = json.RawMessage("null")
		}
		_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":%q}}`, call.ID, huge)
	}))
	defer srv.Close()
	rs := check(t, srv.URL, false)
	for _, r := range rs {
		if len(r.Detail) > 4096 {
			t.Errorf("%s: a detail of %d bytes", r.Check, len(r.Detail))
		}
	}
	// The cut keeps the head (what was seen) and the tail (the section).
	if d := find(t, rs, "binding", "/rpc").Detail; !strings.HasPrefix(d, "Does not answer as v0.3 JSON-RPC") || !strings.HasSuffix(d, "(tasks/get)).") || !strings.Contains(d, " … ") {
		t.Errorf("binding detail = %.200q…%q", d, d[max(0, len(d)-100):])
	}
}
