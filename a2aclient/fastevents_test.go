package a2aclient

import (
	"reflect"
	"strings"
	"testing"
)

// slowEvent decodes a payload the general way, as the stream would
// without the fast path.
func slowEvent(data []byte, id string, shape fastShape) (Event, bool, error) {
	c := &rpc{dialect: DialectV03}
	if shape == fastV10 {
		c.dialect = DialectV10
	}
	raw, err := c.decode(data, id)
	if err != nil {
		return Event{}, false, err
	}
	if shape == fastV10 {
		return decodeStreamResponse(raw, shapeV10)
	}
	return taggedDecodeEvent(raw, fromStream)
}

// checkFastAgrees fails when the fast path accepts data but reads it
// differently from the general path.
func checkFastAgrees(t *testing.T, data []byte, shape fastShape) (accepted bool) {
	t.Helper()
	return checkFastAgreesAfter(t, nil, data, shape)
}

// checkFastAgreesAfter is checkFastAgrees with the stream's fast path
// having read before first: its ids, scratch and template in place.
func checkFastAgreesAfter(t *testing.T, before, data []byte, shape fastShape) (accepted bool) {
	t.Helper()
	var last fastStrings
	if before != nil {
		fastArtifactUpdate(before, "7", shape, &last)
	}
	fast, ok := fastArtifactUpdate(data, "7", shape, &last)
	if !ok {
		return false
	}
	slow, sok, err := slowEvent(data, "7", shape)
	if err != nil || !sok {
		t.Fatalf("fast path accepted %q, which the general path rejects (ok=%v, %v)", data, sok, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("fast and general paths disagree on %q:\nfast    %+v\ngeneral %+v", data, *fast.Artifact, *slow.Artifact)
	}
	// Read again with the ids and the scratch remembered: reuse must
	// change neither this event nor the one before.
	again, ok := fastArtifactUpdate(data, "7", shape, &last)
	if !ok || !reflect.DeepEqual(again, slow) || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("second read of %q differs: %+v", data, again.Artifact)
	}
	return true
}

func taggedChunk(text string) string {
	return `{"jsonrpc":"2.0","id":"7","result":{"kind":"artifact-update","taskId":"t1","contextId":"c1",` +
		`"artifact":{"artifactId":"a1","name":"answer","parts":[{"kind":"text","text":` + text + `}]},"append":true,"lastChunk":false}}`
}

func v10Chunk(text string) string {
	return `{"jsonrpc":"2.0","id":"7","result":{"artifactUpdate":{"taskId":"t1","contextId":"c1",` +
		`"artifact":{"artifactId":"a1","name":"answer","parts":[{"text":` + text + `}]},"append":true,"lastChunk":false}}}`
}

var fastTexts = []string{
	`"plain words"`, `""`, `"line\nbreak\ttab \"quoted\" back\\slash \/ \b\f\r"`,
	`"caf\u00e9 \u2603 \ud83d\ude00 und ünïcödé 😀"`, `"\u0000 nul"`, `"<b>&amp;</b>"`,
	// Escapes and non-ASCII at every offset in an eight-byte word, and
	// long plain runs between them, for the word-at-a-time scan.
	`"a\nbc\nd` + "é" + `ef\tghi\"jklmnopq\\rstuvwxyz0123456789\/ABCDEFGHIJ\u00e9KLMNOPQRSTUVWXYZ"`,
	`"` + strings.Repeat(`x\n`, 40) + `"`, `"` + strings.Repeat("ü", 20) + `\n` + strings.Repeat("€", 9) + `"`,
	`"\n"`, `"\\"`, `"1234567\n"`, `"12345678\n12345678"`, `"` + strings.Repeat("plain ", 30) + `"`,
}

