package session

import (
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// PushRoute is one push-notification config parley registered with an
// agent: which task its pushes may speak of, and a hash of the token they
// must carry. A receiver in any parley process sharing the store can
// check a push against it; the token itself is never stored.
type PushRoute struct {
	ConfigID string
	TaskID   string
	AgentRef string // the agent as the user named it, to reach it again
	Dialect  a2aclient.Dialect
	URL      string // the address announced to the agent
	Created  time.Time
	Received int // notifications accepted
	LastSeen time.Time
	hash     [sha256.Size]byte
}

// pushTokenHash is what is stored and compared of a token.
func pushTokenHash(token string) [sha256.Size]byte { return sha256.Sum256([]byte(token)) }

// SavePushRoute records a route, replacing one with the same config id.
func (s *Store) SavePushRoute(r PushRoute) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	_, err := s.db.Exec(`INSERT INTO push_configs (config_id, task_id, agent_ref, dialect, url, token_hash, created)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (config_id) DO UPDATE SET task_id = excluded.task_id, agent_ref = excluded.agent_ref,
			dialect = excluded.dialect, url = excluded.url, token_hash = excluded.token_hash, created = excluded.created,
			received = 0, last_seen = 0`,
		r.ConfigID, r.TaskID, withoutCredentials(r.AgentRef), string(r.Dialect), withoutCredentials(r.URL), r.hash[:], nanos(r.Created))
	if err != nil {
		return s.wrap(fmt.Errorf("save push config %s: %w", r.ConfigID, err))
	}
	return nil
}

const pushRouteColumns = `config_id, task_id, agent_ref, dialect, url, token_hash, created, received, last_seen`

func scanPushRoute(row scanner) (PushRoute, error) {
	var r PushRoute
	var d string
	var hash []byte
	var created, seen int64
	if err := row.Scan(&r.ConfigID, &r.TaskID, &r.AgentRef, &d, &r.URL, &hash, &created, &r.Received, &seen); err != nil {
		return PushRoute{}, err
	}
	r.Dialect, r.Created = a2aclient.Dialect(d), fromNanos(created)
	if seen != 0 {
		r.LastSeen = fromNanos(seen)
	}
	copy(r.hash[:], hash)
	return r, nil
}

// LoadPushRoute finds the route of a config id.
func (s *Store) LoadPushRoute(configID string) (PushRoute, bool, error) {
	r, err := scanPushRoute(s.db.QueryRow(`SELECT `+pushRouteColumns+` FROM push_configs WHERE config_id = ?`, configID))
	if errors.Is(err, sql.ErrNoRows) {
		return PushRoute{}, false, nil
	}
	if err != nil {
		return PushRoute{}, false, s.wrap(fmt.Errorf("read push config %s: %w", configID, err))
	}
	return r, true, nil
}

// PushRoutes lists the routes for a task (every route when taskID is
// empty), newest first.
func (s *Store) PushRoutes(taskID string) ([]PushRoute, error) {
	return queryAll(s, "list push configs", scanPushRoute, `SELECT `+pushRouteColumns+` FROM push_configs WHERE ? = '' OR task_id = ? ORDER BY created DESC`, taskID, taskID)
}

// DeletePushRoute forgets a route: pushes for it are refused from now on.
func (s *Store) DeletePushRoute(configID string) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	_, err := s.db.Exec(`DELETE FROM push_configs WHERE config_id = ?`, configID)
	return s.wrap(err)
}

// notePushReceived counts an accepted notification.
func (s *Store) notePushReceived(configID string, at time.Time) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	_, err := s.db.Exec(`UPDATE push_configs SET received = received + 1, last_seen = ? WHERE config_id = ?`, nanos(at), configID)
	return s.wrap(err)
}

// ContextOfTask finds the stored context that holds a task, the most
// recently updated when several do; ok is false when none does.
func (s *Store) ContextOfTask(taskID string) (id int64, ok bool, err error) {
	err = s.db.QueryRow(`SELECT context FROM tasks WHERE id = ? ORDER BY updated DESC LIMIT 1`, taskID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, s.wrap(fmt.Errorf("find task %s: %w", taskID, err))
	}
	return id, true, nil
}

// taskItems reads a context's items that belong to one task: what a push
// for it may change, whatever the tail of the context shows.
func (s *Store) taskItems(id int64, taskID string) ([]Item, error) {
	return s.queryItems(16, `SELECT `+itemColumns+` FROM items WHERE context = ? AND task_id = ? ORDER BY seq, rowid`, id, taskID)
}
