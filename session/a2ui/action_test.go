package a2ui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

var pressedAt = time.Date(2025, 9, 19, 17, 5, 0, 0, time.UTC)

// wire is how the part's data goes out: JSON.
func wire(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBindingBothWays: the data model fills the inputs; what the user
// enters goes back into the data model, shows in every component bound
// to the same path, and is what the button's action carries.
func TestBindingBothWays(t *testing.T) {
	for name, msgs := range map[string]string{"v0.8": everyV08, "v0.9": everyV09} {
		t.Run(name, func(t *testing.T) {
			ss := New(Limits{})
			applyAll(t, ss, msgs)
			applyAll(t, ss, `{"beginRendering": {"surfaceId": "s", "root": "root"}}`)
			s := ss.Get("s")
			root := s.Layout(Limits{})
			if err := s.Enter(root.Find("field"), "Grace"); err != nil {
				t.Fatal(err)
			}
			if err := s.Enter(root.Find("check"), false); err != nil {
				t.Fatal(err)
			}
			root = s.Layout(Limits{})
			if v := root.Find("field").Value; v != "Grace" {
				t.Errorf("field shows %q after entering Grace", v)
			}
			if v := root.Find("t1").Text; v != "Grace" {
				t.Errorf("the text bound to /name shows %q", v)
			}
			if root.Find("check").Checked {
				t.Error("check box still checked")
			}
			if v, _ := s.Value("/name"); v != "Grace" {
				t.Errorf("data model /name = %v", v)
			}
			part, err := s.Action(root.Find("btn"), pressedAt)
			if err != nil {
				t.Fatal(err)
			}
			if !IsPart(part) {
				t.Fatalf("the action is not an A2UI part: %+v", part.Metadata)
			}
			want := `{"userAction":{"context":{"n":2,"who":"Grace"},"name":"book","sourceComponentId":"btn","surfaceId":"s","timestamp":"2025-09-19T17:05:00Z"}}`
			if name == "v0.9" {
				want = `[{"action":{"context":{"n":2,"who":"Grace"},"name":"book","sourceComponentId":"btn","surfaceId":"s","timestamp":"2025-09-19T17:05:00Z"},"version":"v0.9"}]`
			}
			if got := wire(t, part.Data); got != want {
				t.Errorf("action\n got %s\nwant %s", got, want)
			}
		})
	}
}

// TestActionShapeAsTheSpecExamples builds the spec's own examples: v0.8
// a2ui_protocol.md section 5 (submit_form) and v0.9's extension
// specification (submit_form on contact_form_1).
func TestActionShapeAsTheSpecExamples(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `[{"surfaceUpdate": {"surfaceId": "main_content_area", "components": [
		{"id": "root", "component": {"Button": {"child": "l", "action": {"name": "submit_form", "context": [
			{"key": "userInput", "value": {"path": "/input"}}, {"key": "formId", "value": {"literalString": "f-123"}}]}}}},
		{"id": "l", "component": {"Text": {"text": {"literalString": "Send"}}}}]}},
		{"dataModelUpdate": {"surfaceId": "main_content_area", "contents": [{"key": "input", "valueString": "User input text"}]}},
		{"beginRendering": {"surfaceId": "main_content_area", "root": "root"}}]`)
	s := ss.Get("main_content_area")
	btn := s.Layout(Limits{})
	btn.rawID = "submit_btn" // the example's button id
	part, err := s.Action(btn, pressedAt)
	if err != nil {
		t.Fatal(err)
	}
	want := decode(t, `{"userAction": {"name": "submit_form", "surfaceId": "main_content_area", "sourceComponentId": "submit_btn",
		"timestamp": "2025-09-19T17:05:00Z", "context": {"userInput": "User input text", "formId": "f-123"}}}`)
	if wire(t, part.Data) != wire(t, want) {
		t.Errorf("v0.8\n got %s\nwant %s", wire(t, part.Data), wire(t, want))
	}

	applyAll(t, ss, `[{"version": "v0.9", "createSurface": {"surfaceId": "contact_form_1", "catalogId": "`+CatalogV09+`"}},
		{"version": "v0.9", "updateDataModel": {"surfaceId": "contact_form_1", "path": "/email", "value": "jane@example.com"}},
		{"version": "v0.9", "updateComponents": {"surfaceId": "contact_form_1", "components": [
		{"id": "submit_button", "component": "Button", "child": "l", "action": {"event": {"name": "submit_form", "context": {"email": {"path": "/email"}}}}},
		{"id": "l", "component": "Text", "text": "Submit"},
		{"id": "root", "component": "Column", "children": ["submit_button"]}]}}]`)
	s = ss.Get("contact_form_1")
	part, err = s.Action(s.Layout(Limits{}).Find("submit_button"), time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	want = decode(t, `[{"version": "v0.9", "action": {"name": "submit_form", "surfaceId": "contact_form_1", "sourceComponentId": "submit_button",
		"timestamp": "2026-01-15T12:00:00Z", "context": {"email": "jane@example.com"}}}]`)
	if wire(t, part.Data) != wire(t, want) {
		t.Errorf("v0.9\n got %s\nwant %s", wire(t, part.Data), wire(t, want))
	}
	if part.Metadata["mimeType"] != MimeType {
		t.Errorf("mimeType %v", part.Metadata["mimeType"])
	}
}

// TestButtonDisabledWhileACheckFails: v0.9 checks on a button.
func TestButtonDisabledWhileACheckFails(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "f", "components": [
		{"id": "root", "component": "Button", "child": "l", "action": {"event": {"name": "go"}},
		 "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/name"}}}, "message": "Name is required"}]},
		{"id": "l", "component": "Text", "text": "Go"}]}}`)
	s := ss.Get("f")
	b := s.Layout(Limits{})
	if b.Enabled || len(b.Problems) != 1 || b.Problems[0] != "Name is required" {
		t.Fatalf("button %+v", b)
	}
	if _, err := s.Action(b, pressedAt); err == nil {
		t.Error("a disabled button sent its action")
	}
	if err := s.Set("/name", "Ada"); err != nil {
		t.Fatal(err)
	}
	if b = s.Layout(Limits{}); !b.Enabled {
		t.Errorf("still disabled once the check passes: %v", b.Problems)
	}
}

// TestLiteralInputKeepsTheUsersEntry: an input with a literal value has
// no path; what the user enters is kept by the surface all the same.
func TestLiteralInputKeepsTheUsersEntry(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "f", "components": [
		{"id": "root", "component": "TextField", "label": "Note", "value": "draft"}]}}`)
	s := ss.Get("f")
	n := s.Layout(Limits{})
	if n.Value != "draft" || n.Path != "" {
		t.Fatalf("field %+v", n)
	}
	if err := s.Enter(n, "final"); err != nil {
		t.Fatal(err)
	}
	if got := s.Layout(Limits{}).Value; got != "final" {
		t.Errorf("field shows %q", got)
	}
}

