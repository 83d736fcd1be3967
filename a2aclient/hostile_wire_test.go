package a2aclient

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// The wire view shows bodies, and bodies can carry secrets: the push
// token parley makes for a task (and the agent echoes back), and a
// credential a hostile agent quotes in its reply. None reaches a record.
func TestHostileWireBodiesHoldNoSecret(t *testing.T) {
	const pushToken = "pUsH-t0ken-secret"
	const pushCred = "pUsH-cred-secret"
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "well-known") {
			io.WriteString(w, hostile.CardJSON("A", srv.URL+"/rpc", 0))
			return
		}
		var call struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		json.NewDecoder(r.Body).Decode(&call)
		w.Header().Set("Content-Type", "application/json")
		var result any
		switch call.Method {
		case "tasks/pushNotificationConfig/set":
			result = json.RawMessage(call.Params) // echoes the token back
		default:
			// Quotes every credential it was sent, in a message.
			echo := fmt.Sprintf("auth=%s key=%s cookie=%s query=%s", r.Header.Get("Authorization"),
				r.Header.Get("X-Api-Key"), r.Header.Get("Cookie"), r.URL.RawQuery)
			result = map[string]any{"kind": "message", "messageId": "m", "role": "agent",
				"parts": []any{map[string]any{"kind": "text", "text": echo}}}
		}
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": call.ID, "result": result})
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	var mu sync.Mutex
	var wire []WireRecord
	o := originOptions()
	o.Wire = func(r WireRecord) {
		mu.Lock()
		defer mu.Unlock()
		r.Body = append([]byte(nil), r.Body...)
		wire = append(wire, r)
	}
	c, err := Resolve(hostileCtx(t), srv.URL, o)
	if err != nil {
		t.Fatal(err)
	}
	sendHello(t, c)
	if _, err := c.SetPushConfig(hostileCtx(t), PushConfig{TaskID: "t1", URL: "http://127.0.0.1:1/push/x",
		Token: pushToken, AuthSchemes: []string{"Bearer"}, AuthCredentials: pushCred}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	var sawEcho, sawPush bool
	for _, r := range wire {
		dump := fmt.Sprint(r.URL, r.Header, string(r.Body))
		for _, s := range []string{originSecret, pushToken, pushCred} {
			if strings.Contains(dump, s) {
				t.Errorf("wire %s record shows a secret (%s): %s", r.Kind, s, dump)
			}
		}
		sawEcho = sawEcho || strings.Contains(string(r.Body), "auth=")
		sawPush = sawPush || strings.Contains(string(r.Body), "127.0.0.1:1/push/x")
	}
	for _, r := range wire {
		if strings.Contains(string(r.Body), "auth=") && !strings.Contains(string(r.Body), "auth=Bearer REDACTED key=REDACTED cookie=sid=REDACTED") {
			t.Errorf("the echo is not redacted value by value (scheme and cookie names kept): %s", r.Body)
		}
	}
	if !sawEcho || !sawPush {
		t.Fatalf("echo %v, push %v: the test proves nothing", sawEcho, sawPush)
	}
}
