package demoagent

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"
)

// maxTasks bounds memory for a demo server left running: past it the oldest
// finished tasks are forgotten.
const maxTasks = 1000

type pushConfig struct {
	id             string
	url            string
	token          string
	authSchemes    []string
	authCredential string
}

type task struct {
	id        string
	contextID string
	created   time.Time
	scenario  scenario
	st        status
	artifacts []artifact
	history   []message
	log       []event
	// changed is closed and replaced on every log append: a broadcast that
	// wakes every stream and blocking send following this task.
	changed chan struct{}
	stop    context.CancelFunc
	step    int // progress of the slow scenario, reported on cancel
	push    []pushConfig
}

type store struct {
	mu    sync.Mutex
	tasks map[string]*task
	order []string // creation order, for eviction
	// pushes posts changes to the tasks' push configs (push_send.go).
	pushes pushQueue
}

func newStore() *store {
	return &store{tasks: map[string]*task{}}
}

// create registers a new submitted task. It fails if the id is taken.
func (s *store) create(id, contextID string, sc scenario, first message) (*task, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.tasks[id]; ok {
		return nil, false
	}
	now := time.Now()
	first.taskID, first.contextID = id, contextID
	t := &task{
		id:        id,
		contextID: contextID,
		created:   now,
		scenario:  sc,
		st:        status{state: stateSubmitted, at: now},
		history:   []message{first},
		changed:   make(chan struct{}),
	}
	s.tasks[id] = t
	s.order = append(s.order, id)
	s.evictLocked()
	return t, true
}

func (s *store) evictLocked() {
	for len(s.order) > maxTasks {
		victim := -1
		for i, id := range s.order {
			if s.tasks[id].st.state.terminal() {
				victim = i
				break
			}
		}
		if victim < 0 {
			return
		}
		delete(s.tasks, s.order[victim])
		s.order = slices.Delete(s.order, victim, victim+1)
	}
}

func (s *store) get(id string) (*task, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tasks[id]
	return t, ok
}

func (s *store) appendLocked(t *task, e event) {
	s.pushes.enqueueLocked(t, e)
	t.log = append(t.log, e)
	close(t.changed)
	t.changed = make(chan struct{})
}

// setStatus moves the task to a new state. It refuses once the task is
// terminal, so a runner racing a cancel can never resurrect the task.
func (s *store) setStatus(t *task, st state, msg *message) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.setStatusLocked(t, st, msg)
}

func (s *store) setStatusLocked(t *task, st state, msg *message) bool {
	if t.st.state.terminal() {
		return false
	}
	if msg != nil {
		m := *msg
		m.taskID, m.contextID = t.id, t.contextID
		msg = &m
		// Progress ticks are transient; questions and outcomes belong in the
		// history a client replays.
		if st != stateWorking {
			t.history = append(t.history, m)
		}
	}
	t.st = status{state: st, msg: msg, at: time.Now()}
	cp := t.st
	s.appendLocked(t, event{status: &cp})
	return true
}

// addArtifact appends a chunk: a new artifact, or more parts for the
// artifact with the same id when appendParts is set.
func (s *store) addArtifact(t *task, a artifact, appendParts, last bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t.st.state.terminal() {
		return false
	}
	idx := slices.IndexFunc(t.artifacts, func(x artifact) bool { return x.id == a.id })
	switch {
	case idx < 0:
		idx = len(t.artifacts)
		t.artifacts = append(t.artifacts, cloneArtifact(a))
	case appendParts:
		t.artifacts[idx].parts = append(t.artifacts[idx].parts, a.parts...)
	default:
		t.artifacts[idx] = cloneArtifact(a)
	}
	s.appendLocked(t, event{artifact: &artifactChunk{index: idx, art: cloneArtifact(a), append: appendParts, lastChunk: last}})
	return true
}

func cloneArtifact(a artifact) artifact {
	a.parts = slices.Clone(a.parts)
	return a
}

// view copies the task for encoding. historyLength < 0 means "all".
func (s *store) view(t *task, historyLength int) taskView {
	s.mu.Lock()
	defer s.mu.Unlock()
	return viewLocked(t, historyLength)
}

func viewLocked(t *task, historyLength int) taskView {
	v := taskView{
		id:        t.id,
		contextID: t.contextID,
		created:   t.created,
		status:    t.st,
		artifacts: make([]artifact, len(t.artifacts)),
	}
	for i, a := range t.artifacts {
		v.artifacts[i] = cloneArtifact(a)
	}
	h := t.history
	if historyLength >= 0 && len(h) > historyLength {
		h = h[len(h)-historyLength:]
	}
	v.history = slices.Clone(h)
	return v
}

// next returns the log entries from index i on, the task's state, and a
// channel closed at the next change.
func (s *store) next(t *task, i int) ([]event, state, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var evs []event
	if i < len(t.log) {
		evs = slices.Clone(t.log[i:])
	}
	return evs, t.st.state, t.changed
}

// waitSettled blocks until the task is terminal or interrupted.
func (s *store) waitSettled(ctx context.Context, t *task) error {
	for {
		s.mu.Lock()
		st, ch := t.st.state, t.changed
		s.mu.Unlock()
		if st.settled() {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

type listFilter struct {
	contextID     string
	state         state
	pageSize      int
	pageToken     string
	historyLength int
	withArtifacts bool
}

type listPage struct {
	tasks     []taskView
	next      string
	pageSize  int
	totalSize int
}

// list serves v1.0 ListTasks: newest status first, cursor = offset into the
// filtered list. An offset cursor can skip or repeat a task when tasks change
// between pages; that is acceptable for a demo.
func (s *store) list(f listFilter) (listPage, bool) {
	offset := 0
	if f.pageToken != "" {
		n, err := strconv.Atoi(f.pageToken)
		if err != nil || n < 0 {
			return listPage{}, false
		}
		offset = n
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var match []*task
	for _, id := range s.order {
		t := s.tasks[id]
		if f.contextID != "" && t.contextID != f.contextID {
			continue
		}
		if f.state != "" && t.st.state != f.state {
			continue
		}
		match = append(match, t)
	}
	sort.SliceStable(match, func(i, j int) bool { return match[i].st.at.After(match[j].st.at) })
	p := listPage{pageSize: f.pageSize, totalSize: len(match)}
	end := min(offset+f.pageSize, len(match))
	for i := offset; i < end; i++ {
		v := viewLocked(match[i], f.historyLength)
		if !f.withArtifacts {
			v.artifacts, v.omitArtifacts = nil, true
		}
		p.tasks = append(p.tasks, v)
	}
	if end < len(match) {
		p.next = strconv.Itoa(end)
	}
	return p, true
}
