package credname

import (
	"net/url"
	"strings"
)

// Redacted is what stands for a credential taken out of a URL.
const Redacted = "REDACTED"

// RedactURL is raw, a URL someone gave (or a string meant as one), for a
// message: its userinfo (user:password@) becomes REDACTED@ and the value
// of each query parameter whose name carries a credential REDACTED. A
// string that does not parse loses everything before the @ of its
// authority all the same.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" {
		return redactAuthority(raw)
	}
	changed := u.User != nil
	if changed {
		u.User = url.User(Redacted)
	}
	if u.RawQuery != "" {
		q := u.Query()
		for k := range q {
			if Is(k) {
				q.Set(k, Redacted)
				changed = true
			}
		}
		u.RawQuery = q.Encode()
	}
	if !changed {
		return raw // as given: nothing in it to hide
	}
	return u.String()
}

// redactAuthority cuts the userinfo out of raw by its shape: the text
// before the last @ of the authority (after "scheme://", up to the first
// /, ? or #), and drops a query that may hold secrets.
func redactAuthority(raw string) string {
	rest, scheme := raw, ""
	if i := strings.Index(raw, "://"); i >= 0 {
		scheme, rest = raw[:i+3], raw[i+3:]
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	if at := strings.LastIndex(rest[:end], "@"); at >= 0 {
		rest = Redacted + rest[at:]
	}
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		rest = rest[:q+1] + Redacted
	}
	return scheme + rest
}
