package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// task is `parley task get|cancel|watch AGENT TASK_ID`.
// dir is where `task download` saves files.
func (r *runner) task(ctx context.Context, f *agentFlags, sub, dir string, pos []string) int {
	defer r.bufferOutput()()
	r.useRaw(f.raw)
	if len(pos) != 2 {
		err := usagef("task "+sub, "task %s takes an agent and a task id, got %s", sub, plural(len(pos), "argument"))
		return r.report(exitUsage, err, f.json, "")
	}
	ref, taskID := pos[0], pos[1]
	if sub == "download" {
		if err := checkWritable(dir); err != nil {
			return r.report(exitUsage, err, f.json, taskID)
		}
	}
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	ctx, traceID := r.traced(ctx, ref, f)
	c, err := r.client(ctx, ref, f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	out := r.follower(f.json, nil)
	if out.text != nil {
		out.text.saveHint = taskSaveHint(ref, taskID)
	}
	if sub == "watch" {
		// Timed from the watch's start, as a send is from its message.
		o := r.followOptions(false, out.update)
		o.Time = true
		s, err := session.Follow(ctx, c, taskID, o)
		s.TraceID = traceID
		if s != nil && s.TaskID != "" && s.State != string(a2aclient.StateUnknown) {
			r.learnTask(c.ID(), summaryTask(s))
		}
		return r.conclude(ctx, ref, s, err, f.json, out)
	}
	var task *a2aclient.Task
	ended := false // a cancel found the task already over
	if sub == "get" || sub == "download" {
		task, err = c.Get(ctx, taskID, nil)
	} else {
		task, err = c.Cancel(ctx, taskID)
		if errors.Is(err, a2aclient.ErrTaskNotCancelable) {
			// Say how it ended rather than that it cannot be canceled.
			if got, gerr := c.Get(ctx, taskID, nil); gerr == nil && got != nil {
				task, err, ended = got, nil, true
			}
		}
	}
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	r.learnTask(c.ID(), task)
	if sub == "download" {
		return r.download(dir, task, f.json)
	}
	tr := c.NewTracker()
	ev := a2aclient.Event{Task: task}
	tr.Apply(ev)
	s := session.Summarize(tr, c.Dialect())
	var code int
	switch {
	case sub == "get" && out.text != nil:
		// The whole task, as fields and blocks.
		printTask(r.env.Stdout, task, ref)
		code = stateExit(s.State)
	case sub == "get":
		// The normalized task, then the result line; parley mcp takes
		// the outcome alone, not a line as long as the task.
		if r.env.takeResult == nil {
			out.update(session.Update{Event: &ev, Tracker: tr})
		}
		code = r.conclude(ctx, ref, s, nil, f.json, out)
	default:
		if out.text != nil {
			out.text.update(session.Update{Event: &ev, Tracker: tr})
		}
		code = r.conclude(ctx, ref, s, nil, f.json, out)
	}
	if sub == "cancel" {
		return r.cancelExit(s, ended, code)
	}
	return code
}

// cancelExit is how `task cancel` ends: 0 once the task is canceled (now
// or before) or the cancel is under way; a task that had already ended
// otherwise is named, and exits 3 if it failed or was rejected, 1 if it
// completed (nothing was canceled).
func (r *runner) cancelExit(s *session.Summary, ended bool, code int) int {
	state := a2aclient.State(s.State)
	switch {
	case state == a2aclient.StateCanceled:
		if ended {
			fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: task "+shortID(s.TaskID)+" was already canceled."))
		}
		return exitOK
	case !state.Terminal():
		return exitOK // accepted and on its way
	}
	fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: task %s is already %s, so it cannot be canceled.", shortID(s.TaskID), state)))
	if state == a2aclient.StateCompleted {
		return exitError
	}
	return code
}

// learnTask folds what a command learned about agent's task into the
// stored conversation that holds it, if parley holds it: `parley
// contexts` then shows the task as the agent last said it stands. A
// store that is not there or cannot be written is no reason to fail the
// command, which did what was asked.
func (r *runner) learnTask(agent a2aclient.AgentID, task *a2aclient.Task) {
	if task == nil || task.ID == "" {
		return
	}
	st := r.openStoreIfThere()
	if st == nil {
		return
	}
	defer st.Close()
	if _, _, err := st.LearnTask(agent, task); err != nil {
		r.warn(fmt.Errorf("the stored conversation of task %s is not updated: %w", shortID(task.ID), err))
	}
}

// summaryTask is the task as a followed stream left it.
func summaryTask(s *session.Summary) *a2aclient.Task {
	t := &a2aclient.Task{ID: s.TaskID, ContextID: s.ContextID, Artifacts: s.Artifacts,
		Status: a2aclient.TaskStatus{State: a2aclient.State(s.State)}}
	if s.StatusText != "" {
		t.Status.Message = &a2aclient.Message{Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart(s.StatusText)}}
	}
	return t
}

// savedJSON is one line of `parley task download --json`.
type savedJSON struct {
	Type     string `json:"type"` // "saved"
	Path     string `json:"path"`
	MimeType string `json:"mimeType,omitempty"`
	Size     int    `json:"size"`
}

// download saves a task's file artifacts and lists what it saved.
func (r *runner) download(dir string, task *a2aclient.Task, asJSON bool) int {
	saved, skipped, err := saveFiles(dir, task.Artifacts)
	for _, s := range saved {
		if asJSON {
			_ = writeJSONLine(r.env.Stdout, savedJSON{Type: "saved", Path: s.Path, MimeType: s.MimeType, Size: s.Size})
		} else {
			fmt.Fprintf(r.env.Stdout, "Saved %s (%s, %s)\n", quoteName(s.Path), cmp.Or(termsafe.Line(s.MimeType), "no type"), size(int64(s.Size)))
		}
	}
	r.reportSaved(nil, skipped)
	if err != nil {
		return r.report(exitError, err, asJSON, task.ID)
	}
	if len(saved) == 0 && len(skipped) == 0 {
		fmt.Fprintf(r.env.Stderr, "parley: task %s has no file artifacts to save.\n", shortID(task.ID))
	}
	return exitOK
}

// taskSaveHint says, on the first file line of a task's output, how to
// save its files.
func taskSaveHint(ref, taskID string) string {
	return "save with parley task download " + shellQuote(ref) + " " + shellQuote(taskID)
}
