package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/parley-a2a/parley/termsafe"
)

// manCommand is `parley man`: parley(1), generated from the same command
// tree as the help, so the two cannot disagree. `make man` writes it to
// parley.1.
func (r *runner) manCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "man",
		Short: "print the manual page (roff), generated from the commands",
		Long: `Prints parley(1) in roff, generated from the same command tree as the help.
Read it with: parley man | man -l -`,
		Args: noArgs("man"),
	}
	c.Run = r.run(func(context.Context, []string) int {
		writeMan(r.env.Stdout, c.Root(), r)
		return exitOK
	})
	return c
}

// roff escapes text for a roff line: backslashes, and a leading dot or
// quote that would read as a request.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
			line = `\&` + line
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// roffLine is roff for text that stays on one line.
func roffLine(s string) string { return strings.TrimSuffix(roff(s), "\n") }

func writeMan(w io.Writer, root *cobra.Command, r *runner) {
	v, _ := buildVersion()
	fmt.Fprintf(w, ".TH PARLEY 1 \"\" \"parley %s\" \"User Commands\"\n", roffLine(termsafe.Line(v)))
	fmt.Fprintf(w, ".SH NAME\nparley \\- %s\n", roffLine(root.Short))
	fmt.Fprint(w, ".SH SYNOPSIS\n.nf\n")
	for _, f := range []string{"parley [--agent AGENT]... [--demo] [--theme NAME]", "parley --context N", "parley COMMAND [ARGUMENTS] [FLAGS]"} {
		fmt.Fprint(w, roff(f))
	}
	fmt.Fprint(w, ".fi\n.SH DESCRIPTION\n")
	fmt.Fprint(w, roff(root.Long))
	fmt.Fprint(w, ".PP\n"+roff(strings.TrimSpace(agentNote)))
	fmt.Fprint(w, ".SH OPTIONS\n")
	manFlags(w, root.LocalFlags())
	fmt.Fprint(w, ".SH COMMANDS\n")
	eachCommand(root, func(c *cobra.Command) {
		if c == root || !c.IsAvailableCommand() || c.HasAvailableSubCommands() && c.Run == nil {
			return
		}
		fmt.Fprintf(w, ".SS %s\n", roffLine(strings.TrimSuffix(c.UseLine(), " [flags]")))
		about := c.Long
		if about == "" {
			about = strings.ToUpper(c.Short[:1]) + c.Short[1:] + "."
		}
		fmt.Fprint(w, ".nf\n"+roff(strings.TrimSpace(about))+".fi\n")
		if c.Example != "" {
			fmt.Fprint(w, ".PP\nExamples:\n.nf\n"+roff(strings.TrimRight(c.Example, "\n"))+".fi\n")
		}
		manFlags(w, c.LocalFlags())
	})
	fmt.Fprint(w, ".SH EXIT STATUS\n.nf\n"+roff(strings.TrimPrefix(exitCodes, "Exit codes:\n"))+".fi\n")
	fmt.Fprintf(w, ".SH FILES\n.TP\n%s\nthe config file: agents, credentials references, theme, keys, timeouts\n", roffLine(termsafe.Line(r.env.ConfigPath)))
	fmt.Fprint(w, ".TP\ncredentials.toml\nnext to the config file (mode 0600): tokens saved by parley login\n")
	fmt.Fprint(w, ".TP\n$XDG_DATA_HOME/parley/parley.db\nthe context store: every conversation\n")
	fmt.Fprint(w, ".SH ENVIRONMENT\n.TP\nPARLEY_EXIT_CODES=spec\nthe A2A CLI specification's exit codes\n")
	fmt.Fprint(w, ".SH SEE ALSO\nThe A2A protocol: https://github.com/a2aproject/A2A\n")
}

// manFlags lists flags as tagged paragraphs.
func manFlags(w io.Writer, fs *pflag.FlagSet) {
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" {
			return
		}
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", " + name
		}
		if t := f.Value.Type(); t != "bool" {
			name += " " + t
		}
		fmt.Fprintf(w, ".TP\n\\fB%s\\fR\n%s", roffLine(name), roff(f.Usage))
	})
}
