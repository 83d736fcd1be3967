package keys

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/parley-a2a/parley/ui/internal/uitest"
)

// An empty list disables the binding: its key does nothing and the help
// and README table leave it out.
func TestOverrideEmptyListDisables(t *testing.T) {
	k := Default()
	if err := k.Override(map[string][]string{"chat.copy": {}}); err != nil {
		t.Fatal(err)
	}
	if key.Matches(uitest.Key("y"), k.Chat.Copy) {
		t.Error("y still copies after chat.copy = []")
	}
	if strings.Contains(k.MarkdownTable(), "copy item") {
		t.Error("the key table still lists the disabled copy item")
	}
}

// A key given to a binding in [keys] that another binding in the same
// place already uses is a config error naming that other binding:
// "chat.copy" = ["ctrl+c"] would otherwise copy nothing, as ctrl+c quits.
func TestOverrideConflictNamesTheOtherBinding(t *testing.T) {
	cases := []struct {
		keys  map[string][]string
		other string
	}{
		{map[string][]string{"chat.copy": {"ctrl+c"}}, "global.quit"},
		{map[string][]string{"chat.copy": {"s"}}, "chat.save"},
		{map[string][]string{"global.wire": {"y"}}, "chat.copy"},
		{map[string][]string{"dialog.yes": {"esc"}}, "dialog.cancel"},
	}
	for _, c := range cases {
		k := Default()
		err := k.Override(c.keys)
		if err == nil || !strings.Contains(err.Error(), c.other) {
			t.Errorf("Override(%v) = %v, want a conflict naming %s", c.keys, err, c.other)
		}
	}
	// Not conflicts: keys in different places, a swap, and the defaults
	// given again.
	for _, ok := range []map[string][]string{
		{"chat.copy": {"c"}},                     // c cancels in Tasks, not in the chat
		{"chat.copy": {"o"}, "chat.open": {"y"}}, // swapped
		{"global.next_pane": {"tab"}},            // the default, shared with composer.complete
		{"contexts.search": {"ctrl+w"}},          // the conversations view takes every key
	} {
		k := Default()
		if err := k.Override(ok); err != nil {
			t.Errorf("Override(%v) = %v, want no conflict", ok, err)
		}
	}
}
