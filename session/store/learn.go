package store

import (
	"slices"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// taskTail is how many of a context's last items a task restored on its
// own is placed after, besides the task's own: enough for the
// transcript's last line to be known, so a status in the same state
// updates that line.
const taskTail = 8

// RestoreTask restores into conv, an empty conversation, the stored
// context of agent's that holds taskID: the task's items, the context's
// last few and its tasks. It returns the context and the task's own
// items; ok is false, and conv untouched, when none of agent's contexts
// holds the task: a task id is the agent's choice, so another agent's
// task of the same id is never touched.
func (s *Store) RestoreTask(agent a2aclient.AgentID, taskID string, conv *session.Conversation) (info session.ContextInfo, items []session.Item, ok bool, err error) {
	if agent == "" || taskID == "" {
		return info, nil, false, nil
	}
	id, ok, err := s.ContextOfTask(agent, taskID)
	if err != nil || !ok {
		return info, nil, false, err
	}
	if info, err = s.Context(id); err != nil {
		return info, nil, false, err
	}
	if items, err = s.TaskItems(id, taskID); err != nil {
		return info, nil, false, err
	}
	tail, err := s.LoadTail(id, taskTail)
	if err != nil {
		return info, nil, false, err
	}
	tasks, err := s.Tasks(id)
	if err != nil {
		return info, nil, false, err
	}
	conv.SetAgent(agent)
	conv.Restore(info.ContextID, mergeByKey(items, tail), tasks)
	return info, items, true, nil
}

// LearnTask folds what parley learned about agent's task outside a
// conversation (`parley task get`, `cancel`, `watch`) into the stored
// context of agent's that holds the task, as a push would be: its state,
// status line and artifacts. ok is false, and nothing is written, when
// none of agent's contexts holds it.
func (s *Store) LearnTask(agent a2aclient.AgentID, task *a2aclient.Task) (id int64, ok bool, err error) {
	if task == nil {
		return 0, false, nil
	}
	conv := session.NewConversation(nil, "", nil)
	info, _, ok, err := s.RestoreTask(agent, task.ID, conv)
	if err != nil || !ok {
		return 0, false, err
	}
	rec := s.Record(conv, session.RecordOptions{Context: info.ID, Agent: info.Agent})
	conv.ApplyPush(a2aclient.Event{Task: task})
	return info.ID, true, rec.Close()
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
