package a2ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestSpecExamples: the specification's own examples (testdata/spec,
// both versions) apply without an error, are ready to draw, lay out
// with no placeholder, and every enabled button builds its action.
func TestSpecExamples(t *testing.T) {
	files, err := filepath.Glob("testdata/spec/*.json")
	if err != nil || len(files) < 6 {
		t.Fatalf("examples %v (%v)", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			if m, ok := v.(map[string]any); ok { // v0.9's examples wrap the list
				v = m["messages"]
			}
			ss := New(Limits{})
			if errs := ss.Apply(v); len(errs) > 0 {
				t.Fatal(errs)
			}
			if len(ss.List()) == 0 {
				t.Fatal("no surface")
			}
			for _, s := range ss.List() {
				root := s.Layout(Limits{})
				if root == nil {
					t.Fatalf("%s is not ready", s.ID)
				}
				root.Walk(func(n *Node) {
					switch n.Kind {
					case KindUnknown, KindMissing, KindCycle, KindTooDeep, KindTooMany:
						t.Errorf("%s placeholder for %s", n.Kind, n.ID)
					}
				})
				buttons := 0
				for _, b := range root.Buttons() {
					if b.Action == "" || !b.Enabled {
						continue
					}
					buttons++
					if _, err := s.Action(b, pressedAt); err != nil {
						t.Errorf("%s: %v", b.ID, err)
					}
				}
				if len(root.Buttons()) > 0 && buttons == 0 {
					t.Errorf("no button of %d can be pressed", len(root.Buttons()))
				}
			}
		})
	}
}
