package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// sendAction is `parley send AGENT --task ID --action NAME [--set
// PATH=VALUE]…` (or `parley send --context N --action …`, the task
// stored conversation N waits on): it answers the A2UI form a task
// shows, as pressing its button would. The form is read from the task as the agent keeps it
// (its history, status and artifacts), each --set is entered into the
// input bound to PATH (or with that component id), and the button's
// userAction/action goes back on the task.
func (r *runner) sendAction(ctx context.Context, f *sendFlags, pos []string) int {
	switch {
	case f.action == "":
		return r.report(exitUsage, usagef("send", "--set fills in a form's inputs for the button --action NAME presses: add --action"), f.json, "")
	case f.stored != "" && f.taskID == "" && len(pos) <= 1:
	case len(pos) != 1 || f.taskID == "":
		return r.report(exitUsage, usagef("send", "--action answers the form a task shows: parley send AGENT --task ID --action NAME [--set PATH=VALUE]…, or parley send --context N --action NAME … for the task stored conversation N waits on"), f.json, "")
	case len(f.files) > 0 || f.data != "":
		return r.report(exitUsage, usagef("send", "--action sends the form's answer alone: leave out --file and --data"), f.json, "")
	}
	ctx, cancel := r.withTimeout(ctx, &f.agentFlags)
	defer cancel()
	var ref string
	if len(pos) == 1 {
		ref = pos[0]
	}
	if f.taskID == "" {
		var err error
		if ref, f.taskID, err = r.waitingTask(ref, f); err != nil {
			return r.report(exitUsage, err, f.json, "")
		}
	}
	c, err := r.client(ctx, ref, &f.agentFlags)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, ""), f.json, "")
	}
	task, err := c.Get(ctx, f.taskID, nil)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, fmt.Errorf("read the form of task %s: %w", f.taskID, err), ref, f.taskID), f.json, f.taskID)
	}
	part, surfaces, err := pressButton(task, f.action, f.sets, time.Now())
	if err != nil {
		return r.report(exitUsage, err, f.json, f.taskID)
	}
	parts, meta := session.A2UIAnswer(c.Dialect(), part, surfaces)
	if f.contextID == "" && f.stored == "" {
		f.contextID = task.ContextID
	}
	if meta != nil {
		f.metadata = meta
	}
	return r.recordedSend(ctx, ref, parts, f)
}

// taskSurfaces reads the A2UI surfaces a task shows from what the agent
// said on it, in order: its history, its status message, its artifacts;
// each message once; then the user's answers in its history fill in the
// forms they answered.
func taskSurfaces(task *a2aclient.Task) *a2ui.Surfaces {
	var t a2uiText
	for i := range task.History {
		if task.History[i].Role != a2aclient.RoleUser {
			t.message(task.ID, &task.History[i])
		}
	}
	t.collect(&a2aclient.Event{Task: task})
	for i := range task.History { // once every form is there
		if task.History[i].Role == a2aclient.RoleUser {
			t.answer(task.ID, &task.History[i])
		}
	}
	if t.surfaces == nil {
		return a2ui.New(a2ui.Limits{})
	}
	return t.surfaces
}

// writeTaskSurfaces draws the A2UI surfaces a task shows (parley task
// get), with how to answer a form the task waits on (and says whether it
// did); a task that ended shows its forms as done, with the values sent.
func writeTaskSurfaces(w io.Writer, t *a2aclient.Task, agentRef string) bool {
	a := a2uiText{surfaces: taskSurfaces(t), closed: t.Status.State.Terminal()}
	waits := ""
	if t.Status.State.Interrupted() {
		waits = t.ID
	}
	return a.write(w, agentRef, waits, 0)
}

// formAnswer builds the part that presses the button named action (its
// action name, or its component id) on the task's form, after entering
// each PATH=VALUE of sets into its input; and the data models the
// message carries for surfaces made with sendDataModel (nil for none).
func formAnswer(task *a2aclient.Task, action string, sets []string, now time.Time) (a2aclient.Part, map[string]any, error) {
	part, ss, err := pressButton(task, action, sets, now)
	if err != nil {
		return a2aclient.Part{}, nil, err
	}
	return part, ss.ClientDataModel(), nil
}

