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
	"strings"
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
	last    *a2aclient.Client
	lastRef string
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
	if len(args) == 0 {
		if isTerminal() {
			return r.tui(ctx, nil)
		}
		fmt.Fprint(env.Stdout, mainHelp(env.ConfigPath))
		return exitOK
	}
	cmd, rest := args[0], args[1:]
	if isTUIFlag(cmd) {
		return r.tui(ctx, args)
	}
	code := r.command(ctx, cmd, rest)
	r.sayFallback()
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

func (r *runner) command(ctx context.Context, cmd string, rest []string) int {
	env := r.env
	switch cmd {
	case "-h", "-help", "--help", "help":
		if len(rest) > 0 && cmd == "help" {
			return r.help(rest[0])
		}
		fmt.Fprint(env.Stdout, mainHelp(env.ConfigPath))
		return exitOK
	case "-version", "--version", "version":
		fmt.Fprintf(env.Stdout, "parley %s (%s %s/%s)\n", versionString(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return exitOK
	case "card":
		return r.card(ctx, rest)
	case "login":
		return r.login(ctx, rest)
	case "send":
		return r.send(ctx, rest)
	case "task":
		return r.task(ctx, rest)
	case "contexts":
		return r.contexts(ctx, rest)
	case "demo-agent":
		return r.demoAgent(ctx, rest)
	}
	return r.report(exitUsage, usagef("", "unknown command %q", cmd), false, "")
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
	})
	return r.dir, nil
}

// client resolves an agent reference with the command's flags applied.
func (r *runner) client(ctx context.Context, ref string, f *agentFlags) (*a2aclient.Client, error) {
	dir, err := r.directory()
	if err != nil {
		return nil, err
	}
	r.lastRef = ref
	c, err := dir.Client(ctx, ref, session.Overrides{Headers: f.headers.h, Dialect: f.dialect.d, TrustOrigins: f.trust, Inspect: f.inspect})
	if c != nil {
		r.last = c
		// The card was not where the user pointed: say which one is used
		// (parley card lists it among its warnings).
		if note := c.Agent().CardNote; note != "" && !f.inspect {
			fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+note))
		}
	}
	return c, err
}

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// isTUIFlag reports whether the command line opens the terminal UI.
func isTUIFlag(arg string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return strings.HasPrefix(arg, "-") && (name == "agent" || name == "demo" || name == "theme" || name == "headless" || name == "context")
}
