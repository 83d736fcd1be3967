package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/parley-a2a/parley/termsafe"
)

// commands builds parley's command tree for one run. Each command parses
// its flags into a struct of its own and hands them, with the positional
// arguments, to the runner method that does the work; that method checks
// the arguments itself, so a mistake is reported (in JSON too, with
// --json) the same way whichever command made it. The exit code is kept
// in r.code.
func (r *runner) commands() *cobra.Command {
	root := &cobra.Command{
		Use:   "parley",
		Short: "talk to AI agents over the A2A (Agent2Agent) protocol",
		Long: `parley talks to AI agents over the A2A (Agent2Agent) protocol: a terminal UI,
and commands for scripts on the same layers.`,
		Version:           versionLine(),
		Args:              noArgs(""),
		SilenceErrors:     true,
		SilenceUsage:      true,
		DisableAutoGenTag: true,
		// "did you mean send?" for "sned": within two edits.
		SuggestionsMinimumDistance: 2,
		CompletionOptions:          cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	var tf tuiFlags
	fs := root.Flags()
	fs.StringArrayVar(&tf.agents, "agent", nil, "open the terminal UI on this agent (URL or config name); repeatable")
	fs.BoolVar(&tf.demo, "demo", false, "add the built-in demo agent and open on it")
	fs.BoolVar(&tf.headless, "headless", false, "with --demo: a scripted tour on standard output, no UI")
	fs.StringVar(&tf.theme, "theme", "", "auto (default), dark, light, high-contrast, or a theme file NAME.toml in the themes folder beside the config")
	fs.StringVar(&tf.contextRef, "context", "", "open the terminal UI on stored conversation N (its number in 'parley contexts')")
	fs.BoolP("version", "v", false, "print parley's version")
	root.Run = func(cmd *cobra.Command, _ []string) {
		r.code = r.tui(cmd.Context(), tf)
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef(helpName(c), "%s", flagError(c.Flags(), err))
	})
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		fmt.Fprint(c.OutOrStdout(), r.helpText(c))
	})
	root.SetHelpCommand(r.helpCommand())
	root.AddCommand(r.cardCommand(), r.loginCommand(), r.sendCommand(), r.taskCommand(),
		r.contextsCommand(), r.demoAgentCommand(), r.versionCommand())
	root.AddCommand(r.completionCommand(), r.manCommand(), r.mcpCommand(), r.doctorCommand(), r.rawCommand())
	eachCommand(root, func(c *cobra.Command) {
		c.Flags().BoolP("help", "h", false, "show this help")
	})
	r.registerCompletions(root)
	return root
}

// eachCommand calls do for c and every command below it.
func eachCommand(c *cobra.Command, do func(*cobra.Command)) {
	do(c)
	for _, s := range c.Commands() {
		eachCommand(s, do)
	}
}

// noArgs refuses positional arguments: a word parley does not know is
// most likely a misspelt command.
func noArgs(cmd string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		if !c.HasParent() {
			// cobra's suggestions: commands within
			// SuggestionsMinimumDistance edits, or that the word begins.
			if s := c.SuggestionsFor(args[0]); len(s) > 0 {
				return usagef("", "unknown command %q; did you mean %s?", args[0], strings.Join(s, " or "))
			}
			return usagef("", "unknown command %q", args[0])
		}
		return usagef(helpName(c), "the %s command takes no arguments, got %q", cmd, args[0])
	}
}

// helpName is the command's name for 'parley help NAME': its path
// without "parley ".
func helpName(c *cobra.Command) string {
	return strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), "parley"), " ")
}

// run wraps a runner method as a command's Run.
func (r *runner) run(do func(ctx context.Context, args []string) int) func(*cobra.Command, []string) {
	return func(c *cobra.Command, args []string) { r.code = do(c.Context(), args) }
}

