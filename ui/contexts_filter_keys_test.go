package ui

import (
	"testing"

	"charm.land/bubbles/v2/textinput"

	"github.com/parley-a2a/parley/themes"
)

// The conversations filter is a text field: ctrl+a and ctrl+e go to its
// start and end, as in the composer. They were the scope and export
// keys, so ctrl+a turned the list to every agent's and the letter typed
// next went on the end; the view's own actions keep off the field's
// line-editing keys.
func TestContextsFilterKeepsLineStartAndEnd(t *testing.T) {
	keys := DefaultKeyMap().Contexts
	v := newContextsView(NewStyles(themes.Dark), keys, "http://127.0.0.1:1/", "a")
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
	press(firstKey(keys.AllAgent))
	if !v.all {
		t.Errorf("%s does not turn the list to every agent's", firstKey(keys.AllAgent))
	}
	if act, _ := v.handleKey(keyEvent(firstKey(keys.Export))); act != ctxExport {
		t.Errorf("%s does not export", firstKey(keys.Export))
	}

	line := textinput.DefaultKeyMap()
	for _, edit := range append(line.LineStart.Keys(), line.LineEnd.Keys()...) {
		for _, b := range []struct {
			name string
			keys []string
		}{{"scope", keys.AllAgent.Keys()}, {"export", keys.Export.Keys()}} {
			for _, k := range b.keys {
				if k == edit {
					t.Errorf("contexts.%s takes %s from the filter", b.name, k)
				}
			}
		}
	}
}
