package ui

import (
	"time"

	"testing"

	"github.com/parley-a2a/parley/ui/chat"
)

// A form's button that opens a web page is confirmed first: no opens
// nothing, yes opens the address.
func TestA2UIOpenLinkConfirmed(t *testing.T) {
	opened := make(chan string, 2)
	a := startApp(t, appOptions{noWelcome: true, openURL: func(u string) error { opened <- u; return nil }})
	a.ready()
	ask := func() { a.inspect(func(m *Model) { _ = m.chatAction(chat.OpenLink{URL: "https://example.com/menu"}) }) }
	ask()
	a.waitScreen("Open a web page", "https://example.com/menu")
	a.key("n")
	a.waitGone("Open a web page")
	ask()
	a.waitScreen("Open a web page")
	a.key("y")
	select {
	case u := <-opened:
		if u != "https://example.com/menu" {
			t.Fatalf("opened %q", u)
		}
	case <-time.After(flowTimeout):
		t.Fatal("yes did not open the page")
	}
	if len(opened) != 0 {
		t.Fatal("no opened the page too")
	}
}
