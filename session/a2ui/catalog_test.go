package a2ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/a2uitest"
)

// The catalog surface the tests share: every component of each
// version's standard catalog, and one no catalog has.
const (
	everyV08 = a2uitest.EveryV08
	everyV09 = a2uitest.EveryV09
)

var everyKind = []Kind{KindText, KindImage, KindIcon, KindVideo, KindAudio, KindRow, KindColumn, KindList, KindCard,
	KindTabs, KindModal, KindDivider, KindButton, KindCheckBox, KindTextField, KindDateTime, KindChoice, KindSlider}

func TestEveryComponentOfBothCatalogs(t *testing.T) {
	for name, msgs := range map[string]string{"v0.8": everyV08, "v0.9": everyV09} {
		t.Run(name, func(t *testing.T) {
			ss := New(Limits{})
			applyAll(t, ss, msgs)
			s := ss.Get("s")
			if name == "v0.8" {
				if s.Ready() || s.Layout(Limits{}) != nil {
					t.Fatal("a v0.8 surface drew before beginRendering")
				}
				applyAll(t, ss, `{"beginRendering": {"surfaceId": "s", "root": "root"}}`)
			}
			root := s.Layout(Limits{})
			if root == nil {
				t.Fatal("no layout once ready")
			}
			got := kindsOf(root)
			for _, k := range everyKind {
				if got[k] == 0 {
					t.Errorf("no %s node in %v", k, got)
				}
			}
			for k, want := range map[Kind]int{KindUnknown: 1, KindMissing: 0, KindCycle: 0} { // the one unknown: Chart
				if got[k] != want {
					t.Errorf("%d %s placeholders, want %d", got[k], k, want)
				}
			}
			check := func(id string, f func(n *Node) bool) {
				t.Helper()
				if n := root.Find(id); n == nil || !f(n) {
					t.Errorf("%s: %+v", id, n)
				}
			}
			check("chart", func(n *Node) bool { return n.Kind == KindUnknown && n.Type == "Chart" })
			check("title", func(n *Node) bool { return n.Text == "Book a table" && n.Variant == "h1" })
			check("img", func(n *Node) bool { return n.Text == "the dining room" && n.URL == "https://img.test/a.png" })
			check("icon", func(n *Node) bool { return n.Text == "calendar" })
			check("audio", func(n *Node) bool { return n.Text == "the chef speaks" })
			check("list", func(n *Node) bool {
				return len(n.Children) == 2 && n.Children[0].Text == "Soup" && n.Children[1].Text == "Pie" && n.Children[0].Key != n.Children[1].Key
			})
			check("tabs", func(n *Node) bool { return len(n.Children) == 1 && n.Children[0].Title == "Menu" })
			check("modal", func(n *Node) bool { return len(n.Children) == 2 && n.Children[1].Text == "Book a table" })
			check("btn", func(n *Node) bool {
				return n.Action == "book" && n.Variant == "primary" && n.Enabled && len(n.Children) == 1 && n.Children[0].Text == "Book"
			})
			check("check", func(n *Node) bool { return n.Label == "Terrace" && n.Checked && n.Path == "/terrace" })
			check("field", func(n *Node) bool {
				return n.Label == "Name" && n.Value == "Ada" && n.Variant == "shortText" && n.Path == "/name"
			})
			check("when", func(n *Node) bool { return n.Value == "2026-12-01T19:30" && n.EnableDate && n.EnableTime })
			check("pick", func(n *Node) bool {
				return !n.Multiple && len(n.Options) == 2 && n.Options[0].Chosen && !n.Options[1].Chosen && n.Options[0].Label == "Vegan"
			})
			check("slide", func(n *Node) bool { return n.Number == 4 && n.Min == 1 && n.Max == 12 })
		})
	}
}