func (r *runner) cardCommand() *cobra.Command {
	f := agentFlags{inspect: true}
	c := &cobra.Command{
		Use:   "card AGENT [flags]",
		Short: "show an agent's card",
		Long: `Fetches and shows the agent's card: name, description, version, provider,
the dialect parley detected, the endpoint and transport it will use,
capabilities, skills, security schemes, and warnings about problems in the
card. It also checks that the endpoint answers in the declared transport.

An endpoint on another origin than the agent you named gets no credential;
the warnings say so.

What the agent wrote is shown without escape sequences and controls;
bidi overrides and invisible characters in names show as ⟨U+202E⟩. JSON
strings hold the same cleaned text, so 'jq -r' cannot hand the agent your
terminal; --raw keeps the agent's bytes (still escaped in the JSON).`,
		Annotations: map[string]string{annotAgent: "1"},
	}
	f.register(c.Flags())
	c.Run = r.run(func(ctx context.Context, args []string) int { return r.card(ctx, &f, args) })
	// `card get AGENT` is the A2A CLI specification's spelling.
	get := &cobra.Command{Use: "get AGENT [flags]", Short: "the same as 'parley card AGENT'", Annotations: c.Annotations}
	f.register(get.Flags())
	get.Run = c.Run
	c.AddCommand(get)
	return c
}

func (r *runner) loginCommand() *cobra.Command {
	var f loginFlags
	c := &cobra.Command{
		Use:   "login AGENT [flags]",
		Short: "sign in once and save the credential",
		Long: `Signs in to an agent once and saves the credential in the credentials file
(credentials.toml next to the config, kept private: mode 0600), so that later
commands and the terminal UI start signed in. The agent's card says how:

  OAuth 2.0 / OpenID Connect   a device code to enter on another device, or a
                               browser sign-in that returns to a loopback port
                               (the URL is printed; a browser opens if it can);
                               tokens are refreshed when they expire
  bearer token, API key,       typed without echo (or piped on standard input)
  basic password`,
		Annotations: map[string]string{annotAgent: "1"},
	}
	fs := c.Flags()
	fs.StringVar(&f.flow, "flow", "", "device, browser or client (client credentials); default: the config's oauth_flow, else the card's first OAuth flow")
	fs.StringVar(&f.clientID, "client-id", "", "the OAuth client id, when the config entry names none")
	fs.BoolVar(&f.noOpen, "no-open", false, "print the browser sign-in URL without opening a browser")
	f.agent.register(fs)
	hideFlags(fs, "json", "raw", "output", "trace")
	c.Run = r.run(func(ctx context.Context, args []string) int { return r.login(ctx, &f, args) })
	return c
}

func (r *runner) sendCommand() *cobra.Command { return r.sendCommandFor(&sendFlags{}) }

// sendCommandFor is `parley send` parsing its flags into f.
func (r *runner) sendCommandFor(f *sendFlags) *cobra.Command {
	c := &cobra.Command{
		Use:   "send AGENT TEXT [flags]",
		Short: "send a message and follow the task to its end",
		Long: `Sends TEXT as one message and follows the task until it completes, fails,
is canceled or rejected, or needs input or authentication. Streamed text is
printed as it arrives, then the final state. A cut stream is resumed.
The conversation is kept in the context store, and its id is printed on
stderr: continue it with 'parley send --context N TEXT' or in the TUI.

TEXT is read from standard input when it is -, or when it is left out and
standard input is a pipe or a file. --file and --data add parts after it
(then TEXT may be left out).

With --json: one JSON object per line for each event, then a result line
  {"type":"result","dialect","contextId","taskId","state","text",
   "statusText","artifacts","timings","traceId","storeId"}
("timings": the turn's moments in ms; "traceId": with --trace only.)
In text mode on a terminal the answer ends with a quiet line of timings
(and "trace ID" with --trace); piped, --trace notes "parley: trace id ID"
on stderr instead.`,
		Example: `  parley send http://127.0.0.1:4141 "Book a flight to Lisbon"
  parley send --context 3 "Amsterdam"
  git diff | parley send reviewer "Review this patch"
  parley send my-agent "Summarize" --file report.pdf --data '{"pages":[1,2]}'
  parley send my-agent "Make a chart" --output-dir out/
  parley send my-agent "hello" --json | jq -r .text
  parley send my-agent --task T1 --action book --set /booking/name=Ada`,
		Annotations: map[string]string{annotAgent: "1", annotExit: "1", annotAlt: "parley send --context N TEXT [flags]"},
	}
	fs := c.Flags()
	f.register(fs)
	fs.BoolVar(&f.noStream, "no-stream", false, "send with one blocking call instead of streaming")
	fs.StringVar(&f.stored, "context", "", "continue parley's stored conversation N (its number in 'parley contexts'; then AGENT may be left out)")
	fs.StringVar(&f.contextID, "context-id", "", "continue the agent's conversation with this contextId (the agent's own id; AGENT is required)")
	fs.StringVar(&f.taskID, "task", "", "answer this task (after input-required or auth-required)")
	fs.StringVar(&f.taskID, "task-id", "", "the same as --task (the A2A CLI spec's spelling)")
	fs.StringArrayVar(&f.files, "file", nil, "attach a file (repeatable); its MIME type is detected and its size shown")
	fs.StringVar(&f.data, "data", "", "attach structured data: a JSON value, or @FILE holding one")
	fs.BoolVar(&f.async, "async", false, "print the task's id and context as soon as the agent names them, and exit; the task keeps running")
	fs.StringVar(&f.outputDir, "output-dir", "", "save the answer's file artifacts in DIR (created if needed), under safe names, never overwriting")
	fs.StringVar(&f.action, "action", "", "answer the A2UI form of --task (or of the task --context N waits on) by pressing the button with this action name (or component id); no TEXT")
	fs.StringArrayVar(&f.sets, "set", nil, "with --action: enter VALUE into the form's input bound to PATH (or with that component id) first, as PATH=VALUE (repeatable)")
	fs.BoolVar(&f.approve, "approve", false, "allow the tool call the task (--task) waits on, once, instead of sending text")
	fs.BoolVar(&f.refuse, "refuse", false, "refuse the tool call the task (--task) waits on, instead of sending text")
	c.Run = r.run(func(ctx context.Context, args []string) int { return r.send(ctx, f, args) })
	return c
}

