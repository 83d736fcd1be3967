package ui

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"

	"github.com/parley-a2a/parley/ui/keys"
)

// ctrl+k and ctrl+d are the filter's too: kill to the line's end and
// delete the character under the cursor. As the view's up and delete
// keys they moved the cursor and asked to delete the conversation while
// the user was correcting a filter. Typed at the model, the filter is
// edited and nothing else happens; no key of the view's is one of the
// field's editing keys (suggestions, which the filter does not offer,
// aside: up and down move the list).
func TestContextsFilterKeepsKillAndDelete(t *testing.T) {
	a := startApp(t, appOptions{store: openStore(t), noWelcome: true})
	a.pingedContexts()
	a.typeText("pingxy")
	a.key("left", "left", "ctrl+k")
	a.waitFrame("ctrl+k to cut the filter to ping", func(screen string) bool {
		return strings.Contains(screen, "filter: ping") && !strings.Contains(screen, "filter: pingx")
	})
	a.key("ctrl+a", "ctrl+d")
	if screen := a.waitScreen("Contexts · 1 ·", "filter: ing"); strings.Contains(screen, "Delete conversation") {
		t.Errorf("ctrl+d put a dialog over the conversations:\n%s", screen)
	}
	km := keys.Default().Contexts
	a.key(keys.FirstKey(km.Delete))
	a.waitScreen("Delete conversation")

	line := textinput.DefaultKeyMap()
	edits := map[string]key.Binding{"character forward": line.CharacterForward, "character backward": line.CharacterBackward,
		"word forward": line.WordForward, "word backward": line.WordBackward, "delete word backward": line.DeleteWordBackward,
		"delete word forward": line.DeleteWordForward, "delete after cursor": line.DeleteAfterCursor,
		"delete before cursor": line.DeleteBeforeCursor, "delete character backward": line.DeleteCharacterBackward,
		"delete character forward": line.DeleteCharacterForward, "line start": line.LineStart, "line end": line.LineEnd, "paste": line.Paste}
	all := keys.Default()
	for name, b := range all.Bindings() {
		if !strings.HasPrefix(name, "contexts.") {
			continue
		}
		for _, k := range b.Keys() {
			for what, edit := range edits {
				if slices.Contains(edit.Keys(), k) {
					t.Errorf("%s takes %s from the filter (%s)", name, k, what)
				}
			}
		}
	}
}
