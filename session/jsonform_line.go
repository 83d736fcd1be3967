package session

import (
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
)

// AppendEventLine appends the line `parley send --json` prints for a
// text artifact update — byte for byte what a json.Encoder without HTML
// escaping writes for EventToJSON(ev), newline included — and reports
// true. For any other event it appends nothing and reports false, and
// the caller encodes the event the general way.
//
// A streamed answer is thousands of such updates; encoding/json spent
// more on each (reflection, then re-scanning what PartJSON.MarshalJSON
// returned) than parley spent reading it off the wire.
func AppendEventLine(dst []byte, ev a2aclient.Event) ([]byte, bool) {
	u := ev.Artifact
	if u == nil || ev.Task != nil || ev.Message != nil || ev.Status != nil || len(u.Metadata) > 0 || len(u.Artifact.Metadata) > 0 {
		return dst, false
	}
	for _, p := range u.Artifact.Parts {
		if p.Kind != a2aclient.PartText || len(p.Metadata) > 0 {
			return dst, false
		}
	}
	dst = append(dst, `{"type":"artifact-update"`...)
	if u.TaskID != "" {
		dst = appendJSONString(append(dst, `,"taskId":`...), u.TaskID, false)
	}
	if u.ContextID != "" {
		dst = appendJSONString(append(dst, `,"contextId":`...), u.ContextID, false)
	}
	a := &u.Artifact
	dst = appendJSONString(append(dst, `,"artifact":{"artifactId":`...), a.ID, false)
	if a.Name != "" {
		dst = appendJSONString(append(dst, `,"name":`...), a.Name, false)
	}
	if a.Description != "" {
		dst = appendJSONString(append(dst, `,"description":`...), a.Description, false)
	}
	dst = append(dst, `,"parts":[`...)
	for i, p := range a.Parts {
		if i > 0 {
			dst = append(dst, ',')
		}
		// PartJSON.MarshalJSON uses json.Marshal, which escapes HTML.
		dst = appendJSONString(append(dst, `{"kind":"text","text":`...), p.Text, true)
		dst = append(dst, '}')
	}
	dst = append(dst, "]}"...)
	if u.Append {
		dst = append(dst, `,"append":true`...)
	}
	if u.LastChunk {
		dst = append(dst, `,"lastChunk":true`...)
	}
	return append(dst, "}\n"...), true
}

// appendJSONString quotes s as encoding/json does (Go 1.22 and later):
// short escapes for \b \f \n \r \t, \u00XX for other controls and, with
// html, for < > &; invalid UTF-8 as \ufffd; U+2028 and U+2029 escaped.
// The tests hold it to encoding/json's own output.
func appendJSONString(dst []byte, s string, html bool) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && (!html || b != '<' && b != '>' && b != '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(append(dst, s[start:i]...), `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(append(dst, s[start:i]...), '\\', 'u', '2', '0', '2', hex[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(dst, s[start:]...), '"')
}
