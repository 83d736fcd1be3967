package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// Shell completion: cobra writes the scripts (`parley completion bash`)
// and calls parley back to complete each word; these functions give it
// the configured agent names, the stored context ids and the tasks of a
// conversation. They read the config and the store and touch nothing
// else: no network, and no store is created where there is none.

// completeFirstAgent completes an AGENT first argument; then (for task
// commands, when tasks is set) the task ids stored for that agent.
func (r *runner) completeFirstAgent(tasks bool) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		switch {
		case len(args) == 0:
			return r.agentNames(prefix), cobra.ShellCompDirectiveNoFileComp
		case len(args) == 1 && tasks:
			return r.taskIDs(args[0], "", prefix), cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeContextArg completes a stored context's id as the first
// argument.
func (r *runner) completeContextArg(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return r.contextIDs(prefix), cobra.ShellCompDirectiveNoFileComp
}

func (r *runner) completeContextFlag(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return r.contextIDs(prefix), cobra.ShellCompDirectiveNoFileComp
}

// completeTaskFlag completes send's --task: the tasks of the conversation
// named by --context, else those stored for the agent.
func (r *runner) completeTaskFlag(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ctxRef, _ := c.Flags().GetString("context")
	agent := ""
	if len(args) > 0 {
		agent = args[0]
	}
	return r.taskIDs(agent, ctxRef, prefix), cobra.ShellCompDirectiveNoFileComp
}

func fixed(words ...string) cobra.CompletionFunc {
	return cobra.FixedCompletions(words, cobra.ShellCompDirectiveNoFileComp)
}

// agentNames are the names of the config's [[agents]] entries.
func (r *runner) agentNames(prefix string) []cobra.Completion {
	cfg, err := config.Load(r.env.ConfigPath)
	if err != nil {
		return nil
	}
	var out []cobra.Completion
	for _, a := range cfg.Agents {
		if strings.HasPrefix(a.Name, prefix) && a.Name != "" && !strings.ContainsAny(a.Name, " \t\n") {
			out = append(out, cobra.CompletionWithDesc(a.Name, describe(a.URL)))
		}
	}
	return out
}

// openStoreIfThere opens the context store only when it exists.
func (r *runner) openStoreIfThere() *store.Store {
	path := r.env.StorePath
	if path == "" {
		path = store.DefaultPath()
	}
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	st, err := store.Open(path)
	if err != nil {
		return nil
	}
	return st
}

// contextIDs are the stored contexts' ids, most recent first, with
// their titles.
func (r *runner) contextIDs(prefix string) []cobra.Completion {
	st := r.openStoreIfThere()
	if st == nil {
		return nil
	}
	defer st.Close()
	list, err := st.ListContexts("", "")
	if err != nil {
		return nil
	}
	var out []cobra.Completion
	label := session.StoredLabels(list, nil)
	for _, c := range list {
		if id := fmt.Sprint(c.ID); strings.HasPrefix(id, prefix) {
			out = append(out, cobra.CompletionWithDesc(id, describe(label(c.Agent)+": "+c.Label())))
		}
	}
	return out
}

// taskIDs are the ids of the tasks stored for a conversation (ctxRef),
// or for every conversation with agent, newest first.
func (r *runner) taskIDs(agent, ctxRef, prefix string) []cobra.Completion {
	st := r.openStoreIfThere()
	if st == nil {
		return nil
	}
	defer st.Close()
	var contexts []session.ContextInfo
	if ctxRef != "" {
		if c, err := st.ContextByNumber(ctxRef); err == nil {
			contexts = append(contexts, c)
		}
	} else if agent != "" {
		contexts, _ = st.ListContexts(agent, "")
	}
	var out []cobra.Completion
	seen := map[string]bool{}
	for _, c := range contexts {
		tasks, err := st.Tasks(c.ID)
		if err != nil {
			continue
		}
		for _, t := range tasks {
			// Only ids a shell can take as one word, from a hostile agent.
			if seen[t.ID] || !strings.HasPrefix(t.ID, prefix) || termsafe.Line(t.ID) != t.ID || strings.ContainsAny(t.ID, " '\"\\$`;&|<>()") {
				continue
			}
			seen[t.ID] = true
			out = append(out, cobra.CompletionWithDesc(t.ID, describe(string(t.State)+" "+t.Title)))
		}
	}
	return out
}

// describe makes agent text fit a completion's description: one clean
// line, short.
func describe(s string) string {
	return truncate(strings.TrimSpace(termsafe.Line(s)), 60)
}

// dialectWords are the --dialect values.
func dialectWords() []string {
	out := make([]string, len(a2aclient.Dialects))
	for i, d := range a2aclient.Dialects {
		out[i] = string(d)
	}
	return out
}

// registerCompletions wires completion into the command tree.
func (r *runner) registerCompletions(root *cobra.Command) {
	_ = root.RegisterFlagCompletionFunc("context", r.completeContextFlag)
	_ = root.RegisterFlagCompletionFunc("agent", func(c *cobra.Command, _ []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return r.agentNames(prefix), cobra.ShellCompDirectiveNoFileComp
	})
	_ = root.RegisterFlagCompletionFunc("theme", fixed("auto", "dark", "light", "high-contrast"))
	eachCommand(root, func(c *cobra.Command) {
		fs := c.LocalFlags()
		if fs.Lookup("dialect") != nil {
			_ = c.RegisterFlagCompletionFunc("dialect", fixed(dialectWords()...))
		}
		if fs.Lookup("output") != nil && c.Flags().Lookup("output").Shorthand == "o" {
			_ = c.RegisterFlagCompletionFunc("output", fixed("text", "json"))
		}
		if c.Annotations[annotAgent] != "" && c.ValidArgsFunction == nil {
			c.ValidArgsFunction = r.completeFirstAgent(c.Parent() != nil && c.Parent().Name() == "task")
		}
		switch c.CommandPath() {
		case "parley send":
			_ = c.RegisterFlagCompletionFunc("context", r.completeContextFlag)
			_ = c.RegisterFlagCompletionFunc("context-id", r.completeContextFlag)
			_ = c.RegisterFlagCompletionFunc("task", r.completeTaskFlag)
			_ = c.RegisterFlagCompletionFunc("task-id", r.completeTaskFlag)
		case "parley login":
			_ = c.RegisterFlagCompletionFunc("flow", fixed("device", "browser", "client"))
		case "parley contexts show", "parley contexts export", "parley contexts rename", "parley contexts rm", "parley contexts resume":
			c.ValidArgsFunction = r.completeContextArg
		}
		if c.CommandPath() == "parley contexts export" {
			_ = c.RegisterFlagCompletionFunc("format", fixed("md", "json"))
		}
	})
}