// TestOpenURLNeedsConfirmationAndHTTP: openUrl is marked as needing the
// user's confirmation, and only http(s) is admitted.
func TestOpenURLNeedsConfirmationAndHTTP(t *testing.T) {
	for url, ok := range map[string]bool{"https://a2ui.org/": true, "http://127.0.0.1:8080/x": true,
		"javascript:alert(1)": false, "file:///etc/passwd": false, "mailto:x@y.z": false} {
		ss := New(Limits{})
		applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "f", "components": [
			{"id": "root", "component": "Button", "child": "l", "action": {"functionCall": {"call": "openUrl", "args": {"url": "`+url+`"}}}},
			{"id": "l", "component": "Text", "text": "Open"}]}}`)
		n := ss.Get("f").Layout(Limits{})
		if n.NeedsConfirm() != ok || n.Enabled != ok {
			t.Errorf("%s: needs confirm %v, enabled %v, problems %v", url, n.NeedsConfirm(), n.Enabled, n.Problems)
		}
		if ok && n.OpenURL != url {
			t.Errorf("OpenURL %q", n.OpenURL)
		}
	}
}

// TestClientDataModel: a v0.9 surface created with sendDataModel has its
// data model, as the user left it, in a2uiClientDataModel's shape.
func TestClientDataModel(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, everyV09)
	if ss.ClientDataModel() != nil {
		t.Fatal("a data model though no surface asked for it")
	}
	applyAll(t, ss, `{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "`+CatalogV09+`", "sendDataModel": true}}`)
	s := ss.Get("s")
	if err := s.EnterText(s.Layout(Limits{}).Find("field"), "Grace"); err != nil {
		t.Fatal(err)
	}
	got := wire(t, ss.ClientDataModel())
	if !strings.HasPrefix(got, `{"surfaces":{"s":{`) || !strings.Contains(got, `"name":"Grace"`) || !strings.HasSuffix(got, `"version":"v0.9"}`) {
		t.Errorf("data model %s", got)
	}
}

// TestBareCheckForm: a check written as the function call itself, with
// its message beside it (the specification's examples), is judged too.
func TestBareCheckForm(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `{"version": "v0.9", "updateComponents": {"surfaceId": "f", "components": [
		{"id": "root", "component": "TextField", "label": "Email", "value": {"path": "/email"},
		 "checks": [{"call": "email", "args": {"value": {"path": "/email"}}, "message": "Not an email address"}]}]}}`)
	s := ss.Get("f")
	if err := s.Set("/email", "nope"); err != nil {
		t.Fatal(err)
	}
	if p := s.Layout(Limits{}).Problems; len(p) != 1 || p[0] != "Not an email address" {
		t.Errorf("problems %v", p)
	}
	if err := s.Set("/email", "ada@example.com"); err != nil {
		t.Fatal(err)
	}
	if p := s.Layout(Limits{}).Problems; len(p) != 0 {
		t.Errorf("problems %v for a good address", p)
	}
}

func TestFormatNumber(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `[{"version": "v0.9", "updateDataModel": {"surfaceId": "f", "value": {"total": 10.7}}},
		{"version": "v0.9", "updateComponents": {"surfaceId": "f", "components": [
		{"id": "root", "component": "Column", "children": ["a", "b", "c"]},
		{"id": "a", "component": "Text", "text": {"call": "formatCurrency", "args": {"value": {"path": "/total"}, "currency": "USD"}}},
		{"id": "b", "component": "Text", "text": {"call": "formatNumber", "args": {"value": {"path": "/total"}, "decimals": 3}}},
		{"id": "c", "component": "Text", "text": {"call": "formatNumber", "args": {"value": "n/a"}}}]}}]`)
	root := ss.Get("f").Layout(Limits{})
	for id, want := range map[string]string{"a": "USD 10.70", "b": "10.700", "c": "n/a"} {
		if got := root.Find(id).Text; got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}

// TestTemplateButtonResolvesItsItem: a button a template makes per item
// sends its own item's values (relative paths resolve in the item's
// scope), and each copy has its own Key.
func TestTemplateButtonResolvesItsItem(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, `[{"version": "v0.9", "updateDataModel": {"surfaceId": "f", "value": {"items": [{"name": "Soup"}, {"name": "Pie"}]}}},
		{"version": "v0.9", "updateComponents": {"surfaceId": "f", "components": [
		{"id": "root", "component": "List", "children": {"componentId": "order", "path": "/items"}},
		{"id": "order", "component": "Button", "child": "l", "action": {"event": {"name": "order", "context": {"dish": {"path": "name"}}}}},
		{"id": "l", "component": "Text", "text": {"path": "name"}}]}}]`)
	s := ss.Get("f")
	buttons := s.Layout(Limits{}).Buttons()
	if len(buttons) != 2 || buttons[0].Key == buttons[1].Key {
		t.Fatalf("buttons %+v", buttons)
	}
	for i, want := range []string{"Soup", "Pie"} {
		part, err := s.Action(buttons[i], pressedAt)
		if err != nil {
			t.Fatal(err)
		}
		if got := wire(t, part.Data); !strings.Contains(got, `"context":{"dish":"`+want+`"}`) {
			t.Errorf("button %d sends %s", i, got)
		}
	}
}

// TestSurfacesAreEachTasksOwn: a surface belongs to the task whose
// message made it; within that task updates change it in place, and an
// agent reusing the surface id on another task makes a new surface,
// leaving the first as it was (a transcript's history stays true).
func TestSurfacesAreEachTasksOwn(t *testing.T) {
	ss := New(Limits{})
	part := func(s string) a2aclient.Part {
		return a2aclient.Part{Kind: a2aclient.PartData, Data: decode(t, s), Metadata: map[string]any{"mimeType": MimeType}}
	}
	ss.ApplyPartOf("t1", part(everyV09))
	if got := ss.Get("s").Task; got != "t1" {
		t.Fatalf("task %q, want t1", got)
	}
	ss.ApplyPartOf("t1", part(`{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Ada2"}}`))
	if n := len(ss.List()); n != 1 {
		t.Fatalf("%d surfaces after t1 changed its own, want 1", n)
	}
	ss.ApplyPartOf("t2", part(`{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Bo"}}`))
	list := ss.List()
	if len(list) != 2 || list[0].Task != "t1" || list[1].Task != "t2" {
		t.Fatalf("surfaces %v after t2 reused the id, want t1's and t2's", list)
	}
	if v, _ := ss.GetOf("t1", "s").Value("/name"); v != "Ada2" {
		t.Errorf("t1's surface holds name %v, want Ada2 (t2 must not change it)", v)
	}
	if v, _ := ss.GetOf("t2", "s").Value("/name"); v != "Bo" {
		t.Errorf("t2's surface holds name %v, want Bo", v)
	}
	if got := ss.Get("s").Task; got != "t2" {
		t.Errorf("Get names the surface of task %q, want the newest (t2)", got)
	}
	ss.ApplyPartOf("t1", part(`{"version": "v0.9", "deleteSurface": {"surfaceId": "s"}}`))
	if ss.GetOf("t1", "s") != nil || ss.GetOf("t2", "s") == nil {
		t.Error("t1's deleteSurface did not delete its own surface only")
	}
}
