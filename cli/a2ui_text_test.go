package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/a2uitest"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
)

// bookingV09 is a booking form with every component of v0.9's basic
// catalog, one long text to show wrapping.
const bookingV09 = `[
{"version": "v0.9", "createSurface": {"surfaceId": "booking", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateDataModel": {"surfaceId": "booking", "value": {"name": "Ada", "terrace": true, "when": "2026-12-01T19:30", "guests": 4, "diet": ["vegan"], "secret": "hunter2", "dishes": [{"title": "Soup"}, {"title": "Pie"}]}}},
{"version": "v0.9", "updateComponents": {"surfaceId": "booking", "components": [
 {"id": "root", "component": "Card", "child": "col"},
 {"id": "col", "component": "Column", "children": ["title", "intro", "img", "row", "div", "name", "secret", "when", "diet", "guests", "terrace", "tabs", "menu", "modal", "video", "audio", "odd", "actions"]},
 {"id": "title", "component": "Text", "text": "Book a table", "variant": "h1"},
 {"id": "intro", "component": "Text", "text": "Tell us when you would like to come and how many you are, and we will keep a table for you for fifteen minutes past the hour you choose."},
 {"id": "img", "component": "Image", "url": "https://img.test/room.png", "description": "the dining room"},
 {"id": "row", "component": "Row", "children": ["icon", "open"]},
 {"id": "icon", "component": "Icon", "name": "schedule"},
 {"id": "open", "component": "Text", "text": "Open 18:00–23:00", "variant": "caption"},
 {"id": "div", "component": "Divider"},
 {"id": "name", "component": "TextField", "label": "Name", "value": {"path": "/name"}},
 {"id": "secret", "component": "TextField", "label": "Door code", "value": {"path": "/secret"}, "variant": "obscured"},
 {"id": "when", "component": "DateTimeInput", "label": "When", "value": {"path": "/when"}, "enableDate": true, "enableTime": true},
 {"id": "diet", "component": "ChoicePicker", "label": "Diet", "variant": "multipleSelection", "value": {"path": "/diet"}, "options": [{"label": "Vegan", "value": "vegan"}, {"label": "No nuts", "value": "nonuts"}]},
 {"id": "guests", "component": "Slider", "label": "Guests", "value": {"path": "/guests"}, "min": 1, "max": 12},
 {"id": "terrace", "component": "CheckBox", "label": "On the terrace", "value": {"path": "/terrace"}},
 {"id": "tabs", "component": "Tabs", "tabs": [{"title": "Lunch", "child": "lunch"}, {"title": "Dinner", "child": "dinner"}]},
 {"id": "lunch", "component": "Text", "text": "12:00–14:30"},
 {"id": "dinner", "component": "Text", "text": "18:00–23:00"},
 {"id": "menu", "component": "List", "children": {"componentId": "dish", "path": "/dishes"}},
 {"id": "dish", "component": "Text", "text": {"path": "title"}},
 {"id": "modal", "component": "Modal", "trigger": "policy", "content": "policyText"},
 {"id": "policy", "component": "Button", "child": "policyLabel", "action": {"functionCall": {"call": "openUrl", "args": {"url": "https://example.test/policy"}}}},
 {"id": "policyLabel", "component": "Text", "text": "Policy"},
 {"id": "policyText", "component": "Text", "text": "Cancel up to a day before."},
 {"id": "video", "component": "Video", "url": "https://v.test/tour.mp4"},
 {"id": "audio", "component": "AudioPlayer", "url": "https://a.test/chef.mp3", "description": "the chef's welcome"},
 {"id": "odd", "component": "Hologram"},
 {"id": "actions", "component": "Row", "children": ["cancel", "book"]},
 {"id": "cancel", "component": "Button", "child": "cancelLabel", "variant": "borderless", "action": {"event": {"name": "cancel"}}},
 {"id": "cancelLabel", "component": "Text", "text": "Cancel"},
 {"id": "book", "component": "Button", "child": "bookLabel", "variant": "primary", "action": {"event": {"name": "book", "context": {"name": {"path": "/name"}}}},
  "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/name"}}}, "message": "Name is required"}]},
 {"id": "bookLabel", "component": "Text", "text": "Book"}
]}}]`

