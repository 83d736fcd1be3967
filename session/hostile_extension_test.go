package session

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
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

// The same for the origin a card's warning tells the user to trust.
func TestHostileOriginInTheCardWarning(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"name":"a","version":"1","protocolVersion":"0.3.0","url":"http://x;touch$(id)/rpc","preferredTransport":"JSONRPC","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`)
	}))
	t.Cleanup(srv.Close)
	c, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ws := foreignWarnings(c)
	if len(ws) == 0 {
		t.Fatal("no warning of the foreign endpoint; the test proves nothing")
	}
	if !strings.Contains(ws[0], "--trust-origin 'http://x;touch$(id)',") {
		t.Errorf("the origin is not one quoted shell word in the flag: %s", ws[0])
	}
}
