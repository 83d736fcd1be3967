// What an auth-required turn asks of the person: its text, its data
// and the links in it, cleaned for a sign-in dialog or a prompt.

package session

import (
	"encoding/json"
	"net/url"
	"sort"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// AuthTurnDetail is what an auth-required status asks: its text and any
// data (such as an authorization URL), cleaned for display.
func AuthTurnDetail(it Item) string {
	parts := []string{termsafe.Line(it.Text)}
	for _, p := range it.Parts {
		if p.Kind == a2aclient.PartData {
			if b, err := json.Marshal(p.Data); err == nil {
				parts = append(parts, termsafe.Line(string(b)))
			}
		}
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

// AuthTurnLinks finds the http(s) URLs in an auth-required status's data
// (an authorization URL, a sign-in page), for the person to open or copy.
func AuthTurnLinks(it Item) []string {
	seen := map[string]bool{}
	var out []string
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 4 || len(out) >= 3 {
			return
		}
		switch v := v.(type) {
		case string:
			if u, err := url.Parse(v); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !seen[v] {
				seen[v] = true
				out = append(out, termsafe.Line(v))
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(v[k], depth+1)
			}
		case []any:
			for _, x := range v {
				walk(x, depth+1)
			}
		}
	}
	for _, p := range it.Parts {
		if p.Kind == a2aclient.PartData {
			walk(p.Data, 0)
		}
	}
	return out
}
