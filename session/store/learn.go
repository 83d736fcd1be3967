package store

import (
	"slices"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// learnTail is how many of a context's last items a learned task is
// folded in after, besides the task's own: enough to place a status line.
const learnTail = 8

// LearnTask folds what parley learned about agent's task outside a
// conversation (`parley task get`, `cancel`, `watch`) into the stored
// context of agent's that holds the task, as a push would be: its state,
// status line and artifacts. ok is false, and nothing is written, when
// none of agent's contexts holds it: a task id is the agent's choice, so
// another agent's task of the same id is never touched.
func (s *Store) LearnTask(agent a2aclient.AgentID, task *a2aclient.Task) (id int64, ok bool, err error) {
	if agent == "" || task == nil || task.ID == "" {
		return 0, false, nil
	}
	id, ok, err = s.ContextOfTask(agent, task.ID)
	if err != nil || !ok {
		return 0, false, err
	}
	info, err := s.Context(id)
	if err != nil {
		return 0, false, err
	}
	items, err := s.TaskItems(id, task.ID)
	if err != nil {
		return 0, false, err
	}
	tail, err := s.LoadTail(id, learnTail)
	if err != nil {
		return 0, false, err
	}
	tasks, err := s.Tasks(id)
	if err != nil {
		return 0, false, err
	}
	conv := session.NewConversation(nil, info.Agent.Name, nil)
	conv.SetAgent(agent)
	conv.Restore(info.ContextID, mergeByKey(items, tail), tasks)
	rec := s.Record(conv, session.RecordOptions{Context: id, Agent: info.Agent})
	conv.ApplyPush(a2aclient.Event{Task: task})
	return id, true, rec.Close()
}

// mergeByKey joins two runs of a context's items, each item once, in
// their order in the context.
func mergeByKey(a, b []session.Item) []session.Item {
	out := make([]session.Item, 0, len(a)+len(b))
	seen := make(map[string]bool, len(a)+len(b))
	for _, it := range slices.Concat(a, b) {
		if !seen[it.Key] {
			seen[it.Key] = true
			out = append(out, it)
		}
	}
	slices.SortStableFunc(out, func(x, y session.Item) int { return x.Seq - y.Seq })
	return out
}
