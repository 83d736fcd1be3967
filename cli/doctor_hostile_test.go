package cli

import (
	"bytes"
	"encoding/xml"
	"path/filepath"
	"strings"
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
	for _, path := range []string{dir, filepath.Join(dir, "absent", "doctor.xml")} {
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
