package a2aclient

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
)

// taggedPartOut is an outgoing part.
type taggedPartOut struct {
	Type     string         `json:"type,omitempty"`
	Kind     string         `json:"kind,omitempty"`
	Text     *string        `json:"text,omitempty"`
	File     *taggedFileOut `json:"file,omitempty"`
	Data     any            `json:"data,omitempty"`
	Metadata map[string]any `json:"metadata,omitempty"`
}

type taggedFileOut struct {
	Name     string `json:"name,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	Bytes    string `json:"bytes,omitempty"`
	URI      string `json:"uri,omitempty"`
}

func taggedEncodeParts(parts []Part, tag partTag) []taggedPartOut {
	out := make([]taggedPartOut, 0, len(parts)) // "parts" is required: [] not null
	for _, p := range parts {
		p = LowerPart(p)
		o := taggedPartOut{Metadata: p.Metadata}
		kind := p.Kind
		if kind != PartText && kind != PartFile && kind != PartData {
			switch {
			case p.File != nil:
				kind = PartFile
			case p.Data != nil:
				kind = PartData
			default:
				kind = PartText
			}
		}
		switch kind {
		case PartText:
			text := p.Text
			o.Text = &text
		case PartFile:
			f := taggedFileOut{}
			if p.File != nil {
				f = taggedFileOut{Name: p.File.Name, MimeType: p.File.MimeType, URI: p.File.URI}
				if len(p.File.Bytes) > 0 {
					f.Bytes = base64.StdEncoding.EncodeToString(p.File.Bytes)
				}
			}
			o.File = &f
		case PartData:
			o.Data = p.Data
			if o.Data == nil {
				o.Data = map[string]any{} // "data" is required
			}
		}
		if tag == tagType {
			o.Type = string(kind)
		} else {
			o.Kind = string(kind)
		}
		out = append(out, o)
	}
	return out
}

type taggedPartIn struct {
	Kind     looseString     `json:"kind"`
	Type     looseString     `json:"type"`
	Text     *string         `json:"text"`
	File     *taggedFileIn   `json:"file"`
	Data     json.RawMessage `json:"data"`
	Metadata json.RawMessage `json:"metadata"`
}

type taggedFileIn struct {
	Name     looseString `json:"name"`
	MimeType looseString `json:"mimeType"`
	Bytes    looseString `json:"bytes"`
	Data     looseString `json:"data"` // the v0.3 spec's own streaming example says "data"
	URI      looseString `json:"uri"`
}

func taggedDecodeParts(raws []json.RawMessage) []Part {
	var out []Part
	for _, raw := range raws {
		if p, ok := taggedDecodePart(raw); ok {
			out = append(out, p)
		}
	}
	return liftParts(out)
}

// taggedDecodePart reads one part; see the leniency rules at the top. Only a
// null part is dropped.
func taggedDecodePart(raw json.RawMessage) (Part, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return Part{}, false
	}
	var in taggedPartIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return taggedRawPart(raw, nil), true
	}
	meta := looseMetadata(in.Metadata)
	kind := strings.ToLower(string(firstOf(in.Kind, in.Type)))
	if kind == "" {
		switch {
		case in.Text != nil:
			kind = "text"
		case in.File != nil:
			kind = "file"
		case len(in.Data) > 0:
			kind = "data"
		}
	}
	switch kind {
	case "text":
		if in.Text != nil {
			return Part{Kind: PartText, Text: *in.Text, Metadata: meta}, true
		}
	case "file":
		if in.File != nil {
			f := &File{Name: string(in.File.Name), MimeType: string(in.File.MimeType), URI: string(in.File.URI)}
			b, ok := looseBase64(firstOf(in.File.Bytes, in.File.Data))
			if ok {
				f.Bytes = b
				return Part{Kind: PartFile, File: f, Metadata: meta}, true
			}
		}
	case "data":
		var data any
		if len(in.Data) > 0 && json.Unmarshal(in.Data, &data) == nil {
			return Part{Kind: PartData, Data: data, KeyOrder: keyOrder(in.Data), Metadata: meta}, true
		}
	}
	return taggedRawPart(raw, meta), true
}

// taggedRawPart keeps a part parley cannot read as a data part holding the
// part object itself.
func taggedRawPart(raw json.RawMessage, meta map[string]any) Part {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		v = string(raw)
	}
	return Part{Kind: PartData, Data: v, Metadata: meta}
}
