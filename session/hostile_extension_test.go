package session

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A card names the extensions it requires, and the warning offers the
// flag that activates one: a URI built to run something when the flag is
// pasted into a shell is one quoted word there.
func TestHostileExtensionURIInTheOfferedFlag(t *testing.T) {
	w := MissingExtensionWarning(a2aclient.Extension{URI: "urn:x;$(touch${IFS}pwned)"})
	if !strings.Contains(w, "--extension 'urn:x;$(touch${IFS}pwned)' ") {
		t.Errorf("the URI is not one quoted shell word in the flag: %s", w)
	}
	if w := MissingExtensionWarning(a2aclient.Extension{URI: "urn:example:must"}); !strings.Contains(w, "--extension urn:example:must ") {
		t.Errorf("a plain URI is quoted for nothing: %s", w)
	}
}
