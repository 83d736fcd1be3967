package a2ui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A surface's data model is decoded JSON (maps, slices, strings,
// float64, bool, nil) addressed by JSON Pointers (RFC 6901). A pointer
// that does not start with "/" is relative to the scope a template
// item gives (A2UI's extension), and to the root outside any template.

// splitPointer returns the unescaped tokens of an absolute pointer; ""
// and "/" are the root.
func splitPointer(p string) []string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return nil
	}
	toks := strings.Split(p, "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

// joinPath resolves p against scope: an absolute p stands alone, a
// relative one is appended to the scope.
func joinPath(scope, p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	p = strings.TrimPrefix(p, "./")
	if p == "" || p == "." {
		if scope == "" {
			return "/"
		}
		return scope
	}
	return strings.TrimSuffix(scope, "/") + "/" + p
}

// getPath reads the value at pointer p of root; ok is false when a step
// is missing.
func getPath(root any, p string) (any, bool) {
	cur := root
	for _, tok := range splitPointer(p) {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// maxPointerDepth bounds how deep a path reaches into a data model.
const maxPointerDepth = 64

// setPath writes v at pointer p of root, making the objects on the way,
// and returns the new root (the root itself when p is the root). With
// remove, the member at p is deleted instead.
func setPath(root any, p string, v any, remove bool) (any, error) {
	toks := splitPointer(p)
	if len(toks) > maxPointerDepth {
		return nil, fmt.Errorf("the path is %d steps deep, over %d", len(toks), maxPointerDepth)
	}
	if len(toks) == 0 {
		if remove {
			return map[string]any{}, nil
		}
		return v, nil
	}
	if root == nil {
		root = map[string]any{}
	}
	return setIn(root, toks, v, remove)
}

func setIn(cur any, toks []string, v any, remove bool) (any, error) {
	tok, rest := toks[0], toks[1:]
	switch c := cur.(type) {
	case map[string]any:
		if len(rest) == 0 {
			if remove {
				delete(c, tok)
			} else {
				c[tok] = v
			}
			return c, nil
		}
		next, err := setIn(orObject(c[tok]), rest, v, remove)
		if err != nil {
			return nil, err
		}
		c[tok] = next
		return c, nil
	case []any:
		i, err := strconv.Atoi(tok)
		if tok == "-" {
			i, err = len(c), nil
		}
		if err != nil || i < 0 || i > len(c) {
			return nil, fmt.Errorf("index %q is outside a list of %d", tok, len(c))
		}
		if i == len(c) {
			c = append(c, nil)
		}
		if len(rest) == 0 {
			if remove {
				return append(c[:i], c[i+1:]...), nil
			}
			c[i] = v
			return c, nil
		}
		next, err := setIn(orObject(c[i]), rest, v, remove)
		if err != nil {
			return nil, err
		}
		c[i] = next
		return c, nil
	default:
		// A scalar on the way is replaced by an object, as a renderer
		// writing an input's value would.
		return setIn(map[string]any{}, toks, v, remove)
	}
}

func orObject(v any) any {
	switch v.(type) {
	case map[string]any, []any:
		return v
	}
	return map[string]any{}
}

// items lists the scopes of a template over the value at path: one per
// list element, or one per object member in key order (v0.8's data
// model has maps only).
func items(root any, path string) []string {
	v, _ := getPath(root, path)
	base := strings.TrimSuffix(path, "/")
	var out []string
	switch c := v.(type) {
	case []any:
		for i := range c {
			out = append(out, base+"/"+strconv.Itoa(i))
		}
	case map[string]any:
		keys := make([]string, 0, len(c))
		for k := range c {
			keys = append(keys, k)
		}
		// A list written as a map keys its items "0", "1", …, "10": in
		// number order when every key is a number.
		sort.Slice(keys, func(i, j int) bool {
			a, errA := strconv.Atoi(keys[i])
			b, errB := strconv.Atoi(keys[j])
			if errA == nil && errB == nil {
				return a < b
			}
			return keys[i] < keys[j]
		})
		for _, k := range keys {
			out = append(out, base+"/"+strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"))
		}
	}
	return out
}

// contentsV08 turns v0.8's adjacency list of data entries (key plus one
// of valueString, valueNumber, valueBoolean, valueMap) into an object.
func contentsV08(entries []any, depth int) (map[string]any, error) {
	if depth > 32 {
		return nil, fmt.Errorf("data entries nest deeper than 32")
	}
	out := map[string]any{}
	for _, e := range entries {
		m, _ := e.(map[string]any)
		key, ok := m["key"].(string)
		if !ok {
			return nil, fmt.Errorf("a data entry has no key")
		}
		switch {
		case m["valueString"] != nil:
			out[key] = m["valueString"]
		case m["valueNumber"] != nil:
			out[key] = m["valueNumber"]
		case m["valueBoolean"] != nil:
			out[key] = m["valueBoolean"]
		case m["valueMap"] != nil:
			list, _ := m["valueMap"].([]any)
			sub, err := contentsV08(list, depth+1)
			if err != nil {
				return nil, err
			}
			out[key] = sub
		case m["valueList"] != nil || m["valueArray"] != nil:
			v := m["valueList"]
			if v == nil {
				v = m["valueArray"]
			}
			out[key] = v
		default:
			out[key] = nil
		}
	}
	return out, nil
}
