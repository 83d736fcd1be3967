package loopback

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
)

func TestAnswerIsExactlyAsLongAsAsked(t *testing.T) {
	for _, n := range []int{64, 1000, 64 * 20000, 263 * 20000} {
		a := Answer(n)
		if len(a) != n || !strings.HasSuffix(a, "\n\n"+EndMarker+"\n") || !utf8.ValidString(a) {
			t.Fatalf("Answer(%d) is %d bytes, ends %q", n, len(a), a[max(len(a)-30, 0):])
		}
		if strings.Count(a, "```")%2 != 0 {
			t.Fatalf("Answer(%d) leaves a code block open", n)
		}
	}
}

// The server answers any request id without encoding anything, and the
// events carry the answer whole.
func TestStreamCarriesTheAnswerForAnyID(t *testing.T) {
	for _, d := range []Dialect{V03, V10} {
		s, err := Start(Options{Dialect: d, Chunks: 50, ChunkSize: 64})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{`"1"`, `"42"`, `7`} {
			req := bytes.Replace(s.StreamRequest(), []byte(`"id":"1"`), []byte(`"id":`+id), 1)
			resp, err := http.Post(s.URL+"/", "application/json", bytes.NewReader(req))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if got := bytes.Count(body, []byte("data: ")); got != 52 {
				t.Fatalf("%s id %s: %d events, want 52", d, id, got)
			}
			if got := bytes.Count(body, []byte(`"id":`+id+`,`)); got != 52 {
				t.Fatalf("%s id %s: %d events carry the id", d, id, got)
			}
			if resp.ContentLength != int64(len(body)) {
				t.Fatalf("%s id %s: Content-Length %d for %d bytes", d, id, resp.ContentLength, len(body))
			}
		}
		s.Close()
	}
}

// The multi-line form carries the same events as the one-line form: a
// client reading either gets the same updates, the same answer.
func TestMultiLineFormCarriesTheSameEvents(t *testing.T) {
	for _, d := range []Dialect{V03, V10} {
		var texts [2]string
		for i, form := range []Form{OneLine, MultiLine} {
			s, err := Start(Options{Dialect: d, Chunks: 30, ChunkSize: 64, Form: form})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			c, err := a2aclient.Resolve(ctx, s.URL, a2aclient.Options{})
			if err != nil {
				t.Fatal(err)
			}
			st, err := c.Stream(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart("go")}}})
			if err != nil {
				t.Fatal(err)
			}
			var text strings.Builder
			events := 0
			for {
				ev, err := st.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s %s: %v", d, form, err)
				}
				events++
				if ev.Artifact != nil {
					for _, p := range ev.Artifact.Artifact.Parts {
						text.WriteString(p.Text)
					}
				}
			}
			s.Close()
			if events != 32 {
				t.Fatalf("%s %s: %d events, want 32", d, form, events)
			}
			texts[i] = text.String()
			if form == MultiLine && !bytes.Contains(s.StreamBody(), []byte("\r\n: chunk 2\r\nevent: message\r\nid: 2\r\ndata: {\r\ndata:   \"jsonrpc\": \"2.0\",\r\n")) {
				t.Fatalf("%s: the multi-line form is not framed as it says: %q", d, s.StreamBody()[:300])
			}
		}
		if texts[0] != texts[1] || !strings.HasSuffix(texts[0], EndMarker+"\n") {
			t.Fatalf("%s: one-line answer %d bytes, multi-line %d", d, len(texts[0]), len(texts[1]))
		}
	}
}

// An interleaved answer streams each artifact a chunk in turn, and each
// artifact's chunks join into its own text, unlike the others'.
func TestInterleavedArtifactsTakeTurns(t *testing.T) {
	for _, d := range []Dialect{V03, V10} {
		s, err := Start(Options{Dialect: d, Chunks: 20, ChunkSize: 64, Interleave: 3})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		c, err := a2aclient.Resolve(ctx, s.URL, a2aclient.Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := c.Stream(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart("go")}}})
		if err != nil {
			t.Fatal(err)
		}
		texts := map[string]string{}
		var order []string
		for {
			ev, err := st.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			if a := ev.Artifact; a != nil {
				order = append(order, a.Artifact.ID)
				for _, p := range a.Artifact.Parts {
					texts[a.Artifact.ID] += p.Text
				}
				if last := len(texts[a.Artifact.ID]) == 20*64; a.LastChunk != last || a.Append == (len(texts[a.Artifact.ID]) == 64) {
					t.Fatalf("%s: chunk of %s ending at %d: append %v, last %v", d, a.Artifact.ID, len(texts[a.Artifact.ID]), a.Append, a.LastChunk)
				}
			}
		}
		s.Close()
		if len(order) != 60 || order[0] != InterleavedID(0) || order[1] != InterleavedID(1) || order[2] != InterleavedID(2) || order[3] != InterleavedID(0) {
			t.Fatalf("%s: %d chunks, in the order %.4v", d, len(order), order)
		}
		joined := ""
		for k := range 3 {
			if got := texts[InterleavedID(k)]; got != s.Answers[k] || got != InterleavedAnswer(k, 20*64) || !strings.HasSuffix(got, EndMarker+"\n") {
				t.Fatalf("%s: artifact %d carried %d bytes, not its answer", d, k, len(got))
			}
			joined += s.Answers[k]
		}
		if s.Answers[0] == s.Answers[1] || s.Answer != joined {
			t.Fatalf("%s: the artifacts' answers are alike, or Answer is not them joined", d)
		}
	}
}
