package jsonout

import (
	"bytes"
	"encoding/json"
	"sort"
)

// orderedData is a data part's value written with its objects' keys in
// the order the agent sent them (a2aclient.Part.KeyOrder), so that
// `--json` output, exports and the context store keep the columns a
// person expects; encoding/json would sort them.
type orderedData struct {
	v     any
	order []string
}

func (d orderedData) MarshalJSON() ([]byte, error) {
	switch v := d.v.(type) {
	case map[string]any:
		return d.object(v)
	case []any:
		var b bytes.Buffer
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			var enc []byte
			var err error
			if obj, ok := e.(map[string]any); ok {
				enc, err = d.object(obj)
			} else {
				enc, err = json.Marshal(e)
			}
			if err != nil {
				return nil, err
			}
			b.Write(enc)
		}
		b.WriteByte(']')
		return b.Bytes(), nil
	}
	return json.Marshal(d.v)
}

// object writes one object: the known keys in order, then any others
// sorted (there should be none).
func (d orderedData) object(m map[string]any) ([]byte, error) {
	keys := make([]string, 0, len(m))
	known := map[string]bool{}
	for _, k := range d.order {
		if _, ok := m[k]; ok && !known[k] {
			known[k] = true
			keys = append(keys, k)
		}
	}
	var rest []string
	for k := range m {
		if !known[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	keys = append(keys, rest...)
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		vb, err := json.Marshal(m[k])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
