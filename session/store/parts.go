package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// encodeParts stores parts in their JSON form, bytes included; nil when
// there are none. The bytes are json.Marshal(jsonout.PartsToJSON(parts))'s.
//
// It writes the array itself: encoding/json re-scans and compacts
// whatever a MarshalJSON method returns, and reflects its way through
// each part. A text part without metadata — all of a streamed answer —
// is written by hand, once, into a buffer sized for it.
func encodeParts(parts []a2aclient.Part) (any, error) {
	if len(parts) == 0 {
		return nil, nil
	}
	size := 2
	for _, p := range parts {
		size += len(`{"kind":"text","text":""},`) + len(p.Text)
	}
	b := make([]byte, 1, size+size/64)
	b[0] = '['
	for i, p := range parts {
		if i > 0 {
			b = append(b, ',')
		}
		if p.Kind == a2aclient.PartText && len(p.Metadata) == 0 {
			// jsonout.PartJSON.MarshalJSON goes through json.Marshal, which
			// escapes HTML: so does this.
			b = jsonout.AppendString(append(b, `{"kind":"text","text":`...), p.Text, true)
			b = append(b, '}')
			continue
		}
		pj, err := jsonout.PartToJSON(p).MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("encode parts: %w", err)
		}
		b = append(b, pj...)
	}
	return string(append(b, ']')), nil
}

// decodeParts reads what encodeParts stored. Text without metadata, all
// but a few stored values, takes decodeTextParts's way; the rest, and
// anything it does not recognise, encoding/json's.
func decodeParts(s sql.NullString) ([]a2aclient.Part, error) {
	if !s.Valid || s.String == "" {
		return nil, nil
	}
	if parts, ok := decodeTextParts(s.String); ok {
		return parts, nil
	}
	return decodePartsJSON(s.String)
}

// decodePartsJSON reads stored parts of any kind.
func decodePartsJSON(s string) ([]a2aclient.Part, error) {
	var parts []jsonout.PartJSON
	if err := json.Unmarshal([]byte(s), &parts); err != nil {
		return nil, fmt.Errorf("stored parts are unreadable: %w", err)
	}
	return jsonout.PartsFromJSON(parts), nil
}

// maxBody bounds what search indexes of one item, so that a huge
// artifact rewritten as it streams does not cost its whole size in
// indexing at every write.
const maxBody = 256 << 10

// searchBody is what full-text search sees of an item: its text, its
// name, its text parts, file names and data's words (search_body.go),
// each piece once (an artifact is often named as its file). Control
// characters are dropped, so the snippet markers cannot appear in it.
func searchBody(it *session.Item) string {
	var b strings.Builder
	seen := map[string]bool{}
	add := func(s string) {
		if s == "" || b.Len() >= maxBody || seen[s] {
			return
		}
		seen[s] = true
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(s)
	}
	add(it.Text)
	add(it.Name)
	for _, p := range it.Parts {
		switch p.Kind {
		case a2aclient.PartText:
			add(p.Text)
		case a2aclient.PartFile:
			if p.File != nil {
				add(p.File.Name)
			}
		case a2aclient.PartData:
			add(dataText(p))
		default:
			if s, ok := jsonout.PartText(p); ok {
				add(s)
			}
		}
	}
	return cleanBody(b.String())
}

func cleanBody(s string) string {
	if len(s) > maxBody {
		cut := maxBody
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
	}
	return termsafe.Clean(s)
}

// withoutCredentials drops what in an agent URL could be a secret (user
// and password, query parameters named like keys or tokens) before it is
// stored: the store keeps no credentials, and the config entry or the
// user supplies them again.
func withoutCredentials(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	u.User = nil
	if u.RawQuery != "" {
		q := u.Query()
		for k := range q {
			lk := strings.ToLower(k)
			for _, s := range []string{"key", "token", "secret", "password", "passwd", "sig", "auth", "session", "credential", "cookie"} {
				if strings.Contains(lk, s) {
					q.Del(k)
					break
				}
			}
		}
		u.RawQuery = q.Encode()
	}
	return u.String()
}

func nanos(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromNanos(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n)
}
