package loopback

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"
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
