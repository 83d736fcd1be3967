package session

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/parley-a2a/parley/a2aclient"
)

// AppendResultLine appends the last line `parley send --json` prints:
// byte for byte what a json.Encoder without HTML escaping writes for
// ResultToJSON(s) followed by "storeId" (left out when 0), newline
// included. On an error (a value encoding/json cannot write) dst comes
// back as it was, and the caller goes the general way.
//
// The result holds the whole answer twice, as text and in the artifacts:
// for a 1.28 MB answer encoding/json took about 16 ms, most of it
// re-scanning what PartJSON.MarshalJSON returned.
func AppendResultLine(dst []byte, s *Summary, storeID int64) ([]byte, error) {
	n := len(dst)
	dst = slices.Grow(dst, resultSize(s))
	dst = append(dst, `{"type":"result","dialect":`...)
	dst = appendJSONString(dst, string(s.Dialect), false)
	dst = appendJSONString(append(dst, `,"contextId":`...), s.ContextID, false)
	dst = appendJSONString(append(dst, `,"taskId":`...), s.TaskID, false)
	dst = appendJSONString(append(dst, `,"state":`...), s.State, false)
	dst = appendJSONString(append(dst, `,"text":`...), s.Text, false)
	dst = appendJSONString(append(dst, `,"statusText":`...), s.StatusText, false)
	dst = append(dst, `,"artifacts":[`...)
	var err error
	for i := range s.Artifacts {
		if i > 0 {
			dst = append(dst, ',')
		}
		if dst, err = appendArtifactJSON(dst, &s.Artifacts[i]); err != nil {
			return dst[:n], err
		}
	}
	dst = append(dst, ']')
	if storeID != 0 {
		dst = strconv.AppendInt(append(dst, `,"storeId":`...), storeID, 10)
	}
	return append(dst, "}\n"...), nil
}

// resultSize guesses the line's length, so that a long answer is copied
// into its buffer once rather than at every doubling: the text twice,
// and some room for escapes and the rest.
func resultSize(s *Summary) int {
	n := 2*len(s.Text) + len(s.StatusText) + 256
	return n + n/16
}

// appendArtifactJSON writes ArtifactToJSON(a) as the encoder would
// inside the result: its own strings without HTML escaping, each part as
// PartJSON.MarshalJSON writes it (json.Marshal, which escapes HTML).
func appendArtifactJSON(dst []byte, a *a2aclient.Artifact) ([]byte, error) {
	dst = appendJSONString(append(dst, `{"artifactId":`...), a.ID, false)
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
		if p.Kind == a2aclient.PartText && len(p.Metadata) == 0 {
			dst = appendJSONString(append(dst, `{"kind":"text","text":`...), p.Text, true)
			dst = append(dst, '}')
			continue
		}
		// Files, data and parts with metadata are rare and small: the
		// encoder's own bytes, which it copies as they are (compact,
		// nothing to re-escape without HTML escaping).
		b, err := json.Marshal(PartToJSON(p))
		if err != nil {
			return dst, err
		}
		dst = append(dst, b...)
	}
	dst = append(dst, ']')
	if len(a.Metadata) > 0 {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(a.Metadata); err != nil {
			return dst, err
		}
		dst = append(append(dst, `,"metadata":`...), bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
	}
	return append(dst, '}'), nil
}