func pressButton(task *a2aclient.Task, action string, sets []string, now time.Time) (a2aclient.Part, *a2ui.Surfaces, error) {
	var surface *a2ui.Surface
	var names []string
	surfaces := taskSurfaces(task)
	for _, s := range surfaces.List() {
		root := s.Layout(a2ui.Limits{})
		for _, b := range root.Buttons() {
			if b.Action == action || b.ID == action {
				surface = s
			}
			if b.Action != "" {
				names = append(names, b.Action)
			}
		}
	}
	if surface == nil {
		if len(names) == 0 {
			return a2aclient.Part{}, nil, inputf("task %s shows no form with buttons to answer", termsafe.Line(task.ID))
		}
		return a2aclient.Part{}, nil, inputf("task %s's form has no button %q; its buttons send: %s", termsafe.Line(task.ID), termsafe.Line(action), strings.Join(names, ", "))
	}
	for _, set := range sets {
		key, value, ok := strings.Cut(set, "=")
		if !ok {
			return a2aclient.Part{}, nil, inputf("--set %s needs PATH=VALUE (e.g. --set /booking/name=Ada)", termsafe.Line(set))
		}
		in := findInput(surface.Layout(a2ui.Limits{}), key)
		if in == nil {
			return a2aclient.Part{}, nil, inputf("the form has no input at %s; its inputs are %s", termsafe.Line(key), inputNames(surface.Layout(a2ui.Limits{})))
		}
		if err := surface.EnterText(in, value); err != nil {
			return a2aclient.Part{}, nil, inputf("--set %s: %v", termsafe.Line(key), err)
		}
	}
	var btn *a2ui.Node
	for _, b := range surface.Layout(a2ui.Limits{}).Buttons() {
		if btn == nil && (b.Action == action || b.ID == action) {
			btn = b
		}
	}
	switch {
	case btn == nil:
		return a2aclient.Part{}, nil, inputf("the form's button %q went away as its inputs were filled in", termsafe.Line(action))
	case btn.OpenURL != "":
		return a2aclient.Part{}, nil, inputf("the button %s opens %s rather than answering the agent: open it in a browser yourself", btn.ID, btn.OpenURL)
	case !btn.Enabled:
		return a2aclient.Part{}, nil, inputf("the form's button %s is disabled (%s): fill it in with --set; its inputs are %s",
			btn.ID, strings.Join(btn.Problems, "; "), inputNames(surface.Layout(a2ui.Limits{})))
	}
	part, err := surface.Action(btn, now)
	return part, surfaces, err
}

// findInput is the input bound to path key (one starting with "/"), or
// with component id key.
func findInput(root *a2ui.Node, key string) *a2ui.Node {
	for _, in := range root.Inputs() {
		if strings.HasPrefix(key, "/") && in.Path == key || in.ID == key {
			return in
		}
	}
	return nil
}

// inputNames lists a form's inputs as --set takes them: the path each
// is bound to, else its component id.
func inputNames(root *a2ui.Node) string {
	var names []string
	for _, in := range root.Inputs() {
		if in.Path != "" {
			names = append(names, termsafe.Line(in.Path))
		} else {
			names = append(names, in.ID)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// waitingTask is the agent (ref, else the conversation's) and the task
// that stored conversation --context N waits on, the newest if several.
func (r *runner) waitingTask(ref string, f *sendFlags) (agent, task string, err error) {
	st := r.openStore()
	if st == nil {
		return "", "", fmt.Errorf("parley's history cannot be opened, so --context %s names no conversation: answer with parley send AGENT --task ID --action NAME", f.stored)
	}
	defer st.Close()
	c, err := r.storedConversation(st, ref, f)
	if err != nil {
		return "", "", err
	}
	tasks, err := st.Tasks(c.ID)
	if err != nil {
		return "", "", err
	}
	for _, t := range tasks { // newest first
		if t.State.Interrupted() {
			return cmp.Or(ref, c.Agent.Ref), t.ID, nil
		}
	}
	return "", "", usagef("send", "conversation %d has no task waiting for an answer ('parley contexts show %d' shows it)", c.ID, c.ID)
}
