package ui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
)

// An empty list disables the binding: its key does nothing and the help
// and README table leave it out.
func TestOverrideEmptyListDisables(t *testing.T) {
	k := DefaultKeyMap()
	if err := k.Override(map[string][]string{"chat.copy": {}}); err != nil {
		t.Fatal(err)
	}
	if key.Matches(keyEvent("y"), k.Chat.Copy) {
		t.Error("y still copies after chat.copy = []")
	}
	if strings.Contains(k.MarkdownTable(), "copy item") {
		t.Error("the key table still lists the disabled copy item")
	}
}
