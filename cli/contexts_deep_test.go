package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// deepAgent answers every message with one data part nested levels deep,
// as a v0.3 JSON-RPC agent without streaming.
func deepAgent(t *testing.T, pairs int) (*httptest.Server, string) {
	data := strings.Repeat(`{"k":[`, pairs) + "1" + strings.Repeat(`]}`, pairs)
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			fmt.Fprintf(w, `{"name":"deep","description":"Deep data.","version":"1","url":%q,"protocolVersion":"0.3.0","preferredTransport":"JSONRPC","capabilities":{"streaming":false},"defaultInputModes":["text/plain"],"defaultOutputModes":["application/json"],"skills":[]}`, srv.URL+"/")
			return
		}
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &req)
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"data","data":%s}]}}`, req.ID, data)
	}))
	t.Cleanup(srv.Close)
	return srv, data
}

// Data nested thousands of levels deep shows and exports in output
// proportional to it: past a depth it is written compactly. Indented all
// the way, 180 KB nested 9,000 deep printed 618 MB and the JSON export
// took 2.3 GB; 2,000 levels here came to megabytes.
func TestContextsDeepDataStaysProportional(t *testing.T) {
	srv, data := deepAgent(t, 1000) // 2,000 levels
	e := newStoreEnv(t)
	id := storedID(t, e.run("send", srv.URL+"/", "deep"))
	for _, args := range [][]string{
		{"contexts", "show", id},
		{"contexts", "show", id, "--json"},
		{"contexts", "export", id},
		{"contexts", "export", id, "--format", "json"},
	} {
		r := e.run(args...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		if len(r.stdout) > 3*len(data)+16<<10 {
			t.Errorf("%v: %d bytes of data came out as %d", args, len(data), len(r.stdout))
		}
		if !strings.Contains(r.stdout, `{"k":[{"k":[{"k":[1]}]}]}`) {
			t.Errorf("%v: the deepest data is not there", args)
		}
	}
	r := e.run("contexts", "export", id, "--format", "json")
	var doc struct {
		Items []struct {
			Parts []struct {
				Data json.RawMessage `json:"data"`
			} `json:"parts"`
		} `json:"items"`
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var got []byte
	for _, it := range doc.Items {
		for _, p := range it.Parts {
			if p.Data != nil {
				got = p.Data
			}
		}
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, got); err != nil || compact.String() != data {
		t.Errorf("the exported data is not the agent's (%v)", err)
	}
}
