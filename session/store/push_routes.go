package store

import (
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// PushRoute is one push-notification config parley registered with an
// agent: which task its pushes may speak of, and a hash of the token they
// must carry. A receiver in any parley process sharing the store can
// check a push against it; the token itself is never stored.
type PushRoute struct {
	// ConfigID is parley's id for the config, in the URL it announced:
	// the route is kept under it whatever id the agent answers with.
	ConfigID string
	// AgentConfigID is the id the agent answered with, when it chose its
	// own: what the agent's config is got and removed by.
	AgentConfigID string
	TaskID        string
	// Agent is the identity of the agent the route was made for: its
	// pushes land only in that agent's conversations.
	Agent    a2aclient.AgentID
	AgentRef string // the agent as the user named it, to reach it again
	Dialect  a2aclient.Dialect
	URL      string // the address announced to the agent
	Created  time.Time
	Received int // notifications accepted
	LastSeen time.Time
	// TokenHash is the hash of the token pushes must carry (HashToken);
	// the token itself is never kept.
	TokenHash [sha256.Size]byte
}

// HashToken is what is stored and compared of a token.
func HashToken(token string) [sha256.Size]byte { return sha256.Sum256([]byte(token)) }

// SavePushRoute records a route, replacing one with the same config id.
func (s *Store) SavePushRoute(r PushRoute) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	_, err := s.db.Exec(`INSERT INTO push_configs (config_id, agent_config_id, task_id, agent_id, agent_ref, dialect, url, token_hash, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (config_id) DO UPDATE SET agent_config_id = excluded.agent_config_id, task_id = excluded.task_id, agent_id = excluded.agent_id, agent_ref = excluded.agent_ref,
			dialect = excluded.dialect, url = excluded.url, token_hash = excluded.token_hash, created = excluded.created,
			received = 0, last_seen = 0`,
		r.ConfigID, r.AgentConfigID, r.TaskID, string(r.Agent), withoutCredentials(r.AgentRef), string(r.Dialect), withoutCredentials(r.URL), r.TokenHash[:], nanos(r.Created))
	if err != nil {
		return s.wrap(fmt.Errorf("save push config %s: %w", r.ConfigID, err))
	}
	return nil
}

const pushRouteColumns = `config_id, agent_config_id, task_id, agent_id, agent_ref, dialect, url, token_hash, created, received, last_seen`

func scanPushRoute(row scanner) (PushRoute, error) {
	var r PushRoute
	var d, agent string
	var hash []byte
	var created, seen int64
	if err := row.Scan(&r.ConfigID, &r.AgentConfigID, &r.TaskID, &agent, &r.AgentRef, &d, &r.URL, &hash, &created, &r.Received, &seen); err != nil {
		return PushRoute{}, err
	}
	r.Agent, r.Dialect, r.Created = a2aclient.AgentID(agent), a2aclient.Dialect(d), fromNanos(created)
	if seen != 0 {
		r.LastSeen = fromNanos(seen)
	}
	copy(r.TokenHash[:], hash)
	return r, nil
}

// LoadPushRoute finds the route of parley's id for a config (the one in
// the URL it announced; parley chose it, so it names one route alone).
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

// PushRouteOf finds the route of a config an agent reports: by the id
// parley gave it or the one the agent answered with, or by the address
// parley announced in it, among that agent's routes only.
func (s *Store) PushRouteOf(agent a2aclient.AgentID, cfg a2aclient.PushConfig) (PushRoute, bool, error) {
	r, err := scanPushRoute(s.db.QueryRow(`SELECT `+pushRouteColumns+` FROM push_configs
		WHERE agent_id = ? AND agent_id <> '' AND (config_id = ? OR (agent_config_id = ? AND agent_config_id <> '') OR (url = ? AND url <> ''))
		ORDER BY created DESC LIMIT 1`, string(agent), cfg.ID, cfg.ID, withoutCredentials(cfg.URL)))
	if errors.Is(err, sql.ErrNoRows) {
		return PushRoute{}, false, nil
	}
	if err != nil {
		return PushRoute{}, false, s.wrap(fmt.Errorf("read push config %s: %w", session.ShortID(cfg.ID), err))
	}
	return r, true, nil
}

// PushRoutes lists agent's routes for a task (every route of the agent's
// when taskID is empty), newest first.
func (s *Store) PushRoutes(agent a2aclient.AgentID, taskID string) ([]PushRoute, error) {
	return queryAll(s, "list push configs", scanPushRoute, `SELECT `+pushRouteColumns+` FROM push_configs
		WHERE agent_id = ? AND agent_id <> '' AND (? = '' OR task_id = ?) ORDER BY created DESC`, string(agent), taskID, taskID)
}

// DeletePushRouteOf forgets agent's route of a config, named by parley's
// id or the agent's.
func (s *Store) DeletePushRouteOf(agent a2aclient.AgentID, configID string) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	_, err := s.db.Exec(`DELETE FROM push_configs WHERE agent_id = ? AND agent_id <> '' AND (config_id = ? OR (agent_config_id = ? AND agent_config_id <> ''))`,
		string(agent), configID, configID)
	return s.wrap(err)
}

// DeletePushRoute forgets the route of parley's id for a config: pushes
// for it are refused from now on.
func (s *Store) DeletePushRoute(configID string) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	_, err := s.db.Exec(`DELETE FROM push_configs WHERE config_id = ?`, configID)
	return s.wrap(err)
}

// NotePushReceived counts an accepted notification.
func (s *Store) NotePushReceived(configID string, at time.Time) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	_, err := s.db.Exec(`UPDATE push_configs SET received = received + 1, last_seen = ? WHERE config_id = ?`, nanos(at), configID)
	return s.wrap(err)
}

// TaskItems reads a context's items that belong to one task: what a push
// for it may change, whatever the tail of the context shows.
func (s *Store) TaskItems(id int64, taskID string) ([]session.Item, error) {
	return s.queryItems(16, `SELECT `+itemColumns+` FROM items WHERE context = ? AND task_id = ? ORDER BY seq, rowid`, id, taskID)
}
