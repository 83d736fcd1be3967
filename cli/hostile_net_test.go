package cli

import (
	"net"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// `parley send` against broken networks and misbehaving agents: the exit
// code, and one line on stderr that says what happened and what to do.

func hostileURL(t *testing.T, srv *hostile.Server) string {
	t.Cleanup(srv.Close)
	return srv.URL
}

// oneSentence checks stderr is one clean line saying each of wants.
func oneSentence(t *testing.T, r result, wants ...string) {
	t.Helper()
	line := strings.TrimSuffix(r.stderr, "\n")
	if line == "" || strings.Contains(line, "\n") || strings.ContainsAny(line, "\x1b\x07<") {
		t.Fatalf("stderr is not one clean line: %q", r.stderr)
	}
	for _, w := range wants {
		if !strings.Contains(line, w) {
			t.Errorf("stderr %q does not say %q", line, w)
		}
	}
}

func TestSendBrokenNetworks(t *testing.T) {
	refused := func(t *testing.T) string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		l.Close()
		return "http://" + l.Addr().String()
	}
	for _, tc := range []struct {
		name  string
		url   func(t *testing.T) string
		wants []string
	}{
		{"connection refused", refused, []string{"connection was refused", "Check that the agent is running"}},
		{"dns failure", func(*testing.T) string { return "http://parley-test.invalid" }, []string{"could not be resolved", "parley-test.invalid"}},
		{"untrusted tls", func(t *testing.T) string { return hostileURL(t, hostile.NewTLS(hostile.Options{})) }, []string{"certificate is not trusted"}},
		{"busy", func(t *testing.T) string {
			return hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Status, Status: 503, RetryAfter: "7", Body: "overloaded"}))
		}, []string{"HTTP 503", "overloaded", "try again in 7s"}},
		{"html 502", func(t *testing.T) string {
			return hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Status, Status: 502, ContentType: "text/html",
				Body: "<html><head><style>x{}</style></head><body><h1>Bad Gateway</h1></body></html>"}))
		}, []string{"HTTP 502", "Bad Gateway", "The agent failed"}},
		{"wrong json-rpc id", func(t *testing.T) string { return hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.WrongID})) },
			[]string{"not valid A2A", "not-your-id"}},
		{"result and error", func(t *testing.T) string {
			return hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.ResultAndError}))
		}, []string{"both a result and an error"}},
		{"50 MB event", func(t *testing.T) string {
			return hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.HugeLine, Methods: []string{"message/stream"}}))
		}, []string{"larger than the 16 MiB limit", "Raise max_event_size in the config if you trust this agent."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			if tc.name == "dns failure" {
				e.client = nxdomainClient(t) // no resolver off this machine is asked
			}
			r := e.run("send", tc.url(t), "hi")
			wantCode(t, r, exitError)
			oneSentence(t, r, tc.wants...)
			// Each piece of advice once: the hint says to check the agent
			// runs, or to raise max_event_size if you trust the agent, so
			// the error itself does not ask it too.
			for _, advice := range []string{"running", "raise", "if you trust"} {
				if strings.Count(strings.ToLower(r.stderr), advice) > 1 {
					t.Errorf("stderr gives the same advice (%q) twice: %q", advice, r.stderr)
				}
			}
		})
	}
}

// A stream cut mid-way is resumed; stderr says so and the answer is whole.
func TestSendResumesCutStream(t *testing.T) {
	url := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.CutStream, Methods: []string{"message/stream"}, Times: 1}))
	r := newEnv(t).run("send", url, "hi")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, hostile.Answer) || strings.Count(r.stdout, "Hello") != 1 {
		t.Errorf("stdout %q", r.stdout)
	}
	if !strings.Contains(r.stderr, "the stream broke (could not read the event stream") || !strings.Contains(r.stderr, "resuming task task-1 (attempt 1 of 3)") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// A header that looks like a credential, given with --header, does not
// follow a redirect to another origin.
func TestSendRedirectKeepsHeadersHome(t *testing.T) {
	other := hostile.Serve()
	t.Cleanup(other.Close)
	home := hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"message/stream"}, Location: other.URL})
	t.Cleanup(home.Close)
	r := newEnv(t).run("send", home.URL, "hi", "--header", "X-Api-Key: s3cret", "--header", "Authorization: Bearer s3cret")
	wantCode(t, r, exitOK)
	reqs := other.Requests()
	if len(reqs) == 0 {
		t.Fatal("the redirect was not followed")
	}
	for _, req := range reqs {
		for k, vs := range req.Header {
			if strings.Contains(strings.Join(vs, ","), "s3cret") {
				t.Errorf("%s reached another origin", k)
			}
		}
	}
}
