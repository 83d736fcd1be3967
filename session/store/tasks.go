package store

import (
	"cmp"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// KnownTasks marks the rows of an agent's listing that parley's history
// holds with that agent: their stored context and the message that
// started them.
func (s *Store) KnownTasks(rows []session.TaskRow) error {
	for i := range rows {
		var id int64
		var title string
		err := s.db.QueryRow(`SELECT t.context, t.title FROM tasks t JOIN contexts c ON c.id = t.context
			WHERE t.id = ? AND c.agent_id = ? AND c.agent_id <> '' ORDER BY t.updated DESC LIMIT 1`, rows[i].TaskID, string(rows[i].AgentID)).Scan(&id, &title)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return s.wrap(fmt.Errorf("find task %s: %w", rows[i].TaskID, err))
		}
		rows[i].StoreID, rows[i].Title = id, cmp.Or(rows[i].Title, title)
	}
	return nil
}

// HistoryTasks lists the tasks in parley's history with agents (every
// agent when agents is nil), most recently updated first.
func (s *Store) HistoryTasks(agents []a2aclient.AgentID, f session.TaskFilter) ([]session.TaskRow, error) {
	if f.ContextID != "" && agents == nil {
		return nil, errors.New("a contextId is an agent's own: list the history of one agent by it")
	}
	q := strings.Builder{}
	q.WriteString(`SELECT t.id, t.context_id, c.context_id, t.title, t.state, t.status_text, t.updated, c.id, c.agent_ref, c.agent_id
		FROM tasks t JOIN contexts c ON c.id = t.context WHERE 1`)
	var args []any
	if agents != nil {
		q.WriteString(` AND c.agent_id IN (''`)
		for _, a := range agents {
			q.WriteString(`, ?`)
			args = append(args, string(a))
		}
		q.WriteString(`) AND c.agent_id <> ''`)
	}
	if f.ContextID != "" {
		q.WriteString(` AND (t.context_id = ? OR (t.context_id = '' AND c.context_id = ?))`)
		args = append(args, f.ContextID, f.ContextID)
	}
	if f.State != "" {
		q.WriteString(` AND t.state = ?`)
		args = append(args, string(f.State))
	}
	q.WriteString(` ORDER BY t.updated DESC, t.rowid DESC LIMIT ?`)
	args = append(args, f.Max())
	return queryAll(s, "list stored tasks", func(row scanner) (session.TaskRow, error) {
		var r session.TaskRow
		var state, ctxID, agent string
		var updated int64
		err := row.Scan(&r.TaskID, &r.ContextID, &ctxID, &r.Title, &state, &r.StatusText, &updated, &r.StoreID, &r.Agent, &agent)
		r.State, r.Updated, r.AgentID = a2aclient.State(state), fromNanos(updated), a2aclient.AgentID(agent)
		r.ContextID = cmp.Or(r.ContextID, ctxID)
		return r, err
	}, q.String(), args...)
}
