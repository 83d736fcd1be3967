package cli

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// taskListFlags are the flags of `parley task list`.
type taskListFlags struct {
	contextID string // the agent's contextId
	stored    string // parley's number for a stored conversation
	state     string
	limit     int
	page      string
	all       bool
}

// taskRowJSON is one task of a listing with --json.
type taskRowJSON struct {
	Type       string `json:"type"` // "task"
	Agent      string `json:"agent"`
	TaskID     string `json:"taskId"`
	ContextID  string `json:"contextId,omitempty"`
	State      string `json:"state"`
	StatusText string `json:"statusText,omitempty"`
	Title      string `json:"title,omitempty"`
	Updated    string `json:"updated,omitempty"`
	Where      string `json:"where"` // server, parley or both
	StoreID    int64  `json:"storeId,omitempty"`
}

// taskListJSON ends a listing with --json.
type taskListJSON struct {
	Type    string `json:"type"` // "result"
	Listing string `json:"listing"`
	Count   int    `json:"count"`
	Next    string `json:"nextPageToken,omitempty"`
	// Stopped says why parley stopped following the agent's pages.
	Stopped string `json:"stopped,omitempty"`
}

// taskList is `parley task list AGENT` (the agent's listing, a page at a
// time) and `parley task list --all [AGENT]` (every configured agent's
// listing merged with parley's history).
func (r *runner) taskList(ctx context.Context, f *agentFlags, lf *taskListFlags, pos []string) int {
	defer r.bufferOutput()()
	r.useRaw(f.raw)
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	if len(pos) > 0 {
		ctx, _ = r.traced(ctx, pos[0], f)
	} else {
		ctx, _ = r.traced(ctx, "", f) // --all: the flag or the config's top level
	}
	store := r.openHistory()
	if store != nil {
		defer store.Close()
	}
	conv, pos, err := lf.storedConversation(store, pos)
	if err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	filter, err := lf.filter(pos)
	if err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	if conv != nil {
		filter.ContextID = conv.ContextID
	}
	if lf.all {
		return r.taskListAll(ctx, f, filter, pos, store)
	}
	ref := pos[0]
	c, err := r.client(ctx, ref, f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, ""), f.json, "")
	}
	if conv != nil && conv.Agent.ID != "" && c.ID() != conv.Agent.ID {
		return r.report(exitUsage, &session.AgentMovedError{Context: conv.ID, Was: conv.Agent.ID, Now: c.ID(), Ref: ref}, f.json, "")
	}
	pages, err := session.ServerTasksUpTo(ctx, c, ref, filter, lf.page)
	rows, next, listing := pages.Rows, pages.Next, "server"
	if session.NoListing(err) {
		fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: %s has no task listing; these are the tasks in parley's history with %s.", c.Dialect().Label(), ref)))
		listing, next, pages.Stopped = "history", "", ""
		rows, err = r.history(store, []a2aclient.AgentID{c.ID()}, filter)
	}
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, ""), f.json, "")
	}
	if listing == "server" && store != nil {
		if err := store.KnownTasks(rows); err != nil {
			r.warn(err)
		}
	}
	r.printTasks(rows, f.json, taskListJSON{Listing: listing, Next: next, Stopped: pages.Stopped})
	// The token is the agent's: one shell word, so pasting runs nothing.
	more := fmt.Sprintf("more tasks: parley task list %s --page %s", shellQuote(ref), shellQuote(next))
	switch {
	case pages.Stopped != "":
		fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+pages.Stopped+"; "+more))
	case next != "" && !f.json:
		fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+more))
	}
	return exitOK
}

// filter checks the arguments and flags.
func (lf *taskListFlags) filter(pos []string) (session.TaskFilter, error) {
	var filter session.TaskFilter
	switch {
	case len(pos) > 1:
		return filter, usagef("task list", "task list takes at most one agent, got %s", plural(len(pos), "argument"))
	case len(pos) == 0 && !lf.all:
		return filter, usagef("task list", "task list needs an agent, or --all for every configured agent and parley's history")
	case lf.limit < 0:
		return filter, usagef("task list", "--limit cannot be negative")
	case lf.all && lf.page != "":
		return filter, usagef("task list", "--page goes with one agent's listing, not --all")
	case lf.contextID != "" && len(pos) == 0:
		return filter, usagef("task list", "--context-id is an agent's own id, which means something only with that agent: name it (parley task list --all AGENT --context-id ID)")
	}
	if lf.state != "" {
		st := a2aclient.ParseState(lf.state)
		if !knownState(st) {
			return filter, usagef("task list", "unknown --state %q (want submitted, working, input-required, auth-required, completed, canceled, failed or rejected)", lf.state)
		}
		filter.State = st
	}
	filter.ContextID, filter.Limit = lf.contextID, lf.limit
	return filter, nil
}

func knownState(st a2aclient.State) bool {
	switch st {
	case a2aclient.StateSubmitted, a2aclient.StateWorking, a2aclient.StateInputRequired, a2aclient.StateAuthRequired,
		a2aclient.StateCompleted, a2aclient.StateCanceled, a2aclient.StateFailed, a2aclient.StateRejected:
		return true
	}
	return false
}

// taskListAll merges the listing of every configured agent (or the one
// named) with parley's history of every agent (or that one). An agent
// that cannot be reached is named on stderr and the rest still listed.
func (r *runner) taskListAll(ctx context.Context, f *agentFlags, filter session.TaskFilter, pos []string, store *store.Store) int {
	var refs []string
	if len(pos) == 1 {
		refs = pos
	} else if _, err := r.directory(); err != nil {
		return r.report(errorExit(ctx, err), err, f.json, "") // a config error: 1, as everywhere
	} else {
		for _, a := range r.cfg.Agents {
			refs = append(refs, a.Name)
		}
	}
	var lists [][]session.TaskRow
	var historyOf []a2aclient.AgentID // nil: every agent's history
	for _, ref := range refs {
		c, err := r.client(ctx, ref, f)
		if err != nil {
			r.warn(fmt.Errorf("%s is left out: %w", ref, err))
			continue
		}
		if len(pos) == 1 {
			historyOf = []a2aclient.AgentID{c.ID()}
		}
		pages, err := session.ServerTasksUpTo(ctx, c, ref, filter, "")
		switch {
		case session.NoListing(err):
			fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: %s speaks %s, which has no task listing; its tasks come from parley's history.", ref, c.Dialect().Label())))
		case err != nil:
			r.warn(fmt.Errorf("%s's tasks on the server are left out: %w", ref, err))
		case pages.Stopped != "":
			fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: %s's listing %s; the tasks before are listed.", ref, pages.Stopped)))
		}
		lists = append(lists, pages.Rows)
	}
	if len(pos) == 1 && historyOf == nil {
		historyOf = []a2aclient.AgentID{} // the agent was not reached: no history is its
	}
	history, err := r.history(store, historyOf, filter)
	if err != nil {
		r.warn(err)
	}
	lists = append(lists, history)
	limit := filter.Limit
	if limit <= 0 {
		limit = 50
	}
	r.printTasks(session.MergeTasks(limit, lists...), f.json, taskListJSON{Listing: "merged"})
	return exitOK
}

// openHistory opens the context store to read tasks; a listing goes on
// without it, saying why.
func (r *runner) openHistory() *store.Store {
	st, err := store.Open(r.env.StorePath)
	if err != nil {
		r.warn(fmt.Errorf("parley's history is left out: %w", err))
		return nil
	}
	return st
}

func (r *runner) history(store *store.Store, agents []a2aclient.AgentID, f session.TaskFilter) ([]session.TaskRow, error) {
	if store == nil {
		return nil, nil
	}
	return store.HistoryTasks(agents, f)
}

// storedConversation reads --context, parley's number for a stored
// conversation: its contextId filters the listing, and its agent is the
// one listed when no AGENT is named.
func (lf *taskListFlags) storedConversation(store *store.Store, pos []string) (*session.ContextInfo, []string, error) {
	if lf.stored == "" {
		return nil, pos, nil
	}
	if lf.contextID != "" {
		return nil, pos, usagef("task list", "--context (parley's number for a conversation) and --context-id (the agent's id for it) name the same thing: give one")
	}
	if _, err := session.ParseStoreNumber(lf.stored); err != nil {
		return nil, pos, usagef("task list", "--context takes parley's number for a stored conversation ('parley contexts' lists them); for the agent's own contextId use --context-id %s", termsafe.ShellWord(lf.stored))
	}
	if store == nil {
		return nil, pos, fmt.Errorf("parley's history cannot be opened, so --context %s names no conversation", lf.stored)
	}
	info, err := store.ContextByNumber(lf.stored)
	if err != nil {
		return nil, pos, fmt.Errorf("%w; 'parley contexts' lists them", err)
	}
	if info.ContextID == "" {
		return nil, pos, fmt.Errorf("conversation %d has no contextId from its agent, so there is nothing to list by", info.ID)
	}
	if len(pos) == 0 {
		pos = []string{info.Agent.Ref}
	}
	return &info, pos, nil
}

// printTasks writes a listing: a table, or JSON lines and the result
// line res with its count.
func (r *runner) printTasks(rows []session.TaskRow, asJSON bool, res taskListJSON) {
	if asJSON {
		for _, row := range rows {
			_ = writeJSONLine(r.env.Stdout, taskRowJSON{
				Type: "task", Agent: row.Agent, TaskID: row.TaskID, ContextID: row.ContextID, State: string(row.State),
				StatusText: row.StatusText, Title: row.Title, Updated: stamp(row.Updated, time.RFC3339), Where: row.Where(), StoreID: row.StoreID,
			})
		}
		res.Type, res.Count = "result", len(rows)
		_ = writeJSONLine(r.env.Stdout, res)
		return
	}
	writeTaskTable(r.env.Stdout, rows)
}

func writeTaskTable(w io.Writer, rows []session.TaskRow) {
	if len(rows) == 0 {
		fmt.Fprintln(w, "No tasks.")
		return
	}
	fmt.Fprintf(w, "%-14s %-36s %-6s %-16s %-5s %s\n", "STATE", "TASK", "WHERE", "UPDATED", "STORE", "AGENT / TITLE")
	for _, row := range rows {
		store := "-"
		if row.StoreID != 0 {
			store = fmt.Sprint(row.StoreID)
		}
		about := row.Title
		if about == "" {
			about = row.StatusText
		}
		line := fmt.Sprintf("%-14s %-36s %-6s %-16s %-5s %s", cell(string(row.State), 14), cell(row.TaskID, 36), row.Where(),
			stamp(row.Updated, "2006-01-02 15:04"), store, cell(row.Agent, 30))
		if about != "" {
			line += "  " + cell(about, 60)
		}
		fmt.Fprintln(w, line)
	}
}

func stamp(t time.Time, layout string) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format(layout)
}
