package store

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// Every id an agent chooses (a task's, a context's, a push config's) is
// looked up here together with the agent's identity, a2aclient.AgentID,
// which each context and push route stores as agent_id. An empty
// identity matches nothing: a row parley could not name an agent for is
// never taken for any agent's.

// ContextOfTask finds the stored context of agent's that holds a task,
// the most recently updated when several do; ok is false when none does.
func (s *Store) ContextOfTask(agent a2aclient.AgentID, taskID string) (id int64, ok bool, err error) {
	err = s.db.QueryRow(`SELECT t.context FROM tasks t JOIN contexts c ON c.id = t.context
		WHERE t.id = ? AND c.agent_id = ? AND c.agent_id <> '' ORDER BY t.updated DESC LIMIT 1`, taskID, string(agent)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, s.wrap(fmt.Errorf("find task %s: %w", session.ShortID(taskID), err))
	}
	return id, true, nil
}

// ContextByAgentContextID finds agent's stored context with the agent's
// contextId, the most recently active when several do.
func (s *Store) ContextByAgentContextID(agent a2aclient.AgentID, contextID string) (session.ContextInfo, error) {
	var id int64
	err := s.db.QueryRow(`SELECT id FROM contexts WHERE agent_id = ? AND agent_id <> '' AND context_id = ? AND context_id <> ''
		ORDER BY updated DESC, id DESC LIMIT 1`, string(agent), contextID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return session.ContextInfo{}, fmt.Errorf("%w with this agent's contextId %q", ErrNoContext, contextID)
	}
	if err != nil {
		return session.ContextInfo{}, s.wrap(err)
	}
	return s.Context(id)
}

// fillAgentIDs names the agent of contexts and push routes stored before
// parley kept identities: the URL the user named it by, when that was a
// URL; else the card's URL, else the endpoint's. A route named by a
// config name takes the identity of that agent's latest context.
func fillAgentIDs(tx *sql.Tx) error {
	type row struct {
		id   int64
		urls [3]string
	}
	var rows []row
	q, err := tx.Query(`SELECT id, agent_ref, card_url, agent_url FROM contexts WHERE agent_id = ''`)
	if err != nil {
		return err
	}
	for q.Next() {
		var r row
		if err := q.Scan(&r.id, &r.urls[0], &r.urls[1], &r.urls[2]); err != nil {
			q.Close()
			return err
		}
		rows = append(rows, r)
	}
	if err := errors.Join(q.Err(), q.Close()); err != nil {
		return err
	}
	for _, r := range rows {
		for _, u := range r.urls {
			if id, ok := a2aclient.IdentityOf(u, ""); ok {
				if _, err := tx.Exec(`UPDATE contexts SET agent_id = ? WHERE id = ?`, string(id), r.id); err != nil {
					return err
				}
				break
			}
		}
	}
	var routes [][2]string
	q, err = tx.Query(`SELECT config_id, agent_ref FROM push_configs WHERE agent_id = ''`)
	if err != nil {
		return err
	}
	for q.Next() {
		var r [2]string
		if err := q.Scan(&r[0], &r[1]); err != nil {
			q.Close()
			return err
		}
		routes = append(routes, r)
	}
	if err := errors.Join(q.Err(), q.Close()); err != nil {
		return err
	}
	for _, r := range routes {
		id, ok := a2aclient.IdentityOf(r[1], "")
		if !ok {
			var known string
			err := tx.QueryRow(`SELECT agent_id FROM contexts WHERE agent_ref = ? AND agent_id <> '' ORDER BY updated DESC LIMIT 1`, r[1]).Scan(&known)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			id = a2aclient.AgentID(known)
		}
		if _, err := tx.Exec(`UPDATE push_configs SET agent_id = ? WHERE config_id = ?`, string(id), r[0]); err != nil {
			return err
		}
	}
	return nil
}
