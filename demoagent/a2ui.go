package demoagent

import (
	"fmt"
	"strings"
)

// The demo's A2UI (github.com/google/A2UI) scenario: asked for a table
// ("book a table", "form") by a client that activated A2UI, it answers
// with a booking form as an A2UI surface (v0.9 or v0.8, as the client's
// a2uiClientCapabilities say) and waits for input; the userAction or
// action the client sends back from the form's button completes the
// task. Written from the specification, independently of parley's own
// reading of it (session/a2ui), so the two check each other.

const (
	a2uiMime   = "application/json+a2ui"
	a2uiExtV08 = "https://a2ui.org/a2a-extension/a2ui/v0.8"
	a2uiExtV09 = "https://a2ui.org/a2a-extension/a2ui/v0.9"
	a2uiCatV08 = "https://a2ui.org/specification/v0_8/standard_catalog_definition.json"
	a2uiCatV09 = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
	formText   = "Here is a booking form: fill it in and press Book."
	formAgain  = "Please fill in the form and press Book, or Cancel."
	formSurf   = "booking"
)

// a2uiVersionOf reads which A2UI version a message's client renders, from
// the a2uiClientCapabilities every message carries once the extension is
// activated: "v0.9" (capabilities under "v0.9"), "v0.8" (catalog ids at
// the top), "" when the client renders none.
func a2uiVersionOf(md map[string]any) string {
	caps, _ := md["a2uiClientCapabilities"].(map[string]any)
	switch {
	case caps == nil:
		return ""
	case caps["v0.9"] != nil:
		return "v0.9"
	case caps["supportedCatalogIds"] != nil:
		return "v0.8"
	}
	return ""
}

// wantsForm reports whether the first message asks for the table form.
func wantsForm(text string) bool {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r < 'a' || r > 'z' })
	return matchWords(words, []string{"table"}) || matchWords(words, []string{"form"}) || matchWords(words, []string{"a2ui"})
}

// formMessage is the agent's message with the form, in version v.
func formMessage(v string) *message {
	m := agentText(formText)
	md := map[string]any{"mimeType": a2uiMime}
	if v == "v0.9" {
		// v0.9: the part's data is the list of messages; dialects whose
		// data parts must be objects get one part per message.
		m.parts = append(m.parts, part{kind: partData, data: formV09(), metadata: md, spread: true})
		return m
	}
	for _, msg := range formV08() {
		m.parts = append(m.parts, part{kind: partData, data: msg, metadata: md})
	}
	return m
}

func formV09() []any {
	v := func(k string, body map[string]any) map[string]any {
		return map[string]any{"version": "v0.9", k: body}
	}
	c := func(id, kind string, props map[string]any) map[string]any {
		props["id"], props["component"] = id, kind
		return props
	}
	path := func(p string) map[string]any { return map[string]any{"path": p} }
	return []any{
		v("createSurface", map[string]any{"surfaceId": formSurf, "catalogId": a2uiCatV09}),
		v("updateDataModel", map[string]any{"surfaceId": formSurf, "path": "/booking", "value": map[string]any{
			"name": "", "when": "2026-12-01T19:30", "guests": []any{"2"}, "terrace": false}}),
		v("updateComponents", map[string]any{"surfaceId": formSurf, "components": []any{
			c("root", "Card", map[string]any{"child": "form"}),
			c("form", "Column", map[string]any{"children": []any{"title", "name", "when", "guests", "terrace", "actions"}}),
			c("title", "Text", map[string]any{"text": "Book a table", "variant": "h2"}),
			c("name", "TextField", map[string]any{"label": "Name", "value": path("/booking/name"),
				"checks": []any{map[string]any{"condition": map[string]any{"call": "required", "args": map[string]any{"value": path("/booking/name")}}, "message": "Name is required"}}}),
			c("when", "DateTimeInput", map[string]any{"label": "When", "value": path("/booking/when"), "enableDate": true, "enableTime": true}),
			c("guests", "ChoicePicker", map[string]any{"label": "Guests", "variant": "mutuallyExclusive", "value": path("/booking/guests"),
				"options": []any{map[string]any{"label": "Two", "value": "2"}, map[string]any{"label": "Four", "value": "4"}, map[string]any{"label": "Six", "value": "6"}}}),
			c("terrace", "CheckBox", map[string]any{"label": "On the terrace", "value": path("/booking/terrace")}),
			c("actions", "Row", map[string]any{"children": []any{"cancel", "book"}}),
			c("cancel", "Button", map[string]any{"child": "cancelLabel", "action": map[string]any{"event": map[string]any{"name": "cancel"}}}),
			c("cancelLabel", "Text", map[string]any{"text": "Cancel"}),
			c("book", "Button", map[string]any{"child": "bookLabel", "variant": "primary", "action": map[string]any{"event": map[string]any{"name": "book",
				"context": map[string]any{"name": path("/booking/name"), "when": path("/booking/when"), "guests": path("/booking/guests"), "terrace": path("/booking/terrace")}}},
				"checks": []any{map[string]any{"condition": map[string]any{"call": "required", "args": map[string]any{"value": path("/booking/name")}}, "message": "Name is required"}}}),
			c("bookLabel", "Text", map[string]any{"text": "Book"}),
		}}),
	}
}

