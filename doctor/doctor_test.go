package doctor_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// check runs the doctor on ref with an empty config and returns every
// result.
func check(t *testing.T, ref string, readOnly bool) []doctor.Result {
	t.Helper()
	return checkWith(t, ref, doctor.Options{ReadOnly: readOnly})
}

// checkWith runs the doctor on o.Ref with o's options.
func checkWith(t *testing.T, ref string, o doctor.Options) []doctor.Result {
	t.Helper()
	cfgPath := filepath.Join(t.TempDir(), "config.toml")
	getenv := func(string) string { return "" }
	dir := session.NewDirectory(session.DirectoryOptions{
		ConfigPath: cfgPath, Getenv: getenv,
		Client: a2aclient.Options{PollInterval: time.Millisecond},
		Auth:   auth.ForSession(auth.NewManager(auth.Options{Getenv: getenv, CredentialsPath: config.CredentialsPathFor(cfgPath)})),
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out []doctor.Result
	o.Directory, o.Ref, o.Timeout = dir, ref, 10*time.Second
	err := doctor.Run(ctx, o, func(r doctor.Result) { out = append(out, r) })
	if err != nil {
		t.Fatalf("doctor: %v", err)
	}
	return out
}

// find is the result of check on the interface whose URL ends in where
// ("" for any).
func find(t *testing.T, rs []doctor.Result, check, where string) doctor.Result {
	t.Helper()
	for _, r := range rs {
		if r.Check == check && strings.HasSuffix(r.Interface, where) {
			return r
		}
	}
	t.Fatalf("no %q check on %q in %v", check, where, rs)
	return doctor.Result{}
}

func want(t *testing.T, r doctor.Result, s doctor.Status, fragment string) {
	t.Helper()
	if r.Status != s || !strings.Contains(r.Detail, fragment) {
		t.Errorf("%s on %s: %s %q, want %s with %q", r.Check, r.Interface, r.Status, r.Detail, s, fragment)
	}
}

func failed(rs []doctor.Result) []doctor.Result {
	var out []doctor.Result
	for _, r := range rs {
		if r.Status == doctor.Fail {
			out = append(out, r)
		}
	}
	return out
}

// An honest agent passes, and every result names its interface.
func TestDoctorHonestAgent(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer srv.Close()
	rs := check(t, srv.URL, false)
	if f := failed(rs); len(f) > 0 {
		t.Errorf("failed: %v", f)
	}
	want(t, find(t, rs, "binding", "/rpc"), doctor.Pass, "TaskNotFound")
	want(t, find(t, rs, "streaming", "/rpc"), doctor.Pass, "ending completed")
	want(t, find(t, rs, "round trip", "/rpc"), doctor.Pass, "GetTask says the same")
	want(t, find(t, rs, "list tasks", "/rpc"), doctor.Skip, "v0.3 JSON-RPC has no ListTasks")
	for _, r := range rs {
		if r.Interface == "" || r.Detail == "" {
			t.Errorf("result without interface or detail: %+v", r)
		}
	}
}

// A card that declares streaming the agent refuses fails the streaming
// check.
func TestDoctorStreamingRefused(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{RefuseStreaming: true})
	defer srv.Close()
	rs := check(t, srv.URL, false)
	want(t, find(t, rs, "streaming", "/rpc"), doctor.Fail, "declares streaming")
	want(t, find(t, rs, "round trip", "/rpc"), doctor.Pass, "")
}

// An interface the card lists where nothing answers fails its binding
// check; the other interface passes.
func TestDoctorAbsentInterface(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{AbsentInterface: true})
	defer srv.Close()
	rs := check(t, srv.URL, false)
	want(t, find(t, rs, "binding", "/missing"), doctor.Fail, "Does not answer as v0.3 REST")
	want(t, find(t, rs, "round trip", "/missing"), doctor.Skip, "did not answer")
	want(t, find(t, rs, "binding", "/rpc"), doctor.Pass, "")
}

// An interface declared as v1.0 that answers in v0.3 is named as drift.
func TestDoctorOtherVersion(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{DeclareV10: true})
	defer srv.Close()
	rs := check(t, srv.URL, false)
	want(t, find(t, rs, "binding", "/rpc"), doctor.Fail, "Declared as v1.0 JSON-RPC but answers as v0.3 JSON-RPC")
}

