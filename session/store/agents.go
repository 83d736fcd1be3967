package store

import (
	"database/sql"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// RememberAgent records an agent that answered. A card URL that carries
// credentials (a token in its query) is not recorded: no secret lands on
// disk, and without it the URL would lead nowhere.
func (s *Store) RememberAgent(a session.KnownAgent) error {
	if err := s.ReadOnly(); err != nil {
		return err
	}
	if a.CardURL == "" || withoutCredentials(a.CardURL) != a.CardURL || withoutCredentials(a.Endpoint) != a.Endpoint {
		return nil
	}
	_, err := s.db.Exec(`INSERT INTO agents_known (card_url, endpoint, dialect, updated) VALUES (?, ?, ?, ?)
ON CONFLICT (card_url) DO UPDATE SET endpoint = excluded.endpoint, dialect = excluded.dialect, updated = excluded.updated`,
		a.CardURL, a.Endpoint, string(a.Dialect), nanos(time.Now()))
	return s.wrap(err)
}

// RecallAgent looks ref up among the known agents: as a card URL, as an
// endpoint, then as the base URL (same origin, a path prefix) of the
// cards of exactly one known agent. Several agents under one base URL
// (VoltAgent serves one card per agent) leave the choice to the user.
func (s *Store) RecallAgent(ref string) (session.KnownAgent, bool) {
	ref = strings.TrimSpace(ref)
	u, err := url.Parse(ref)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return session.KnownAgent{}, false
	}
	var a session.KnownAgent
	var d string
	row := s.db.QueryRow(`SELECT card_url, endpoint, dialect FROM agents_known WHERE card_url = ? OR endpoint = ? ORDER BY card_url = ? DESC, updated DESC LIMIT 1`, ref, ref, ref)
	switch err := row.Scan(&a.CardURL, &a.Endpoint, &d); {
	case err == nil:
		a.Dialect = a2aclient.Dialect(d)
		return a, true
	case !errors.Is(err, sql.ErrNoRows):
		return session.KnownAgent{}, false
	}
	base := strings.TrimSuffix(u.Scheme+"://"+u.Host+u.EscapedPath(), "/") + "/"
	rows, err := s.db.Query(`SELECT card_url, endpoint, dialect FROM agents_known WHERE substr(card_url, 1, ?) = ? LIMIT 2`, len(base), base)
	if err != nil {
		return session.KnownAgent{}, false
	}
	defer rows.Close()
	var found []session.KnownAgent
	for rows.Next() {
		if rows.Scan(&a.CardURL, &a.Endpoint, &d) == nil {
			a.Dialect = a2aclient.Dialect(d)
			found = append(found, a)
		}
	}
	if len(found) != 1 {
		return session.KnownAgent{}, false
	}
	return found[0], true
}
