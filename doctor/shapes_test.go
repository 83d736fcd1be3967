package doctor_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/doctor"
)

// An agent answering every request (and every stream event) with a
// result of any shape, or a reply that is no JSON-RPC at all, gets
// results, never a panic: each interface's checks all come out.
func TestDoctorAnyReplyShape(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	shapes := []string{`null`, `[]`, `"text"`, `1`, `true`, `{}`, `{"kind":"task"}`, `{"kind":"task","id":7,"status":"x","artifacts":{}}`,
		`{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[null,{"parts":null},{"parts":[null,{"kind":"file","file":null}]}],"history":[null]}`,
		`{"kind":"message","parts":"x"}`, `{"kind":"status-update","status":null}`, `{"kind":"artifact-update","artifact":null}`,
		`{"tasks":null,"nextPageToken":5}`, `{"tasks":[null,{"id":null}]}`, deep}
	for i, shape := range shapes {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			var srv *httptest.Server
			srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, "agent-card.json") {
					_, _ = fmt.Fprintf(w, `{"name":"Shapes","description":"d","url":%q,"version":"1","protocolVersion":"0.3.0","capabilities":{"streaming":true,"extendedAgentCard":true},"supportsAuthenticatedExtendedCard":true,"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`, srv.URL+"/rpc")
					return
				}
				var call struct {
					ID     json.RawMessage `json:"id"`
					Method string          `json:"method"`
				}
				b, _ := io.ReadAll(r.Body)
				_ = json.Unmarshal(b, &call)
				if call.ID == nil {
					call.ID = json.RawMessage("null")
				}
				if call.Method == "tasks/get" && strings.Contains(string(b), `"parley-doctor-`) {
					_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32001,"message":"Task not found"}}`, call.ID)
					return
				}
				reply := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, call.ID, shape)
				if call.Method == "message/stream" {
					w.Header().Set("Content-Type", "text/event-stream")
					_, _ = fmt.Fprintf(w, "data: %s\n\ndata: %s\n\n", reply, reply)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, reply)
			}))
			defer srv.Close()
			rs := check(t, srv.URL, false)
			if n := len(rs); n != len(doctor.CardChecks)+len(doctor.Checks) {
				t.Errorf("%d results, want %d", n, len(doctor.CardChecks)+len(doctor.Checks))
			}
		})
	}
}
