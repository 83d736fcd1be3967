package cli

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// parley doctor passes against the demo agent: one line per check, a
// summary, exit 0, the message it sends said first on stderr.
func TestDoctorDemo(t *testing.T) {
	base := demo(t)
	r := newEnv(t).run("doctor", base)
	wantCode(t, r, exitOK)
	for _, want := range []string{"✓ card ", "✓ binding        " + base + "/v1.0/jsonrpc", "✓ round trip", "– list tasks     " + base + "/v0.3/jsonrpc", " 0 failed"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in\n%s", want, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, `sends a short message, "ping"`) {
		t.Errorf("stderr = %q", r.stderr)
	}
	if strings.Contains(r.stdout, "✗") {
		t.Errorf("a check failed:\n%s", r.stdout)
	}
}

// A failed check exits 8; --json is one line per check then the
// summary; --junit writes one testsuite per interface.
func TestDoctorFailureJSONAndJUnit(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{RefuseStreaming: true, AbsentInterface: true})
	defer srv.Close()
	junit := filepath.Join(t.TempDir(), "doctor.xml")
	r := newEnv(t).run("doctor", srv.URL, "--json", "--junit", junit)
	wantCode(t, r, exitDoctorFailed)
	lines := jsonLines(t, r)
	last := lines[len(lines)-1]
	if last["type"] != "summary" || last["failed"].(float64) < 2 {
		t.Errorf("summary = %v", last)
	}
	for _, l := range lines[:len(lines)-1] {
		for _, k := range []string{"check", "interface", "binding", "version", "status", "detail", "ms"} {
			if _, ok := l[k]; !ok {
				t.Errorf("line %v has no %q", l, k)
			}
		}
	}
	b, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Name string `xml:"name,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	// The card, /rpc, and /missing.
	if len(doc.Suites) != 3 || doc.Failures < 2 {
		t.Errorf("junit: %d suites, %d failures\n%s", len(doc.Suites), doc.Failures, b)
	}
}

// --read-only sends nothing; a usage error and an unreachable card exit
// with the usual codes.
func TestDoctorReadOnlyAndErrors(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer srv.Close()
	e := newEnv(t)
	r := e.run("doctor", srv.URL, "--read-only")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "– round trip") || !strings.Contains(r.stderr, "--read-only") {
		t.Errorf("stdout:\n%s\nstderr: %s", r.stdout, r.stderr)
	}
	wantCode(t, e.run("doctor"), exitUsage)
	wantCode(t, e.run("doctor", srv.URL, srv.URL), exitUsage)
	gone := hostile.DoctorAgent(hostile.DoctorOptions{})
	gone.Close()
	r = e.run("doctor", gone.URL)
	wantCode(t, r, exitError)
	if !strings.Contains(r.stdout, "✗ card") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
}

// Nothing doctor sends is recorded unless --record: then each
// interface's round trip is a stored context, and the line says so.
func TestDoctorRecord(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{})
	defer srv.Close()
	e := newEnv(t)
	e.store = filepath.Join(t.TempDir(), "parley.db")
	wantCode(t, e.run("doctor", srv.URL), exitOK)
	r := e.run("contexts", "list", "--json")
	if strings.Contains(r.stdout, "ping") {
		t.Fatalf("doctor recorded without --record:\n%s", r.stdout)
	}
	r = e.run("doctor", srv.URL, "--record")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "The exchange was recorded.") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	r = e.run("contexts", "list", "--json")
	if strings.Count(r.stdout, `"ping"`) != 1 {
		t.Errorf("want one recorded context titled ping:\n%s", r.stdout)
	}
}

// The text output is a table: the detail starts in the same column on
// every check's line, whatever the length of its interface's URL.
func TestDoctorColumns(t *testing.T) {
	srv := hostile.DoctorAgent(hostile.DoctorOptions{AbsentInterface: true})
	defer srv.Close()
	r := newEnv(t).run("doctor", srv.URL, "--read-only")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	col := -1
	for _, l := range lines[:len(lines)-1] {
		// The detail starts after the URL and the two spaces that
		// follow it, both in runes.
		rs := []rune(l)
		i := strings.Index(l, "http://")
		end := i + strings.Index(l[i:], " ")
		at := len([]rune(l[:end])) + 2
		for at < len(rs) && rs[at] == ' ' {
			at++
		}
		if col == -1 {
			col = at
		}
		if at != col {
			t.Errorf("detail at column %d, not %d:\n%s", at, col, r.stdout)
			break
		}
	}
}

// A card that cannot be fetched is said once: the ✗ card line, then on
// stderr only what to do, not the same error a second time.
func TestDoctorDeadAgentSaysTheErrorOnce(t *testing.T) {
	gone := hostile.DoctorAgent(hostile.DoctorOptions{})
	gone.Close()
	r := newEnv(t).run("doctor", gone.URL, "--read-only")
	wantCode(t, r, exitError)
	all := r.stdout + r.stderr
	if n := strings.Count(all, "connection was refused"); n != 1 || !strings.Contains(r.stdout, "✗ card") {
		t.Errorf("the error is said %d times:\n%s", n, all)
	}
	if !strings.Contains(r.stderr, "parley: check that the agent is running and the URL is right.") {
		t.Errorf("stderr lacks what to do:\n%s", r.stderr)
	}
	// --json keeps its error line, the check's detail said once on stdout.
	r = newEnv(t).run("doctor", gone.URL, "--read-only", "--json")
	wantCode(t, r, exitError)
	lines := jsonLines(t, r)
	if last := lines[len(lines)-1]; last["type"] != "error" || strings.Contains(r.stderr, "connection was refused") {
		t.Errorf("--json: stdout\n%s\nstderr\n%s", r.stdout, r.stderr)
	}
}
