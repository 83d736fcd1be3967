package ui

import (
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// entryFor finds the listed agent a stored conversation was with, adding
// one (already resolved) only when none is. The ref the user named it by
// is tried first; then where the agent is: a conversation recorded with
// `parley send URL` belongs to the config agent at that URL, whatever
// either is called, and two agents of one name are not one agent. An
// agent added here is marked stored: the user did not add it.
func (m *Model) entryFor(agent session.AgentInfo, client *a2aclient.Client) *agentEntry {
	e := m.findRef(agent.Ref)
	if e == nil {
		e = m.findAt(agent)
	}
	if e != nil {
		if e.client == nil && client != nil {
			e.client, e.status = client, agentReady
		}
		return e
	}
	e = &agentEntry{id: m.nextID, ref: agent.Ref, client: client, status: agentReady, stored: true}
	m.nextID++
	m.entries = append(m.entries, e)
	m.agents.entries = m.entries
	return e
}

// findStored is the agent listed for a stored conversation at url,
// however the address is spelled.
func (m *Model) findStored(url string) *agentEntry {
	k := agentURLKey(url)
	for _, e := range m.entries {
		if e.stored && k != "" && agentURLKey(e.ref) == k {
			return e
		}
	}
	return nil
}

// findRef is the entry named ref exactly: its URL, or its config name.
func (m *Model) findRef(ref string) *agentEntry {
	for _, e := range m.entries {
		if ref != "" && (e.ref == ref || e.saved != "" && e.saved == ref) {
			return e
		}
	}
	return nil
}

// findAt is the entry whose agent is where the stored one was: the same
// card or endpoint URL, compared without the trailing slash and the
// well-known card path.
func (m *Model) findAt(agent session.AgentInfo) *agentEntry {
	want := map[string]bool{}
	for _, u := range []string{agent.Ref, agent.CardURL, agent.URL} {
		if k := agentURLKey(u); k != "" {
			want[k] = true
		}
	}
	if len(want) == 0 {
		return nil
	}
	for _, e := range m.entries {
		for _, u := range m.entryURLs(e) {
			if want[agentURLKey(u)] {
				return e
			}
		}
	}
	return nil
}

// entryURLs are the addresses an entry's agent is known by.
func (m *Model) entryURLs(e *agentEntry) []string {
	urls := []string{e.ref}
	if e.client != nil {
		urls = append(urls, e.client.Agent().CardURL, e.client.Endpoint().URL)
	}
	if e.saved != "" && m.opts.Config != nil {
		for _, a := range m.opts.Config.Agents {
			if a.Name == e.saved {
				urls = append(urls, a.URL)
			}
		}
	}
	return urls
}

// agentURLKey is a URL reduced to what says where an agent is: scheme,
// host and port lowercased, the path without a trailing slash or the
// card's well-known name. Anything that is not an http(s) URL gives "".
func agentURLKey(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	path := u.Path
	for _, card := range []string{"/.well-known/agent-card.json", "/.well-known/agent.json"} {
		path = strings.TrimSuffix(path, card)
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + strings.TrimSuffix(path, "/")
}
