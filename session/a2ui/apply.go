package a2ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// Surfaces are the surfaces one conversation's agent drives, in the
// order they were made. A surface is its task's own: it is known by its
// task and its id, so an agent that reuses a surface id on another task
// makes a new surface and the first one stays as it was.
type Surfaces struct {
	lim   Limits
	byKey map[surfaceKey]*Surface
	order []surfaceKey
}

// surfaceKey names a surface among a conversation's: the task it came on
// ("" for one that came outside a task) and the agent's id for it.
type surfaceKey struct{ task, id string }

// New makes an empty set of surfaces bounded by lim (zero fields take
// DefaultLimits' values).
func New(lim Limits) *Surfaces {
	d := DefaultLimits()
	pick := func(v, def int) int {
		if v <= 0 {
			return def
		}
		return v
	}
	lim = Limits{MessageBytes: pick(lim.MessageBytes, d.MessageBytes), Surfaces: pick(lim.Surfaces, d.Surfaces),
		Components: pick(lim.Components, d.Components), Depth: pick(lim.Depth, d.Depth), Nodes: pick(lim.Nodes, d.Nodes), TextBytes: pick(lim.TextBytes, d.TextBytes)}
	return &Surfaces{lim: lim, byKey: map[surfaceKey]*Surface{}}
}

// Limits returns the bounds the surfaces keep.
func (ss *Surfaces) Limits() Limits { return ss.lim }

// Get returns the newest surface with id, of any task; nil when there is
// none.
func (ss *Surfaces) Get(id string) *Surface {
	for i := len(ss.order) - 1; i >= 0; i-- {
		if ss.order[i].id == id {
			return ss.byKey[ss.order[i]]
		}
	}
	return nil
}

// GetOf returns task taskID's surface with id, nil when there is none.
func (ss *Surfaces) GetOf(taskID, id string) *Surface { return ss.byKey[surfaceKey{taskID, id}] }

// ByKey returns the surface whose Key is key, nil when there is none.
func (ss *Surfaces) ByKey(key string) *Surface {
	task, id, _ := strings.Cut(key, keySep)
	return ss.GetOf(task, id)
}

// List returns the surfaces in the order they were made.
func (ss *Surfaces) List() []*Surface {
	out := make([]*Surface, 0, len(ss.order))
	for _, k := range ss.order {
		out = append(out, ss.byKey[k])
	}
	return out
}

// ApplyPart applies an A2UI data part; a part that is not one is
// ignored.
func (ss *Surfaces) ApplyPart(p a2aclient.Part) []error { return ss.ApplyPartOf("", p) }

// ApplyPartOf applies an A2UI part that came on task taskID: each surface
// the part makes or changes then belongs to that task (Surface.Task),
// which its buttons' actions answer.
func (ss *Surfaces) ApplyPartOf(taskID string, p a2aclient.Part) []error {
	if !IsPart(p) {
		return nil
	}
	return ss.apply(p.Data, taskID)
}

// Apply applies one message or a list of them, in order: a message that
// fails is reported and the rest still apply, as the extension asks.
func (ss *Surfaces) Apply(data any) []error { return ss.apply(data, "") }

func (ss *Surfaces) apply(data any, taskID string) []error {
	list, ok := data.([]any)
	if !ok {
		list = []any{data}
	}
	var errs []error
	for i, m := range list {
		if err := ss.applyOne(m, taskID); err != nil {
			errs = append(errs, fmt.Errorf("A2UI message %d: %w", i+1, err))
		}
	}
	return errs
}

// ErrTooBig is a message over Limits.MessageBytes.
var ErrTooBig = errors.New("the message is larger than parley keeps")

func (ss *Surfaces) applyOne(m any, taskID string) error {
	msg, ok := m.(map[string]any)
	if !ok {
		return fmt.Errorf("not an object")
	}
	if b, err := json.Marshal(msg); err != nil || len(b) > ss.lim.MessageBytes {
		return ErrTooBig
	}
	// A message is one of messageKinds, named by its one key; v0.9's
	// carry a version (a later draft is read as v0.9).
	var kind string
	for _, k := range messageKinds {
		if _, ok := msg[k]; ok {
			if kind != "" {
				return fmt.Errorf("holds both %s and %s: a message is one of them", kind, k)
			}
			kind = k
		}
	}
	v := V08
	if s, _ := msg["version"].(string); s != "" && s != string(V08) {
		v = V09
	}
	switch kind {
	case "createSurface", "updateComponents", "updateDataModel":
		v = V09
	case "":
		return fmt.Errorf("no A2UI message kind parley knows")
	}
	b, ok := msg[kind].(map[string]any)
	if !ok {
		return fmt.Errorf("%s is not an object", kind)
	}
	id, _ := b["surfaceId"].(string)
	if id == "" {
		return fmt.Errorf("%s names no surfaceId", kind)
	}
	if kind == "deleteSurface" {
		if k, ok := ss.find(taskID, id); ok {
			delete(ss.byKey, k)
			ss.order = slices.DeleteFunc(ss.order, func(o surfaceKey) bool { return o == k })
		}
		return nil
	}
	s := ss.surface(taskID, id, v)
	switch kind {
	case "surfaceUpdate", "updateComponents":
		return ss.components(s, b["components"])
	case "dataModelUpdate":
		return ss.dataV08(s, b)
	case "updateDataModel":
		path, _ := b["path"].(string)
		val, has := b["value"]
		root, err := setPath(s.data, path, val, !has)
		if err != nil {
			return fmt.Errorf("updateDataModel: %w", err)
		}
		s.data = root
	case "beginRendering":
		s.begun = true
		if r, _ := b["root"].(string); r != "" {
			s.root = r
		}
		if c, _ := b["catalogId"].(string); c != "" {
			s.CatalogID = c
		}
	case "createSurface":
		s.CatalogID, _ = b["catalogId"].(string)
		s.SendDataModel, _ = b["sendDataModel"].(bool)
	}
	return nil
}