func (r *runner) taskCommand() *cobra.Command {
	var f agentFlags
	c := &cobra.Command{
		Use:   "task get|cancel|watch|download|list|push … [flags]",
		Short: "show, cancel, follow, download or list tasks; push notifications",
		Long: `With --json, watch prints one JSON object per event; every subcommand ends
with the same result line as 'parley send --json'. Exit codes are those of
'parley send', except that 'task cancel' exits 0 once the task is canceled.`,
		Annotations: map[string]string{annotExit: "1"},
	}
	f.register(c.PersistentFlags())
	c.Run = r.run(func(ctx context.Context, args []string) int {
		defer r.bufferOutput()()
		r.useRaw(f.raw)
		return r.wantSubcommand("task", "get, cancel, watch, download, list or push", args, f.json)
	})
	for _, sub := range []struct{ name, short string }{
		{"get", "fetch the task and show its state, status and artifacts"},
		{"cancel", "ask the agent to cancel the task and show the task afterwards"},
		{"watch", "follow the task until it settles (streaming, or polling where the agent cannot stream)"},
		{"download", "save the task's file artifacts (safe names, never overwriting)"},
	} {
		name := sub.name
		s := &cobra.Command{
			Use:         name + " AGENT TASK_ID [flags]",
			Short:       sub.short,
			Annotations: map[string]string{annotAgent: "1", annotExit: "1"},
		}
		dir := "."
		if name == "download" {
			s.Flags().StringVar(&dir, "output-dir", ".", "the directory to save the files in (created if needed)")
		}
		s.Run = r.run(func(ctx context.Context, args []string) int { return r.task(ctx, &f, name, dir, args) })
		c.AddCommand(s)
	}
	r.taskExtras(c, &f)
	return c
}

// wantSubcommand reports a command that needs a subcommand run without
// one (args empty) or with one it does not know (args[0]); subs lists
// the subcommands it has.
func (r *runner) wantSubcommand(cmd, subs string, args []string, json bool) int {
	if len(args) == 0 {
		return r.report(exitUsage, usagef(cmd, "the %s command needs a subcommand: %s", cmd, subs), json, "")
	}
	return r.report(exitUsage, usagef(cmd, "unknown %s subcommand %q (want %s)", cmd, args[0], subs), json, "")
}