// bookingV08 is a short v0.8 form: its own names and shapes.
const bookingV08 = `[
{"surfaceUpdate": {"surfaceId": "booking", "components": [
 {"id": "root", "component": {"Column": {"children": {"explicitList": ["title", "name", "size", "go"]}}}},
 {"id": "title", "component": {"Text": {"text": {"literalString": "Book a table"}, "usageHint": "h2"}}},
 {"id": "name", "component": {"TextField": {"label": {"literalString": "Name"}, "text": {"path": "/name"}}}},
 {"id": "size", "component": {"MultipleChoice": {"selections": {"path": "/size"}, "maxAllowedSelections": 1, "options": [{"label": {"literalString": "Two"}, "value": "2"}, {"label": {"literalString": "Four"}, "value": "4"}]}}},
 {"id": "go", "component": {"Button": {"child": "goLabel", "primary": true, "action": {"name": "book", "context": [{"key": "name", "value": {"path": "/name"}}]}}}},
 {"id": "goLabel", "component": {"Text": {"text": {"literalString": "Book"}}}}]}},
{"dataModelUpdate": {"surfaceId": "booking", "contents": [{"key": "name", "valueString": ""}, {"key": "size", "valueMap": [{"key": "0", "valueString": "4"}]}]}},
{"beginRendering": {"surfaceId": "booking", "root": "root"}}]`

func surfacesOf(t *testing.T, msgs string) *a2ui.Surfaces {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(msgs), &v); err != nil {
		t.Fatal(err)
	}
	ss := a2ui.New(a2ui.Limits{})
	if errs := ss.Apply(v); len(errs) > 0 {
		t.Fatal(errs)
	}
	return ss
}

// TestA2UISurfaceText: golden text of both versions' forms at 80 and
// 120 columns (go test ./cli -run TestA2UISurfaceText -update).
func TestA2UISurfaceText(t *testing.T) {
	for name, msgs := range map[string]string{"v09": bookingV09, "v08": bookingV08} {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s_%d", name, width), func(t *testing.T) {
				var out bytes.Buffer
				writeSurface(&out, surfacesOf(t, msgs).Get("booking"), width, false)
				for i, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
					if w := len([]rune(l)); w > width {
						t.Errorf("line %d is %d wide, over %d: %q", i+1, w, width, l)
					}
				}
				golden.RequireEqual(t, out.String())
			})
		}
	}
}

// TestSendTextShowsASurface: parley send's text output draws the
// surface an agent's status message carries, never its JSON, and a
// surface that is not ready says so.
func TestSendTextShowsASurface(t *testing.T) {
	var data any
	if err := json.Unmarshal([]byte(bookingV08), &data); err != nil {
		t.Fatal(err)
	}
	part := a2aclient.Part{Kind: a2aclient.PartData, Data: data, Metadata: map[string]any{"mimeType": a2ui.MimeType}}
	msg := &a2aclient.Message{ID: "m1", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("Here is the form."), part}}
	out, p, feed := fedTextPrinter()
	status := a2aclient.TaskStatus{State: a2aclient.StateInputRequired, Message: msg}
	feed(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1", Status: status}})
	feed(a2aclient.Event{Task: &a2aclient.Task{ID: "t1", ContextID: "c1", Status: status,
		Artifacts: []a2aclient.Artifact{{ID: "ui", Parts: []a2aclient.Part{part}}}}})
	p.finish(&session.Summary{}, "demo")
	got := out.String()
	for _, want := range []string{"## Book a table", "Name: []", "(•) Four", "[[ Book ]] → action book"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"surfaceUpdate", "literalString", "{"} {
		if strings.Contains(got, bad) {
			t.Errorf("output shows the raw JSON (%q):\n%s", bad, got)
		}
	}
	if n := strings.Count(got, "── booking"); n != 1 {
		t.Errorf("the surface is drawn %d times:\n%s", n, got)
	}
}

// TestA2UITextLabelsTabsAndModal: the text output draws every tab and a
// modal's content flat, each labelled: "tab: " and its title, "modal:".
func TestA2UITextLabelsTabsAndModal(t *testing.T) {
	for name, msgs := range map[string]string{"v0.8": a2uitest.TabsModalV08, "v0.9": a2uitest.TabsModalV09} {
		var out bytes.Buffer
		writeSurface(&out, surfacesOf(t, msgs).Get("t"), 80, false)
		got := out.String()
		for _, want := range []string{"tab: Lunch", "tab: Dinner", "Note: []", "[ ] Candles", "[ Policy ]", "modal:", "  Cancel up to an hour before.", "  [ ] I agree"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the text lacks %q:\n%s", name, want, got)
			}
		}
	}
}
