package a2ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestHostileOneBadMessageDoesNotStopTheRest(t *testing.T) {
	ss := New(Limits{})
	errs := ss.Apply(decode(t, `[
		"not a message",
		{"surfaceUpdate": {"components": []}},
		{"nonsense": {"surfaceId": "s"}},
		{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "still here"}]}}]`))
	if len(errs) != 3 {
		t.Errorf("%d errors, want 3: %v", len(errs), errs)
	}
	if n := ss.Get("s").Layout(Limits{}); n == nil || n.Text != "still here" {
		t.Fatalf("the good message after bad ones did not apply: %+v", n)
	}
}

func TestHostileHugeMessageRefused(t *testing.T) {
	ss := New(Limits{MessageBytes: 1 << 10})
	errs := ss.Apply(decode(t, `{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "`+strings.Repeat("x", 2000)+`"}]}}`))
	if len(errs) != 1 || !errors.Is(errs[0], ErrTooBig) {
		t.Fatalf("errors %v", errs)
	}
	if ss.Get("s") != nil {
		t.Error("a refused message made a surface")
	}
}

func TestHostileTooManyComponents(t *testing.T) {
	ss := New(Limits{Components: 50})
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, `{"id": "c%d", "component": "Text", "text": "x"},`, i)
	}
	errs := ss.Apply(decode(t, `{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [`+strings.TrimSuffix(b.String(), ",")+`]}}`))
	if len(errs) != 1 {
		t.Errorf("errors %v", errs)
	}
	if n := ss.Get("s").Len(); n != 50 {
		t.Errorf("holds %d components, limit 50", n)
	}
}

func TestHostileTooManySurfaces(t *testing.T) {
	ss := New(Limits{Surfaces: 3})
	for i := range 10 {
		applyAll(t, ss, fmt.Sprintf(`{"version": "v0.9", "createSurface": {"surfaceId": "s%d"}}`, i))
	}
	if l := ss.List(); len(l) != 3 || l[0].ID != "s7" {
		t.Errorf("%d surfaces, first %s", len(l), l[0].ID)
	}
}

func TestHostileDeepChainIsCut(t *testing.T) {
	ss := New(Limits{})
	var b strings.Builder
	for i := range 500 {
		fmt.Fprintf(&b, `{"id": "c%d", "component": "Card", "child": "c%d"},`, i, i+1)
	}
	applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [`+b.String()+`{"id": "root", "component": "Card", "child": "c0"}]}}`)
	root := ss.Get("s").Layout(Limits{Depth: 10, Nodes: 1000, TextBytes: 100})
	depth, deepest := 0, 0
	var walk func(n *Node, d int)
	walk = func(n *Node, d int) {
		deepest = max(deepest, d)
		if n.Kind == KindTooDeep {
			depth = d
		}
		for _, c := range n.Children {
			walk(c, d+1)
		}
	}
	walk(root, 0)
	if depth != 10 || deepest != 10 {
		t.Errorf("cut at %d, deepest %d; want 10", depth, deepest)
	}
}

func TestHostileCyclesBecomePlaceholders(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `[{"surfaceUpdate": {"surfaceId": "s", "components": [
		{"id": "root", "component": {"Column": {"children": {"explicitList": ["a", "root"]}}}},
		{"id": "a", "component": {"Card": {"child": "b"}}},
		{"id": "b", "component": {"Row": {"children": {"explicitList": ["a", "gone"]}}}}]}},
		{"beginRendering": {"surfaceId": "s", "root": "root"}}]`)
	got := kindsOf(ss.Get("s").Layout(Limits{}))
	if got[KindCycle] != 2 || got[KindMissing] != 1 {
		t.Errorf("kinds %v: want 2 cycles (root in root, a in b) and 1 missing", got)
	}
}

// A template over a long list must not make a tree past Limits.Nodes,
// and nested templates must not multiply past it either.
func TestHostileTemplateExpansionIsBounded(t *testing.T) {
	ss := New(Limits{})
	items := strings.TrimSuffix(strings.Repeat(`{"xs": [1,2,3,4,5,6,7,8,9,10]},`, 1000), ",")
	applyAll(t, ss, `[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/items", "value": [`+items+`]}},
		{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
		{"id": "root", "component": "List", "children": {"componentId": "row", "path": "/items"}},
		{"id": "row", "component": "Row", "children": {"componentId": "cell", "path": "xs"}},
		{"id": "cell", "component": "Text", "text": {"path": "."}}]}}]`)
	n := 0
	ss.Get("s").Layout(Limits{Nodes: 500, Depth: 10, TextBytes: 100}).Walk(func(*Node) { n++ })
	if n > 520 {
		t.Errorf("%d nodes, limit 500", n)
	}
}

// A surface whose components repeat a long text, each within its own
// bound, draws no more text than TreeTextBytes in all: an 850 KB message
// drew 66 MB of text output before (templates repeat a 4 KB text up
// to the 2,000 nodes a tree may have).
func TestHostileRepeatedTextIsBoundedInAll(t *testing.T) {
	ss := New(Limits{})
	items := strings.TrimSuffix(strings.Repeat(`{"t": "`+strings.Repeat("x", 4000)+`"},`, 40), ",")
	applyAll(t, ss, `[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/items", "value": [`+items+`]}},
		{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
		{"id": "root", "component": "List", "children": {"componentId": "row", "path": "/items"}},
		{"id": "row", "component": "Column", "children": ["a", "b", "c"]},
		{"id": "a", "component": "Text", "text": {"path": "t"}},
		{"id": "b", "component": "Text", "text": {"path": "t"}},
		{"id": "c", "component": "Text", "text": {"path": "t"}}]}}]`)
	drawn := 0
	for _, l := range ss.Get("s").Text(Limits{}, 80, false) {
		drawn += len(l)
	}
	if bound := DefaultLimits().TreeTextBytes + 64<<10; drawn > bound {
		t.Errorf("%d bytes of text drawn from 40 rows of a 4 KB text three times; want at most %d", drawn, bound)
	}
}

func TestHostileUnknownComponentIsAPlaceholder(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
		{"id": "root", "component": "Column", "children": ["x"]},
		{"id": "x", "component": "Hologram\u001b[31m", "children": ["root"]}]}}`)
	x := ss.Get("s").Layout(Limits{}).Find("x")
	if x == nil || x.Kind != KindUnknown || strings.Contains(x.Type, "\x1b") || !strings.HasPrefix(x.Type, "Hologram") {
		t.Fatalf("unknown %+v", x)
	}
}

