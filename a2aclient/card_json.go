package a2aclient

import (
	"bytes"
	"encoding/json"
)

// jobj is a JSON object read field by field. Cards in the wild put odd
// types in odd places; reading each field on its own means one malformed
// field costs that field, not the whole card.
type jobj map[string]json.RawMessage

// asObj decodes raw as an object, or reports false for anything else.
func asObj(raw json.RawMessage) (jobj, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	var o jobj
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, false
	}
	return o, true
}

func isNull(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || bytes.Equal(raw, []byte("null"))
}

// present reports whether k is set to something other than null.
func (o jobj) present(k string) bool {
	v, ok := o[k]
	return ok && !isNull(v)
}

// kind names the JSON type of field k: "string", "object", "array",
// "number", "bool", or "" when absent or null.
func (o jobj) kind(k string) string {
	v := bytes.TrimSpace(o[k])
	if isNull(v) {
		return ""
	}
	switch v[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "bool"
	}
	return "number"
}

// str is field k as a string, "" when absent or not a string.
func (o jobj) str(k string) string {
	var s string
	if json.Unmarshal(o[k], &s) != nil {
		return ""
	}
	return s
}

// firstStr is the first of keys that holds a non-empty string.
func (o jobj) firstStr(keys ...string) string {
	for _, k := range keys {
		if s := o.str(k); s != "" {
			return s
		}
	}
	return ""
}

// boolean is field k as a bool; anything but JSON true is false.
func (o jobj) boolean(k string) bool {
	var b bool
	return json.Unmarshal(o[k], &b) == nil && b
}

// strs is field k as a list of strings. Non-string items are skipped,
// and a lone string counts as a list of one.
func (o jobj) strs(k string) []string {
	return rawStrs(o[k])
}

func rawStrs(raw json.RawMessage) []string {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		var s string
		if json.Unmarshal(it, &s) == nil {
			out = append(out, s)
		}
	}
	return out
}

// obj is field k as an object, nil when absent or not an object.
func (o jobj) obj(k string) jobj {
	v, _ := asObj(o[k])
	return v
}

// items is field k as an array of raw values, nil when not an array.
func (o jobj) items(k string) []json.RawMessage {
	var items []json.RawMessage
	if json.Unmarshal(o[k], &items) != nil {
		return nil
	}
	return items
}

// entry is one member of a JSON object, kept in document order.
type entry struct {
	key string
	val json.RawMessage
}

// entries lists field k's members in the order the card wrote them
// (a Go map would lose the order, and the card's order is its preference).
func (o jobj) entries(k string) []entry {
	return rawEntries(o[k])
}

func rawEntries(raw json.RawMessage) []entry {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []entry
	index := map[string]int{}
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return out
		}
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return out
		}
		// A repeated key keeps its first place and its last value, as
		// encoding/json would.
		if i, dup := index[key]; dup {
			out[i].val = v
			continue
		}
		index[key] = len(out)
		out = append(out, entry{key: key, val: v})
	}
	return out
}

// stringMap is field k as an object of string values, in any order.
func (o jobj) stringMap(k string) map[string]string {
	es := o.entries(k)
	if es == nil {
		return nil
	}
	out := make(map[string]string, len(es))
	for _, e := range es {
		var s string
		if json.Unmarshal(e.val, &s) == nil {
			out[e.key] = s
		} else {
			out[e.key] = ""
		}
	}
	return out
}
