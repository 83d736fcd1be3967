package chat

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/a2uitest"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/internal/uitest"
)

// bookingV09 is the demo agent's booking form in v0.9.
const bookingV09 = `[
{"version": "v0.9", "createSurface": {"surfaceId": "booking", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateDataModel": {"surfaceId": "booking", "path": "/booking", "value": {"name": "", "when": "2026-12-01T19:30", "guests": ["2"], "terrace": false}}},
{"version": "v0.9", "updateComponents": {"surfaceId": "booking", "components": [
 {"id": "root", "component": "Card", "child": "form"},
 {"id": "form", "component": "Column", "children": ["title", "name", "when", "guests", "terrace", "actions"]},
 {"id": "title", "component": "Text", "text": "Book a table", "variant": "h2"},
 {"id": "name", "component": "TextField", "label": "Name", "value": {"path": "/booking/name"},
  "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/booking/name"}}}, "message": "Name is required"}]},
 {"id": "when", "component": "DateTimeInput", "label": "When", "value": {"path": "/booking/when"}, "enableDate": true, "enableTime": true},
 {"id": "guests", "component": "ChoicePicker", "label": "Guests", "variant": "mutuallyExclusive", "value": {"path": "/booking/guests"},
  "options": [{"label": "Two", "value": "2"}, {"label": "Four", "value": "4"}, {"label": "Six", "value": "6"}]},
 {"id": "terrace", "component": "CheckBox", "label": "On the terrace", "value": {"path": "/booking/terrace"}},
 {"id": "actions", "component": "Row", "children": ["cancel", "book"]},
 {"id": "cancel", "component": "Button", "child": "cancelLabel", "action": {"event": {"name": "cancel"}}},
 {"id": "cancelLabel", "component": "Text", "text": "Cancel"},
 {"id": "book", "component": "Button", "child": "bookLabel", "variant": "primary",
  "action": {"event": {"name": "book", "context": {"name": {"path": "/booking/name"}, "guests": {"path": "/booking/guests"}, "terrace": {"path": "/booking/terrace"}}}},
  "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/booking/name"}}}, "message": "Name is required"}]},
 {"id": "bookLabel", "component": "Text", "text": "Book"}
]}}]`

func press(t *testing.T, c *Pane, names ...string) (tea.Cmd, component.Action) {
	t.Helper()
	var cmd tea.Cmd
	var act component.Action
	for _, n := range names {
		cmd, act = c.Update(uitest.Key(n))
	}
	return cmd, act
}

