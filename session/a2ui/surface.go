package a2ui

import (
	"maps"
	"strings"
)

// Component is one component as an agent defined it, in either
// version's shape read into one: its id, its type as the catalog names
// it (v0.8's or v0.9's name, as sent) and its properties.
type Component struct {
	ID    string
	Type  string
	Props map[string]any
}

// Surface is one region of interface an agent drives: its components (a
// flat list that names children by id), its data model, and whether it
// is ready to draw.
type Surface struct {
	ID        string
	Version   Version
	CatalogID string
	// SendDataModel is v0.9's createSurface asking for the data model
	// with every message the client sends.
	SendDataModel bool
	// Task is the task whose message made the surface
	// (Surfaces.ApplyPartOf), "" for one that came outside a task: the one
	// its buttons' actions answer.
	Task string

	components map[string]Component
	order      []string // ids in the order they first came
	data       any      // the data model
	locals     map[string]any
	root       string // the root's id
	begun      bool   // v0.8: beginRendering arrived
}

func newSurface(id string, v Version) *Surface {
	return &Surface{ID: id, Version: v, components: map[string]Component{}, data: map[string]any{}, locals: map[string]any{}}
}

// keySep joins a surface's task and id in its Key: a NUL, which ids do
// not hold in practice (an agent that puts one in one only muddles its
// own surfaces).
const keySep = "\x00"

// Key names the surface among its conversation's (Surfaces.ByKey): its
// task and its id, since an agent may reuse an id on another task.
func (s *Surface) Key() string { return s.Task + keySep + s.ID }

// IDOfKey is the agent's surface id within a Key.
func IDOfKey(key string) string {
	_, id, _ := strings.Cut(key, keySep)
	return id
}

// Ready reports whether the surface may be drawn: v0.8 waits for
// beginRendering (and its root), v0.9 for a component with id "root".
func (s *Surface) Ready() bool {
	if s.Version == V08 && !s.begun {
		return false
	}
	_, ok := s.components[s.rootID()]
	return ok
}

func (s *Surface) rootID() string {
	if s.root != "" {
		return s.root
	}
	return "root"
}

// Component returns the component with id, as the agent last sent it.
func (s *Surface) Component(id string) (Component, bool) {
	c, ok := s.components[id]
	return c, ok
}

// Len is the number of components the surface holds.
func (s *Surface) Len() int { return len(s.components) }

// Value reads the data model at an absolute JSON Pointer.
func (s *Surface) Value(path string) (any, bool) { return getPath(s.data, path) }

// Data returns a copy of the top of the data model (v0.9's sendDataModel
// sends it).
func (s *Surface) Data() any {
	if m, ok := s.data.(map[string]any); ok {
		return maps.Clone(m)
	}
	return s.data
}

// Set writes v at an absolute JSON Pointer of the data model: what an
// input bound to that path does when the user edits it.
func (s *Surface) Set(path string, v any) error {
	root, err := setPath(s.data, path, v, false)
	if err != nil {
		return err
	}
	s.data = root
	return nil
}

// Enter writes what the user entered into the input n: into the data
// model at the path it is bound to, or, for an input with a literal
// value, into the surface's own memory of that input.
func (s *Surface) Enter(n *Node, v any) error {
	if n.Path != "" {
		return s.Set(n.Path, v)
	}
	s.locals[n.Key] = v
	return nil
}

// ClientDataModel is what v0.9 asks a client to put in the metadata of
// the messages it sends (as "a2uiClientDataModel") when a surface was
// created with sendDataModel: each such surface's data model, by id;
// nil when no surface asks.
func (ss *Surfaces) ClientDataModel() map[string]any {
	surfaces := map[string]any{}
	for _, s := range ss.List() {
		if s.SendDataModel {
			surfaces[s.ID] = s.Data()
		}
	}
	if len(surfaces) == 0 {
		return nil
	}
	return map[string]any{"version": string(V09), "surfaces": surfaces}
}
