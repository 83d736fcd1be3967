package dialog

import (
	"strings"

	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/styles"
)

// The doctor view's interface column says what tells the interfaces
// apart. An agent's interfaces mostly share one origin and differ by
// path and binding, and a narrow column cut after the origin showed
// them all alike; so when every result shares an origin, the header
// names it once and each row shows its path and binding.

// originOf is a URL's scheme and host ("" when it has none).
func originOf(u string) string {
	i := strings.Index(u, "://")
	if i <= 0 {
		return ""
	}
	if j := strings.IndexAny(u[i+3:], "/?#"); j >= 0 {
		return u[:i+3+j]
	}
	return u
}

// sharedOrigin is the origin every result's interface has, "" when
// they differ or have none.
func sharedOrigin(results []doctor.Result) string {
	shared := ""
	for _, r := range results {
		o := originOf(r.Interface)
		switch {
		case o == "":
			return ""
		case shared == "":
			shared = o
		case o != shared:
			return ""
		}
	}
	return shared
}

// where is what a row shows of its interface: past the shared origin
// its path ("/" for none), with the binding and version when known.
func where(r doctor.Result, origin string) string {
	s := termsafe.Line(r.Interface)
	if origin != "" {
		s = strings.TrimPrefix(s, termsafe.Line(origin))
		if s == "" {
			s = "/"
		}
	}
	if r.Binding != "" {
		s += " · " + strings.TrimSpace(termsafe.Line(r.Binding)+" "+termsafe.Line(r.Version))
	}
	return s
}

// whereWidth is the widest row's interface as shown.
func whereWidth(results []doctor.Result, origin string) int {
	w := 0
	for _, r := range results {
		w = max(w, styles.CellWidth(where(r, origin)))
	}
	return w
}
