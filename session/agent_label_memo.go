package session

import (
	"sync"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// labelMemo keeps the workspace's labels between draws. Labelling one
// agent needs every agent's name and place (a twin adds the place); a
// pane draws a row an agent, so building them at each label costs rows ×
// agents URL parses and config searches a frame. The memo builds them
// once and again only when what they are made of has changed: checking
// costs one comparison an agent.
type labelMemo struct {
	mu     sync.Mutex
	cfg    *config.Config
	keys   []labelKey
	labels Labels
	parts  map[*Agent]namePlace
}

// labelKey is what an agent's label is made of, besides the config.
type labelKey struct {
	agent    *Agent
	name     string
	ref      string
	card     *a2aclient.Agent
	cardName string
}

type namePlace struct{ name, where string }

func keyOf(a *Agent) labelKey {
	k := labelKey{agent: a, name: a.Name, ref: a.Ref}
	if a.Client != nil {
		if k.card = a.Client.Agent(); k.card != nil {
			k.cardName = k.card.Name
		}
	}
	return k
}

// labelParts are the halves of a's label among w's agents.
func (m *labelMemo) labelParts(w *Workspace, a *Agent) (name, place string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.fresh(w) {
		m.build(w)
	}
	np, ok := m.parts[a]
	if !ok { // an agent not listed (removed, or not yet added)
		np = namePlace{w.name(a), w.where(a)}
	}
	return m.labels.Parts(np.name, np.where)
}

func (m *labelMemo) fresh(w *Workspace) bool {
	if m.parts == nil || m.cfg != w.cfg || len(m.keys) != len(w.agents) {
		return false
	}
	for i, a := range w.agents {
		if m.keys[i] != keyOf(a) {
			return false
		}
	}
	return true
}

func (m *labelMemo) build(w *Workspace) {
	m.cfg, m.labels = w.cfg, Labels{}
	m.keys = m.keys[:0]
	m.parts = make(map[*Agent]namePlace, len(w.agents))
	for _, a := range w.agents {
		np := namePlace{w.name(a), w.where(a)}
		m.keys = append(m.keys, keyOf(a))
		m.parts[a] = np
		m.labels.Add(np.name, np.where)
	}
}
