package oauthtest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
)

// Misbehaviour makes the server answer as a hostile or broken one would.
// Each field named in Device or Token replaces, as raw JSON ("-1",
// "1e30", `"7"`, "null"), the field of that name in the device
// authorization answer or in every token the server issues.
type Misbehaviour struct {
	Device map[string]string
	Token  map[string]string
	// TokenForm sends tokens form-encoded, as some servers do; Token's
	// values are then written as they are, without JSON's quotes.
	TokenForm bool
}

// Misbehave makes the server answer as m says from now on.
func (p *Server) Misbehave(m Misbehaviour) {
	p.mu.Lock()
	p.mis = m
	p.mu.Unlock()
}

func (p *Server) misbehaviour() Misbehaviour {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.mis
}

// withFields is v, a JSON object, with the fields of over replacing its own.
func withFields(v any, over map[string]string) map[string]json.RawMessage {
	raw, _ := json.Marshal(v)
	out := map[string]json.RawMessage{}
	_ = json.Unmarshal(raw, &out)
	for k, val := range over {
		out[k] = json.RawMessage(val)
	}
	return out
}

// writeToken writes a token answer (v), changed as the misbehaviour says.
func (p *Server) writeToken(w http.ResponseWriter, v any) {
	m := p.misbehaviour()
	fields := withFields(v, m.Token)
	if !m.TokenForm {
		writeJSON(w, http.StatusOK, fields)
		return
	}
	form := url.Values{}
	for k, raw := range fields {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			s = string(raw)
		}
		form.Set(k, s)
	}
	w.Header().Set("Content-Type", "application/x-www-form-urlencoded")
	_, _ = w.Write([]byte(form.Encode()))
}

// misbehavingTokens runs h, go-oauth2's token endpoint, and rewrites the
// token it issues as the misbehaviour says; errors go out as they are.
func (p *Server) misbehavingTokens(w http.ResponseWriter, r *http.Request, h func(http.ResponseWriter, *http.Request)) {
	m := p.misbehaviour()
	if len(m.Token) == 0 && !m.TokenForm {
		h(w, r)
		return
	}
	rec := httptest.NewRecorder()
	h(rec, r)
	var tok map[string]any
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") ||
		json.NewDecoder(bytes.NewReader(rec.Body.Bytes())).Decode(&tok) != nil {
		for k, vs := range rec.Header() {
			w.Header()[k] = vs
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
		return
	}
	p.writeToken(w, tok)
}
