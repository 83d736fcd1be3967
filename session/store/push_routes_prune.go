package store

import (
	"fmt"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// Push configs are rows of push_configs until something removes them:
// Unwatch, 'parley task push rm', or this pruning. Without it every task
// ever followed by push (and every run that ended without unwatching: a
// crash, a fixed address kept on purpose) would stay forever.
//
// Two rules, chosen over "keep the last N" because they follow what a
// row is for, checking a push that may still come:
//   - a task that ended (terminal in parley's history) gets no more
//     pushes; its rows go once idle for pushEndedGrace, which leaves room
//     for an agent's late redelivery of the final push;
//   - any row idle for pushIdleLimit goes whatever its task's state: no
//     agent retries a push for a month, and a task parley never saw end
//     would otherwise keep its row for good.
//
// Idle is since the row was made or last took a push. A "keep N" cap
// would drop the configs of long-running tasks that are still awaited
// as soon as many short ones came after them.
const (
	pushEndedGrace = time.Hour
	pushIdleLimit  = 30 * 24 * time.Hour
)

// PrunePushRoutes removes the push configs no push can be expected for
// any more (see the rules above), as of now; it returns how many went.
// Pushes for a removed config are refused from then on.
func (s *Store) PrunePushRoutes(now time.Time) (int, error) {
	if err := s.ReadOnly(); err != nil {
		return 0, err
	}
	res, err := s.db.Exec(`DELETE FROM push_configs WHERE
		max(created, last_seen) < ?
		OR (max(created, last_seen) < ? AND EXISTS (
			SELECT 1 FROM tasks t JOIN contexts c ON c.id = t.context
			WHERE t.id = push_configs.task_id AND c.agent_id = push_configs.agent_id AND c.agent_id <> '' AND t.state IN (?, ?, ?, ?)))`,
		nanos(now.Add(-pushIdleLimit)), nanos(now.Add(-pushEndedGrace)),
		string(a2aclient.StateCompleted), string(a2aclient.StateCanceled), string(a2aclient.StateFailed), string(a2aclient.StateRejected))
	if err != nil {
		return 0, s.wrap(fmt.Errorf("prune push configs: %w", err))
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
