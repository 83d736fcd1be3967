package a2ui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// FuzzSurfaces applies any JSON as A2UI messages, lays every surface out,
// enters text into every input and presses every button: nothing panics,
// the tree keeps to the limits, and no node holds an escape.
func FuzzSurfaces(f *testing.F) {
	f.Add(everyV08)
	f.Add(everyV09)
	f.Add(`[{"surfaceUpdate": {"surfaceId": "s", "components": [{"id": "root", "component": {"Column": {"children": {"template": {"componentId": "root", "dataBinding": "/"}}}}}]}}, {"beginRendering": {"surfaceId": "s"}}]`)
	f.Add(`{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": {"call": "formatString", "args": {"value": "${/a}"}}}]}}`)
	lim := Limits{MessageBytes: 64 << 10, Surfaces: 4, Components: 200, Depth: 12, Nodes: 300, TextBytes: 256}
	f.Fuzz(func(t *testing.T, msgs string) {
		var v any
		if json.Unmarshal([]byte(msgs), &v) != nil {
			return
		}
		ss := New(lim)
		ss.Apply(v)
		for _, s := range ss.List() {
			root := s.Layout(lim)
			if root == nil {
				continue
			}
			n := 0
			root.Walk(func(x *Node) {
				n++
				if strings.ContainsRune(x.Text+x.Label+x.Value+x.ID+x.Type, 0x1b) {
					t.Fatalf("an escape in %+v", x)
				}
			})
			if n > lim.Nodes+lim.Depth+1 {
				t.Fatalf("%d nodes, limit %d", n, lim.Nodes)
			}
			for _, in := range root.Inputs() {
				_ = s.EnterText(in, "x")
			}
			for _, b := range s.Layout(lim).Buttons() {
				_, _ = s.Action(b, time.Unix(0, 0))
			}
		}
	})
}
