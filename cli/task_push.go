package cli

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/session/push"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// pushFlags are the receiver's settings on the command line; they win
// over the config's push_url and push_listen.
type pushFlags struct {
	url    string // --push-url: the address announced (a tunnel's)
	listen string // --push-listen: the loopback host:port to listen on
}

// pushSetFlags are the flags of `parley task push set`.
type pushSetFlags struct {
	pushFlags
	hook  string // --url: someone else's webhook instead of parley's receiver
	token string // --token: that webhook's token
}

// pushConfigJSON is one push config with --json. The token is never
// printed: whether there is one is.
type pushConfigJSON struct {
	Type        string   `json:"type"` // "push-config"
	ID          string   `json:"id"`
	TaskID      string   `json:"taskId"`
	URL         string   `json:"url"`
	HasToken    bool     `json:"hasToken"`
	AuthSchemes []string `json:"authSchemes,omitempty"`
	Parley      bool     `json:"parley"`             // parley's receiver takes it
	ParleyID    string   `json:"parleyId,omitempty"` // parley's id for it, when the agent chose another
	Received    int      `json:"received,omitempty"` // notifications parley accepted for it
}

// settings are the receiver's listen address and announced URL: the
// flags, else the config.
func (r *runner) pushSettings(pf *pushFlags) (listen, public string, err error) {
	if _, err := r.directory(); err != nil {
		return "", "", err
	}
	return cmp.Or(pf.listen, r.cfg.PushListen), cmp.Or(pf.url, r.cfg.PushURL), nil
}

