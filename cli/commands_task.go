package cli

import (
	"context"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// taskExtras adds to `parley task` the listing, the push-config calls,
// parley's receiver and `watch --push`. f are the task command's agent
// flags, shared by every subcommand.
func (r *runner) taskExtras(task *cobra.Command, f *agentFlags) {
	var lf taskListFlags
	list := &cobra.Command{
		Use:   "list [AGENT] [flags]",
		Short: "list the agent's tasks on the server; --all merges every agent's with parley's history",
		Long: `Lists the agent's tasks on its server (ListTasks), newest first, --limit at a
time (default 50): when more remain, the command to see the next page is
printed on stderr (--page TOKEN). One command follows at most 50 of the
agent's pages and stops after 3 empty ones in a row, saying so. Dialects
without a listing (v0.1-v0.3 JSON-RPC, the gateway) say so, and parley's
own history of the agent is listed instead.

--all lists every configured agent's tasks on its server merged with every
task in parley's history (or, with AGENT, that one agent's), one line per
task: WHERE says who knows it (server, parley or both); the agent's word on
its state wins, the history adds the message that started it and STORE,
the stored context to open with 'parley --context N'. An agent that
cannot be reached is named on stderr and left out.

With --json: one {"type":"task",...} line per task, then
  {"type":"result","listing":"server|history|merged","count","nextPageToken","stopped"}`,
		Example: `  parley task list my-agent --state working
  parley task list my-agent --context-id 5f1c… --limit 10 --json
  parley task list --context 12
  parley task list --all --state input-required`,
		Annotations: map[string]string{annotAgent: "1"},
	}
	fs := list.Flags()
	fs.StringVar(&lf.contextID, "context-id", "", "only tasks in this contextId (the agent's own id for a conversation)")
	fs.StringVar(&lf.stored, "context", "", "only tasks in parley's stored conversation N (its number in 'parley contexts'), with its agent")
	fs.StringVar(&lf.state, "state", "", "only tasks in this state: submitted, working, input-required, auth-required, completed, canceled, failed, rejected")
	fs.IntVar(&lf.limit, "limit", 0, "at most this many tasks (default 50); one agent's listing follows its pages up to it")
	fs.StringVar(&lf.page, "page", "", "start at this page of the agent's listing (the token a previous listing printed)")
	fs.BoolVar(&lf.all, "all", false, "every configured agent (or AGENT) merged with parley's history")
	list.Run = r.run(func(ctx context.Context, args []string) int { return r.taskList(ctx, f, &lf, args) })
	task.AddCommand(list, r.taskPushCommand(f))

	for _, watch := range task.Commands() {
		if watch.Name() != "watch" {
			continue
		}
		var pf pushFlags
		var push bool
		wf := watch.Flags()
		wf.BoolVar(&push, "push", false, "wait, idle, for the agent's push notifications instead of holding a stream (parley's receiver on loopback)")
		pf.register(wf)
		stream := watch.Run
		watch.Run = func(c *cobra.Command, args []string) {
			if !push {
				stream(c, args)
				return
			}
			r.code = r.watchPushCommand(c.Context(), f, &pf, args)
		}
	}
}

// registerFixed adds the receiver's flags for 'task push set', whose
// config must outlive this run: a free port would point nowhere once the
// receiver ('task push listen', the TUI) starts later, so the address is
// fixed, by flag or config.
func (pf *pushFlags) registerFixed(fs *pflag.FlagSet) {
	fs.StringVar(&pf.url, "push-url", "", "the base URL agents post to, when a tunnel or proxy reaches parley's receiver (default: the config's push_url)")
	fs.StringVar(&pf.listen, "push-listen", "", "the loopback host:port parley's receiver will listen on, with a fixed port, e.g. 127.0.0.1:8787 (default: the config's push_listen; this or --push-url is needed)")
}

// register adds the receiver's flags.
func (pf *pushFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&pf.url, "push-url", "", "the base URL agents post to, when a tunnel or proxy reaches parley's receiver (default: the config's push_url, else the loopback address)")
	fs.StringVar(&pf.listen, "push-listen", "", "the loopback host:port parley's receiver listens on (default: the config's push_listen, else a free port on 127.0.0.1)")
}

func (r *runner) watchPushCommand(ctx context.Context, f *agentFlags, pf *pushFlags, pos []string) int {
	defer r.bufferOutput()()
	r.useRaw(f.raw)
	if len(pos) != 2 {
		return r.report(exitUsage, usagef("task watch", "task watch takes an agent and a task id, got %s", plural(len(pos), "argument")), f.json, "")
	}
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	ctx, _ = r.traced(ctx, pos[0], f)
	return r.watchPush(ctx, f, pf, pos[0], pos[1])
}

func (r *runner) taskPushCommand(f *agentFlags) *cobra.Command {
	var sf pushSetFlags
	c := &cobra.Command{
		Use:   "push set|get|list|rm|listen … [flags]",
		Short: "a task's push-notification configs, and parley's receiver",
		Long: `The four push-config calls of A2A, and parley's receiver for them.

'set' without --url registers a config for parley's own receiver: a fresh
random token (only its hash is stored), a URL under push_url or push_listen
(one of them must be fixed, in the config or by flag, since the receiver
that takes the pushes runs later: 'parley task push listen', or the TUI).
With --url, the config points at a webhook of your own, with --token.
Tokens are never printed; 'get' and 'list' say whether one is set, and
which configs parley's receiver takes, with how many pushes it accepted.

'listen' runs parley's receiver until Ctrl-C: every push is checked against
the config parley made for it (token, task), stored with its task in the
context store, and a line says so; forged ones are refused and counted.`,
		Annotations: map[string]string{annotExit: "1"},
	}
	c.Run = r.run(func(ctx context.Context, args []string) int {
		defer r.bufferOutput()()
		return r.wantSubcommand("task push", "set, get, list, rm or listen", args, f.json)
	})
	for _, sub := range []struct{ use, short string }{
		{"set AGENT TASK_ID", "ask the agent to post the task's changes to parley's receiver (or --url)"},
		{"get AGENT TASK_ID CONFIG_ID", "show one push config of the task (the token is never shown)"},
		{"list AGENT TASK_ID", "list the task's push configs"},
		{"rm AGENT TASK_ID CONFIG_ID", "remove a push config, on the agent and from parley's receiver"},
	} {
		name, _, _ := strings.Cut(sub.use, " ")
		s := &cobra.Command{Use: sub.use + " [flags]", Short: sub.short, Annotations: map[string]string{annotAgent: "1"}}
		if name == "set" {
			s.Flags().StringVar(&sf.hook, "url", "", "your own webhook's URL instead of parley's receiver")
			s.Flags().StringVar(&sf.token, "token", "", "with --url: the token your webhook expects")
			sf.pushFlags.registerFixed(s.Flags())
		}
		s.Run = r.run(func(ctx context.Context, args []string) int { return r.taskPush(ctx, f, &sf, name, args) })
		c.AddCommand(s)
	}
	var lp pushFlags
	listen := &cobra.Command{Use: "listen [flags]", Short: "run parley's receiver, storing every push with its task, until Ctrl-C"}
	lp.register(listen.Flags())
	listen.Run = r.run(func(ctx context.Context, args []string) int {
		if len(args) > 0 {
			return r.report(exitUsage, usagef("task push listen", "task push listen takes no arguments, got %q", args[0]), f.json, "")
		}
		return r.pushListen(ctx, &lp, f.json)
	})
	c.AddCommand(listen)
	return c
}
