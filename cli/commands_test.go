package cli

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/parley-a2a/parley/internal/syncbuf"
)

// An unknown flag, with one dash or two, before or after the arguments,
// is named in one sentence that points at the command's help.
func TestUnknownFlagIsOneSentence(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"send", "-bogus"}, "parley: unknown flag -bogus."},
		{[]string{"send", "http://127.0.0.1:1", "hi", "--bogus"}, "parley: unknown flag --bogus."},
		{[]string{"card", "--bogus=1", "http://127.0.0.1:1"}, "parley: unknown flag --bogus."},
		{[]string{"task", "get", "http://127.0.0.1:1", "id", "--frob"}, "parley: unknown flag --frob."},
		{[]string{"contexts", "show", "1", "--frob"}, "parley: unknown flag --frob."},
		{[]string{"--frob"}, "parley: unknown flag --frob."},
	} {
		r := e.run(tc.args...)
		if r.code != exitUsage {
			t.Errorf("%q: exit %d, want 2", tc.args, r.code)
		}
		if !strings.Contains(r.stderr, tc.want) || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.Contains(r.stderr, "for usage.") {
			t.Errorf("%q: stderr %q, want one line with %q and where to find usage", tc.args, r.stderr, tc.want)
		}
	}
}

// Flags written with one dash, as Go's flag package took them, still
// work, before and after the arguments.
func TestSingleDashLongFlags(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", "-json", base, "ping", "-timeout=30s")
	wantCode(t, r, exitOK)
	if res := resultLine(t, r); res["state"] != "message" {
		t.Errorf("result = %v", res)
	}
	// After "--" a dash is text.
	r = e.run("send", base, "--json", "--", "-json")
	wantCode(t, r, exitOK)
	resultLine(t, r)
}

// Every command has generated help: its usage line first, what it does,
// and a description of every flag it takes.
func TestEveryCommandHasHelp(t *testing.T) {
	e := newEnv(t)
	root := (&runner{env: e.env(&syncbuf.Buffer{}, &syncbuf.Buffer{})}).commands()
	n := 0
	eachCommand(root, func(c *cobra.Command) {
		if c == root {
			return
		}
		n++
		path := strings.Fields(c.CommandPath())[1:]
		r := e.run(append(append([]string{}, path...), "--help")...)
		wantCode(t, r, exitOK)
		if !strings.HasPrefix(r.stdout, "Usage: "+c.CommandPath()) {
			t.Errorf("%s --help starts %q", c.CommandPath(), firstLine(r.stdout))
		}
		if h := e.run(append([]string{"help"}, path...)...); h.stdout != r.stdout {
			t.Errorf("'parley help %s' differs from --help:\n%s\n---\n%s", strings.Join(path, " "), h.stdout, r.stdout)
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Usage == "" {
				t.Errorf("%s --%s has no description", c.CommandPath(), f.Name)
			}
			if !f.Hidden && !strings.Contains(r.stdout, "--"+f.Name) {
				t.Errorf("%s --help does not show --%s", c.CommandPath(), f.Name)
			}
		})
	})
	if n < 12 {
		t.Errorf("only %d commands", n)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// The version comes from the build: the module's version when installed
// with go install, else the commit (Go turns it into a pseudo-version;
// older ones leave "(devel)" and the VCS settings).
func TestVersionFromBuildInfo(t *testing.T) {
	for _, tc := range []struct {
		bi      debug.BuildInfo
		v, date string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3", ""},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "2a7f14879866eb56d026d333b9c1b27d0cc7c187"},
			{Key: "vcs.time", Value: "2026-11-25T14:58:04Z"},
			{Key: "vcs.modified", Value: "true"},
		}}, "dev-2a7f14879866+dirty", "2026-11-25T14:58:04Z"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev", ""},
	} {
		v, date := versionFrom(&tc.bi)
		if v != tc.v || date != tc.date {
			t.Errorf("versionFrom(%v) = %q, %q; want %q, %q", tc.bi.Main, v, date, tc.v, tc.date)
		}
	}
	for _, args := range [][]string{{"--version"}, {"-version"}, {"-v"}, {"version"}} {
		r := newEnv(t).run(args...)
		wantCode(t, r, exitOK)
		if !strings.HasPrefix(r.stdout, "parley ") || strings.Count(r.stdout, "\n") != 1 {
			t.Errorf("%q = %q", args, r.stdout)
		}
	}
}

// An unknown flag close to one the command takes (two edits or fewer)
// suggests it, for every command; one far from all of them suggests
// nothing.
func TestUnknownFlagSuggestsTheClosest(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"send", "--jsn"}, "parley: unknown flag --jsn; did you mean --json? Run 'parley help send' for usage."},
		{[]string{"send", "-jsn"}, "parley: unknown flag -jsn; did you mean --json? Run 'parley help send' for usage."},
		{[]string{"card", "--jsno=1"}, "parley: unknown flag --jsno; did you mean --json? Run 'parley help card' for usage."},
		{[]string{"send", "--output-dri", "x"}, "parley: unknown flag --output-dri; did you mean --output-dir? Run 'parley help send' for usage."},
		{[]string{"task", "list", "--stat", "x"}, "parley: unknown flag --stat; did you mean --state? Run 'parley help task list' for usage."},
		{[]string{"demo-agent", "--adr", "x"}, "parley: unknown flag --adr; did you mean --addr? Run 'parley help demo-agent' for usage."},
		{[]string{"--dmeo"}, "parley: unknown flag --dmeo; did you mean --demo? Run 'parley --help' for usage."},
		{[]string{"send", "--bogus"}, "parley: unknown flag --bogus. Run 'parley help send' for usage."},
	} {
		r := e.run(tc.args...)
		if r.code != exitUsage || strings.TrimSpace(r.stderr) != tc.want {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}
