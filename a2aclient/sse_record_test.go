package a2aclient

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// VoltAgent (and any server writing JSON text sequences, RFC 7464) puts
// the record separator U+001E before each JSON text on a data line. The
// payloads come out as the JSON alone, however the separator falls
// (with or without the space after "data:", split across writes); a
// separator anywhere but at the start is left for the decoder to refuse.
func TestPayloadStreamDropsLeadingRecordSeparator(t *testing.T) {
	body := "data: \x1e{\"n\":1}\n\n" +
		"data:\x1e{\"n\":2}\r\n\r\n" +
		"data: \x1e\x1e {\"n\":3}\n\n" +
		"data: \x1e\n\n" + // a separator and nothing else: an empty event
		"data: {\"n\":\x1e4}\n\n"
	want := []string{`{"n":1}`, `{"n":2}`, `{"n":3}`, "{\"n\":\x1e4}"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; i < len(body); i += 5 {
			w.Write([]byte(body[i:min(i+5, len(body))]))
			w.(http.Flusher).Flush()
		}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ps, _, err := newTransport(Options{}).openStream(ctx, request{op: "stream", method: http.MethodGet, url: srv.URL}, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ps.close()
	var got []string
	for {
		data, err := ps.nextPayload()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(data))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("payloads %q, want %q", got, want)
	}
}
