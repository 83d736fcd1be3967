package sessiontest

import (
	"bytes"
	"net/http"
)

// HeldAfterFirstArtifact serves h, but once a response has written its
// first artifact update, its later writes wait until the client goes
// away. A test that stops a conversation mid-stream then finds it
// mid-stream, however late the machine lets it see the first chunk: a
// paced agent alone could finish first under load.
func HeldAfterFirstArtifact(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&heldWriter{ResponseWriter: w, done: r.Context().Done()}, r)
	})
}

type heldWriter struct {
	http.ResponseWriter
	done <-chan struct{}
	held bool
}

func (w *heldWriter) Write(p []byte) (int, error) {
	if w.held {
		<-w.done
		return 0, http.ErrAbortHandler
	}
	if bytes.Contains(p, []byte(`"artifactUpdate"`)) || bytes.Contains(p, []byte(`"artifact-update"`)) {
		w.held = true
	}
	return w.ResponseWriter.Write(p)
}

func (w *heldWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
