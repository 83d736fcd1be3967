package ui

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A card that requires an extension parley does not activate: the first
// send asks (send anyway / cancel), naming the URI and how to activate
// it; cancel keeps the message unsent; send anyway sends it, and the
// question is not asked again for that agent.
func TestFlowRequiredExtensionAsksBeforeSending(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, wrap: cardRewrite(`"required":false`, `"required":true`)})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	screen := a.waitScreen("╭─ Required extension ", "urn:parley:demo:echo-extension", "--extension", "Send anyway (y) or cancel")
	if n := a.taskCount(); n != 0 {
		t.Fatalf("%d tasks while the question is open, want none:\n%s", n, screen)
	}
	a.key("n")
	a.waitGone("Required extension")
	a.waitScreen("> Hello")
	if n := a.taskCount(); n != 0 {
		t.Fatalf("cancel sent the message anyway (%d tasks)", n)
	}
	a.key("enter")
	a.waitScreen("╭─ Required extension ")
	a.key("y")
	a.taskState(a2aclient.StateCompleted)
	a.typeText("Hello again")
	a.key("enter")
	a.waitState("a second task", func(m *Model) bool { return len(m.current.Conv.Tasks()) == 2 })
}
