package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/parley-a2a/parley/termsafe"
)

// Annotations on commands that shape their generated help.
const (
	annotAgent = "parley.agent" // the command names an AGENT: say what that is
	annotExit  = "parley.exit"  // the command ends with a task's outcome: list the exit codes
	annotAlt   = "parley.alt"   // another form of the usage line
)

// exitCodes is the exit-code table of docs/cli.md and `parley help`.
const exitCodes = `Exit codes:
  0    completed, or the agent replied with a message
  1    any other error, and every error in the config file (written
       file:line: what is wrong — what to do)
  2    usage error: an unknown command or flag, a missing argument, or bad
       input (a file that cannot be read, invalid JSON, an unwritable dir)
  3    the task failed, was canceled or was rejected
  4    the task needs input or authentication (continue with --task and --context, or --context-id)
  5    the agent refused authentication or authorization (HTTP 401 or 403)
  6    the agent's card sends messages to an origin not trusted with its
       credentials; nothing was sent (trust it with --trust-origin URL)
  7    signed cards are required (--require-signed, require_signed) and the
       agent's card is unsigned or its signature does not verify; nothing
       was sent
  8    parley doctor: a check failed
  130  interrupted (Ctrl-C); the task keeps running on the agent
PARLEY_EXIT_CODES=spec gives the A2A CLI specification's codes instead: 0
whatever the task's outcome, 3 unreachable, 4 authentication, 5 timeout
(docs/cli.md).
`

const agentNote = `AGENT is an http(s) URL (the agent's base URL or its card's URL) or the
name of an [[agents]] entry in the config file.
`

// helpText is a command's help, generated from the command tree: usage,
// what it does, its subcommands, its flags, and what its exit codes mean.
func (r *runner) helpText(c *cobra.Command) string {
	var b strings.Builder
	if !c.HasParent() {
		r.rootHelp(&b, c)
		return b.String()
	}
	fmt.Fprintf(&b, "Usage: %s\n", c.UseLine())
	if alt := c.Annotations[annotAlt]; alt != "" {
		fmt.Fprintf(&b, "       %s\n", alt)
	}
	about := c.Long
	if about == "" {
		about = c.Short
		if about != "" {
			about = strings.ToUpper(about[:1]) + about[1:] + "."
		}
	}
	if about != "" {
		fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(about))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\nCommands:\n")
		listCommands(&b, c)
	}
	if c.Example != "" {
		fmt.Fprintf(&b, "\nExamples:\n%s\n", strings.TrimRight(c.Example, "\n"))
	}
	if fs := c.LocalFlags(); fs.HasAvailableFlags() {
		fmt.Fprintf(&b, "\nFlags:\n%s", flagUsages(fs))
	}
	if fs := c.InheritedFlags(); fs.HasAvailableFlags() {
		fmt.Fprintf(&b, "\nFlags of '%s':\n%s", c.Parent().CommandPath(), flagUsages(fs))
	}
	if c.Annotations[annotAgent] != "" {
		fmt.Fprintf(&b, "\n%s", agentNote)
	}
	if c.Annotations[annotExit] != "" {
		fmt.Fprintf(&b, "\n%s", exitCodes)
	}
	return b.String()
}

func (r *runner) rootHelp(b *strings.Builder, c *cobra.Command) {
	fmt.Fprintf(b, "%s\n\nUsage:\n", c.Long)
	forms := [][2]string{
		{"parley", "the terminal UI, with the agents in the config file (or the built-in demo agent when there are none)"},
		{"parley --agent AGENT", "the terminal UI, opened on AGENT (repeatable)"},
		{"parley --demo", "the terminal UI on the built-in demo agent"},
		{"parley --demo --headless", "a scripted tour against the demo agent, no UI"},
		{"parley --context N", "the terminal UI, continuing stored conversation N"},
	}
	for _, f := range forms {
		fmt.Fprintf(b, "  %-34s %s\n", f[0], f[1])
	}
	b.WriteString("\nCommands:\n")
	listCommands(b, c)
	fmt.Fprintf(b, "\nFlags:\n%s", flagUsages(c.LocalFlags()))
	fmt.Fprintf(b, "\n%s\nConfig file: %s\n\n%s\nRun 'parley help COMMAND' (or 'parley COMMAND --help') for one command.\n",
		agentNote, termsafe.Line(r.env.ConfigPath), exitCodes)
}

// flagUsages lists flags for an 80-column terminal, ending with a newline.
func flagUsages(fs *pflag.FlagSet) string {
	return strings.TrimRight(fs.FlagUsagesWrapped(80), "\n") + "\n"
}

// listCommands lists c's subcommands, one line each: the usage line and
// what the command does.
func listCommands(b *strings.Builder, c *cobra.Command) {
	for _, s := range c.Commands() {
		if !s.IsAvailableCommand() && s.Name() != "help" {
			continue
		}
		use := strings.TrimSuffix(s.UseLine(), " [flags]")
		if len(use) > 34 {
			fmt.Fprintf(b, "  %s\n  %-34s %s\n", use, "", s.Short)
			continue
		}
		fmt.Fprintf(b, "  %-34s %s\n", use, s.Short)
	}
}

// helpCommand is `parley help [COMMAND...]`. Unlike cobra's own, it
// fails (exit 2) on a command that does not exist.
func (r *runner) helpCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "help for one command",
		Run: func(c *cobra.Command, args []string) {
			root := c.Root()
			target, rest, err := root.Find(args)
			if len(args) > 0 && (err != nil || target == root || len(rest) > 0) {
				r.code = r.report(exitUsage, usagef("", "no help for %q: it is not a command", strings.Join(args, " ")), false, "")
				return
			}
			fmt.Fprint(c.OutOrStdout(), r.helpText(target))
		},
	}
}
