package ui

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// The conversations filter is a text field: ctrl+a and ctrl+e go to its
// start and end, as in the composer. They were the scope and export
// keys, so ctrl+a turned the list to every agent's and the letter typed
// next went on the end; the view's own actions keep off the field's
// line-editing keys.
func TestContextsFilterKeepsLineStartAndEnd(t *testing.T) {
	km := keys.Default().Contexts
	v := newContextsView(styles.New(themes.Dark), km, nil, "http://127.0.0.1:1/", "a")
	press := func(names ...string) {
		for _, n := range names {
			if act, _ := v.handleKey(keyEvent(n)); act == ctxExport {
				t.Errorf("%s exported", n)
			}
		}
	}
	press("p", "i", "ctrl+a", "X", "ctrl+e", "Y")
	if got := v.input.Value(); got != "XpiY" {
		t.Errorf("the filter reads %q, want XpiY", got)
	}
	if v.all {
		t.Error("a line-editing key turned the list to every agent's")
	}
	press(keys.FirstKey(km.AllAgent))
	if !v.all {
		t.Errorf("%s does not turn the list to every agent's", keys.FirstKey(km.AllAgent))
	}
	if act, _ := v.handleKey(keyEvent(keys.FirstKey(km.Export))); act != ctxExport {
		t.Errorf("%s does not export", keys.FirstKey(km.Export))
	}

	line := textinput.DefaultKeyMap()
	for _, edit := range append(line.LineStart.Keys(), line.LineEnd.Keys()...) {
		for _, b := range []struct {
			name string
			keys []string
		}{{"scope", km.AllAgent.Keys()}, {"export", km.Export.Keys()}} {
			for _, k := range b.keys {
				if k == edit {
					t.Errorf("contexts.%s takes %s from the filter", b.name, k)
				}
			}
		}
	}
}

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

// The conversations view names the user's keys, not the defaults.
func TestContextsNoteNamesTheUsersKeys(t *testing.T) {
	k := keys.Default()
	if err := k.Override(map[string][]string{"contexts.export": {"ctrl+y"}}); err != nil {
		t.Fatal(err)
	}
	v := newContextsView(styles.New(themes.Dark), k.Contexts, nil, "", "")
	screen := ansi.Strip(drawn(v, styles.New(themes.Dark), 120, 20))
	if !strings.Contains(screen, "enter open · ctrl+r rename · ctrl+g delete · ctrl+y export · ctrl+s search") {
		t.Errorf("the note does not name the user's export key:\n%s", screen)
	}
}