func (r *runner) contextsCommand() *cobra.Command {
	var f contextsFlags
	c := &cobra.Command{
		Use:   "contexts [SUBCOMMAND] [flags]",
		Short: "stored conversations: list, show, search, export, rename, rm, resume, replay, diff",
		Long: `Every conversation, in the TUI or with 'parley send', is kept in the
context store, parley.db in $XDG_DATA_HOME/parley (~/.local/share/parley
by default). ID is the number in the list's first column, or the agent's
contextId. Without a subcommand, contexts lists them, most recent first.`,
	}
	fs := c.PersistentFlags()
	fs.BoolVar(&f.json, "json", false, "list, show and search print JSON lines: one context, the transcript, or one hit per line (matches between ** **)")
	fs.VarP(&outputFlag{&f.json}, "output", "o", "text or json; -o json is --json")
	fs.BoolVar(&f.raw, "raw", false, "JSON keeps the agent's strings as sent (escaped), rather than cleaned of controls and invisible characters")
	c.Flags().StringVar(&f.agent, "agent", "", "list only the conversations with this agent (config name, URL or card name)")
	c.Run = r.run(func(ctx context.Context, args []string) int { return r.contexts(ctx, &f, "", args) })
	subs := []struct{ use, short string }{
		{"list", "list contexts, most recent first"},
		{"show ID", "the whole transcript"},
		{"search WORDS...", "find messages and artifacts with every word (the last also as a prefix), newest first; none found exits 1"},
		{"export ID", "the transcript as Markdown (files as name, type and size) or JSON (with bytes)"},
		{"rename ID NAME", "show NAME instead of the first message"},
		{"rm ID", "delete a context; asks first, and needs --yes when there is no terminal to ask on"},
		{"resume [ID]", "follow the tasks left running when parley stopped until they settle"},
		{"replay ID", "send the user's messages of ID again, in order, and record the answers as a new context"},
		{"diff A B", "two contexts side by side, turn by turn, differences marked; exits 0 when the answers are the same, 1 when they differ"},
	}
	for _, sub := range subs {
		name, _, _ := strings.Cut(sub.use, " ")
		s := &cobra.Command{Use: sub.use + " [flags]", Short: sub.short}
		switch name {
		case "list":
			s.Flags().StringVar(&f.agent, "agent", "", "list only the conversations with this agent (config name, URL or card name)")
		case "export":
			s.Flags().StringVar(&f.format, "format", "md", "md (Markdown) or json")
		case "rm":
			s.Flags().BoolVarP(&f.yes, "yes", "y", false, "delete without asking")
		case "replay":
			s.Flags().StringVar(&f.agent, "agent", "", "send to this agent instead of the context's own")
		}
		s.Run = r.run(func(ctx context.Context, args []string) int { return r.contexts(ctx, &f, name, args) })
		c.AddCommand(s)
	}
	return c
}

func (r *runner) demoAgentCommand() *cobra.Command {
	var addr string
	o := r.demoOptions()
	c := &cobra.Command{
		Use:   "demo-agent [flags]",
		Short: "serve the built-in demo agent",
		Long: `Serves the built-in demo agent, in every A2A dialect, until Ctrl-C.
The root card is at /.well-known/agent-card.json; each dialect also has its
own prefix: /v0.1/ /v0.2/ /v0.3/ /v1.0/ /gateway/, /secure/ (needs
credentials) and /grpc/ (v1.0 gRPC on the same port).

Keywords pick what the agent does: "book" or "flight" asks a question
(input-required), "data" returns data and a file, "ping" replies with a
message, "fail" fails, "reject" rejects, "slow" runs for a minute,
"sign in" asks for authentication, "book a table" (from a client that
activated A2UI, as parley does) answers with a booking form; anything else
streams a Markdown answer.`,
	}
	c.Flags().StringVar(&addr, "addr", defaultDemoAddr, "the address to listen on (HOST:PORT)")
	c.Flags().DurationVar(&o.ChunkDelay, "chunk-delay", o.ChunkDelay, "pause between the chunks of a streamed answer (e.g. 1s to watch a crash and a resume)")
	c.Run = r.run(func(ctx context.Context, args []string) int { return r.demoAgent(ctx, addr, o, args) })
	return c
}

func (r *runner) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print parley's version",
		Args:  noArgs("version"),
		Run: func(c *cobra.Command, _ []string) {
			fmt.Fprintln(c.OutOrStdout(), termsafe.Line(versionLine()))
		},
	}
}

// hideFlags keeps flags a command accepts (for scripts that pass them
// everywhere) out of its help.
func hideFlags(fs *pflag.FlagSet, names ...string) {
	for _, n := range names {
		_ = fs.MarkHidden(n)
	}
}
