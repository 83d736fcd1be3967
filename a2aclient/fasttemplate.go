package a2aclient

// fastTemplate is the last chunk the fast path read in full, cut around
// the string of its one text part. The chunks of one answer differ only
// in that string (and in append and lastChunk at the first and the last
// chunk), so the next chunk is nearly always the same bytes with another
// string in the middle: then only that string is read, and the rest of
// the update is the template's.
//
// This cannot read a chunk differently from the full reader: the bytes
// before the string and after it are those of a chunk the full reader
// accepted, a JSON string ends at its first unescaped quote, and the full
// reader reads every member independently of the others' values — so on
// these bytes it would have found the same members, with this string as
// the text.
type fastTemplate struct {
	ok     bool
	wantID string
	shape  fastShape
	// prefix is the chunk up to the string's opening quote, suffix the
	// chunk after its closing quote.
	prefix, suffix []byte
	// update is the chunk as read, without its parts.
	update ArtifactUpdate
}

// maxTemplate bounds the bytes a template keeps: a chunk with huge ids
// is read in full each time rather than held.
const maxTemplate = 4 << 10

// learn keeps u, read from data with its one text part's string at
// data[text[0]:text[1]], as the template. It copies what it keeps: data
// lives in a block the stream reads into again.
func (t *fastTemplate) learn(data []byte, text [2]int, u *ArtifactUpdate, wantID string, shape fastShape) {
	t.ok = len(data)-(text[1]-text[0]) <= maxTemplate
	if !t.ok {
		return
	}
	t.wantID, t.shape = wantID, shape
	t.prefix = append(t.prefix[:0], data[:text[0]]...)
	t.suffix = append(t.suffix[:0], data[text[1]:]...)
	t.update = *u
	t.update.Artifact.Parts = nil
}

// reuse reads data when it is the template with another string as the
// text; ok=false otherwise.
func (t *fastTemplate) reuse(data []byte, wantID string, shape fastShape, last *fastStrings) (Event, bool) {
	if !t.ok || t.wantID != wantID || t.shape != shape ||
		len(data) < len(t.prefix)+len(t.suffix) || string(data[:len(t.prefix)]) != string(t.prefix) {
		return Event{}, false
	}
	r := fastReader{b: data, i: len(t.prefix), buf: last.buf}
	text := r.str(nil)
	if cap(r.buf) <= maxKeptScratch {
		last.buf = r.buf
	}
	if r.bad || string(data[r.i:]) != string(t.suffix) {
		return Event{}, false
	}
	c := &fastChunk{update: t.update}
	c.part[0] = Part{Kind: PartText, Text: text}
	c.update.Artifact.Parts = c.part[:]
	return Event{Artifact: &c.update}, true
}
