package store

import (
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
)

// A hostile agent's data parts: nested past any stack, arrays and
// strings far larger than search keeps, an A2UI form whose components
// are their own children, keys with escape sequences. Indexing each
// returns, with at most what search keeps of an item, cleaned.
func TestSearchBodyOfHostileDataIsBounded(t *testing.T) {
	deep := any("bottom")
	for range 100_000 {
		deep = map[string]any{"k": []any{deep}}
	}
	wide := make([]any, 1_000_000)
	for i := range wide {
		wide[i] = "word"
	}
	keys := map[string]any{}
	for i := range 50_000 {
		keys[strings.Repeat("k", 64)+string(rune('a'+i%26))+strings.Repeat("x", i%100)] = i
	}
	var cycle any
	if err := json.Unmarshal([]byte(`[
{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
 {"id": "root", "component": "Column", "children": ["root", "a", "title"]},
 {"id": "a", "component": "Column", "children": ["b"]},
 {"id": "b", "component": "Row", "children": ["a", "root", "title"]},
 {"id": "title", "component": "Text", "text": "Loop \u001b]0;pwn\u0007 form"}
]}}]`), &cycle); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		part a2aclient.Part
	}{
		{"nested 100,000 deep", a2aclient.Part{Kind: a2aclient.PartData, Data: deep}},
		{"a million words", a2aclient.Part{Kind: a2aclient.PartData, Data: wide}},
		{"one 8 MB value", a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"k": strings.Repeat("v", 8<<20)}}},
		{"one 8 MB value of two-byte runes", a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"kk": strings.Repeat("é", 4<<20)}}},
		{"50,000 keys", a2aclient.Part{Kind: a2aclient.PartData, Data: keys}},
		{"escapes in keys", a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"\x1b]52;c;ZXZpbA==\x07key\u202e": "\u009b2Jvalue"}}},
		{"an A2UI form in cycles", a2aclient.Part{Kind: a2aclient.PartData, Data: cycle, Metadata: map[string]any{"mimeType": a2ui.MimeType}}},
		{"A2UI that is a string", a2aclient.Part{Kind: a2aclient.PartData, Data: "x", Metadata: map[string]any{"mimeType": a2ui.MimeType}}},
		{"A2UI that is null", a2aclient.Part{Kind: a2aclient.PartData, Metadata: map[string]any{"mimeType": a2ui.MimeType}}},
		{"A2UI of odd members", a2aclient.Part{Kind: a2aclient.PartData, Data: []any{nil, 1.5, []any{}, map[string]any{"updateComponents": "x"}}, Metadata: map[string]any{"mimeType": a2ui.MimeType}}},
	} {
		if words := dataText(c.part); len(words) > maxBody || !utf8.ValidString(words) {
			t.Errorf("%s: data's words are %d bytes (most kept: %d), valid UTF-8: %v", c.name, len(words), maxBody, utf8.ValidString(words))
		}
		body := searchBody(&session.Item{Kind: session.ItemArtifact, Parts: []a2aclient.Part{c.part}})
		if len(body) > maxBody {
			t.Errorf("%s: the body is %d bytes, more than search keeps (%d)", c.name, len(body), maxBody)
		}
		if strings.ContainsAny(body, "\x1b\x07\u202e\u009b") {
			t.Errorf("%s: a control character is indexed: %.200q", c.name, body)
		}
	}
}

// An A2UI part of many surfaces, each a list whose template repeats one
// long text needing cleaning as far as the limits let it (2,000 nodes):
// 850 KB of JSON lays out as hundreds of megabytes of node texts. Search
// keeps 256 KB of an item, so the indexer lays out surfaces only until
// it has that: it allocated 654 MB for this part, at every write of its
// item.
func TestSearchBodyOfAnAmplifyingA2UIPartIsBounded(t *testing.T) {
	long := strings.Repeat("w\u202e", 1300) // about 4 KB, cleaned into a copy per node
	items := make([]any, 2000)
	for i := range items {
		items[i] = map[string]any{"t": float64(i)}
	}
	var msgs []any
	for s := range 32 {
		id := "s" + strconv.Itoa(s)
		msgs = append(msgs,
			map[string]any{"version": "v0.9", "createSurface": map[string]any{"surfaceId": id, "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
			map[string]any{"version": "v0.9", "updateDataModel": map[string]any{"surfaceId": id, "value": map[string]any{"long": long, "items": items}}},
			map[string]any{"version": "v0.9", "updateComponents": map[string]any{"surfaceId": id, "components": []any{
				map[string]any{"id": "root", "component": "List", "children": map[string]any{"componentId": "item", "path": "/items"}},
				map[string]any{"id": "item", "component": "Text", "text": map[string]any{"path": "/long"}},
			}}})
	}
	part := a2aclient.Part{Kind: a2aclient.PartData, Data: msgs, Metadata: map[string]any{"mimeType": a2ui.MimeType}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	words := dataText(part)
	runtime.ReadMemStats(&after)
	got := after.TotalAlloc - before.TotalAlloc
	if got > 64<<20 {
		t.Errorf("indexing the part allocated %d MB; want at most 64", got>>20)
	}
	if len(words) < maxBody-len(long) || !strings.HasPrefix(words, "wwww") {
		t.Errorf("the part's words are %d bytes: %.40q; want what search keeps of the form's texts", len(words), words)
	}
}