func TestFastPathReadsPlainChunks(t *testing.T) {
	for _, text := range fastTexts {
		if !checkFastAgrees(t, []byte(taggedChunk(text)), fastKind) {
			t.Errorf("v0.3 chunk %s went the slow way", text)
		}
		if !checkFastAgrees(t, []byte(v10Chunk(text)), fastV10) {
			t.Errorf("v1.0 chunk %s went the slow way", text)
		}
	}
	spaced := " {\n \"result\" : { \"lastChunk\" : true , \"artifact\" : { \"parts\" : [ { \"text\" : \"x\" , \"kind\" : \"text\" } , {\"text\":\"y\"} ] , \"artifactId\" : \"a\" } , \"kind\" : \"artifact-update\" } , \"id\" : \"7\" }\r\n"
	if !checkFastAgrees(t, []byte(spaced), fastKind) {
		t.Error("keys in another order, spaces and two parts went the slow way")
	}
	if !checkFastAgrees(t, []byte(`{"jsonrpc":"2.0","result":{"kind":"artifact-update","artifact":{"artifactId":"a","parts":[]}}}`), fastKind) {
		t.Error("an update without id, task or parts went the slow way")
	}
}

// Everything the fast path does not know goes the general way, where the
// leniency rules (and the errors) live.
func TestFastPathLeavesOddEventsAlone(t *testing.T) {
	odd := map[fastShape][]string{
		fastKind: {
			strings.Replace(taggedChunk(`"x"`), `"id":"7"`, `"id":7`, 1),
			strings.Replace(taggedChunk(`"x"`), `"id":"7"`, `"id":"8"`, 1),
			strings.Replace(taggedChunk(`"x"`), `"id":"7"`, `"id":null`, 1),
			strings.Replace(taggedChunk(`"x"`), `"taskId":"t1"`, `"taskId":12`, 1),
			strings.Replace(taggedChunk(`"x"`), `"taskId":"t1"`, `"TaskId":"t1"`, 1),
			strings.Replace(taggedChunk(`"x"`), `"taskId":"t1"`, `"taskId":"t1","taskId":"t2"`, 1),
			strings.Replace(taggedChunk(`"x"`), `"append":true`, `"append":"true"`, 1),
			strings.Replace(taggedChunk(`"x"`), `"lastChunk":false`, `"lastChunk":false,"metadata":{}`, 1),
			strings.Replace(taggedChunk(`"x"`), `"artifact-update"`, `"artifact_update"`, 1),
			strings.Replace(taggedChunk(`"x"`), `"kind":"artifact-update",`, ``, 1),
			strings.Replace(taggedChunk(`"x"`), `"artifactId":"a1"`, `"artifactId":""`, 1),
			strings.Replace(taggedChunk(`"x"`), `{"kind":"text","text":"x"}`, `{"kind":"data","data":{}}`, 1),
			strings.Replace(taggedChunk(`"x"`), `{"kind":"text","text":"x"}`, `{"kind":"text"}`, 1),
			strings.Replace(taggedChunk(`"x"`), `"result"`, `"error":null,"result"`, 1),
			taggedChunk(`"x"`) + ` {}`,
			taggedChunk("\"bad \xff utf8\""),
			taggedChunk(`"lone \ud800 surrogate"`),
			taggedChunk(`"bad \x escape"`),
			taggedChunk("\"raw \n newline\""),
			taggedChunk("\"a long plain run, then a raw control character \x01\""),
			taggedChunk("\"an escape\\n, then invalid UTF-8 \xff after it\""),
			taggedChunk("\"an escape\\n, then a raw tab \t after it\""),
			taggedChunk(`"an unfinished escape \`),
			taggedChunk(`"an unfinished string`),
			`{"jsonrpc":"2.0","id":"7","result":{"kind":"status-update","taskId":"t1","status":{"state":"working"}}}`,
			`{"jsonrpc":"2.0","id":"7","result":{"artifactUpdate":{"taskId":"t1","artifact":{"artifactId":"a1","parts":[]}}}}`,
		},
		fastV10: {
			taggedChunk(`"x"`),
			strings.Replace(v10Chunk(`"x"`), `{"text":"x"}`, `{"text":"x","metadata":{"a":1}}`, 1),
			strings.Replace(v10Chunk(`"x"`), `{"artifactUpdate":`, `{"task":null,"artifactUpdate":`, 1),
			strings.Replace(v10Chunk(`"x"`), `"artifactId":"a1"`, `"artifactId":""`, 1),
			`{"jsonrpc":"2.0","id":"7","result":{"statusUpdate":{"taskId":"t1","status":{"state":"TASK_STATE_WORKING"}}}}`,
		},
	}
	for shape, inputs := range odd {
		for _, in := range inputs {
			if checkFastAgrees(t, []byte(in), shape) {
				t.Errorf("shape %d: the fast path took %q", shape, in)
			}
		}
	}
}

// FuzzFastPathAgrees: whatever the fast path accepts, the general path
// reads the same. Run with
//
//	go test ./a2aclient/ -run '^$' -fuzz FuzzFastPathAgrees -fuzztime 60s
func FuzzFastPathAgrees(f *testing.F) {
	for _, text := range fastTexts {
		f.Add(taggedChunk(text), false)
		f.Add(v10Chunk(text), true)
	}
	f.Fuzz(func(t *testing.T, data string, v10 bool) {
		shape := fastKind
		if v10 {
			shape = fastV10
		}
		checkFastAgrees(t, []byte(data), shape)
	})
}

// A chunk read against the last one (fasttemplate.go) reads as it would
// alone: another text, another layout, another flag, a text that tries
// to close the part and open another, a cut chunk.
func TestFastTemplateAgrees(t *testing.T) {
	for _, shape := range []fastShape{fastKind, fastV10} {
		chunk := taggedChunk
		if shape == fastV10 {
			chunk = v10Chunk
		}
		var payloads []string
		for _, text := range fastTexts {
			payloads = append(payloads, chunk(text))
		}
		base := chunk(`"x"`)
		payloads = append(payloads,
			chunk(`"a"},{"text":"b"`),
			chunk(`"a", "text":"b"`),
			chunk(`"a"}],"name":"b`),
			strings.Replace(base, `"lastChunk":false`, `"lastChunk":true`, 1),
			strings.Replace(base, `"taskId":"t1"`, `"taskId":"t2"`, 1),
			strings.Replace(base, `"id":"7"`, `"id":"8"`, 1),
			strings.Replace(base, `"x"`, `"x" `, 1),
			base[:len(base)-1],
			base+"x",
			chunk(`"\ud800"`),
			chunk("\"\xff\""),
		)
		for _, before := range payloads {
			for _, data := range payloads {
				checkFastAgreesAfter(t, []byte(before), []byte(data), shape)
			}
		}
		// The template is used, not just allowed.
		var last fastStrings
		fastArtifactUpdate([]byte(chunk(`"x"`)), "7", shape, &last)
		if ev, ok := last.chunk.reuse([]byte(chunk(`"y"`)), "7", shape, &last); !ok || ev.Artifact.Artifact.Parts[0].Text != "y" {
			t.Errorf("shape %d: the second chunk was not read against the first: %+v, %v", shape, ev.Artifact, ok)
		}
	}
}

// FuzzFastTemplateAgrees: whatever the fast path accepts after reading
// another payload, the general path reads the same.
func FuzzFastTemplateAgrees(f *testing.F) {
	for _, text := range fastTexts {
		f.Add(taggedChunk(`"x"`), taggedChunk(text), false)
		f.Add(v10Chunk(`"x"`), v10Chunk(text), true)
	}
	f.Fuzz(func(t *testing.T, before, data string, v10 bool) {
		shape := fastKind
		if v10 {
			shape = fastV10
		}
		checkFastAgreesAfter(t, []byte(before), []byte(data), shape)
	})
}