// A card without its required fields fails the card fields check.
func TestDoctorMissingFields(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{MissingFields: true})
	defer srv.Close()
	rs := check(t, srv.URL, true)
	want(t, find(t, rs, "card fields", ""), doctor.Fail, "name")
}

// A card that requires a scheme, from an agent that answers without
// credentials, fails the auth check; one that refuses passes it.
func TestDoctorAuthGate(t *testing.T) {
	open := hostile.DoctorAgent(hostile.DoctorOptions{Secured: true})
	defer open.Close()
	want(t, find(t, check(t, open.URL, true), "auth", "/rpc"), doctor.Fail, "without credentials")

	gated := hostile.DoctorAgent(hostile.DoctorOptions{Secured: true, Enforced: true})
	defer gated.Close()
	rs := check(t, gated.URL, true)
	want(t, find(t, rs, "auth", "/rpc"), doctor.Pass, "HTTP 401")
	want(t, find(t, rs, "binding", "/rpc"), doctor.Warn, "HTTP 401")
}

// --read-only sends nothing: the checks that send are skipped, and the
// agent sees no message.
func TestDoctorReadOnly(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer srv.Close()
	rs := check(t, srv.URL, true)
	want(t, find(t, rs, "streaming", "/rpc"), doctor.Skip, "--read-only")
	want(t, find(t, rs, "round trip", "/rpc"), doctor.Skip, "--read-only")
}

// The demo agent passes on every interface of every card it serves.
func TestDoctorDemoAgent(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, err := demoagent.New(demoagent.Options{}).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"", "/v0.1", "/v0.2", "/v0.3", "/v1.0", "/gateway", "/grpc/"} {
		t.Run(path, func(t *testing.T) {
			rs := check(t, base+path, false)
			if f := failed(rs); len(f) > 0 {
				t.Errorf("failed: %+v", f)
			}
			if b := find(t, rs, "binding", ""); b.Status != doctor.Pass {
				t.Errorf("binding: %+v", b)
			}
		})
	}
}

// Malformed requests must get the binding's error codes (check 6): an
// agent that answers them all "Method not found", or HTTP 500, fails;
// the honest one passes.
func TestDoctorErrorShapes(t *testing.T) {
	sloppy := hostile.DoctorAgent(hostile.DoctorOptions{SloppyErrors: true})
	defer sloppy.Close()
	r := find(t, check(t, sloppy.URL, true), "errors", "/rpc")
	want(t, r, doctor.Fail, "expected -32700")
	for _, frag := range []string{"expected -32600", "error -32602", "HTTP 500"} {
		if !strings.Contains(r.Detail, frag) {
			t.Errorf("no %q in %q", frag, r.Detail)
		}
	}

	honest := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer honest.Close()
	want(t, find(t, check(t, honest.URL, true), "errors", "/rpc"), doctor.Pass, "an unknown method -32601")

	v10 := hostile.DoctorAgent(hostile.DoctorOptions{V10: true})
	defer v10.Close()
	rs := check(t, v10.URL, true)
	want(t, find(t, rs, "binding", "/rpc"), doctor.Pass, "v1.0 JSON-RPC")
	want(t, find(t, rs, "errors", "/rpc"), doctor.Fail, "GetTask of an unknown task: error.data is not an array")

	rest := hostile.DoctorAgent(hostile.DoctorOptions{SloppyREST: true})
	defer rest.Close()
	rs = check(t, rest.URL, true)
	want(t, find(t, rs, "binding", "/rest"), doctor.Pass, "v0.3 REST")
	r = find(t, rs, "errors", "/rest")
	want(t, r, doctor.Fail, "SendMessage with a body that is no JSON: got HTTP 500, expected 400")
	if !strings.Contains(r.Detail, "a path the binding does not have: got HTTP 500, expected 404") {
		t.Errorf("errors on /rest: %q", r.Detail)
	}
}

