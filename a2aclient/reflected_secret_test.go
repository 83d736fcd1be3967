package a2aclient

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestAnErrorReplyNeverShowsTheCredentialSent: an agent that answers
// with an error quoting the credential parley sent (the card's fetch,
// a message) gets its words into parley's error, but not the
// credential, whether or not a wire log is kept.
func TestAnErrorReplyNeverShowsTheCredentialSent(t *testing.T) {
	const token = "S3cretToken-9f2c"
	for _, status := range []int{http.StatusInternalServerError, http.StatusUnauthorized, http.StatusBadRequest} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			w.Write([]byte(`{"error":{"message":"bad ` + r.Header.Get("Authorization") + ` and key ` + r.Header.Get("X-Api-Key") + `"}}`))
		}))
		h := http.Header{}
		h.Set("Authorization", "Bearer "+token)
		h.Set("X-Api-Key", token+"-key")
		_, err := Resolve(context.Background(), srv.URL, Options{Headers: h})
		srv.Close()
		if err == nil {
			t.Fatalf("HTTP %d: no error", status)
		}
		shown := err.Error()
		var ae *AuthError
		if errors.As(err, &ae) {
			shown = ae.Body // shown where a sign-in is asked for
		}
		if !strings.Contains(shown, "bad") {
			t.Errorf("HTTP %d: the agent's words are gone: %v", status, shown)
		}
		if strings.Contains(shown, token) {
			t.Errorf("HTTP %d: the error shows the credential: %v", status, shown)
		}
	}
}

// TestAJSONRPCErrorNeverShowsTheCredentialSent: the same for a JSON-RPC
// error object whose message quotes the credential.
func TestAJSONRPCErrorNeverShowsTheCredentialSent(t *testing.T) {
	const token = "S3cretToken-77ab"
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			w.Write([]byte(`{"name":"echo","protocolVersion":"0.3.0","version":"1","url":"` + srv.URL + `/rpc","preferredTransport":"JSONRPC","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`))
			return
		}
		var req struct{ ID json.RawMessage }
		json.NewDecoder(r.Body).Decode(&req)
		w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32001,"message":"no task for ` + r.Header.Get("Authorization") + `"}}`))
	}))
	defer srv.Close()
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	c, err := Resolve(context.Background(), srv.URL, Options{Headers: h})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Get(context.Background(), "t1", nil)
	if err == nil || !strings.Contains(err.Error(), "no task for Bearer") {
		t.Fatalf("Get = %v, want the agent's error with what it quoted", err)
	}
	if strings.Contains(err.Error(), token) {
		t.Errorf("the error shows the credential: %v", err)
	}
}