// taskPush is `parley task push set|get|list|rm AGENT TASK_ID …`.
func (r *runner) taskPush(ctx context.Context, f *agentFlags, sf *pushSetFlags, sub string, pos []string) int {
	defer r.bufferOutput()()
	r.useRaw(f.raw)
	want := map[string]int{"set": 2, "get": 3, "list": 2, "rm": 3}[sub]
	if len(pos) != want {
		args := "an agent and a task id"
		if want == 3 {
			args += " and a config id"
		}
		return r.report(exitUsage, usagef("task push "+sub, "task push %s takes %s, got %s", sub, args, plural(len(pos), "argument")), f.json, "")
	}
	if sub != "set" && (sf.hook != "" || sf.token != "") {
		return r.report(exitUsage, usagef("task push "+sub, "--url and --token go with task push set"), f.json, "")
	}
	if sf.token != "" && sf.hook == "" {
		return r.report(exitUsage, usagef("task push set", "--token goes with --url: parley makes its own receiver's tokens"), f.json, "")
	}
	ref, taskID := pos[0], pos[1]
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	ctx, _ = r.traced(ctx, ref, f)
	var st *store.Store
	if sub == "set" && sf.hook == "" || sub != "set" {
		if st = r.openHistory(); st != nil {
			defer st.Close()
		}
	}
	var route *store.PushRoute
	var cfg a2aclient.PushConfig
	base := "" // parley's receiver's address, for a config it takes
	if sub == "set" {
		// Everything is checked before the agent is asked.
		if sf.hook != "" {
			if err := checkHook(sf.hook); err != nil {
				return r.report(exitUsage, err, f.json, taskID)
			}
			cfg = a2aclient.PushConfig{TaskID: taskID, URL: sf.hook, Token: sf.token}
		} else {
			listen, public, err := r.pushSettings(&sf.pushFlags)
			if err != nil {
				return r.report(exitUsage, err, f.json, taskID)
			}
			if base, err = push.Base(listen, public); err != nil {
				return r.report(exitUsage, usagef("task push set", "%s", err), f.json, taskID)
			}
			if st == nil {
				return r.report(exitError, fmt.Errorf("parley's receiver checks pushes against the context st, which cannot be opened"), f.json, taskID)
			}
		}
	}
	c, err := r.client(ctx, ref, f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	fail := func(err error) int {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	if base != "" {
		// The route is the agent's: its pushes land in its conversations.
		rt := store.PushRoute{}
		if cfg, rt, err = push.MakeConfig(base, c.ID(), ref, c.Dialect(), taskID); err != nil {
			return r.report(exitError, err, f.json, taskID)
		}
		route = &rt
	}
	switch sub {
	case "set":
		if route != nil {
			// Saved first: a push may come as soon as the agent has it.
			if err := st.SavePushRoute(*route); err != nil {
				return fail(err)
			}
		}
		got, err := c.SetPushConfig(ctx, cfg)
		if err != nil {
			if route != nil {
				_ = st.DeletePushRoute(route.ConfigID)
			}
			return fail(err)
		}
		if got == nil || got.ID == "" {
			got = &cfg
		}
		if route != nil && got.ID != route.ConfigID {
			// The agent named it otherwise. The route stays under
			// parley's id, the one in the URL the agent posts to, and
			// keeps the agent's for getting and removing the config.
			route.AgentConfigID = got.ID
			if err := st.SavePushRoute(*route); err != nil {
				r.warn(err)
			}
		}
		r.printPushConfigs(c.ID(), []a2aclient.PushConfig{*got}, st, f.json)
		if route != nil && !f.json {
			fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: pushes for this task are taken by parley's receiver at "+route.URL+" while a parley runs it ('parley task watch --push', 'parley task push listen')."))
		}
	case "get":
		got, err := c.GetPushConfig(ctx, taskID, pos[2])
		if err != nil {
			return fail(err)
		}
		r.printPushConfigs(c.ID(), []a2aclient.PushConfig{*got}, st, f.json)
	case "list":
		got, err := c.ListPushConfigs(ctx, taskID)
		if err != nil {
			return fail(err)
		}
		r.printPushConfigs(c.ID(), got, st, f.json)
	case "rm":
		if err := c.DeletePushConfig(ctx, taskID, pos[2]); err != nil {
			return fail(err)
		}
		if st != nil {
			_ = st.DeletePushRouteOf(c.ID(), pos[2])
		}
		if f.json {
			_ = writeJSONLine(r.env.Stdout, map[string]any{"type": "result", "removed": pos[2], "taskId": taskID})
		} else {
			fmt.Fprintln(r.env.Stdout, termsafe.Line("Removed push config "+pos[2]+" of task "+taskID+"."))
		}
	}
	return exitOK
}

// checkHook refuses a webhook URL that is not http(s), or that carries
// credentials in it (they would be sent to the agent and shown back).
func checkHook(u string) error {
	if _, err := push.Base("", u); err != nil || strings.Contains(u, "?") {
		return usagef("task push set", "--url must be an http:// or https:// URL without credentials or query")
	}
	return nil
}

// printPushConfigs shows configs without their tokens, marking the ones
// parley's receiver takes.
func (r *runner) printPushConfigs(agent a2aclient.AgentID, cfgs []a2aclient.PushConfig, st *store.Store, asJSON bool) {
	routes := map[string]store.PushRoute{}
	if st != nil {
		for _, c := range cfgs {
			if rt, ok, _ := st.PushRouteOf(agent, c); ok {
				routes[c.ID] = rt
			}
		}
	}
	if len(cfgs) == 0 && !asJSON {
		fmt.Fprintln(r.env.Stdout, "No push configs.")
	}
	for _, c := range cfgs {
		rt, ours := routes[c.ID]
		if asJSON {
			j := pushConfigJSON{Type: "push-config", ID: c.ID, TaskID: c.TaskID, URL: credname.RedactURL(c.URL),
				HasToken: c.Token != "", AuthSchemes: c.AuthSchemes, Parley: ours, Received: rt.Received}
			if ours && rt.ConfigID != c.ID {
				j.ParleyID = rt.ConfigID
			}
			_ = writeJSONLine(r.env.Stdout, j)
			continue
		}
		line := fmt.Sprintf("%s  task %s  %s", cell(c.ID, 40), cell(c.TaskID, 40), cell(credname.RedactURL(c.URL), 120))
		if c.Token != "" {
			line += "  (token set)"
		}
		if len(c.AuthSchemes) > 0 {
			line += "  auth " + cell(strings.Join(c.AuthSchemes, ","), 40)
		}
		if ours {
			line += fmt.Sprintf("  parley's receiver: %d received", rt.Received)
			if rt.ConfigID != c.ID {
				line += termsafe.Line(" (parley's id " + rt.ConfigID + ")")
			}
		}
		fmt.Fprintln(r.env.Stdout, line)
	}
}
