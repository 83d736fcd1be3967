package a2aclient

// The fast path for streamed text. A long answer arrives as thousands of
// artifact-update events of one plain shape; reading each through the
// JSON-RPC envelope, the kind sniffing and the lenient decoders scanned it
// about eight times. fastArtifactUpdate reads that one shape in one pass
// and yields exactly the Event the general path would; anything else
// (another kind, an extra field, a number, metadata, a part that is not
// text) returns ok=false and the event goes the general way. The tests
// check the two paths agree on every input the fast one accepts.

// fastShape is which dialect's artifact update to recognize.
type fastShape int

const (
	// fastKind is v0.2/v0.3 JSON-RPC: {"kind":"artifact-update",…} with
	// parts {"kind":"text","text":…}.
	fastKind fastShape = iota
	// fastV10 is v1.0 JSON-RPC: {"artifactUpdate":{…}} with parts
	// {"text":…}.
	fastV10
)

// fastStrings is what a stream's fast path keeps from event to event:
// the last ids seen, reused while they repeat, so that a chunk allocates
// its text and little else; the unescaping scratch; the last chunk, to
// read the next one against (fasttemplate.go).
type fastStrings struct {
	taskID, contextID, artifactID, name, description string
	// Fixed words, compared without allocating.
	id, jsonrpc, kind, partKind string
	buf                         []byte
	chunk                       fastTemplate
}

// maxKeptScratch bounds the unescaping scratch a stream keeps: one huge
// escaped text must not hold its size for the rest of the stream.
const maxKeptScratch = 64 << 10

// fastChunk is an update with room for the one text part a chunk
// usually has, so that the two are one allocation.
type fastChunk struct {
	update ArtifactUpdate
	part   [1]Part
}

// fastArtifactUpdate reads one JSON-RPC response payload holding a text
// artifact update for request wantID.
func fastArtifactUpdate(data []byte, wantID string, shape fastShape, last *fastStrings) (Event, bool) {
	if ev, ok := last.chunk.reuse(data, wantID, shape, last); ok {
		return ev, true
	}
	r := fastReader{b: data, buf: last.buf}
	var u *ArtifactUpdate
	var seen uint32
	r.object(func(key []byte) {
		switch string(key) {
		case "jsonrpc":
			if r.member(&seen, 1, &last.jsonrpc) != "2.0" {
				r.fail()
			}
		case "id":
			if r.member(&seen, 2, &last.id) != wantID {
				r.fail() // numbers, null and other ids: the general path says
			}
		case "result":
			r.once(&seen, 4)
			if shape == fastV10 {
				r.object(func(key []byte) {
					if string(key) != "artifactUpdate" {
						r.fail()
						return
					}
					u = r.update(shape, last)
				})
			} else {
				u = r.update(shape, last)
			}
		default:
			r.fail()
		}
	})
	r.end()
	if cap(r.buf) <= maxKeptScratch {
		last.buf = r.buf
	}
	if r.bad || u == nil {
		return Event{}, false
	}
	if len(u.Artifact.Parts) == 1 {
		last.chunk.learn(data, r.text, u, wantID, shape)
	}
	return Event{Artifact: u}, true
}

// update reads the artifact update object itself.
func (r *fastReader) update(shape fastShape, last *fastStrings) *ArtifactUpdate {
	c := &fastChunk{}
	u := &c.update
	var seen uint32
	hasArtifact := false
	r.object(func(key []byte) {
		switch string(key) {
		case "kind":
			r.once(&seen, 1)
			r.kind(shape, &last.kind, "artifact-update")
		case "taskId":
			u.TaskID = r.member(&seen, 2, &last.taskID)
		case "contextId":
			u.ContextID = r.member(&seen, 4, &last.contextID)
		case "artifact":
			r.once(&seen, 8)
			hasArtifact = true
			r.artifact(&u.Artifact, c.part[:0:1], shape, last)
		case "append":
			r.once(&seen, 16)
			u.Append = r.boolean()
		case "lastChunk":
			r.once(&seen, 32)
			u.LastChunk = r.boolean()
		default:
			r.fail()
		}
	})
	// The general path infers a kind-less object's kind, and gives an
	// artifact without an id a made-up one: leave those to it.
	if shape == fastKind && seen&1 == 0 || !hasArtifact || u.Artifact.ID == "" {
		r.fail()
	}
	return u
}

// artifact reads the artifact; its parts go in room while they fit.
func (r *fastReader) artifact(a *Artifact, room []Part, shape fastShape, last *fastStrings) {
	var seen uint32
	r.object(func(key []byte) {
		switch string(key) {
		case "artifactId":
			a.ID = r.member(&seen, 1, &last.artifactID)
		case "name":
			a.Name = r.member(&seen, 2, &last.name)
		case "description":
			a.Description = r.member(&seen, 4, &last.description)
		case "parts":
			r.once(&seen, 8)
			r.array(func() {
				if a.Parts == nil {
					a.Parts = room // an empty list stays nil, as the general path leaves it
				}
				a.Parts = append(a.Parts, Part{Kind: PartText, Text: r.textPart(shape, last)})
			})
		default:
			r.fail()
		}
	})
}

// member reads a string member, which may appear once (bit in seen), as
// str does: the same as last allocates nothing.
func (r *fastReader) member(seen *uint32, bit uint32, last *string) string {
	r.once(seen, bit)
	return r.str(last)
}

// kind reads a "kind" member, which only the v0.3 shape has, and fails
// unless it names want.
func (r *fastReader) kind(shape fastShape, last *string, want string) {
	if shape != fastKind || r.str(last) != want {
		r.fail()
	}
}

// textPart reads {"kind":"text","text":…} (v0.3) or {"text":…} (v1.0).
func (r *fastReader) textPart(shape fastShape, last *fastStrings) string {
	var text string
	var seen uint32
	r.object(func(key []byte) {
		switch string(key) {
		case "kind":
			r.once(&seen, 1)
			r.kind(shape, &last.partKind, "text")
		case "text":
			r.once(&seen, 2)
			r.space()
			from := r.i
			text = r.str(nil)
			r.text = [2]int{from, r.i}
		default:
			r.fail()
		}
	})
	if seen&2 == 0 {
		r.fail()
	}
	return text
}
