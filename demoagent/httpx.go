package demoagent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
)

// maxBody bounds request bodies; file parts arrive base64-encoded inline.
const maxBody = 8 << 20

// marshal encodes without HTML escaping, so Markdown like "a < b" reads the
// same on the wire as in the answer.
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only our own values reach here; a failure is a bug, reported as JSON.
		return []byte(`{"error":"encoding failed"}`)
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	writeJSONType(w, code, "application/json", v)
}

func writeJSONType(w http.ResponseWriter, code int, contentType string, v any) {
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(code)
	_, _ = w.Write(marshal(v))
	_, _ = w.Write([]byte("\n"))
}

// allowMethods answers 405 (with Allow) unless r uses one of methods.
func allowMethods(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	if slices.Contains(methods, r.Method) {
		return true
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "method " + r.Method + " not allowed; use " + strings.Join(methods, " or ")})
	return false
}

var errTooLarge = errors.New("request body over 8 MiB")

func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err == nil && len(b) > maxBody {
		err = errTooLarge
	}
	return b, err
}

// serveCard answers GET/HEAD with a card built for the request's base URL.
func serveCard(card func(base string) any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !allowMethods(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		writeJSON(w, http.StatusOK, card(baseURL(r)))
	}
}
