//go:build unix

package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/internal/hostile"
)

// A --junit FILE parley cannot write is a usage error said before any
// check runs (not after minutes of checks), and the agent is not
// contacted.
func TestDoctorJUnitUnwritableFailsFirst(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer srv.Close()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{dir, filepath.Join(dir, "absent", "doctor.xml"), fifo} {
		r := newEnv(t).run("doctor", srv.URL, "--read-only", "--junit", path)
		wantCode(t, r, exitUsage)
		if r.stdout != "" || !strings.Contains(r.stderr, "--junit "+path) || strings.Contains(r.stderr, "doctor sends") {
			t.Errorf("--junit %s:\nstdout: %s\nstderr: %s", path, r.stdout, r.stderr)
		}
	}
}

// Agent text in a check's detail cannot break the JUnit XML: markup, a
// CDATA end, characters XML 1.0 does not allow; the file parses and
// keeps the text.
func TestDoctorJUnitHostileDetail(t *testing.T) {
	detail := "</failure><testcase name=\"pwned\"/>]]>&amp;\x00\x01\x0b\uFFFE\xff tail"
	b, err := junitXML([]doctor.Result{
		{Check: "binding", Interface: "http://127.0.0.1:1/\"><x", Binding: "JSONRPC", Version: "0.3", Status: doctor.Fail, Detail: detail, Duration: time.Millisecond},
		{Check: "auth", Interface: "http://127.0.0.1:1/\"><x", Status: doctor.Pass, Detail: detail},
	})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tests  int `xml:"tests,attr"`
		Suites []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
				} `xml:"failure"`
				Out string `xml:"system-out"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("the JUnit XML does not parse: %v\n%s", err, b)
	}
	if doc.Tests != 2 || len(doc.Suites) != 2 || len(doc.Suites[0].Cases) != 1 || len(doc.Suites[1].Cases) != 1 {
		t.Fatalf("parsed %+v from\n%s", doc, b)
	}
	failure, out := doc.Suites[0].Cases[0].Failure, doc.Suites[1].Cases[0].Out
	if failure == nil || !strings.Contains(failure.Message, `<testcase name="pwned"/>]]>&amp;`) || !strings.HasSuffix(failure.Message, " tail") || !strings.Contains(out, "pwned") {
		t.Errorf("failure = %+v, system-out = %q", failure, out)
	}
}

// An agent that reflects the credential it was sent, in every error
// message, in a reply's body and in a stream's events, never gets it
// shown: not in doctor's lines, --json or --junit, nor in raw's reply
// or status.
func TestDoctorAndRawNeverShowAReflectedCredential(t *testing.T) {
	const secret = "s3cr3t-reflected-token"
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/agent-card.json" {
			_, _ = fmt.Fprintf(w, `{"name":"Mirror","description":"reflects","url":%q,"version":"1","protocolVersion":"0.3.0","capabilities":{"streaming":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],"securitySchemes":{"b":{"type":"http","scheme":"bearer"}},"security":[{"b":[]}]}`, srv.URL+"/rpc")
			return
		}
		var call struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.NewDecoder(r.Body).Decode(&call)
		if call.ID == nil {
			call.ID = json.RawMessage("null")
		}
		got := r.Header.Get("Authorization")
		if call.Method == "message/stream" {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":-32603,\"message\":%q}}\n\n", call.ID, "stream saw "+got)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"you sent %s, and %s"}}`, call.ID, got, strings.TrimPrefix(got, "Bearer "))
	}))
	defer srv.Close()
	junit := filepath.Join(t.TempDir(), "doctor.xml")
	auth := "Authorization: Bearer " + secret
	for _, args := range [][]string{
		{"doctor", srv.URL, "--header", auth},
		{"doctor", srv.URL, "--header", auth, "--json", "--junit", junit},
		{"raw", srv.URL, "tasks/get", `{"id":"x"}`, "--header", auth},
		{"raw", srv.URL, "message/stream", `{}`, "--header", auth},
	} {
		r := newEnv(t).run(args...)
		if strings.Contains(r.stdout+r.stderr, secret) {
			t.Errorf("%v shows the credential:\nstdout: %s\nstderr: %s", args, r.stdout, r.stderr)
		}
	}
	b, err := os.ReadFile(junit)
	if err != nil || strings.Contains(string(b), secret) {
		t.Errorf("the JUnit XML (%v) shows the credential:\n%s", err, b)
	}
}

// A card naming an interface with a URL tens of kilobytes long does not
// pad every line of doctor's output to its length.
func TestDoctorLongInterfaceURLDoesNotPadEveryLine(t *testing.T) {
	long := "/rpc/" + strings.Repeat("a", 64<<10)
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "agent-card.json") {
			_, _ = fmt.Fprintf(w, `{"name":"Long","description":"d","url":%q,"version":"1","protocolVersion":"0.3.0","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],"additionalInterfaces":[{"url":%q,"transport":"JSONRPC"},{"url":%q,"transport":"JSONRPC"}]}`, srv.URL+"/rpc", srv.URL+"/rpc", srv.URL+long)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	r := newEnv(t).run("doctor", srv.URL, "--read-only")
	for _, line := range strings.Split(r.stdout, "\n") {
		if len(line) > 1500 { // the URL column, cut, and a detail, cut to 1000 runes
			t.Fatalf("a line of %d bytes: %.200q", len(line), line)
		}
	}
}
