package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// surfaceWidth is the width parley send writes surfaces at: a command's
// text output goes to pipes and logs as often as to a terminal.
const surfaceWidth = 80

// a2uiText gathers the A2UI parts of an exchange as its events arrive
// and writes the surfaces they make, readably, when the exchange ends:
// headings, inputs with their current values, options, buttons with the
// action each sends. The zero value is ready.
type a2uiText struct {
	surfaces *a2ui.Surfaces
	applied  map[string]bool // messages whose parts were applied, by id
	errs     int
	closed   bool // the task ended: its forms are drawn as done
}

// collect applies the A2UI parts of one event, each message's once (a
// task snapshot repeats the status message that streamed).
func (a *a2uiText) collect(ev *a2aclient.Event) {
	if ev == nil {
		return
	}
	switch {
	case ev.Task != nil:
		a.message(ev.Task.ID, ev.Task.Status.Message)
		for _, art := range ev.Task.Artifacts {
			a.parts(ev.Task.ID, art.Parts)
		}
	case ev.Status != nil:
		a.message(ev.Status.TaskID, ev.Status.Status.Message)
	case ev.Artifact != nil:
		a.parts(ev.Artifact.TaskID, ev.Artifact.Artifact.Parts)
	case ev.Message != nil:
		a.message(ev.Message.TaskID, ev.Message)
	}
}

func (a *a2uiText) message(taskID string, m *a2aclient.Message) {
	if m == nil {
		return
	}
	if m.ID != "" {
		if a.applied[m.ID] {
			return
		}
		if a.applied == nil {
			a.applied = map[string]bool{}
		}
		a.applied[m.ID] = true
	}
	a.parts(taskID, m.Parts)
}

// answer writes what a user's answer to a form sent back into that
// form (a2ui.Surfaces.ApplyAnswer), so it shows the values sent.
func (a *a2uiText) answer(taskID string, m *a2aclient.Message) {
	if a.surfaces == nil || m == nil {
		return
	}
	for _, p := range m.Parts {
		a.surfaces.ApplyAnswer(taskID, p)
	}
}

func (a *a2uiText) parts(taskID string, ps []a2aclient.Part) {
	for _, p := range ps {
		if !a2ui.IsPart(p) {
			continue
		}
		if a.surfaces == nil {
			a.surfaces = a2ui.New(a2ui.Limits{})
		}
		a.errs += len(a.surfaces.ApplyPartOf(taskID, p))
	}
}

// write writes every surface that is ready to draw and, for a task that
// waits (taskID not ""), how to answer its form from the command line:
// by parley's number for the conversation it was saved in (stored, 0
// for none), else by the agent and the task. answered is whether it
// said that.
func (a *a2uiText) write(w io.Writer, agentRef, taskID string, stored int64) (answered bool) {
	if a.surfaces == nil {
		return false
	}
	var actions []string
	var inputs string
	for _, s := range a.surfaces.List() {
		writeSurface(w, s, surfaceWidth, a.closed)
		if root := s.Layout(a2ui.Limits{}); root != nil {
			for _, b := range root.Buttons() {
				if b.Action != "" {
					actions = append(actions, b.Action)
				}
			}
			inputs = inputNames(root)
		}
	}
	if taskID != "" && len(actions) > 0 {
		target := fmt.Sprintf("%s --task %s", shellQuote(agentRef), shellQuote(taskID))
		if stored != 0 {
			target = fmt.Sprintf("--context %d", stored)
		}
		fmt.Fprintf(w, "Answer the form with: parley send %s --action %s [--set PATH=VALUE]…\n  (actions: %s; inputs: %s)\n",
			target, shellQuote(actions[len(actions)-1]), termsafe.Line(strings.Join(actions, ", ")), termsafe.Line(inputs))
		answered = true
	}
	if a.errs > 0 {
		fmt.Fprintf(w, "(%s of the agent's interface could not be read and %s left out)\n", plural(a.errs, "A2UI message"), a2uiIsOrAre(a.errs))
	}
	return answered
}

// interruptedTask is the id of a task that waits for an answer, "" for
// any other outcome.
func interruptedTask(s *session.Summary) string {
	if a2aclient.State(s.State).Interrupted() {
		return s.TaskID
	}
	return ""
}

func a2uiIsOrAre(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

// writeSurface writes one surface in width columns (a2ui.Surface.Text);
// a surface not ready yet (v0.8 before beginRendering, v0.9 without a
// root) says so. A closed one's task ended: it is drawn as done.
func writeSurface(w io.Writer, s *a2ui.Surface, width int, closed bool) {
	// Every string of a node is clean already; cleaning again at the
	// write costs little and keeps the check of raw prints simple.
	fmt.Fprintln(w, termsafe.Line(s.TextHead(width)))
	lines := s.Text(a2ui.Limits{}, width, closed)
	if lines == nil {
		fmt.Fprintln(w, "(the agent has not finished this surface yet)")
		return
	}
	for _, l := range lines {
		fmt.Fprintln(w, termsafe.Clean(strings.TrimRight(l, " ")))
	}
}