func typeText(c *Pane, s string) {
	for _, r := range s {
		c.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// Filling in the booking form with keys: e starts it on the name field,
// typing fills it, tab moves on, arrows choose, space toggles, and enter
// on Book hands the root the action with the values entered, on the
// surface's task.
func TestA2UIFormFilledWithKeys(t *testing.T) {
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	if c.Editing() {
		t.Fatal("editing before e")
	}
	press(t, c, "e")
	if !c.Editing() {
		t.Fatal("e did not start the form")
	}
	typeText(c, "Adx")
	press(t, c, "backspace")
	typeText(c, "a")
	if got := formText(c); !strings.Contains(got, "Name: [ Ada▏ ]") {
		t.Fatalf("typing did not fill the name:\n%s", got)
	}
	press(t, c, "tab", "tab", "right") // when, guests: Four
	press(t, c, "tab", "space")        // terrace on
	got := formText(c)
	if !strings.Contains(got, "(•) Four") || !strings.Contains(got, "[x] On the terrace") {
		t.Fatalf("arrows and space did not choose:\n%s", got)
	}
	_, act := press(t, c, "tab", "tab", "enter") // cancel, book
	pb, ok := act.(PressButton)
	if !ok {
		t.Fatalf("enter on Book gave %T %v, want a PressButton", act, act)
	}
	if pb.TaskID != "t1" || pb.Surfaces == nil {
		t.Fatalf("pressed on task %q, want t1", pb.TaskID)
	}
	if want := "Book · guests=4, name=Ada, terrace=true"; pb.Note != want {
		t.Fatalf("the turn reads %q, want %q", pb.Note, want)
	}
	msgs, _ := pb.Part.Data.([]any) // v0.9 sends a list of messages
	if len(msgs) != 1 {
		t.Fatalf("the action part holds %v", pb.Part.Data)
	}
	ev, _ := msgs[0].(map[string]any)["action"].(map[string]any)
	ctx, _ := ev["context"].(map[string]any)
	if ev["name"] != "book" || ctx["name"] != "Ada" || ctx["terrace"] != true {
		t.Fatalf("the action sent is %v", pb.Part.Data)
	}
	if g, _ := ctx["guests"].([]any); len(g) != 1 || g[0] != "4" {
		t.Fatalf("guests sent %v, want [4]", ctx["guests"])
	}
	if c.Editing() {
		t.Fatal("the form is still being edited after its button was pressed")
	}
}

// Book is disabled while the name is empty: enter says why and sends
// nothing; esc leaves the form and the chat's keys work again.
func TestA2UIDisabledButtonAndLeave(t *testing.T) {
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	cmd, act := press(t, c, "e", "shift+tab", "enter")
	if act != nil {
		t.Fatalf("a disabled button sent %v", act)
	}
	if cmd == nil {
		t.Fatal("a disabled button says nothing")
	}
	if msg, _ := cmd().(component.StatusMsg); !strings.Contains(msg.Text, "Name is required") {
		t.Fatalf("status %q does not say why", msg.Text)
	}
	press(t, c, "esc")
	if c.Editing() {
		t.Fatal("esc did not leave the form")
	}
}

// A click on the name field focuses it; a click on Book presses it.
func TestA2UIFormMouse(t *testing.T) {
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	view := c.View(c.st)
	row := func(want string) int {
		for i, l := range strings.Split(view, "\n") {
			if strings.Contains(l, want) {
				return i
			}
		}
		t.Fatalf("no row shows %q:\n%s", want, view)
		return -1
	}
	if _, act := c.Update(component.ClickMsg{Row: row("[[ Book ]]")}); act != nil {
		t.Fatalf("a click on the disabled Book sent %v", act)
	}
	c.Update(component.ClickMsg{Row: row("Name: [")})
	if !c.Editing() {
		t.Fatal("a click on the name field did not focus it")
	}
	typeText(c, "Ada")
	view = c.View(c.st) // the name's problem line is gone now
	_, act := c.Update(component.ClickMsg{Row: row("[[ Book ]]")})
	if _, ok := act.(PressButton); !ok {
		t.Fatalf("a click on Book gave %T, want a PressButton", act)
	}
}

// A space typed in a text field is text, not a toggle.
func TestA2UISpaceInTextField(t *testing.T) {
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	press(t, c, "e")
	typeText(c, "Ada Lovelace")
	if got := formText(c); !strings.Contains(got, "Name: [ Ada Lovelace▏ ]") {
		t.Fatalf("space in the name:\n%s", got)
	}
}

// v0.8: enter on the button sends a userAction with its context
// resolved from the data model.
func TestA2UIPressV08(t *testing.T) {
	c, _ := formChat(t, 80, 60, everyV08)
	c.Focus()
	_, act := press(t, c, "e", "tab", "tab", "enter") // the tabs' titles and the modal's trigger stop before the button
	pb, ok := act.(PressButton)
	if !ok {
		t.Fatalf("enter on the v0.8 button gave %T", act)
	}
	ua, _ := pb.Part.Data.(map[string]any)["userAction"].(map[string]any)
	ctx, _ := ua["context"].(map[string]any)
	if ua["name"] != "book" || ua["surfaceId"] != "s" || ua["sourceComponentId"] != "btn" || ctx["who"] != "Ada" {
		t.Fatalf("the userAction sent is %v", pb.Part.Data)
	}
}

// linkV09 is a form whose one button opens a web page.
const linkV09 = `[{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}},
{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
 {"id": "root", "component": "Button", "child": "l", "action": {"functionCall": {"call": "openUrl", "args": {"url": "https://example.com/menu"}}}},
 {"id": "l", "component": "Text", "text": "Menu"}]}}]`

// A button that opens a web page asks the root to confirm first; it
// sends nothing to the agent.
func TestA2UIOpenURLAsksFirst(t *testing.T) {
	c, _ := formChat(t, 80, 20, linkV09)
	c.Focus()
	_, act := press(t, c, "e", "enter")
	link, ok := act.(OpenLink)
	if !ok || link.URL != "https://example.com/menu" {
		t.Fatalf("enter on an openUrl button gave %T %v, want OpenLink", act, act)
	}
}

// What was typed into a form and not sent yet stays with its
// conversation while another is shown.
func TestA2UIFormKeptPerConversation(t *testing.T) {
	c, b := formChat(t, 80, 40, bookingV09)
	one, two := new(int), new(int)
	c.ResetFor(one, b.items, "demo")
	c.Focus()
	press(t, c, "e")
	typeText(c, "Ada")
	press(t, c, "esc")
	c.ResetFor(two, nil, "other")
	c.ResetFor(one, b.items, "demo")
	if got := formText(c); !strings.Contains(got, "Name: [ Ada ]") {
		t.Fatalf("the name typed was lost with the switch:\n%s", got)
	}
}

// A form whose task ended is drawn as closed and read-only: e finds no
// form that waits, the footer stops offering e, and its buttons take no
// press.
func TestA2UIFormOfAnEndedTaskIsClosed(t *testing.T) {
	c, b := formChat(t, 80, 40, bookingV09)
	c.Focus()
	b.add(session.Item{Kind: session.ItemStatus, Key: "status:t1", TaskID: "t1", State: a2aclient.StateCompleted, Time: at(2), Done: true})
	c.Upsert(b.items)
	cmd, _ := press(t, c, "e")
	if c.Editing() {
		t.Fatal("e started the form of a completed task")
	}
	if cmd == nil {
		t.Fatal("e said nothing")
	}
	if msg, _ := cmd().(component.StatusMsg); !strings.Contains(msg.Text, "No form waits for you") {
		t.Fatalf("e said %q", msg.Text)
	}
	got := formText(c)
	if !strings.Contains(got, "form closed") || strings.Contains(got, "(disabled") {
		t.Fatalf("the ended form is not drawn as closed:\n%s", got)
	}
	for _, h := range c.ShortHelp() {
		if h.Help().Desc == "fill in the agent's form" {
			t.Fatal("the footer still offers e on a closed form")
		}
	}
}

// A second task that sends a form with the same surface id gets a form of
// its own: the first turn's form keeps what was entered in it.
func TestA2UIFormOfASecondTaskIsItsOwn(t *testing.T) {
	c, b := formChat(t, 80, 60, bookingV09)
	c.Focus()
	press(t, c, "e")
	typeText(c, "Ada")
	press(t, c, "esc")
	b.add(session.Item{Kind: session.ItemUser, Text: "book a table", Time: at(3)})
	b.add(session.Item{Kind: session.ItemAgent, Key: "agent:form2", TaskID: "t2", Time: at(4), Text: "Here is the form.", Parts: []a2aclient.Part{a2uiPart(t, bookingV09)}, Done: true})
	c.Upsert(b.items)
	got := formText(c)
	if strings.Contains(got, "changes the agent's form above") {
		t.Fatalf("the second task's form was taken as a change to the first:\n%s", got)
	}
	if strings.Count(got, "── form booking") != 2 || !strings.Contains(got, "Name: [ Ada ]") || !strings.Contains(got, "Name: [  ]") {
		t.Fatalf("want two forms, the first holding Ada, the second empty:\n%s", got)
	}
}

// e scrolls the chat so the field being filled in is on screen, even
// when the form has scrolled off above.
func TestA2UIFormScrollsIntoView(t *testing.T) {
	c, b := formChat(t, 80, 24, bookingV09)
	c.Focus()
	for i := range 20 {
		b.add(session.Item{Kind: session.ItemAgent, Text: fmt.Sprintf("later line %d", i), Time: at(2 + i), Done: true})
	}
	c.Upsert(b.items)
	c.End()
	press(t, c, "e")
	if !c.Editing() {
		t.Fatal("e did not start the form")
	}
	if got := ansi.Strip(c.View(c.st)); !strings.Contains(got, "Name: [ ▏ ]") {
		t.Fatalf("the focused field is not on screen:\n%s", got)
	}
}

// The user's turn that answered a form shows its summary, not the action
// part as a change to a form.
func TestA2UIAnswerTurnShowsItsSummary(t *testing.T) {
	c, b := formChat(t, 80, 40, bookingV09)
	action := a2uiPart(t, `[{"version": "v0.9", "action": {"name": "book", "context": {"name": "Ada"}}}]`)
	b.add(session.Item{Kind: session.ItemUser, Key: "user:press", TaskID: "t1", Text: "Book · name=Ada", Parts: []a2aclient.Part{action}, Time: at(2), Done: true})
	c.Upsert(b.items)
	got := formText(c)
	if !strings.Contains(got, "Book · name=Ada") || strings.Contains(got, "changes the agent's form") {
		t.Fatalf("the answer's turn is drawn wrong:\n%s", got)
	}
}

// A finished form read back from the store shows the values its answer
// sent, drawn closed.
func TestA2UIFinishedFormShowsTheValuesSent(t *testing.T) {
	c, b := formChat(t, 80, 60, bookingV09)
	action := a2uiPart(t, `[{"version": "v0.9", "action": {"name": "book", "surfaceId": "booking", "sourceComponentId": "book", "context": {"name": "Ada", "guests": ["4"], "terrace": true}}}]`)
	b.add(session.Item{Kind: session.ItemUser, Key: "user:press", TaskID: "t1", Text: "Book · name=Ada", Parts: []a2aclient.Part{action}, Time: at(2), Done: true})
	b.add(session.Item{Kind: session.ItemStatus, Key: "status:t1", TaskID: "t1", State: a2aclient.StateCompleted, Time: at(3), Done: true})
	c.Upsert(b.items)
	got := formText(c)
	for _, want := range []string{"Name: [ Ada ]", "(•) Four", "[x] On the terrace", "form closed"} {
		if !strings.Contains(got, want) {
			t.Errorf("the finished form lacks %q:\n%s", want, got)
		}
	}
}

// left, right, home and end move the cursor in a text field; typing and
// backspace act where it is.
func TestA2UITextFieldCursor(t *testing.T) {
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	press(t, c, "e")
	typeText(c, "Ada")
	press(t, c, "left", "left")
	typeText(c, "x")
	if got := formText(c); !strings.Contains(got, "Name: [ Ax▏da ]") {
		t.Fatalf("left did not move the cursor:\n%s", got)
	}
	press(t, c, "home")
	typeText(c, "_")
	press(t, c, "right", "backspace")
	if got := formText(c); !strings.Contains(got, "Name: [ _▏xda ]") {
		t.Fatalf("home, right and backspace:\n%s", got)
	}
	press(t, c, "end")
	typeText(c, "!")
	if got := formText(c); !strings.Contains(got, "Name: [ _xda!▏ ]") {
		t.Fatalf("end did not move the cursor to the end:\n%s", got)
	}
}

// home in an empty field, then backspace and typing, neither panics nor
// loses the text.
func TestA2UITextFieldCursorEmpty(t *testing.T) {
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	press(t, c, "e", "home", "backspace", "left", "right")
	typeText(c, "é")
	if got := formText(c); !strings.Contains(got, "Name: [ é▏ ]") {
		t.Fatalf("typing into an empty field after home:\n%s", got)
	}
}

// A click on a choice's option chooses it, and a click on a check box
// toggles it, not only focuses them.
func TestA2UIClickChoosesAndToggles(t *testing.T) {
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	clickOn(t, c, "( ) Four")
	if got := formText(c); !strings.Contains(got, "(•) Four") || !strings.Contains(got, "( ) Two") {
		t.Fatalf("a click on Four did not choose it:\n%s", got)
	}
	clickOn(t, c, "[ ] On the terrace")
	if got := formText(c); !strings.Contains(got, "[x] On the terrace") {
		t.Fatalf("a click on the check box did not toggle it:\n%s", got)
	}
}

// A Tabs draws its titles in a row, the chosen one marked, and only the
// chosen tab's content; the form's cursor stops on the titles, arrows
// pick one and enter shows it. A Modal draws its trigger only; pressing
// it shows the content framed below, its inputs in the tab order, and
// esc folds it back before a second esc leaves the form. Both versions.
func TestA2UITabsAndModalWithKeys(t *testing.T) {
	for name, msgs := range map[string]string{"v0.8": a2uitest.TabsModalV08, "v0.9": a2uitest.TabsModalV09} {
		t.Run(name, func(t *testing.T) {
			c, _ := formChat(t, 80, 40, msgs)
			c.Focus()
			got := formText(c)
			if !strings.Contains(got, "[Lunch]") || !strings.Contains(got, "│ Dinner") || !strings.Contains(got, "Note: [") || strings.Contains(got, "Candles") {
				t.Fatalf("the tabs are not drawn as titles and the first tab only:\n%s", got)
			}
			if !strings.Contains(got, "[ Policy ]") || strings.Contains(got, "Cancel up to") {
				t.Fatalf("the modal is not drawn closed, its trigger only:\n%s", got)
			}
			press(t, c, "e", "right")
			if got := formText(c); !strings.Contains(got, "Note: [") {
				t.Fatalf("an arrow on the titles switched the tab before enter:\n%s", got)
			}
			press(t, c, "enter")
			got = formText(c)
			if !strings.Contains(got, "[Dinner]") || !strings.Contains(got, "[ ] Candles") || strings.Contains(got, "Note: [") {
				t.Fatalf("enter on Dinner did not show its tab:\n%s", got)
			}
			press(t, c, "tab", "space") // Candles on
			if got := formText(c); !strings.Contains(got, "[x] Candles") {
				t.Fatalf("the tab's check box is not in the tab order:\n%s", got)
			}
			_, act := press(t, c, "tab", "enter") // the modal's trigger
			if act != nil {
				t.Fatalf("the modal's trigger sent %v", act)
			}
			got = formText(c)
			if !strings.Contains(got, "Cancel up to an hour before.") || !strings.Contains(got, "╭") {
				t.Fatalf("pressing the trigger did not show the modal framed:\n%s", got)
			}
			press(t, c, "space") // the focus went into the modal: I agree
			if got := formText(c); !strings.Contains(got, "[x] I agree") {
				t.Fatalf("the modal's check box did not take the focus:\n%s", got)
			}
			press(t, c, "esc")
			if got := formText(c); strings.Contains(got, "Cancel up to") || !c.Editing() {
				t.Fatalf("esc did not fold the modal back and stay in the form (editing %v):\n%s", c.Editing(), got)
			}
			press(t, c, "esc")
			if c.Editing() {
				t.Fatal("a second esc did not leave the form")
			}
		})
	}
}

// A click on a tab's title shows that tab; a click on a modal's trigger
// opens it.
func TestA2UITabsAndModalWithTheMouse(t *testing.T) {
	c, _ := formChat(t, 80, 40, a2uitest.TabsModalV09)
	c.Focus()
	clickOn(t, c, "Dinner")
	if got := formText(c); !strings.Contains(got, "[Dinner]") || !strings.Contains(got, "Candles") {
		t.Fatalf("a click on Dinner did not show its tab:\n%s", got)
	}
	if act := clickOn(t, c, "[ Policy ]"); act != nil {
		t.Fatalf("a click on the modal's trigger sent %v", act)
	}
	if got := formText(c); !strings.Contains(got, "Cancel up to an hour before.") {
		t.Fatalf("a click on the trigger did not open the modal:\n%s", got)
	}
}

// clickOn clicks the chat's screen where want is drawn (its second
// cell) and returns the action the click gave.
func clickOn(t *testing.T, c *Pane, want string) component.Action {
	t.Helper()
	for i, l := range strings.Split(ansi.Strip(c.View(c.st)), "\n") {
		if j := strings.Index(l, want); j >= 0 {
			_, act := c.Update(component.ClickMsg{Row: i, Col: ansi.StringWidth(l[:j]) + 1})
			return act
		}
	}
	t.Fatalf("no row shows %q", want)
	return nil
}

// A required field's message waits for the user: none before any input
// (the demo's booking form showed "! Name is required" twice at once),
// none while the field is being typed in, once when the field is left
// empty after an edit, and once when a disabled button was pressed, under
// the field it is about (the button repeats no message a field shows).
func TestA2UIRequiredWaitsForTheUser(t *testing.T) {
	const msg = "Name is required"
	c, _ := formChat(t, 80, 40, bookingV09)
	c.Focus()
	if got := formText(c); strings.Contains(got, msg) {
		t.Fatalf("the form nags before any input:\n%s", got)
	}
	press(t, c, "e")
	typeText(c, "A")
	press(t, c, "backspace")
	if got := formText(c); strings.Contains(got, msg) {
		t.Fatalf("the message shows while the field is typed in:\n%s", got)
	}
	press(t, c, "tab")
	got := formText(c)
	if n := strings.Count(got, msg); n != 1 {
		t.Fatalf("the field left empty shows the message %d times, want once:\n%s", n, got)
	}
	if i, j := strings.Index(got, "Name:"), strings.Index(got, msg); j < i || j > strings.Index(got, "When") {
		t.Fatalf("the message is not under the name field:\n%s", got)
	}

	c, _ = formChat(t, 80, 40, bookingV09)
	c.Focus()
	press(t, c, "e", "shift+tab", "enter") // Book, disabled
	got = formText(c)
	if n := strings.Count(got, msg); n != 1 {
		t.Fatalf("after pressing Book the message shows %d times, want once:\n%s", n, got)
	}
	press(t, c, "tab") // from Book round to the name
	typeText(c, "Ada")
	if got := formText(c); strings.Contains(got, msg) {
		t.Fatalf("the message stays once the name is filled in:\n%s", got)
	}
}
