package cli

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/termsafe"
)

// exitDoctorFailed is `parley doctor`'s code when a check failed.
const exitDoctorFailed = 8

type doctorFlags struct {
	agent    agentFlags
	junit    string
	junitOut io.Writer // stdout, for --junit -
	message  string
	readOnly bool
	record   bool
}

func (r *runner) doctorCommand() *cobra.Command {
	var f doctorFlags
	c := &cobra.Command{
		Use:   "doctor AGENT [flags]",
		Short: "check an agent against its own card and the A2A spec, on every interface",
		Long: `Checks an agent against its card and the A2A specification, on every
interface the card declares: the card (fetched, size, required fields,
signature); that each interface answers as the binding and version it is
declared with and is the same agent (TaskNotFound for an unknown task id);
that a secured agent refuses a request without credentials (401/403); that
declared streaming streams to a settled state and a declared extended card
can be fetched; a round trip (send, then GetTask returns the same state);
ListTasks where the dialect has it; and timings.

It sends a short message (--message, default "ping") a few times on each
interface (a stream, a round trip, a push), and says so first; --read-only
sends none and skips the checks that need one. Nothing is recorded as a
conversation unless --record, which keeps each interface's round trip in
the store (parley contexts). The checks are listed in docs/doctor.md.

One line per check: ✓ passed, ! warning, ✗ failed, – skipped; then a summary.
With --json: one JSON object per check, {"type":"check","check","interface",
"binding","version","status","detail","ms"}, then {"type":"summary",…}.

Exit codes: 0 when no check failed (warnings allowed), 8 when one did, 2 for
a usage error, 1 when the card cannot be fetched (5 when it is refused).`,
		Example: `  parley doctor http://127.0.0.1:4141
  parley doctor my-agent --read-only --json
  parley doctor my-agent --junit doctor.xml`,
		Annotations: map[string]string{annotAgent: "1"},
	}
	fs := c.Flags()
	f.agent.register(fs)
	fs.StringVar(&f.junit, "junit", "", "also write the results as JUnit XML to FILE (one testsuite per interface); - is stdout, the check lines then going to stderr")
	fs.StringVar(&f.message, "message", "ping", "the text sent on each interface")
	fs.BoolVar(&f.readOnly, "read-only", false, "send no message: skip the checks that need one")
	fs.BoolVar(&f.record, "record", false, "keep each interface's round trip as a stored conversation (parley contexts)")
	hideFlags(fs, "raw", "dialect", "require-signed")
	fs.Lookup("timeout").Usage = "give up on each check after this long (default 30s)"
	c.Run = r.run(func(ctx context.Context, args []string) int { return r.doctor(ctx, &f, args) })
	return c
}

// doctor is `parley doctor AGENT`.
func (r *runner) doctor(ctx context.Context, f *doctorFlags, pos []string) int {
	if len(pos) != 1 {
		err := usagef("doctor", "the doctor command takes one agent (a URL or a config name), got %s", plural(len(pos), "argument"))
		return r.report(exitUsage, err, f.agent.json, "")
	}
	if f.junit == "-" {
		// stdout is the XML alone; the check lines and the summary go
		// to stderr.
		xmlOut := r.env.Stdout
		r.env.Stdout = r.env.Stderr
		defer func() { r.env.Stdout = xmlOut }()
		f.junitOut = xmlOut
	} else if f.junit != "" {
		if err := checkJUnitPath(f.junit); err != nil {
			return r.report(exitUsage, inputf("--junit %s: %v", f.junit, err), f.agent.json, "")
		}
	}
	dir, err := r.directory()
	if err != nil {
		return r.report(errorExit(ctx, err), err, f.agent.json, "")
	}
	ctx, _ = r.traced(ctx, pos[0], &f.agent)
	if f.readOnly {
		fmt.Fprintln(r.env.Stderr, "parley: doctor sends no message (--read-only); the checks that need one are skipped.")
	} else {
		fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: doctor sends a short message, %q, on each interface the card declares (--read-only sends none).", f.message)))
	}
	timeout := 30 * time.Second
	if f.agent.timeout.set {
		timeout = f.agent.timeout.d
	}
	if timeout <= 0 {
		timeout = 24 * time.Hour
	}
	var all []doctor.Result
	width := 0 // of the interface column
	o := doctor.Options{
		Directory: dir, Ref: pos[0], Overrides: f.agent.overrides(),
		Message: f.message, ReadOnly: f.readOnly, Timeout: timeout,
		Interfaces: func(urls []string) {
			for _, u := range urls {
				width = max(width, utf8.RuneCountInString(shortURL(termsafe.Line(u))))
			}
		},
	}
	if f.record && !f.readOnly {
		// Without a store, nothing is recorded; openStore said why.
		if st := r.openStore(); st != nil {
			defer st.Close()
			o.Record = st
		}
	}
	err = doctor.Run(ctx, o, func(res doctor.Result) {
		all = append(all, res)
		r.printCheck(res, f.agent.json, width)
	})
	if f.junitOut != nil {
		if werr := writeJUnitTo(f.junitOut, all); werr != nil {
			return r.report(exitError, fmt.Errorf("writing the JUnit XML to stdout: %w", werr), f.agent.json, "")
		}
	} else if f.junit != "" {
		if werr := writeJUnit(f.junit, all); werr != nil {
			return r.report(exitUsage, inputf("--junit %s: %v", f.junit, werr), f.agent.json, "")
		}
	}
	if err != nil {
		err = timedOut(ctx, err, pos[0], "")
		if n := len(all); n > 0 && all[n-1].Check == "card" && all[n-1].Status == doctor.Fail {
			// The ✗ card line said it.
			return r.reportShown(errorExit(ctx, err), err, f.agent.json, "")
		}
		return r.report(errorExit(ctx, err), err, f.agent.json, "")
	}
	n := tally(all)
	if f.agent.json {
		_ = writeJSONLine(r.env.Stdout, map[string]any{"type": "summary", "checks": len(all),
			"passed": n[doctor.Pass], "warnings": n[doctor.Warn], "failed": n[doctor.Fail], "skipped": n[doctor.Skip]})
	} else {
		fmt.Fprintf(r.env.Stdout, "%s: %d passed, %d warnings, %d failed, %d skipped\n",
			plural(len(all), "check"), n[doctor.Pass], n[doctor.Warn], n[doctor.Fail], n[doctor.Skip])
	}
	if n[doctor.Fail] > 0 {
		return exitDoctorFailed
	}
	return exitOK
}

