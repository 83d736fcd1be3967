package session

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// A2A does not promise that a resubscribed stream replays what was sent
// while the connection was down: an agent may go on from where it is, and
// the chunks lost in the cut leave a hole in the assembled answer. So
// after every resumed stream parley fetches the task and, where the
// agent's artifacts differ from what it assembled, takes the agent's.

// reconcileHistory is how much history the fetch asks for: enough for
// the messages of a long task, where the dialect sends them.
const reconcileHistory = 100

// Repair says the agent's copy of a task replaced what parley had
// assembled from a stream that broke.
type Repair struct {
	TaskID string
	// Artifacts are the ids of the artifacts whose shown content the
	// agent's copy replaced.
	Artifacts []string
}

// reconcile fetches the task as the agent holds it and folds it in
// (see applySnapshot). A failed fetch changes nothing: what streamed
// stands, and the stream's own error, if any, is what gets reported.
func (f *follower) reconcile(ctx context.Context) {
	if f.taskID == "" || ctx.Err() != nil {
		return
	}
	n := reconcileHistory
	task, err := f.c.Get(ctx, f.taskID, &n)
	if err != nil || task == nil || task.ID != f.taskID {
		return
	}
	f.apply(a2aclient.Event{Task: task})
}

// applySnapshot folds a task snapshot received after the stream broke
// (a reconcile fetch, a poll) into the tracker: the agent's artifacts
// replace the assembled ones they differ from, and artifacts the
// snapshot leaves out are kept, since some agents send a task without
// them. It returns the event to apply and the repair to report, nil
// when nothing assembled was wrong: a snapshot that only goes on from
// what streamed (more text, more parts, artifacts the stream had not
// reached) is the answer continuing, and saying it was repaired would
// tell the user something false.
func (f *follower) applySnapshot(task *a2aclient.Task) (*a2aclient.Task, *Repair) {
	if !f.tr.Seen() || f.tr.Task().ID != task.ID {
		return task, nil
	}
	var changed []string
	merged := *task
	merged.Artifacts = append([]a2aclient.Artifact(nil), task.Artifacts...)
	listed := map[string]bool{}
	for _, a := range task.Artifacts {
		listed[a.ID] = true
		if ours, ok := f.tr.Artifact(a.ID); ok && !extends(cutFront(a.Parts, f.tr.TextCut(a.ID)), ours.Parts) {
			changed = append(changed, a.ID)
		}
	}
	for _, a := range f.tr.Task().Artifacts {
		// One held as a window the tracker keeps as it is (its front
		// is no longer here to give whole).
		if !listed[a.ID] && f.tr.TextCut(a.ID) == 0 {
			merged.Artifacts = append(merged.Artifacts, a)
		}
	}
	if len(changed) == 0 {
		return &merged, nil
	}
	return &merged, &Repair{TaskID: task.ID, Artifacts: changed}
}

// cutFront is parts with the first cut bytes of their text left out,
// to compare with an artifact the tracker holds a window of (its first
// part's text from the cut on); nil when their text is shorter.
func cutFront(parts []a2aclient.Part, cut int) []a2aclient.Part {
	if cut == 0 {
		return parts
	}
	joined := joinedParts(parts)
	if len(joined) == 0 || joined[0].Kind != a2aclient.PartText || len(joined[0].Text) < cut {
		return nil
	}
	joined[0] = a2aclient.TextPart(joined[0].Text[cut:])
	return joined
}

// extends reports whether the parts of whole begin with what shown
// says, with text split differently counted the same (parley joins a
// stream's chunks into one part, where the agent may keep each): the
// same parts, the last text of shown perhaps continued, and perhaps
// more parts after.
func extends(whole, shown []a2aclient.Part) bool {
	nw, ns := joinedParts(whole), joinedParts(shown)
	if len(ns) > len(nw) {
		return false
	}
	for i := range ns {
		if i == len(ns)-1 && ns[i].Kind == a2aclient.PartText && nw[i].Kind == a2aclient.PartText {
			return strings.HasPrefix(nw[i].Text, ns[i].Text)
		}
		if !samePart(ns[i], nw[i]) {
			return false
		}
	}
	return true
}

func samePart(a, b a2aclient.Part) bool {
	if a.Kind != b.Kind || a.Text != b.Text {
		return false
	}
	return a.Kind == a2aclient.PartText || reflect.DeepEqual(a, b)
}

// joinedParts merges runs of plain text parts into one.
func joinedParts(parts []a2aclient.Part) []a2aclient.Part {
	out := make([]a2aclient.Part, 0, len(parts))
	var text strings.Builder
	open := false
	for _, p := range parts {
		if p.Kind == a2aclient.PartText && len(p.Metadata) == 0 {
			text.WriteString(p.Text)
			open = true
			continue
		}
		if open {
			out = append(out, a2aclient.TextPart(text.String()))
			text.Reset()
			open = false
		}
		out = append(out, p)
	}
	if open {
		out = append(out, a2aclient.TextPart(text.String()))
	}
	return out
}

// Describe is the repair in one sentence.
func (r *Repair) Describe() string {
	return fmt.Sprintf("the stream to task %s broke and lost part of the answer; the agent's copy of %s replaces what streamed",
		r.TaskID, plural(len(r.Artifacts), "artifact"))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
