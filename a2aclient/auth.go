package a2aclient

import (
	"fmt"
	"net/http"
	"strings"
)

// Authenticator adds credentials to an outgoing request and says which
// header and query names it set, so that redirects to another origin and
// the wire view can remove them. Sign-in flows (OAuth and the like)
// implement it too.
type Authenticator interface {
	Apply(r *http.Request) (Applied, error)
}

// Applied names the headers and query parameters that carry a secret.
type Applied struct {
	Headers []string
	Query   []string
}

// BearerToken sends "Authorization: Bearer <token>".
type BearerToken struct{ Token string }

func (b BearerToken) Apply(r *http.Request) (Applied, error) {
	if b.Token == "" {
		return Applied{}, fmt.Errorf("the bearer token is empty")
	}
	r.Header.Set("Authorization", "Bearer "+b.Token)
	return Applied{Headers: []string{"Authorization"}}, nil
}

// BasicAuth sends HTTP basic credentials.
type BasicAuth struct{ Username, Password string }

func (b BasicAuth) Apply(r *http.Request) (Applied, error) {
	r.SetBasicAuth(b.Username, b.Password)
	return Applied{Headers: []string{"Authorization"}}, nil
}

// APIKey sends a key in a header, a query parameter or a cookie, as the
// agent's apiKey security scheme says.
type APIKey struct {
	In    string // "header" (default), "query" or "cookie"
	Name  string
	Value string
}

func (k APIKey) Apply(r *http.Request) (Applied, error) {
	if k.Name == "" {
		return Applied{}, fmt.Errorf("the API key has no parameter name")
	}
	switch strings.ToLower(k.In) {
	case "", "header":
		r.Header.Set(k.Name, k.Value)
		return Applied{Headers: []string{k.Name}}, nil
	case "query":
		q := r.URL.Query()
		q.Set(k.Name, k.Value)
		r.URL.RawQuery = q.Encode()
		return Applied{Query: []string{k.Name}}, nil
	case "cookie":
		r.AddCookie(&http.Cookie{Name: k.Name, Value: k.Value})
		return Applied{Headers: []string{"Cookie"}}, nil
	}
	return Applied{}, fmt.Errorf("unknown API key location %q (want header, query or cookie)", k.In)
}
