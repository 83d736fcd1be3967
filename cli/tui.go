package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui"
)

// tuiFlags are the flags of `parley` itself, which opens the terminal UI.
type tuiFlags struct {
	agents         []string
	demo, headless bool
	theme          string
	contextRef     string
}

// tui opens the terminal UI: `parley [--agent A]... [--demo] [--theme T]`.
// Without a terminal it explains what to do instead.
func (r *runner) tui(ctx context.Context, f tuiFlags) int {
	agents, demo, headless, theme, contextRef := f.agents, &f.demo, &f.headless, &f.theme, &f.contextRef
	if *demo && (*headless || !r.isTerminal()) {
		return r.demo(ctx)
	}
	if !r.isTerminal() {
		return r.report(exitUsage, usagef("", "the terminal UI needs a terminal; use 'parley send', 'parley card' or 'parley --demo --headless' from scripts"), false, "")
	}
	cfg, err := config.Load(r.env.ConfigPath)
	if err != nil {
		return r.report(exitError, err, false, "")
	}
	wire, busy := ui.NewWireLog(), ui.NewBusyLog()
	o := a2aclient.Options{HTTPClient: r.env.HTTPClient, UserAgent: "parley/" + versionString(), Wire: wire.Observe}
	r.clientNetwork(&o, cfg.Network)
	o.Retry.OnRetry = busy.Retry // the status line, not stderr, under the TUI
	dir := session.NewDirectory(session.DirectoryOptions{
		Config: cfg, ConfigPath: r.env.ConfigPath, Getenv: r.env.Getenv,
		Client: o, Memory: storeMemory{path: r.env.StorePath},
		Auth: Credentials(r.env.ConfigPath, r.env.Getenv, o.HTTPClient),
	})
	refs := []string(agents)
	welcome, demoURL, demoMore, demoNote := false, "", []string(nil), ""
	if *demo || (len(refs) == 0 && len(cfg.Agents) == 0 && *contextRef == "") {
		// With nothing configured, the demo agent is the sensible start.
		base, note, err := r.serveDemo(ctx, defaultDemoAddr)
		demoNote = note
		if err != nil {
			return r.report(exitError, fmt.Errorf("start the demo agent: %w", err), false, "")
		}
		// Its gRPC copy is listed second, not selected: JSON-RPC is
		// where a new user starts, gRPC one row down.
		demoURL, demoMore = base+"/", []string{base + "/grpc/"}
		refs = append(append([]string{demoURL}, demoMore...), refs...)
		welcome = true
	}
	keys := ui.DefaultKeyMap()
	if err := keys.Override(map[string][]string(toKeyMap(cfg.Keys))); err != nil {
		var ke *ui.KeyError
		if errors.As(err, &ke) {
			err = config.ErrorAt(r.env.ConfigPath, "keys", ke.Name, ke.Msg, ke.Hint)
		}
		return r.report(exitError, err, false, "")
	}
	all, themeErrs := themes.Load(themesDir(r.env.ConfigPath))
	for _, e := range themeErrs {
		fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+e.Error()))
	}
	themeName := *theme
	if themeName == "" {
		themeName = cfg.Theme
	}
	if _, ok := all[themeName]; themeName != "" && themeName != themes.Auto && !ok {
		names := "auto, dark, light, high-contrast or a theme file in " + themesDir(r.env.ConfigPath)
		if *theme != "" { // the flag's: a usage error, as any bad flag
			return r.report(exitUsage, usagef("", "unknown theme %q; use %s", themeName, names), false, "")
		}
		// The config file's: a config error, located as the others are.
		return r.report(exitError, config.ErrorAt(r.env.ConfigPath, "", "theme", fmt.Sprintf("unknown theme %q", themeName), "use "+names), false, "")
	}
	sel := ""
	if len(refs) > 0 {
		sel = refs[0]
	}
	notice := ""
	store, err := store.OpenWith(r.env.StorePath, store.Options{CacheKiB: tuiCacheKiB})
	if err != nil {
		notice = "Conversations are not being saved: " + err.Error()
		store = nil
	} else {
		defer store.Close()
		if ro := store.ReadOnly(); ro != nil {
			notice = ro.Error()
		}
	}
	// The TUI's first status, which the alternate screen does not hide
	// as it would a line on stderr.
	notice = strings.TrimSpace(demoNote + " " + notice)
	var openID int64
	if *contextRef != "" {
		if store == nil {
			return r.report(exitError, fmt.Errorf("cannot open context %s: %s", *contextRef, notice), false, "")
		}
		info, err := store.ContextByNumber(*contextRef)
		if err != nil {
			return r.report(exitUsage, err, false, "")
		}
		openID = info.ID
	}
	err = ui.Run(ctx, ui.Options{
		Directory: dir, Config: cfg, ConfigPath: r.env.ConfigPath, Agents: refs, Select: sel,
		Theme: themeName, Themes: all, Keys: keys, Welcome: welcome && openID == 0, Wire: wire, DemoURL: demoURL, DemoMore: demoMore,
		Store: store, OpenContext: openID, Notice: notice, Busy: busy, Downloads: cfg.Downloads,
		NoColor:     r.env.Getenv("NO_COLOR") != "", // no-color.org: set and not empty
		TraceParent: r.env.Getenv("TRACEPARENT"), TraceState: r.env.Getenv("TRACESTATE"),
		Left: func(s string) { fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+s)) },
	})
	if err != nil && ctx.Err() == nil {
		return r.report(exitError, fmt.Errorf("the terminal UI stopped: %w", err), false, "")
	}
	return exitOK
}

func toKeyMap(k config.KeyMap) map[string][]string {
	out := map[string][]string{}
	for name, keys := range k {
		out[name] = []string(keys)
	}
	return out
}

func themesDir(configPath string) string {
	return strings.TrimSuffix(configPath, "config.toml") + "themes"
}

// tuiCacheKiB is the page cache of the TUI's store, small for the reason
// a send's is (store.Options): opening a long context, listing
// and searching read what they need once, so SQLite's default cache
// would hold memory and buy them nothing measurable (docs/performance.md).
const tuiCacheKiB = 256