func TestV09DrawsOnceARootExists(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "x", "components": [{"id": "a", "component": "Text", "text": "hi"}]}}`)
	if ss.Get("x").Ready() {
		t.Fatal("ready without a root")
	}
	applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "x", "components": [{"id": "root", "component": "Card", "child": "a"}]}}`)
	if n := ss.Get("x").Layout(Limits{}); n == nil || n.Find("a").Text != "hi" {
		t.Fatalf("layout %+v", n)
	}
}

func TestDeleteSurface(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, everyV09)
	applyAll(t, ss, `{"version": "v0.9", "deleteSurface": {"surfaceId": "s"}}`)
	if ss.Get("s") != nil || len(ss.List()) != 0 {
		t.Fatal("surface outlived deleteSurface")
	}
}

func TestUpdateDataModelReplacesAndRemoves(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, everyV09)
	applyAll(t, ss, `[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Grace"}},
		{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/terrace"}}]`)
	root := ss.Get("s").Layout(Limits{})
	if f := root.Find("field"); f.Value != "Grace" {
		t.Errorf("field %q, want Grace", f.Value)
	}
	if c := root.Find("check"); c.Checked {
		t.Error("check box still on after its value was removed")
	}
}

// TestV08PathWithLiteralInitialises: v0.8's bound value with both a path
// and a literal writes the literal there and binds to it; the component
// sent again does not overwrite what the user entered.
func TestV08PathWithLiteralInitialises(t *testing.T) {
	ss := New(Limits{})
	form := `{"surfaceUpdate": {"surfaceId": "s", "components": [
		{"id": "root", "component": {"TextField": {"label": {"literalString": "Name"}, "text": {"path": "/name", "literalString": "Ada"}}}}]}}`
	applyAll(t, ss, form)
	applyAll(t, ss, `{"beginRendering": {"surfaceId": "s", "root": "root"}}`)
	s := ss.Get("s")
	if v, _ := s.Value("/name"); v != "Ada" {
		t.Fatalf("/name = %v, want Ada", v)
	}
	if err := s.EnterText(s.Layout(Limits{}), "Grace"); err != nil {
		t.Fatal(err)
	}
	applyAll(t, ss, form)
	if got := s.Layout(Limits{}).Value; got != "Grace" {
		t.Errorf("field shows %q after the component came again, want Grace", got)
	}
}

func TestIsPartKnowsBothMimeTypes(t *testing.T) {
	for mt, want := range map[string]bool{MimeType: true, MimeTypeNewer: true, "application/json": false, "": false} {
		p := a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{}, Metadata: map[string]any{"mimeType": mt}}
		if IsPart(p) != want {
			t.Errorf("%q: IsPart %v", mt, !want)
		}
	}
	if IsPart(a2aclient.Part{Kind: a2aclient.PartText, Metadata: map[string]any{"mimeType": MimeType}}) {
		t.Error("a text part is not A2UI")
	}
}

// TestV08ListAsMapKeepsNumberOrder: v0.8's data model writes a list as a
// map keyed "0".."11"; a template shows its items in number order.
func TestV08ListAsMapKeepsNumberOrder(t *testing.T) {
	var entries []string
	for i := range 12 {
		entries = append(entries, fmt.Sprintf(`{"key": "%d", "valueMap": [{"key": "n", "valueString": "item %d"}]}`, i, i))
	}
	ss := New(Limits{})
	applyAll(t, ss, `[{"surfaceUpdate": {"surfaceId": "s", "components": [
		{"id": "root", "component": {"List": {"children": {"template": {"componentId": "t", "dataBinding": "/items"}}}}},
		{"id": "t", "component": {"Text": {"text": {"path": "n"}}}}]}},
		{"dataModelUpdate": {"surfaceId": "s", "contents": [{"key": "items", "valueMap": [`+strings.Join(entries, ",")+`]}]}},
		{"beginRendering": {"surfaceId": "s", "root": "root"}}]`)
	var got []string
	for _, c := range ss.Get("s").Layout(Limits{}).Children {
		got = append(got, c.Text)
	}
	if len(got) != 12 || got[2] != "item 2" || got[10] != "item 10" {
		t.Errorf("items in order %v", got)
	}
}
