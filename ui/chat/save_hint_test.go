package chat

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/ui/component"
)

// s (and o) on an item with no file says which item has one, instead of
// doing nothing: a new user pressed s after a file came and nothing
// happened, the cursor being on the status line under it.
func TestSaveOnAnItemWithoutAFileSaysWhere(t *testing.T) {
	c := newTestChat(60, 30)
	c.Reset(bookingTranscript(), "travel")
	for _, k := range []string{"s", "o"} {
		cmd, act := c.Update(keyPress(k))
		if act != nil {
			t.Fatalf("%s on the last item (a notice) acted: %#v", k, act)
		}
		if cmd == nil {
			t.Fatalf("%s on an item without a file said nothing", k)
		}
		msg, ok := cmd().(component.StatusMsg)
		if !ok || !strings.Contains(msg.Text, "ticket.pdf") || !strings.Contains(msg.Text, "↑") {
			t.Errorf("%s said %#v; want where the file is (ticket.pdf) and the key that gets there", k, msg)
		}
	}
}
