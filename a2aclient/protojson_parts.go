package a2aclient

import (
	"encoding/base64"
	"encoding/json"
)

// protoPart is a Part in either shape: File and a wrapped Data are v0.3,
// Raw, URL, MediaType and Filename are v1.0. Data stays raw so that
// presence (even a JSON null) is visible and the shape decides its form.
type protoPart struct {
	Text      *string         `json:"text,omitempty"`
	File      *protoFile      `json:"file,omitempty"`
	Raw       *string         `json:"raw,omitempty"`
	URL       *string         `json:"url,omitempty"`
	Data      json.RawMessage `json:"data,omitempty"`
	MediaType string          `json:"mediaType,omitempty"`
	Filename  string          `json:"filename,omitempty"`
	Metadata  map[string]any  `json:"metadata,omitempty"`
}

type protoFile struct {
	FileWithURI   string `json:"fileWithUri,omitempty"`
	FileWithBytes string `json:"fileWithBytes,omitempty"`
	MimeType      string `json:"mimeType,omitempty"`
	Name          string `json:"name,omitempty"`
}

func toProtoPart(p Part, s protoShape) protoPart {
	p = LowerPart(p)
	w := protoPart{Metadata: p.Metadata}
	switch p.Kind {
	case PartFile:
		f := p.File
		if f == nil {
			f = &File{}
		}
		if s == shapeV03 {
			w.File = &protoFile{FileWithURI: f.URI, MimeType: f.MimeType, Name: f.Name}
			if f.URI == "" {
				w.File.FileWithBytes = encodeBytes03(f.Bytes)
			}
			break
		}
		w.MediaType, w.Filename = f.MimeType, f.Name
		if f.URI != "" {
			w.URL = &f.URI
		} else {
			raw := base64.StdEncoding.EncodeToString(f.Bytes)
			w.Raw = &raw
		}
	case PartData:
		var v any = p.Data
		if s == shapeV03 {
			v = map[string]any{"data": p.Data}
		}
		data, err := json.Marshal(v)
		if err != nil {
			data = []byte("null")
		}
		w.Data = data
	default:
		text := p.Text
		w.Text = &text
	}
	return w
}

// encodeBytes03 encodes file bytes the way v0.3 peers do: the JSON-RPC
// form's base64 string is itself the proto `bytes` value, so ProtoJSON
// base64-encodes it a second time (a2a-python and a2a-go's v0.3 layer both
// do this).
func encodeBytes03(b []byte) string {
	inner := base64.StdEncoding.EncodeToString(b)
	return base64.StdEncoding.EncodeToString([]byte(inner))
}

// fromProtoParts converts parts, dropping parts of a kind parley does not
// know (a later protocol may add some) rather than failing the reply.
func fromProtoParts(ws []protoPart, s protoShape) ([]Part, error) {
	var out []Part
	for i := range ws {
		p, ok, err := fromProtoPart(&ws[i], s)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return liftParts(out), nil
}

func fromProtoPart(w *protoPart, s protoShape) (Part, bool, error) {
	p := Part{Metadata: w.Metadata}
	switch {
	case w.Text != nil:
		p.Kind, p.Text = PartText, *w.Text
	case w.File != nil:
		p.Kind = PartFile
		p.File = &File{Name: w.File.Name, MimeType: w.File.MimeType, URI: w.File.FileWithURI}
		if w.File.FileWithBytes != "" {
			b, err := decodeBytes03(w.File.FileWithBytes)
			if err != nil {
				return p, false, err
			}
			p.File.Bytes = b
		}
	case w.Raw != nil:
		b, err := decodeBase64(*w.Raw)
		if err != nil {
			return p, false, &ProtocolError{What: "a file part's raw bytes are not base64", Err: err}
		}
		p.Kind, p.File = PartFile, &File{Name: w.Filename, MimeType: w.MediaType, Bytes: b}
	case w.URL != nil:
		p.Kind, p.File = PartFile, &File{Name: w.Filename, MimeType: w.MediaType, URI: *w.URL}
	case len(w.Data) > 0:
		var v any
		if err := json.Unmarshal(w.Data, &v); err != nil {
			return p, false, invalidJSON("a data part", err)
		}
		order := keyOrder(w.Data)
		if obj, isObj := v.(map[string]any); isObj && s == shapeV03 {
			// v0.3 wraps the value: {"data": {"data": {...}}}.
			if inner, has := obj["data"]; has {
				v = inner
				var wrap map[string]json.RawMessage
				if json.Unmarshal(w.Data, &wrap) == nil {
					order = keyOrder(wrap["data"])
				}
			}
		}
		p.Kind, p.Data, p.KeyOrder = PartData, v, order
	default:
		return p, false, nil
	}
	return p, true, nil
}

// decodeBytes03 reverses encodeBytes03. A server that encodes the bytes
// only once is read correctly too, unless its content happens to be valid
// base64 text itself.
func decodeBytes03(s string) ([]byte, error) {
	outer, err := decodeBase64(s)
	if err != nil {
		return nil, &ProtocolError{What: "a file part's bytes are not base64", Err: err}
	}
	if inner, err := base64.StdEncoding.DecodeString(string(outer)); err == nil && len(outer) > 0 {
		return inner, nil
	}
	return outer, nil
}
