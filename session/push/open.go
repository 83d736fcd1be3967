package push

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// A task that pushes arrive for, with nothing open in this process to
// take them, is restored from the store once and kept open between its
// pushes: its conversation, its recorder and the tracker that assembles
// its artifacts. An append then costs what it adds (one more tail of the
// stored item), where restoring and rewriting the whole artifact at every
// push would make each push slower than the last. Tasks are closed when they
// end, when idle, and the oldest first beyond a few.
const (
	pushOpenMax  = 8
	pushOpenIdle = 30 * time.Second
	// pushArtifactLimit bounds an artifact pushes grow: past it, the
	// rest of its appends are dropped and the conversation says so.
	pushArtifactLimit = 32 << 20
)

type pushOpen struct {
	limit int // pushArtifactLimit, or a test's
	conv  *session.Conversation
	rec   *store.Recorder
	tr    a2aclient.Tracker
	last  time.Time
	sizes map[string]int  // artifact id: text bytes held
	full  map[string]bool // artifacts past the limit, told once
}

// takeStored folds a push into its task as stored, and returns the
// context it is in. Caller holds in.mu.
func (in *Inbox) takeStored(d Delivery) (int64, error) {
	k := session.TaskKey{Agent: d.Route.Agent, Task: d.Route.TaskID}
	po := in.open[k]
	if po == nil {
		var err error
		if po, err = openPush(in.store, d); err != nil {
			return 0, err
		}
		po.limit = cmp.Or(in.artifactLimit, pushArtifactLimit)
		in.open[k] = po
	}
	po.last = d.At
	if po.last.IsZero() {
		po.last = time.Now()
	}
	po.apply(d.Event)
	err := po.rec.Flush()
	id := po.rec.ID()
	if st := eventState(d.Event); st.Terminal() || err != nil {
		delete(in.open, k)
		err = errors.Join(err, po.rec.Close())
	}
	in.closeIdle(po.last)
	return id, err
}

// apply folds one push in, minding the artifact size limit.
func (po *pushOpen) apply(ev a2aclient.Event) {
	if u := ev.Artifact; u != nil {
		id, add := u.Artifact.ID, pushedText(u.Artifact.Parts)
		if !u.Append {
			po.sizes[id] = 0
			delete(po.full, id)
		}
		if po.sizes[id]+add > po.limit {
			if !po.full[id] {
				po.full[id] = true
				po.conv.Notice(fmt.Sprintf("Artifact %s of task %s reached parley's limit for pushed artifacts (%s): parley kept what came before and dropped the rest of its pushes. The agent holds the whole task (parley task get).",
					session.ShortID(id), session.ShortID(u.TaskID), sizeWords(po.limit)))
			}
			return
		}
		po.sizes[id] += add
	}
	po.conv.ApplyPushTracked(ev, &po.tr)
}

// closeIdle closes the tasks idle since pushOpenIdle before now, and the
// least recently pushed beyond pushOpenMax. Caller holds in.mu.
func (in *Inbox) closeIdle(now time.Time) {
	for len(in.open) > 0 {
		var oldest session.TaskKey
		var at time.Time
		for k, po := range in.open {
			if at.IsZero() || po.last.Before(at) {
				oldest, at = k, po.last
			}
		}
		if len(in.open) <= pushOpenMax && now.Sub(at) < pushOpenIdle {
			return
		}
		_ = in.open[oldest].rec.Close()
		delete(in.open, oldest)
	}
}

// closeOpen closes the task kept open for pushes, if it is.
func (in *Inbox) closeOpen(k session.TaskKey) error {
	in.mu.Lock()
	defer in.mu.Unlock()
	po := in.open[k]
	if po == nil {
		return nil
	}
	delete(in.open, k)
	return po.rec.Close()
}

// Close closes the tasks kept open for pushes, each recorded whole.
func (in *Inbox) Close() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	var errs []error
	for k, po := range in.open {
		errs = append(errs, po.rec.Close())
		delete(in.open, k)
	}
	return errors.Join(errs...)
}

// openPush restores the stored context of the route's agent that holds
// the push's task, with the task's items, recording into it: or, when
// none of that agent's contexts holds it, starts a new one.
func openPush(s *store.Store, d Delivery) (*pushOpen, error) {
	taskID := d.Route.TaskID
	o := session.RecordOptions{Agent: session.AgentInfo{ID: d.Route.Agent, Name: d.Route.AgentRef, Ref: d.Route.AgentRef, Dialect: d.Route.Dialect}}
	conv := session.NewConversation(nil, d.Route.AgentRef, nil)
	conv.SetAgent(d.Route.Agent)
	po := &pushOpen{conv: conv, tr: a2aclient.Tracker{Reading: frameworks.Reading{}}, sizes: map[string]int{}, full: map[string]bool{}}
	info, items, ok, err := s.RestoreTask(d.Route.Agent, taskID, conv)
	if err != nil {
		return nil, err
	}
	if ok {
		o.Context, o.Agent = info.ID, info.Agent
		prefix := "art:" + taskID + "/"
		for _, it := range items {
			if id, ok := strings.CutPrefix(it.Key, prefix); ok && it.Kind == session.ItemArtifact {
				po.sizes[id] = pushedText(it.Parts)
			}
		}
	}
	po.rec = s.Record(conv, o)
	return po, nil
}

func pushedText(parts []a2aclient.Part) int {
	n := 0
	for _, p := range parts {
		n += len(p.Text)
	}
	return n
}

// eventState is the state a push brings, if any.
func eventState(ev a2aclient.Event) a2aclient.State {
	switch {
	case ev.Task != nil:
		return ev.Task.Status.State
	case ev.Status != nil:
		return ev.Status.Status.State
	}
	return ""
}

// sizeWords is a limit for people: "32 MiB", "64 KiB".
func sizeWords(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
