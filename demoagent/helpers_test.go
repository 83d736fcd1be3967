package demoagent

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Black-box helpers: tests talk HTTP to the handler and read JSON as
// generic maps, so they check the wire, not the Go types behind it.

type obj = map[string]any

func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(New(Options{}).Handler())
	t.Cleanup(srv.Close)
	return srv
}

func do(t *testing.T, method, url string, body any, header http.Header) *http.Response {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// jsonBody decodes a whole JSON response body.
func jsonBody(t *testing.T, resp *http.Response) obj {
	t.Helper()
	var m obj
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatalf("%s: decode body: %v", resp.Request.URL, err)
	}
	return m
}

func getJSON(t *testing.T, url string) obj {
	t.Helper()
	resp := do(t, http.MethodGet, url, nil, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d", url, resp.StatusCode)
	}
	return jsonBody(t, resp)
}

var rpcIDs atomic.Int64

func rpcReq(method string, params any) obj {
	return obj{"jsonrpc": "2.0", "id": rpcIDs.Add(1), "method": method, "params": params}
}

// rpc makes a JSON-RPC call and returns the whole response object.
func rpc(t *testing.T, url, method string, params any, header http.Header) obj {
	t.Helper()
	req := rpcReq(method, params)
	resp := do(t, http.MethodPost, url, req, header)
	m := jsonBody(t, resp)
	if m["jsonrpc"] != "2.0" {
		t.Fatalf("%s: response lacks jsonrpc 2.0: %v", method, m)
	}
	if m["id"] != float64(req["id"].(int64)) {
		t.Fatalf("%s: response id %v, want %v", method, m["id"], req["id"])
	}
	return m
}

// rpcResult makes a call that must succeed and returns its result.
func rpcResult(t *testing.T, url, method string, params any) any {
	t.Helper()
	m := rpc(t, url, method, params, nil)
	if e, ok := m["error"]; ok {
		t.Fatalf("%s: error %v", method, e)
	}
	return m["result"]
}

func rpcErrorCode(t *testing.T, m obj) int {
	t.Helper()
	e, ok := m["error"].(obj)
	if !ok {
		t.Fatalf("expected an error, got %v", m)
	}
	return int(e["code"].(float64))
}

// sse reads a whole event stream and returns each event's data as JSON.
func sse(t *testing.T, resp *http.Response) []obj {
	t.Helper()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("%s: Content-Type %q, body %s", resp.Request.URL, ct, body)
	}
	var events []obj
	var data []string
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if len(data) > 0 {
				var m obj
				if err := json.Unmarshal([]byte(strings.Join(data, "\n")), &m); err != nil {
					t.Fatalf("bad event data %q: %v", data, err)
				}
				events = append(events, m)
				data = nil
			}
		case strings.HasPrefix(line, "data:"):
			data = append(data, strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " "))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 {
		t.Fatalf("stream ended inside an event: %q", data)
	}
	return events
}

func rpcStream(t *testing.T, url, method string, params any, header http.Header) []obj {
	t.Helper()
	req := rpcReq(method, params)
	resp := do(t, http.MethodPost, url, req, header)
	events := sse(t, resp)
	for i, e := range events {
		if e["id"] != float64(req["id"].(int64)) || e["jsonrpc"] != "2.0" {
			t.Fatalf("event %d: bad envelope %v", i, e)
		}
		if _, ok := e["error"]; ok {
			t.Fatalf("event %d: error %v", i, e["error"])
		}
	}
	return events
}

// path walks nested maps and arrays: path(m, "status", "message", "parts", 0).
func path(v any, keys ...any) any {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			m, ok := v.(obj)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			a, ok := v.([]any)
			if !ok || k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

func str(v any, keys ...any) string {
	s, _ := path(v, keys...).(string)
	return s
}

func list(v any, keys ...any) []any {
	a, _ := path(v, keys...).([]any)
	return a
}

func must(t *testing.T, cond bool, format string, args ...any) {
	t.Helper()
	if !cond {
		t.Fatalf(format, args...)
	}
}

// waitState polls until get reports want. The bound only keeps a broken
// agent from hanging the test run; nothing asserts on timing.
func waitState(t *testing.T, get func() string, want string) {
	t.Helper()
	var got string
	for range 2000 {
		if got = get(); got == want {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("state stayed %q, want %q", got, want)
}

func dump(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}
