// Package cli is parley's headless command line: argument parsing,
// output and exit codes. Everything else (which agent, how a task is
// followed) lives in session, shared with the TUI.
package cli

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// version is set at build time with -ldflags "-X github.com/parley-a2a/parley/cli.version=v1.2.3".
var version string

// Env is what a run of parley sees of the outside world, so tests can run
// it in-process.
type Env struct {
	Stdout, Stderr io.Writer
	// Getenv reads environment variables (config credentials).
	Getenv func(string) string
	// ConfigPath is the settings file; "" means the XDG default.
	ConfigPath string
	// StorePath is the context store's database; "" means the XDG default.
	StorePath string
	// Stdin answers confirmation prompts; nil means there is no one to ask.
	Stdin io.Reader
	// HTTPClient overrides the default HTTP client.
	HTTPClient *http.Client
	// PollInterval and ResumeDelay tune following for tests; 0 keeps
	// the defaults.
	PollInterval time.Duration
	ResumeDelay  time.Duration
	// DemoAgent paces the demo agent; nil means at a speed people can
	// watch.
	DemoAgent *demoagent.Options
	// IsTerminal reports whether standard input and output are a
	// terminal, where parley opens its full-screen UI; nil checks
	// os.Stdin and os.Stdout.
	IsTerminal func() bool
	// StdinIsTerminal reports whether a person at Stdin can answer a
	// prompt; nil means Stdin is a file on a terminal.
	StdinIsTerminal func(io.Reader) bool
	// StdinPiped reports whether Stdin is a pipe or a file, which
	// `parley send AGENT` with no TEXT reads the text from; nil checks
	// Stdin's file (a terminal or /dev/null is not; a reader that is
	// not a file is).
	StdinPiped func(io.Reader) bool
	// OpenBrowser opens a sign-in address in the person's browser; nil
	// means auth.OpenBrowser.
	OpenBrowser func(url string) error
	// StdoutSize reports the width and height of the terminal Stdout
	// writes to, asked at each call so a resize is honoured; ok is
	// false when it cannot tell. nil means Stdout is not a terminal,
	// unless Stdout is a file on one (Run then reads its size). The
	// text output of send redraws a replaced artifact in place there.
	StdoutSize func() (width, height int, ok bool)
	// onFlush, when set, hears every group the recorder of a send
	// commits: the crash test's child reports them, so the test knows
	// what must be on disk when it kills the child.
	onFlush func(session.Flush)
	// takeResult, when set, receives the outcome of `send` and `task`
	// with --json in place of the result line (task get writes no event
	// line either): `parley mcp` builds a bounded tool result from it,
	// not from a line as long as the answer.
	takeResult func(h *heldResult)
}

// Main runs parley with the process's arguments and exits. Ctrl-C (and
// SIGTERM) cancel the context, which a command in flight notices.
func Main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	stopProfile := startProfile(os.Getenv)
	code := Run(ctx, os.Args[1:], Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin, Getenv: os.Getenv})
	stopProfile()
	stop()
	os.Exit(code)
}

type runner struct {
	env Env
	dir *session.Directory
	cfg *config.Config // loaded with dir
	// last is the agent the command talked to, so that a refusal can say
	// what its card asks for.
	last        *a2aclient.Client
	lastRef     string
	lastHeaders http.Header // the --header flags of that command
	// code is the exit code of the command that ran.
	code int
	// lastErr is the error last reported, for the exit code to agree
	// with it.
	lastErr error
	// stdoutSize is Env.StdoutSize when Env leaves it out and Stdout is
	// a file on a terminal; kept out of env, which the commands parley
	// mcp runs copy with an Stdout of their own.
	stdoutSize func() (width, height int, ok bool)
}

