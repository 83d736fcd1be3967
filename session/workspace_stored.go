package session

import (
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// ForStored finds the listed agent a stored conversation was with,
// adding one (already resolved) only when none is. The ref the user
// named it by is tried first; then where the agent is: a conversation
// recorded with `parley send URL` belongs to the config agent at that
// URL, whatever either is called, and two agents of one name are not one
// agent. An agent added here is marked Stored: the user did not add it.
func (w *Workspace) ForStored(info AgentInfo, client *a2aclient.Client) *Agent {
	a := w.findRef(info.Ref)
	if a == nil {
		a = w.findAt(info)
	}
	if a != nil {
		if a.Client == nil && client != nil {
			a.Client, a.Status = client, AgentReady
		}
		return a
	}
	a = w.newAgent(info.Ref)
	a.Client, a.Status, a.Stored = client, AgentReady, true
	return a
}

// FindStored is the agent listed for a stored conversation at url,
// however the address is spelled.
func (w *Workspace) FindStored(url string) *Agent {
	k := agentURLKey(url)
	for _, a := range w.agents {
		if a.Stored && k != "" && agentURLKey(a.Ref) == k {
			return a
		}
	}
	return nil
}

// findRef is the agent named ref exactly: its URL, or its config name.
func (w *Workspace) findRef(ref string) *Agent {
	for _, a := range w.agents {
		if ref != "" && (a.Ref == ref || a.Saved != "" && a.Saved == ref) {
			return a
		}
	}
	return nil
}

// findAt is the agent that is where the stored one was: the same card,
// or the URL the user named it by, compared without the trailing slash
// and the well-known card path. An endpoint is matched with an endpoint
// only: a gRPC endpoint is a bare origin, which reads like the base URL
// of every other agent there (the demo's /grpc/ agent is not the agent
// at /). And two agents whose cards are known and differ are two agents,
// whatever else they share.
func (w *Workspace) findAt(info AgentInfo) *Agent {
	want := map[string]bool{}
	for _, u := range []string{info.Ref, info.CardURL} {
		if k := agentURLKey(u); k != "" {
			want[k] = true
		}
	}
	card, endpoint := agentURLKey(info.CardURL), agentURLKey(info.URL)
	if len(want) == 0 && endpoint == "" {
		return nil
	}
	for _, a := range w.agents {
		if a.Client != nil {
			if k := agentURLKey(a.Client.Agent().CardURL); card != "" && k != "" && k != card {
				continue
			}
			if k := agentURLKey(a.Client.Endpoint().URL); endpoint != "" && k == endpoint {
				return a
			}
		}
		for _, u := range w.urls(a) {
			if want[agentURLKey(u)] {
				return a
			}
		}
	}
	return nil
}

// urls are the addresses agent a is named by: its ref, its card, its
// config URL (its endpoint is matched apart, see findAt).
func (w *Workspace) urls(a *Agent) []string {
	urls := []string{a.Ref}
	if a.Client != nil {
		urls = append(urls, a.Client.Agent().CardURL)
	}
	if a.Saved != "" && w.cfg != nil {
		for _, c := range w.cfg.Agents {
			if c.Name == a.Saved {
				urls = append(urls, c.URL)
			}
		}
	}
	return urls
}

// agentURLKey is a URL reduced to what says where an agent is: scheme,
// host and port lowercased, a default port (:80 for http, :443 for
// https) dropped, a scheme typed twice counted once, the path without a
// trailing slash or the card's well-known name. It is the one comparison
// of agent URLs (Find, Add, stored conversations), so one agent is never
// listed twice under two spellings. Anything that is not an http(s) URL
// gives "".
func agentURLKey(raw string) string {
	s := strings.TrimSpace(raw)
	if i := strings.Index(s, "://"); i >= 0 && strings.Contains(s[i+3:], "://") {
		if inner := s[i+3:]; strings.HasPrefix(strings.ToLower(inner), "http") {
			s = inner // https://http://host: a paste after an old prefix
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return ""
	}
	host := strings.ToLower(u.Host)
	if p := u.Port(); scheme == "http" && p == "80" || scheme == "https" && p == "443" {
		host = strings.ToLower(u.Hostname())
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
	}
	path := u.Path
	for _, card := range []string{"/.well-known/agent-card.json", "/.well-known/agent.json"} {
		path = strings.TrimSuffix(path, card)
	}
	return scheme + "://" + host + strings.TrimSuffix(path, "/")
}
