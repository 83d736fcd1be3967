package cli

import (
	"context"
	"io"

	"github.com/spf13/cobra"
)

// completionCommand is `parley completion SHELL`: the script that makes
// the shell complete parley's commands, flags, configured agent names,
// stored context ids and the tasks of a conversation.
func (r *runner) completionCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "print the shell completion script",
		Long: `Prints the script that makes SHELL complete parley's commands and flags,
the names of the agents in the config file, stored context ids (--context,
parley contexts show ID …) and the tasks of a conversation (--task, parley
task get AGENT TASK_ID).

  bash        source <(parley completion bash)            (in ~/.bashrc)
  zsh         parley completion zsh > "${fpath[1]}/_parley"
  fish        parley completion fish > ~/.config/fish/completions/parley.fish
  powershell  parley completion powershell | Out-String | Invoke-Expression`,
		ValidArgs: []string{"bash", "zsh", "fish", "powershell"},
	}
	c.Run = r.run(func(_ context.Context, args []string) int {
		if len(args) != 1 {
			return r.report(exitUsage, usagef("completion", "the completion command takes one shell: bash, zsh, fish or powershell"), false, "")
		}
		root, out := c.Root(), r.env.Stdout
		var err error
		switch args[0] {
		case "bash":
			_, err = io.WriteString(out, bashWordsFallback)
			if err == nil {
				err = root.GenBashCompletionV2(out, true)
			}
		case "zsh":
			err = root.GenZshCompletion(out)
		case "fish":
			err = root.GenFishCompletion(out, true)
		case "powershell":
			err = root.GenPowerShellCompletionWithDesc(out)
		default:
			return r.report(exitUsage, usagef("completion", "no completion for %q: the shells are bash, zsh, fish and powershell", args[0]), false, "")
		}
		if err != nil {
			return r.report(exitError, err, false, "")
		}
		return exitOK
	})
	return c
}

// bashWordsFallback defines _get_comp_words_by_ref, which cobra's bash
// script calls, where the bash-completion package (which has it) is not
// installed: a minimal one that takes bash's own word split.
const bashWordsFallback = `# parley: a minimal _get_comp_words_by_ref where bash-completion is missing.
if ! declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
_get_comp_words_by_ref() {
    while [[ $1 == -* ]]; do
        [[ $1 == -n ]] && shift
        shift
    done
    [[ -n $1 ]] && eval "$1=\${COMP_WORDS[COMP_CWORD]}"
    [[ -n $2 ]] && eval "$2=\${COMP_WORDS[COMP_CWORD-1]}"
    [[ -n $3 ]] && eval "$3=(\"\${COMP_WORDS[@]}\")"
    [[ -n $4 ]] && eval "$4=\$COMP_CWORD"
    return 0
}
fi
`
