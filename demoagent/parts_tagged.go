package demoagent

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// Parts tagged by a discriminator field: "type" in v0.1, "kind" in v0.2 and
// v0.3 JSON-RPC. The demo agent insists on the tag because real servers of
// those versions do; a client that forgets it should find out here.

type taggedFile struct {
	Name     string `json:"name,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	Bytes    string `json:"bytes,omitempty"`
	URI      string `json:"uri,omitempty"`
}

func decodeTaggedParts(raws []json.RawMessage, tag string) ([]part, error) {
	if len(raws) == 0 {
		return nil, fmt.Errorf("message.parts must not be empty")
	}
	out := make([]part, 0, len(raws))
	for i, raw := range raws {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return nil, fmt.Errorf("part %d is not an object", i)
		}
		var kind string
		if err := json.Unmarshal(fields[tag], &kind); err != nil || kind == "" {
			return nil, fmt.Errorf("part %d has no %q field (text, file or data)", i, tag)
		}
		p, err := decodeTaggedPart(kind, fields)
		if err != nil {
			return nil, fmt.Errorf("part %d: %w", i, err)
		}
		out = append(out, p)
	}
	return out, nil
}

func decodeTaggedPart(kind string, f map[string]json.RawMessage) (part, error) {
	switch kind {
	case "text":
		var s string
		if err := json.Unmarshal(f["text"], &s); err != nil {
			return part{}, fmt.Errorf("text part needs a string \"text\"")
		}
		return textPart(s), nil
	case "data":
		var v any
		if err := json.Unmarshal(f["data"], &v); err != nil || v == nil {
			return part{}, fmt.Errorf("data part needs \"data\"")
		}
		return part{kind: partData, data: v}, nil
	case "file":
		var tf taggedFile
		if err := json.Unmarshal(f["file"], &tf); err != nil {
			return part{}, fmt.Errorf("file part needs a \"file\" object")
		}
		return fileFrom(tf.Name, tf.MimeType, tf.Bytes, tf.URI)
	}
	return part{}, fmt.Errorf("unknown part kind %q", kind)
}

// fileFrom checks the bytes-or-uri rule shared by every dialect.
func fileFrom(name, mime, b64, uri string) (part, error) {
	fc := fileContent{name: name, mimeType: mime, uri: uri}
	switch {
	case b64 != "" && uri != "":
		return part{}, fmt.Errorf("file has both bytes and uri")
	case b64 != "":
		b, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			return part{}, fmt.Errorf("file bytes are not base64: %v", err)
		}
		fc.bytes = b
	case uri == "":
		return part{}, fmt.Errorf("file needs bytes or uri")
	}
	return part{kind: partFile, file: fc}, nil
}

func encodeTaggedParts(ps []part, tag string) []map[string]any {
	out := make([]map[string]any, 0, len(ps))
	for _, p := range spreadParts(ps) {
		m := map[string]any{}
		if p.metadata != nil {
			m["metadata"] = p.metadata
		}
		switch p.kind {
		case partText:
			m[tag], m["text"] = "text", p.text
		case partData:
			m[tag], m["data"] = "data", objectData(p)
		case partFile:
			f := taggedFile{Name: p.file.name, MimeType: p.file.mimeType, URI: p.file.uri}
			if p.file.uri == "" {
				f.Bytes = base64.StdEncoding.EncodeToString(p.file.bytes)
			}
			m[tag], m["file"] = "file", f
		}
		out = append(out, m)
	}
	return out
}

// spreadParts splits each spread data part holding a list into one part
// per element, for dialects whose data parts must be objects.
func spreadParts(ps []part) []part {
	out := make([]part, 0, len(ps))
	for _, p := range ps {
		list, ok := p.data.([]any)
		if p.kind != partData || !p.spread || !ok {
			out = append(out, p)
			continue
		}
		for _, e := range list {
			out = append(out, part{kind: partData, data: e, metadata: p.metadata})
		}
	}
	return out
}

// objectData returns data as a JSON object, wrapping arrays and scalars,
// for dialects whose data parts must be objects.
func objectData(p part) any {
	if _, ok := p.data.(map[string]any); ok {
		return p.data
	}
	key := p.wrapKey
	if key == "" {
		key = "value"
	}
	return map[string]any{key: p.data}
}
