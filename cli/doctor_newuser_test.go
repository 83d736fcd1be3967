package cli

import (
	"encoding/xml"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A card check's "version" is the version the card was read as, the one
// its text names; a card that declares another (the demo's root card, a
// v1.0 card with v0.3's protocolVersion for v0.3 clients) names both.
func TestDoctorCardVersionAgreesWithText(t *testing.T) {
	base := demo(t)
	r := newEnv(t).run("doctor", base, "--json", "--read-only")
	wantCode(t, r, exitOK)
	for _, l := range jsonLines(t, r) {
		if l["check"] != "card" {
			continue
		}
		detail, _ := l["detail"].(string)
		if l["version"] != "1.0" || !strings.Contains(detail, "read as a v1.0 card") || !strings.Contains(detail, "0.3.0") {
			t.Errorf("card check: version %v, detail %q", l["version"], detail)
		}
		return
	}
	t.Fatalf("no card check:\n%s", r.stdout)
}

// --junit - writes the JUnit XML to stdout, not to a file named "-".
func TestDoctorJUnitDashIsStdout(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("doctor", base, "--read-only", "--junit", "-")
	wantCode(t, r, exitOK)
	if _, err := os.Stat("-"); err == nil {
		os.Remove("-")
		t.Fatal("--junit - wrote a file named -")
	}
	i := strings.Index(r.stdout, "<?xml")
	if i < 0 {
		t.Fatalf("no XML on stdout:\n%s", r.stdout)
	}
	var doc struct {
		Suites []struct{} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(r.stdout[i:]), &doc); err != nil || len(doc.Suites) == 0 {
		t.Errorf("stdout's XML (%v):\n%s", err, r.stdout[i:])
	}
	if strings.Contains(r.stdout[:i], "✓") {
		t.Errorf("with --junit - the text lines go to stderr, stdout is the XML alone:\n%s", r.stdout)
	}
}

// Every exit code parley uses is in 'parley help'.
func TestHelpListsEveryExitCode(t *testing.T) {
	r := newEnv(t).run("help")
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  (\d+) `).FindAllStringSubmatch(r.stdout, -1) {
		listed[m[1]] = true
	}
	for _, code := range []int{exitOK, exitError, exitUsage, exitTaskFailed, exitNeedsInput, exitAuthRefused, exitForeign, exitUnverified, exitDoctorFailed, exitInterrupted, exitDiffer} {
		if !listed[strconv.Itoa(code)] {
			t.Errorf("parley help lists no exit code %d:\n%s", code, r.stdout)
		}
	}
}
