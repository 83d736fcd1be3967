package cli

import (
	"cmp"
	"context"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// resumedJSON is one line of `parley contexts resume --json`: a task
// followed to where it settled, a task waiting for the user, or one that
// could not be reached (error set).
type resumedJSON struct {
	Type    string `json:"type"` // "resumed"
	StoreID int64  `json:"storeId"`
	TaskID  string `json:"taskId"`
	State   string `json:"state"`
	Error   string `json:"error,omitempty"`
}

// resume follows the tasks left running when parley last stopped (of one
// context, or of all), recording into their contexts, until they settle.
func (c contextsCmd) resume(ctx context.Context, pos []string) int {
	r := c.r
	var ids []int64
	if len(pos) == 1 {
		info, err := c.find(pos[0])
		if err != nil {
			return r.report(exitUsage, err, c.f.json, "")
		}
		ids = append(ids, info.ID)
	} else {
		pending, err := c.st.PendingTasks()
		if err != nil {
			return r.report(exitError, err, c.f.json, "")
		}
		seen := map[int64]bool{}
		for _, p := range pending {
			if !seen[p.Context.ID] {
				seen[p.Context.ID] = true
				ids = append(ids, p.Context.ID)
			}
		}
	}
	ws, err := r.workspace()
	if err != nil {
		return r.report(exitError, err, c.f.json, "")
	}
	code, followed, gone := exitOK, 0, 0
	for _, id := range ids {
		changed := make(chan struct{}, 1)
		res, err := ws.Resume(ctx, c.st, id, func() {
			select {
			case changed <- struct{}{}:
			default:
			}
		})
		if err != nil {
			return r.report(exitError, err, c.f.json, "")
		}
		for _, t := range res.Waiting {
			c.resumed(id, t, nil)
		}
		for _, t := range res.Gone {
			c.gone(id, t)
		}
		gone += len(res.Gone)
		if res.Err != nil {
			for _, t := range res.Tasks {
				c.resumed(id, t, res.Err)
			}
			r.warn(res.Err)
			code = exitError
			continue
		}
		if res.Conversation == nil {
			continue
		}
		followed += len(res.Tasks)
		conv := res.Conversation
		for conv.Busy() {
			select {
			case <-changed:
			case <-ctx.Done():
				conv.Stop()
				for conv.Busy() {
					<-changed
				}
			}
		}
		if err := res.Recorder.Close(); err != nil {
			r.warn(fmt.Errorf("context %d was not fully recorded: %w", id, err))
		}
		if ctx.Err() != nil {
			return r.report(exitInterrupted, fmt.Errorf("interrupted; the tasks keep running on the agent: resume them with 'parley contexts resume %d'", id), c.f.json, "")
		}
		now := map[string]session.TaskInfo{}
		for _, t := range conv.Tasks() {
			now[t.ID] = t
		}
		for _, t := range res.Tasks {
			c.resumed(id, now[t.ID], nil)
			if now[t.ID].State.Terminal() && now[t.ID].State != a2aclient.StateCompleted && code == exitOK {
				code = exitTaskFailed
			}
		}
	}
	if followed == 0 && gone == 0 && code == exitOK && !c.f.json {
		fmt.Fprintln(r.env.Stdout, "No task was left running.")
	}
	return code
}

// gone reports a task the agent no longer knows, which ends as unknown.
func (c contextsCmd) gone(id int64, t session.TaskInfo) {
	if c.f.json {
		_ = writeJSONLine(c.out(), resumedJSON{Type: "resumed", StoreID: id, TaskID: t.ID, State: string(a2aclient.StateUnknown),
			Error: "The agent no longer knows this task."})
		return
	}
	fmt.Fprintf(c.out(), "Context %d: the agent no longer knows task %s (it may have restarted); it ends as unknown.\n", id, shortID(t.ID))
}

func (c contextsCmd) resumed(id int64, t session.TaskInfo, err error) {
	if c.f.json {
		line := resumedJSON{Type: "resumed", StoreID: id, TaskID: t.ID, State: string(t.State)}
		if err != nil {
			line.Error = sentence(err.Error())
		}
		_ = writeJSONLine(c.out(), line)
		return
	}
	switch {
	case err != nil:
		fmt.Fprintf(c.out(), "Context %d: task %s is interrupted (%s).\n", id, shortID(t.ID), termsafe.Line(string(t.State)))
	case t.State.Interrupted():
		fmt.Fprintf(c.out(), "Context %d: task %s waits for you (%s); answer with 'parley send --context %d TEXT'.\n", id, shortID(t.ID), termsafe.Line(string(t.State)), id)
	default:
		fmt.Fprintf(c.out(), "Context %d: task %s %s.\n", id, shortID(t.ID), cmp.Or(termsafe.Line(string(t.State)), "unknown"))
	}
}
