package a2aclient

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// The readers below take values as agents write them rather than as the
// specifications do (ids as numbers, booleans as strings, base64 in any
// alphabet, roles in either family's spelling); both wire families use
// them, so each leniency is decided once.

// looseString reads a JSON string, number or boolean as a string: servers
// differ on whether ids are strings or numbers, and an artifact's v0.1
// index is a number that parley uses as the artifact's id.
type looseString string

func (s *looseString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*s = ""
	case b[0] == '"':
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = looseString(v)
	case b[0] == '{' || b[0] == '[':
		return errors.New("expected a string, got an object or array")
	default:
		*s = looseString(b)
	}
	return nil
}

// looseBool reads true, false, null or the strings "true"/"false".
type looseBool bool

func (v *looseBool) UnmarshalJSON(b []byte) error {
	switch strings.Trim(string(bytes.TrimSpace(b)), `"`) {
	case "true":
		*v = true
	case "false", "null", "":
		*v = false
	default:
		return errors.New("expected a boolean")
	}
	return nil
}

// looseMetadata keeps metadata that is a JSON object and drops anything else.
func looseMetadata(raw json.RawMessage) map[string]any {
	if len(raw) == 0 {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return m
}

// looseTimestamp reads an RFC 3339 time, or the zone-less ISO 8601 form
// Python's isoformat() writes (taken as UTC); anything else is zero.
func looseTimestamp(raw json.RawMessage) time.Time {
	var s string
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return time.Time{}
	}
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

func firstOf(vals ...looseString) string {
	for _, v := range vals {
		if v != "" {
			return string(v)
		}
	}
	return ""
}

// looseBase64 decodes file bytes in any of the base64 alphabets, with or
// without padding and line breaks; ok is false only for garbage.
func looseBase64(s string) ([]byte, bool) {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	if s == "" {
		return nil, true
	}
	b, err := decodeBase64(s)
	return b, err == nil
}

// decodeBase64 accepts what ProtoJSON parsers accept for bytes: standard
// or URL-safe alphabet, with or without padding.
func decodeBase64(s string) ([]byte, error) {
	var firstErr error
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(s)
		if err == nil {
			return b, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, firstErr
}

// readRole reads a role as either wire family spells it ("user",
// "ROLE_USER", in any case). Anything but the user is the agent, so a
// strange role never makes an agent's words look like the user's own.
func readRole(s string) Role {
	if strings.TrimPrefix(strings.ToLower(s), "role_") == "user" {
		return RoleUser
	}
	return RoleAgent
}
