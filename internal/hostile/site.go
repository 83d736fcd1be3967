package hostile

import (
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"time"
)

// Site is a web site for the trust tests: documents at paths the test
// sets (cards that point elsewhere, redirects, 404s, oversize cards), a
// healthy v0.3 JSON-RPC agent at /rpc, and a record of every request
// with its headers and whether it presented a client certificate. Two
// sites on two loopback ports are two origins, which is all a "foreign
// origin" is in a test.
type Site struct {
	*httptest.Server

	mu   sync.Mutex
	docs map[string]Doc
	reqs []Request
}

// Doc is what a Site answers at one path.
type Doc struct {
	Status   int    // default 200
	Body     string // served as JSON
	Location string // with a 3xx Status: where to
}

// NewSite starts a site on 127.0.0.1 over plain HTTP.
func NewSite() *Site {
	s := &Site{docs: map[string]Doc{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// NewSiteOn starts a site on addr ("[::1]:0" for the other loopback
// family, which is another origin than 127.0.0.1 on any port).
func NewSiteOn(addr string) (*Site, error) {
	s := &Site{docs: map[string]Doc{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	l, err := listen(addr)
	if err != nil {
		return nil, err
	}
	s.Listener.Close()
	s.Listener = l
	s.Start()
	return s, nil
}

// NewSiteTLS starts a site over HTTPS that asks every client for a
// certificate (and accepts any), so a test can see who presents one.
func NewSiteTLS() *Site {
	s := &Site{docs: map[string]Doc{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.TLS = &tls.Config{ClientAuth: tls.RequestClientCert}
	s.StartTLS()
	return s
}

// Set serves doc at path.
func (s *Site) Set(path string, doc Doc) {
	s.mu.Lock()
	s.docs[path] = doc
	s.mu.Unlock()
}

// SetCard serves at path a v0.3 card named name whose endpoint is
// endpoint ("" for this site's /rpc).
func (s *Site) SetCard(path, name, endpoint string) {
	s.Set(path, Doc{Body: CardJSON(name, endpoint, 0)})
}

// CardJSON is a v0.3 card named name with its endpoint, padded with pad
// bytes of description (to make a card over a size cap).
func CardJSON(name, endpoint string, pad int) string {
	card := map[string]any{
		"name": name, "description": "d" + strings.Repeat(" ", pad), "version": "1",
		"protocolVersion": "0.3.0", "url": endpoint, "preferredTransport": "JSONRPC",
		"capabilities":      map[string]any{"streaming": true, "extendedAgentCard": false},
		"defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
		"skills": []any{map[string]any{"id": "s", "name": "answer", "description": "d", "tags": []string{"t"}}},
	}
	b, _ := json.Marshal(card)
	return string(b)
}

// FallbackCardJSON is a v0.3 card whose endpoint is first and whose
// additional interfaces add second, spoken in transport ("JSONRPC",
// "HTTP+JSON"): the card parley's dialect fallback moves along.
func FallbackCardJSON(name, first, second, transport string) string {
	card := map[string]any{
		"name": name, "description": "d", "version": "1",
		"protocolVersion": "0.3.0", "url": first, "preferredTransport": "JSONRPC",
		"additionalInterfaces": []any{
			map[string]any{"url": first, "transport": "JSONRPC"},
			map[string]any{"url": second, "transport": transport},
		},
		"capabilities":      map[string]any{"streaming": false},
		"defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
		"skills": []any{map[string]any{"id": "s", "name": "answer", "description": "d", "tags": []string{"t"}}},
	}
	b, _ := json.Marshal(card)
	return string(b)
}

// Requests returns what the site has seen so far.
func (s *Site) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Leaks lists, one line each, the requests that carried any of these
// secrets in a header, the query or a cookie, or presented a client
// certificate: what a foreign origin must never get.
func (s *Site) Leaks(secrets ...string) []string {
	var out []string
	for _, r := range s.Requests() {
		if r.ClientCert {
			out = append(out, fmt.Sprintf("%s %s presented the client certificate", r.Method, r.Path))
		}
		for _, sec := range secrets {
			if strings.Contains(r.Query, sec) {
				out = append(out, fmt.Sprintf("%s %s carried %q in the query", r.Method, r.Path, sec))
			}
			for name, vs := range r.Header {
				for _, v := range vs {
					if strings.Contains(v, sec) {
						out = append(out, fmt.Sprintf("%s %s carried %q in %s", r.Method, r.Path, sec, name))
					}
				}
			}
		}
	}
	return out
}

func (s *Site) serve(w http.ResponseWriter, r *http.Request) {
	rec := Request{Time: time.Now(), Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Query: r.URL.RawQuery,
		ClientCert: r.TLS != nil && len(r.TLS.PeerCertificates) > 0}
	var call rpcCall
	if r.Method == http.MethodPost {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		_ = json.Unmarshal(body, &call)
		rec.RPC = call.Method
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, rec)
	doc, ok := s.docs[r.URL.Path]
	s.mu.Unlock()
	if call.ID == nil {
		call.ID = json.RawMessage("null")
	}
	switch {
	case ok && doc.Location != "":
		status := doc.Status
		if status == 0 {
			status = http.StatusTemporaryRedirect
		}
		http.Redirect(w, r, doc.Location, status)
	case ok:
		w.Header().Set("Content-Type", "application/json")
		if doc.Status != 0 {
			w.WriteHeader(doc.Status)
		}
		_, _ = io.WriteString(w, doc.Body)
	case r.Method == http.MethodPost && r.URL.Path == "/rpc":
		healthy(w, call)
	default:
		http.NotFound(w, r)
	}
}

func listen(addr string) (net.Listener, error) { return net.Listen("tcp", addr) }
