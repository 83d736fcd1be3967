package session

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/a2ui"
)

// A2UIAnswer splits a v0.9 action (a list of messages) one part each for
// a dialect whose data parts hold only objects, keeps it whole for v1.0,
// and carries the data models sendDataModel asks for as metadata.
func TestA2UIAnswerSplitsAndCarriesTheDataModel(t *testing.T) {
	ss := a2ui.New(a2ui.Limits{})
	if errs := ss.Apply([]any{
		map[string]any{"version": "v0.9", "createSurface": map[string]any{"surfaceId": "s", "catalogId": a2ui.CatalogV09, "sendDataModel": true}},
		map[string]any{"version": "v0.9", "updateDataModel": map[string]any{"surfaceId": "s", "value": map[string]any{"booking": map[string]any{"name": "Ada"}}}},
	}); len(errs) > 0 {
		t.Fatal(errs)
	}
	md := map[string]any{"mimeType": a2ui.MimeType}
	action := a2aclient.Part{Kind: a2aclient.PartData, Metadata: md,
		Data: []any{map[string]any{"version": "v0.9", "action": map[string]any{"name": "book"}}, map[string]any{"version": "v0.9", "x": 1.0}}}

	parts, meta := A2UIAnswer(a2aclient.DialectV03, action, ss)
	if len(parts) != 2 {
		t.Fatalf("v0.3: %d parts, want one per message", len(parts))
	}
	if _, ok := parts[0].Data.(map[string]any); !ok {
		t.Fatalf("v0.3: a part holds %T, want an object", parts[0].Data)
	}
	dm, _ := meta["a2uiClientDataModel"].(map[string]any)
	surfaces, _ := dm["surfaces"].(map[string]any)
	booking := func() any {
		s, _ := surfaces["s"].(map[string]any)
		b, _ := s["booking"].(map[string]any)
		return b["name"]
	}
	if booking() != "Ada" {
		t.Fatalf("metadata %v lacks the surface's data model", meta)
	}
	// The message goes out on another goroutine while the user types on.
	if err := ss.Get("s").Set("/booking/name", "Grace"); err != nil || booking() != "Ada" {
		t.Fatalf("the metadata shares the form's data model (%v): %v", err, booking())
	}
	if parts, _ := A2UIAnswer(a2aclient.DialectV10, action, nil); len(parts) != 1 {
		t.Fatalf("v1.0: %d parts, want the list whole", len(parts))
	}
	if _, meta := A2UIAnswer(a2aclient.DialectV10, action, a2ui.New(a2ui.Limits{})); meta != nil {
		t.Fatalf("no surface asks for its data model, yet metadata %v", meta)
	}
}

// A form's button pressed after its task ended is refused with the
// sentence the CLI gives: nothing is sent, no new task starts.
func TestSendA2UIActionAfterTheTaskEndedIsRefused(t *testing.T) {
	c, _ := demoConversation(t, "/")
	c.Send("hello there")
	waitIdle(t, c)
	tasks := c.Tasks()
	if len(tasks) != 1 || !tasks[0].State.Terminal() {
		t.Fatalf("tasks = %+v", tasks)
	}
	before := len(c.Items())
	action := a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"userAction": map[string]any{"name": "book"}},
		Metadata: map[string]any{"mimeType": a2ui.MimeType}}
	err := c.SendA2UIAction(tasks[0].ID, []a2aclient.Part{action}, nil, "Pressed [ Book ]")
	waitIdle(t, c)
	if err == nil || !strings.Contains(err.Error(), "takes no more messages; start a new task") {
		t.Fatalf("err = %v, want the task refused", err)
	}
	if n := len(c.Tasks()); n != 1 {
		t.Fatalf("%d tasks after the press, want 1", n)
	}
	for _, it := range c.Items()[before:] {
		if it.Kind == ItemUser {
			t.Fatalf("the press was sent: %+v", it)
		}
	}
}

// A press is kept as the user's turn with its action part and a short
// summary of what it sent, so show, export and replay carry the values;
// replay sends the action part alone, as it was sent.
func TestSendA2UIActionKeepsTheActionPart(t *testing.T) {
	c, _ := demoConversation(t, "/")
	action := a2aclient.Part{Kind: a2aclient.PartData, Metadata: map[string]any{"mimeType": a2ui.MimeType},
		Data: []any{map[string]any{"version": "v0.9", "action": map[string]any{"name": "book", "context": map[string]any{"name": "Ada", "guests": []any{"4"}, "terrace": true}}}}}
	if err := c.SendA2UIAction("", []a2aclient.Part{action}, nil, "Book · guests=4, name=Ada, terrace=true"); err != nil {
		t.Fatal(err)
	}
	waitIdle(t, c)
	var user *Item
	items := c.Items()
	for i := range items {
		if items[i].Kind == ItemUser {
			user = &items[i]
		}
	}
	if user == nil || user.Text != "Book · guests=4, name=Ada, terrace=true" || len(user.Parts) != 1 || !a2ui.IsPart(user.Parts[0]) {
		t.Fatalf("the user's turn is %+v, want the summary and the action part", user)
	}
	turns := ReplayTurns(items)
	if len(turns) != 1 || len(turns[0].Parts) != 1 || !a2ui.IsPart(turns[0].Parts[0]) {
		t.Fatalf("replay sends %+v, want the action part alone", turns)
	}
}