func tally(all []doctor.Result) map[doctor.Status]int {
	n := map[doctor.Status]int{}
	for _, res := range all {
		n[res.Status]++
	}
	return n
}

var doctorGlyphs = map[doctor.Status]string{doctor.Pass: "✓", doctor.Warn: "!", doctor.Fail: "✗", doctor.Skip: "–"}

// printCheck writes one check's line, its interface padded to width
// runes so that the details start in one column.
func (r *runner) printCheck(res doctor.Result, asJSON bool, width int) {
	if asJSON {
		_ = writeJSONLine(r.env.Stdout, map[string]any{"type": "check", "check": res.Check,
			"interface": termsafe.Line(res.Interface), "binding": termsafe.Line(res.Binding), "version": termsafe.Line(res.Version),
			"status": string(res.Status), "detail": termsafe.Line(res.Detail), "ms": res.Duration.Milliseconds()})
		return
	}
	where := shortURL(termsafe.Line(res.Interface))
	pad := strings.Repeat(" ", max(0, width-utf8.RuneCountInString(where)))
	fmt.Fprintf(r.env.Stdout, "%s %-14s %s%s  %s\n", doctorGlyphs[res.Status], termsafe.Line(res.Check), where, pad, termsafe.Line(res.Detail))
}

// maxURLColumn bounds, in runes, the interface column of doctor's
// lines: a card may name a URL of any length.
const maxURLColumn = 120

// shortURL is u, when longer than maxURLColumn runes, with its middle
// replaced by "…".
func shortURL(u string) string {
	r := []rune(u)
	if len(r) <= maxURLColumn {
		return u
	}
	const tail = maxURLColumn / 3
	return string(r[:maxURLColumn-tail-1]) + "…" + string(r[len(r)-tail:])
}

// The JUnit XML form: one testsuite per interface, one testcase per check.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Skipped  int          `xml:"skipped,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Skipped  int         `xml:"skipped,attr"`
		Time     string      `xml:"time,attr"`
		Cases    []junitCase `xml:"testcase"`
		took     time.Duration
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		ClassName string        `xml:"classname,attr"`
		Time      string        `xml:"time,attr"`
		Failure   *junitMessage `xml:"failure,omitempty"`
		Skipped   *junitMessage `xml:"skipped,omitempty"`
		SystemOut string        `xml:"system-out,omitempty"`
	}
	junitMessage struct {
		Message string `xml:"message,attr"`
	}
)

// junitXML is the results as JUnit XML.
func junitXML(all []doctor.Result) ([]byte, error) {
	out := junitSuites{Name: "parley doctor"}
	index := map[string]int{}
	for _, res := range all {
		name := res.Interface
		if res.Binding != "" {
			name += " (" + res.Binding + " " + res.Version + ")"
		}
		i, ok := index[name]
		if !ok {
			i = len(out.Suites)
			index[name] = i
			out.Suites = append(out.Suites, junitSuite{Name: name})
		}
		s := &out.Suites[i]
		tc := junitCase{Name: res.Check, ClassName: name, Time: seconds(res.Duration)}
		switch res.Status {
		case doctor.Fail:
			tc.Failure = &junitMessage{Message: res.Detail}
			s.Failures++
		case doctor.Skip:
			tc.Skipped = &junitMessage{Message: res.Detail}
			s.Skipped++
		case doctor.Warn:
			tc.SystemOut = "warning: " + res.Detail
		default:
			tc.SystemOut = res.Detail
		}
		s.Tests++
		s.took += res.Duration
		s.Cases = append(s.Cases, tc)
	}
	for i := range out.Suites {
		s := &out.Suites[i]
		s.Time = seconds(s.took)
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Skipped += s.Skipped
	}
	b, err := xml.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(b, '\n')...), nil
}

// checkJUnitPath says, before any check runs, why the JUnit XML could
// not be written to path: a directory, a file not writable, a FIFO no
// process reads (writing would block), a folder that does not exist or
// is not writable. An existing file is replaced at the end; nothing is
// written now.
func checkJUnitPath(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a directory; name a file to write the JUnit XML to", path)
	case err == nil:
		// Without blocking: a FIFO nobody reads is ENXIO, not a hang.
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if errors.Is(err, syscall.ENXIO) {
			return fmt.Errorf("%s is a FIFO no process reads; name a file to write the JUnit XML to", path)
		}
		if err != nil {
			return err
		}
		return f.Close()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	// A new file: its folder must take one.
	f, err := os.CreateTemp(filepath.Dir(path), ".parley-junit-*")
	if err != nil {
		return fmt.Errorf("cannot create a file in %s: %w", filepath.Dir(path), errors.Unwrap(err))
	}
	_ = f.Close()
	return os.Remove(f.Name())
}

func writeJUnit(path string, all []doctor.Result) error {
	b, err := junitXML(all)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func writeJUnitTo(w io.Writer, all []doctor.Result) error {
	b, err := junitXML(all)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }
