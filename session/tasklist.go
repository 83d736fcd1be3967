package session

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// TaskRow is one line of a task listing: a task the agent listed, one in
// parley's history, or one both know. Its strings are the agent's and
// pass termsafe before they are shown.
type TaskRow struct {
	Agent      string            // the agent as the user names it (config name or URL)
	AgentID    a2aclient.AgentID // whose task it is: TaskID means something only with it
	TaskID     string
	ContextID  string // the agent's contextId
	State      a2aclient.State
	StatusText string
	Title      string // the message that started it, when known
	Updated    time.Time
	OnServer   bool  // the agent listed it
	StoreID    int64 // the stored context holding it; 0 when parley never saw it
}

// Where says who knows the task: "server", "parley" or "both".
func (r TaskRow) Where() string {
	switch {
	case r.OnServer && r.StoreID != 0:
		return "both"
	case r.OnServer:
		return "server"
	}
	return "parley"
}

// TaskFilter narrows a listing, on the server and in the history alike.
type TaskFilter struct {
	ContextID string
	State     a2aclient.State
	Limit     int // at most this many rows; 0 is 50
}

// Max is the most rows a listing returns: Limit, or 50.
func (f TaskFilter) Max() int {
	if f.Limit <= 0 {
		return 50
	}
	return f.Limit
}

// maxPage is the largest page asked of an agent (the v1.0 bound).
const maxPage = 100

// ServerTasks lists one page of the agent's tasks from pageToken ("" for
// the first) and returns the token of the next ("" after the last).
// Dialects without a listing answer an error that wraps
// a2aclient.ErrUnsupportedOperation.
func ServerTasks(ctx context.Context, c *a2aclient.Client, ref string, f TaskFilter, pageToken string) ([]TaskRow, string, error) {
	zero := 0
	page, err := c.ListTasks(ctx, a2aclient.ListTasksRequest{
		ContextID: f.ContextID, State: f.State, PageSize: min(f.Max(), maxPage), PageToken: pageToken, HistoryLength: &zero,
	})
	if err != nil {
		return nil, "", err
	}
	rows := make([]TaskRow, 0, len(page.Tasks))
	for _, t := range page.Tasks {
		// A server that ignores a filter is filtered here: the user
		// asked for these only.
		if (f.ContextID != "" && t.ContextID != f.ContextID) || (f.State != "" && t.Status.State != f.State) {
			continue
		}
		rows = append(rows, TaskRow{
			Agent: ref, AgentID: c.ID(), TaskID: t.ID, ContextID: t.ContextID, State: t.Status.State,
			StatusText: t.Status.Message.Text(), Title: firstUserText(t.History),
			Updated: t.Status.Timestamp, OnServer: true,
		})
	}
	if len(rows) > f.Max() {
		rows = rows[:f.Max()]
	}
	return rows, page.NextPageToken, nil
}

func firstUserText(history []a2aclient.Message) string {
	for _, m := range history {
		if m.Role == a2aclient.RoleUser {
			return Title(m.Text())
		}
	}
	return ""
}

// MergeTasks joins listings by task, an agent and its task id: the
// agent's word on the state wins (it is the task's owner), parley's
// history adds the title and the stored context. Two agents' tasks with
// one id stay two rows. Most recently updated first, at most limit rows.
func MergeTasks(limit int, lists ...[]TaskRow) []TaskRow {
	byID := map[TaskKey]*TaskRow{}
	var order []TaskKey
	for _, list := range lists {
		for _, r := range list {
			k := TaskKey{r.AgentID, r.TaskID}
			have := byID[k]
			if have == nil || r.AgentID == "" {
				row := r
				if r.AgentID == "" {
					// No agent to join it with: a row of its own.
					k.Task = fmt.Sprintf("\x00%d", len(order))
				}
				byID[k] = &row
				order = append(order, k)
				continue
			}
			if r.OnServer && !have.OnServer {
				have.State, have.StatusText, have.OnServer = r.State, cmp.Or(r.StatusText, have.StatusText), true
				have.ContextID = cmp.Or(r.ContextID, have.ContextID)
			}
			if have.StoreID == 0 {
				have.StoreID = r.StoreID
			}
			have.Title = cmp.Or(have.Title, r.Title)
			if r.Updated.After(have.Updated) {
				have.Updated = r.Updated
			}
			if !r.OnServer && have.OnServer && have.StoreID == r.StoreID {
				// The history names the agent as the user does.
				have.Agent = cmp.Or(r.Agent, have.Agent)
			}
		}
	}
	out := make([]TaskRow, 0, len(order))
	for _, id := range order {
		out = append(out, *byID[id])
	}
	slices.SortStableFunc(out, func(a, b TaskRow) int { return b.Updated.Compare(a.Updated) })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// NoListing reports whether err means the agent's dialect has no task
// listing (and the history is all there is to show).
func NoListing(err error) bool { return errors.Is(err, a2aclient.ErrUnsupportedOperation) }
