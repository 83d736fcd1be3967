package a2ui

import (
	"encoding/json"
	"testing"
)

// decode reads a JSON literal as the wire readers would (maps, slices,
// float64).
func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad test JSON: %v\n%s", err, s)
	}
	return v
}

// applyAll applies the messages and fails on any error.
func applyAll(t *testing.T, ss *Surfaces, s string) {
	t.Helper()
	if errs := ss.Apply(decode(t, s)); len(errs) > 0 {
		t.Fatalf("apply: %v", errs)
	}
}

// kindsOf lists the kinds of the tree, depth first.
func kindsOf(n *Node) map[Kind]int {
	got := map[Kind]int{}
	n.Walk(func(x *Node) { got[x.Kind]++ })
	return got
}