// Run runs one parley command line and returns the exit code.
func Run(ctx context.Context, args []string, env Env) int {
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	if env.ConfigPath == "" {
		env.ConfigPath = config.Path()
	}
	r := &runner{env: env}
	if env.StdoutSize == nil {
		r.stdoutSize = terminalSize(env.Stdout)
	}
	root := r.commands()
	if len(args) == 0 && r.isTerminal() {
		return r.tui(ctx, tuiFlags{})
	}
	if len(args) == 0 {
		args = []string{"--help"}
	}
	root.SetArgs(longFlags(root, args))
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err != nil {
		asJSON := false
		if cmd != nil {
			asJSON, _ = cmd.Flags().GetBool("json")
		}
		return r.exitCode(r.report(exitUsage, err, asJSON, ""), err)
	}
	r.sayFallback()
	code := r.exitCode(r.code, r.lastErr)
	if code == exitOK && (r.code == exitTaskFailed || r.code == exitNeedsInput) {
		// The specification's codes leave the outcome to the output; a
		// warning on stderr still names it.
		fmt.Fprintf(env.Stderr, "parley: the task did not complete (exit code %d without %s=spec).\n", r.code, specExitVar)
	}
	return code
}

// sayFallback says on stderr when the reply came from another origin than
// the agent's first endpoint: the dialect fallback moved on to another
// endpoint the card lists, or a 307/308 redirect took the message there;
// the user should know who answered.
func (r *runner) sayFallback() {
	if r.last == nil {
		return
	}
	for _, note := range []string{r.last.FallbackNote(), r.last.RedirectNote()} {
		if note != "" {
			fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+note))
		}
	}
}

// directory loads the config file the first time an agent is needed, so
// a broken config does not stop `parley --help` or `parley demo-agent`.
func (r *runner) directory() (*session.Directory, error) {
	if r.dir != nil {
		return r.dir, nil
	}
	cfg, err := config.Load(r.env.ConfigPath)
	if err != nil {
		return nil, err
	}
	o := a2aclient.Options{
		HTTPClient:   r.env.HTTPClient,
		PollInterval: r.env.PollInterval,
		UserAgent:    "parley/" + versionString(),
	}
	r.clientNetwork(&o, cfg.Network)
	r.cfg = cfg
	r.dir = session.NewDirectory(session.DirectoryOptions{
		Config:     cfg,
		ConfigPath: r.env.ConfigPath,
		Getenv:     r.env.Getenv,
		Memory:     storeMemory{path: r.env.StorePath},
		Client:     o,
		Auth:       Credentials(r.env.ConfigPath, r.env.Getenv, o.HTTPClient),
	})
	return r.dir, nil
}

// workspace is the owner of agents over the directory (session's
// Workspace): the TUI's, for the commands that sign in and resume.
func (r *runner) workspace() (*session.Workspace, error) {
	dir, err := r.directory()
	if err != nil {
		return nil, err
	}
	return session.NewWorkspace(session.WorkspaceOptions{Directory: dir, Config: r.cfg, ConfigPath: r.env.ConfigPath}, nil), nil
}

// client resolves an agent reference with the command's flags applied.
func (r *runner) client(ctx context.Context, ref string, f *agentFlags) (*a2aclient.Client, error) {
	dir, err := r.directory()
	if err != nil {
		return nil, err
	}
	r.lastRef, r.lastHeaders = ref, f.headers.h
	c, err := dir.Client(ctx, ref, f.overrides())
	if c != nil {
		r.last = c
		// The card was not where the user pointed: say which one is used
		// (parley card lists it among its warnings).
		if note := c.Agent().CardNote; note != "" && !f.inspect {
			fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+note))
		}
		// A required extension not activated: said before anything is
		// sent (parley card lists it among its warnings).
		if err == nil && !f.inspect {
			for _, w := range session.MissingExtensionsWarnings(c) {
				fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: warning: "+w))
			}
		}
	}
	return c, err
}

// versionString is parley's version: the one set at build time, else the
// module's (go install MODULE@VERSION), else the commit it was built from.
func versionString() string {
	v, _ := buildVersion()
	return v
}

func buildVersion() (v, date string) {
	if version != "" {
		return version, ""
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev", ""
	}
	return versionFrom(bi)
}

// versionFrom reads a version from build info: the module version, or
// "dev-" and the VCS revision (12 digits, "+dirty" for uncommitted
// changes) with the commit's date.
func versionFrom(bi *debug.BuildInfo) (v, date string) {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v, ""
	}
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			date = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev", ""
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return "dev-" + rev, date
}

// versionLine is what --version prints: the version, the commit's date
// when built from a clone, the Go version and the platform.
func versionLine() string {
	v, date := buildVersion()
	if date != "" {
		v += ", committed " + date
	}
	return fmt.Sprintf("parley %s (%s %s/%s)", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