// A card that declares push notifications: an agent that takes a config
// and pushes to parley's loopback receiver passes; one that refuses the
// config fails.
func TestDoctorPush(t *testing.T) {
	honest := hostile.DoctorAgent(hostile.DoctorOptions{Push: true})
	defer honest.Close()
	want(t, find(t, check(t, honest.URL, false), "push", "/rpc"), doctor.Pass, "delivered")

	refused := hostile.DoctorAgent(hostile.DoctorOptions{PushRefused: true})
	defer refused.Close()
	want(t, find(t, check(t, refused.URL, false), "push", "/rpc"), doctor.Fail, "declares push notifications")

	silent := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer silent.Close()
	want(t, find(t, check(t, silent.URL, false), "push", "/rpc"), doctor.Skip, "declares no push")
}

// The artifacts the stream showed must be what GetTask returns, on the
// interface and on the others the card lists: an agent whose GetTask
// forgets part of the answer fails, and so does a second interface that
// does not know the first one's task.
func TestDoctorArtifacts(t *testing.T) {
	forgetful := hostile.DoctorAgent(hostile.DoctorOptions{ForgetfulGet: true})
	defer forgetful.Close()
	want(t, find(t, check(t, forgetful.URL, false), "artifacts", "/rpc"), doctor.Fail, `"Hello world"`)

	two := hostile.DoctorAgent(hostile.DoctorOptions{SecondAgent: true})
	defer two.Close()
	rs := check(t, two.URL, false)
	want(t, find(t, rs, "artifacts", "/rpc"), doctor.Pass, "")
	want(t, find(t, rs, "artifacts", "/other"), doctor.Fail, "not the same agent")

	honest := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer honest.Close()
	want(t, find(t, check(t, honest.URL, false), "artifacts", "/rpc"), doctor.Pass, "GetTask returns the same")
}

// Nothing doctor sends is recorded unless it is given a History
// (--record): then each interface's round trip is one stored context,
// its task and answer with it.
func TestDoctorRecord(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{AbsentInterface: true})
	defer srv.Close()
	st, err := store.Open(filepath.Join(t.TempDir(), "store.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	check(t, srv.URL, false)
	if list, _ := st.ListContexts("", ""); len(list) != 0 {
		t.Fatalf("recorded without a History: %+v", list)
	}
	want(t, find(t, checkWith(t, srv.URL, doctor.Options{Record: st}), "round trip", "/rpc"), doctor.Pass, "recorded")
	list, err := st.ListContexts("", "")
	if err != nil || len(list) != 1 {
		t.Fatalf("contexts: %+v (%v)", list, err)
	}
	if c := list[0]; c.Title != "ping" || c.LastState != "completed" || !strings.HasSuffix(c.Agent.URL, "/rpc") {
		t.Errorf("stored: %+v", c)
	}
}

// A detail cites the specification of the version the interface
// declares, with that version's section numbers.
func TestDoctorCitesTheDeclaredVersion(t *testing.T) {
	v03 := hostile.DoctorAgent(hostile.DoctorOptions{RefuseStreaming: true})
	defer v03.Close()
	want(t, find(t, check(t, v03.URL, false), "streaming", "/rpc"), doctor.Fail, "A2A v0.3 §7.2 (message/stream)")

	v10 := hostile.DoctorAgent(hostile.DoctorOptions{DeclareV10: true})
	defer v10.Close()
	want(t, find(t, check(t, v10.URL, true), "binding", "/rpc"), doctor.Fail, "A2A v1.0 §4.4.6 (AgentInterface.protocolVersion)")
}

// Another process flooding parley's push receiver with notifications
// without the config's token changes nothing: they are refused, and
// the agent's own notification is the one judged.
func TestDoctorPushReceiverFlooded(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{PushFlood: true})
	defer srv.Close()
	want(t, find(t, check(t, srv.URL, false), "push", "/rpc"), doctor.Pass, "delivered")
}

// A card listing a great many interfaces does not make the doctor probe
// each of them: it checks the first MaxInterfaces and says, in the
// card's fields, how many it left.
func TestDoctorCardWithManyInterfaces(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{ManyInterfaces: 200})
	defer srv.Close()
	rs := check(t, srv.URL, true)
	checked := map[string]bool{}
	for _, r := range rs {
		if r.Binding != "" {
			checked[r.Interface] = true
		}
	}
	if len(checked) != doctor.MaxInterfaces {
		t.Errorf("%d interfaces checked, want %d", len(checked), doctor.MaxInterfaces)
	}
	want(t, find(t, rs, "card fields", ""), doctor.Warn, "checks the first 16 of the 201")
}
