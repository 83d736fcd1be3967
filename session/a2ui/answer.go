package a2ui

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// ApplyAnswer writes what a user's answer on task taskID sent (the
// userAction or action part a press built, read back from a transcript)
// into the form it answered: each value of the action's context goes to
// the data model path the pressed button's context binds it to. A
// finished form then shows the values that were sent, not the blanks
// the agent drew. A part that is no answer, or answers no surface held,
// changes nothing.
func (ss *Surfaces) ApplyAnswer(taskID string, p a2aclient.Part) {
	body := actionBody(p)
	if body == nil {
		return
	}
	sid, _ := body["surfaceId"].(string)
	src, _ := body["sourceComponentId"].(string)
	sent, _ := body["context"].(map[string]any)
	k, ok := ss.find(taskID, sid)
	if !ok || len(sent) == 0 {
		return
	}
	s := ss.byKey[k]
	c, ok := s.Component(src)
	if !ok {
		return
	}
	a, _ := c.Props["action"].(map[string]any)
	if ev, ok := a["event"].(map[string]any); ok {
		a = ev
	}
	bind := func(key string, v any) {
		m, _ := v.(map[string]any)
		path, _ := m["path"].(string)
		val, has := sent[key]
		if has && strings.HasPrefix(path, "/") {
			_ = s.Set(path, val) // a path the model cannot take stays as drawn
		}
	}
	switch def := a["context"].(type) {
	case []any: // v0.8: [{key, value}]
		for _, e := range def {
			m, _ := e.(map[string]any)
			if key, ok := m["key"].(string); ok {
				bind(key, m["value"])
			}
		}
	case map[string]any: // v0.9: {key: value}
		for key, v := range def {
			bind(key, v)
		}
	}
}

// actionBody is the body of the userAction (v0.8) or action (v0.9) a
// data part carries, in any of the shapes a press is sent in; nil for
// none. The A2UI MIME type is not required: agents keep the user's
// messages in their history without the parts' metadata.
func actionBody(p a2aclient.Part) map[string]any {
	if p.Kind != a2aclient.PartData {
		return nil
	}
	list, isList := p.Data.([]any)
	if !isList {
		list = []any{p.Data}
	}
	for _, m := range list {
		msg, _ := m.(map[string]any)
		if body, ok := msg["action"].(map[string]any); ok {
			return body
		}
		if body, ok := msg["userAction"].(map[string]any); ok {
			return body
		}
	}
	return nil
}