// Every string an agent puts in a surface reaches the node clean:
// escapes and C1 controls removed, bidi overrides shown.
func TestHostileEscapesAndBidiAreCleaned(t *testing.T) {
	bad := `\u001b]52;c;aGk=\u0007\u001b[2J\u009b31m\u202eevil\u202c\u200b`
	ss := New(Limits{})
	applyAll(t, ss, `[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": {"v": "`+bad+`", "opt": "`+bad+`"}}},
		{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
		{"id": "root", "component": "Column", "children": ["t", "f", "c", "b", "i", "tabs", "u`+bad+`"]},
		{"id": "t", "component": "Text", "text": "`+bad+`line\nnext"},
		{"id": "f", "component": "TextField", "label": "`+bad+`", "value": {"path": "/v"}},
		{"id": "c", "component": "ChoicePicker", "label": "`+bad+`", "options": [{"label": "`+bad+`", "value": "`+bad+`"}]},
		{"id": "b", "component": "Button", "child": "t", "action": {"event": {"name": "`+bad+`"}}},
		{"id": "i", "component": "Image", "url": "`+bad+`", "description": "`+bad+`"},
		{"id": "tabs", "component": "Tabs", "tabs": [{"title": "`+bad+`", "child": "t"}]},
		{"id": "u`+bad+`", "component": "X`+bad+`"}]}}]`)
	ss.Get("s").Layout(Limits{}).Walk(func(n *Node) {
		strs := []string{n.ID, n.Type, n.Variant, n.Text, n.Title, n.Label, n.URL, n.Value, n.Action, n.OpenURL}
		strs = append(strs, n.Problems...)
		for _, o := range n.Options {
			strs = append(strs, o.Label, o.Value)
		}
		for _, s := range strs {
			if strings.ContainsAny(s, "\x1b\x07\u009b\u202e\u202c\u200b") {
				t.Errorf("%s node %q holds a control: %q", n.Kind, n.ID, s)
			}
		}
	})
}

// A message holding two kinds is refused whole, not applied as whichever
// the map happens to give first.
func TestHostileTwoKindsInOneMessage(t *testing.T) {
	ss := New(Limits{})
	errs := ss.Apply(decode(t, `{"deleteSurface": {"surfaceId": "s"}, "beginRendering": {"surfaceId": "s", "root": "root"}}`))
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "both") || ss.Get("s") != nil {
		t.Fatalf("errors %v, surface %v", errs, ss.Get("s"))
	}
}

func TestHostileDeepPointerRefused(t *testing.T) {
	ss := New(Limits{})
	errs := ss.Apply(decode(t, `{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "`+strings.Repeat("/a", 5000)+`", "value": 1}}`))
	if len(errs) != 1 {
		t.Fatalf("errors %v", errs)
	}
}