// messageKinds are the messages of both versions an agent sends.
var messageKinds = []string{"surfaceUpdate", "dataModelUpdate", "beginRendering", "createSurface", "updateComponents", "updateDataModel", "deleteSurface"}

// find is the key of the surface a message on task taskID about surface
// id changes: that task's own; for a message outside a task, the newest
// surface with id.
func (ss *Surfaces) find(taskID, id string) (surfaceKey, bool) {
	if taskID != "" {
		k := surfaceKey{taskID, id}
		_, ok := ss.byKey[k]
		return k, ok
	}
	if s := ss.Get(id); s != nil {
		return surfaceKey{s.Task, id}, true
	}
	return surfaceKey{"", id}, false
}

// surface returns the surface a message on task taskID about id changes,
// making it (and dropping the oldest past the limit) when it is new. A
// surface that came outside a task is taken by the first task that
// changes it, as the one its buttons answer.
func (ss *Surfaces) surface(taskID, id string, v Version) *Surface {
	k, ok := ss.find(taskID, id)
	if ok {
		return ss.byKey[k]
	}
	if loose := ss.byKey[surfaceKey{"", id}]; loose != nil && taskID != "" {
		delete(ss.byKey, surfaceKey{"", id})
		i := slices.Index(ss.order, surfaceKey{"", id})
		ss.order[i] = k
		ss.byKey[k] = loose
		loose.Task = taskID
		return loose
	}
	if len(ss.order) >= ss.lim.Surfaces {
		delete(ss.byKey, ss.order[0])
		ss.order = ss.order[1:]
	}
	s := newSurface(id, v)
	s.Task = taskID
	ss.byKey[k] = s
	ss.order = append(ss.order, k)
	return s
}

// components adds or replaces components by id, in either version's
// shape: v0.8 {"id", "component": {"Type": {props}}}, v0.9 {"id",
// "component": "Type", props...}.
func (ss *Surfaces) components(s *Surface, raw any) error {
	list, ok := raw.([]any)
	if !ok {
		return fmt.Errorf("components is not a list")
	}
	var bad int
	for _, r := range list {
		c, ok := readComponent(r)
		if !ok {
			bad++
			continue
		}
		if _, had := s.components[c.ID]; !had {
			if len(s.components) >= ss.lim.Components {
				return fmt.Errorf("the surface holds more than %d components; the rest are dropped", ss.lim.Components)
			}
			s.order = append(s.order, c.ID)
		}
		s.components[c.ID] = c
		if s.Version == V08 {
			initLiterals(s, c.Props, 0)
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d components without an id or a type were skipped", bad)
	}
	return nil
}

func readComponent(r any) (Component, bool) {
	m, _ := r.(map[string]any)
	id, _ := m["id"].(string)
	switch c := m["component"].(type) {
	case string:
		props := map[string]any{}
		for k, v := range m {
			if k != "id" && k != "component" {
				props[k] = v
			}
		}
		return Component{ID: id, Type: c, Props: props}, id != "" && c != ""
	case map[string]any:
		for t, p := range c {
			props, _ := p.(map[string]any)
			if props == nil {
				props = map[string]any{}
			}
			return Component{ID: id, Type: t, Props: props}, id != "" && t != ""
		}
	}
	return Component{}, false
}

// initLiterals applies v0.8's rule that a bound value with both a path
// and a literal writes the literal at the path, then binds to it.
func initLiterals(s *Surface, v any, depth int) {
	if depth > 8 {
		return
	}
	switch c := v.(type) {
	case map[string]any:
		if p, ok := c["path"].(string); ok {
			for _, k := range []string{"literalString", "literalNumber", "literalBoolean", "literalArray"} {
				if lit, ok := c[k]; ok {
					if _, had := getPath(s.data, p); had {
						return // the user's or the agent's value stays
					}
					if root, err := setPath(s.data, p, lit, false); err == nil {
						s.data = root
					}
				}
			}
			return
		}
		for _, sub := range c {
			initLiterals(s, sub, depth+1)
		}
	case []any:
		for _, sub := range c {
			initLiterals(s, sub, depth+1)
		}
	}
}

// dataV08 applies a v0.8 dataModelUpdate: its contents merge into the
// object at path (the root when there is none).
func (ss *Surfaces) dataV08(s *Surface, b map[string]any) error {
	entries, ok := b["contents"].([]any)
	if !ok {
		return fmt.Errorf("dataModelUpdate has no contents list")
	}
	obj, err := contentsV08(entries, 0)
	if err != nil {
		return fmt.Errorf("dataModelUpdate: %w", err)
	}
	path, _ := b["path"].(string)
	cur, _ := getPath(s.data, path)
	target, ok := cur.(map[string]any)
	if !ok {
		target = map[string]any{}
	}
	for k, v := range obj {
		target[k] = v
	}
	root, err := setPath(s.data, path, target, false)
	if err != nil {
		return fmt.Errorf("dataModelUpdate: %w", err)
	}
	s.data = root
	return nil
}
