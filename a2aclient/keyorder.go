package a2aclient

import (
	"bytes"
	"encoding/json"
)

// maxKeyOrder bounds how many keys, and how many array elements,
// keyOrder looks at: it is for laying out a table, not for validation.
const maxKeyOrder = 64

// JSONKeyOrder is keyOrder for callers outside the package (the context
// store reads it back from the parts it saved).
func JSONKeyOrder(raw json.RawMessage) []string { return keyOrder(raw) }

// keyOrder returns the keys of a JSON object in the order they were sent,
// or for an array the keys of its objects, first seen first. Go maps lose
// this order, and a person expects a table's columns as the agent wrote
// them. Anything unexpected yields nil: the order is a courtesy.
func keyOrder(raw json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	switch tok {
	case json.Delim('{'):
		objectKeys(dec, seen, &out)
	case json.Delim('['):
		for i := 0; i < maxKeyOrder && dec.More(); i++ {
			t, err := dec.Token()
			if err != nil {
				return out
			}
			if t != json.Delim('{') {
				return out
			}
			if !objectKeys(dec, seen, &out) {
				return out
			}
		}
	}
	return out
}

// objectKeys reads one object's members after its '{', collecting keys.
func objectKeys(dec *json.Decoder, seen map[string]bool, out *[]string) bool {
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		k, ok := t.(string)
		if !ok {
			return false
		}
		if !seen[k] && len(*out) < maxKeyOrder {
			seen[k] = true
			*out = append(*out, k)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	_, err := dec.Token() // '}'
	return err == nil
}