func formV08() []any {
	lit := func(s string) map[string]any { return map[string]any{"literalString": s} }
	path := func(p string) map[string]any { return map[string]any{"path": p} }
	c := func(id, kind string, props map[string]any) map[string]any {
		return map[string]any{"id": id, "component": map[string]any{kind: props}}
	}
	kids := func(ids ...any) map[string]any { return map[string]any{"explicitList": ids} }
	ctx := func(keys ...string) []any {
		var out []any
		for _, k := range keys {
			out = append(out, map[string]any{"key": k, "value": path("/booking/" + k)})
		}
		return out
	}
	return []any{
		map[string]any{"surfaceUpdate": map[string]any{"surfaceId": formSurf, "components": []any{
			c("root", "Card", map[string]any{"child": "form"}),
			c("form", "Column", map[string]any{"children": kids("title", "name", "when", "guests", "terrace", "actions")}),
			c("title", "Text", map[string]any{"text": lit("Book a table"), "usageHint": "h2"}),
			c("name", "TextField", map[string]any{"label": lit("Name"), "text": path("/booking/name"), "textFieldType": "shortText"}),
			c("when", "DateTimeInput", map[string]any{"value": path("/booking/when"), "enableDate": true, "enableTime": true}),
			c("guests", "MultipleChoice", map[string]any{"selections": path("/booking/guests"), "maxAllowedSelections": 1,
				"options": []any{map[string]any{"label": lit("Two"), "value": "2"}, map[string]any{"label": lit("Four"), "value": "4"}, map[string]any{"label": lit("Six"), "value": "6"}}}),
			c("terrace", "CheckBox", map[string]any{"label": lit("On the terrace"), "value": path("/booking/terrace")}),
			c("actions", "Row", map[string]any{"children": kids("cancel", "book")}),
			c("cancel", "Button", map[string]any{"child": "cancelLabel", "action": map[string]any{"name": "cancel"}}),
			c("cancelLabel", "Text", map[string]any{"text": lit("Cancel")}),
			c("book", "Button", map[string]any{"child": "bookLabel", "primary": true, "action": map[string]any{"name": "book", "context": ctx("name", "when", "guests", "terrace")}}),
			c("bookLabel", "Text", map[string]any{"text": lit("Book")}),
		}}},
		map[string]any{"dataModelUpdate": map[string]any{"surfaceId": formSurf, "path": "/booking", "contents": []any{
			map[string]any{"key": "name", "valueString": ""},
			map[string]any{"key": "when", "valueString": "2026-12-01T19:30"},
			map[string]any{"key": "guests", "valueMap": []any{map[string]any{"key": "0", "valueString": "2"}}},
			map[string]any{"key": "terrace", "valueBoolean": false},
		}}},
		map[string]any{"beginRendering": map[string]any{"surfaceId": formSurf, "root": "root"}},
	}
}

// userActionOf finds the action a client sent from a surface: v0.8
// {"userAction": {...}} or v0.9 [{"version": "v0.9", "action": {...}}],
// in any data part (a v0.3 client sends the v0.9 list one object a part,
// or wrapped in {"value": [...]}).
func userActionOf(m message) (name string, ctx map[string]any, ok bool) {
	var look func(v any) bool
	look = func(v any) bool {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				if look(e) {
					return true
				}
			}
		case map[string]any:
			for _, k := range []string{"userAction", "action"} {
				if a, isObj := x[k].(map[string]any); isObj {
					name, _ = a["name"].(string)
					ctx, _ = a["context"].(map[string]any)
					return name != ""
				}
			}
			if inner, has := x["value"]; has {
				return look(inner)
			}
		}
		return false
	}
	for _, p := range m.parts {
		if p.kind == partData && look(p.data) {
			return name, ctx, true
		}
	}
	return "", nil, false
}

// answerForm completes the form's task with what its action carried.
func (r runner) answerForm(m message) {
	if !r.step() {
		return
	}
	name, ctx, ok := userActionOf(m)
	switch {
	case !ok:
		r.status(stateInputRequired, agentText(formAgain))
	case name == "cancel":
		r.status(stateCanceled, agentText("No table booked: you canceled."))
	case name == "book":
		who, _ := ctx["name"].(string)
		if strings.TrimSpace(who) == "" {
			r.status(stateInputRequired, agentText("The booking needs a name: "+formAgain))
			return
		}
		guests := fmt.Sprint(ctx["guests"])
		if l, isList := ctx["guests"].([]any); isList && len(l) > 0 {
			guests = fmt.Sprint(l[0])
		} else if mp, isMap := ctx["guests"].(map[string]any); isMap {
			guests = fmt.Sprint(mp["0"])
		}
		where := "inside"
		if t, _ := ctx["terrace"].(bool); t {
			where = "on the terrace"
		}
		r.status(stateCompleted, agentText(fmt.Sprintf("Booked: a table for %s, %s, under the name %s, at %v.", echo(guests), where, echo(who), echo(fmt.Sprint(ctx["when"])))))
	default:
		r.status(stateInputRequired, agentText(fmt.Sprintf("The form has no action %q. ", echo(name))+formAgain))
	}
}
