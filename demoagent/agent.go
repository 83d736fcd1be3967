package demoagent

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// Options tune the demo agent's pacing and name.
type Options struct {
	ChunkDelay time.Duration // pause between streamed chunks; 0 = none (tests). The CLI uses ~40ms.
	StepDelay  time.Duration // pause between status steps (working → ...); 0 = none
	Name       string        // default "parley demo"
}

// Agent is the scripted demo agent. It is safe for concurrent use.
type Agent struct {
	opts  Options
	store *store
	// life bounds the goroutines that run tasks; Serve cancels it on exit.
	life context.Context
	stop context.CancelFunc
	// signer signs the v0.3 and v1.0 cards (sign.go).
	signer *cardSigner
	// servesGRPC is set by Serve, which routes gRPC calls on its port:
	// only then does the root card offer the gRPC interface (Handler
	// alone serves HTTP, and a card must not name what is not there).
	servesGRPC atomic.Bool
}

// New returns a demo agent.
func New(opts Options) *Agent {
	if opts.Name == "" {
		opts.Name = "parley demo"
	}
	life, stop := context.WithCancel(context.Background())
	return &Agent{opts: opts, store: newStore(), life: life, stop: stop, signer: newCardSigner()}
}

// Handler serves every dialect; see the package documentation for paths.
func (a *Agent) Handler() http.Handler {
	mux := http.NewServeMux()
	root := func(w http.ResponseWriter, r *http.Request) {
		if !allowMethods(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		base := baseURL(r)
		writeJSON(w, http.StatusOK, a.signed(a.rootCard(base), base))
	}
	mux.HandleFunc("/.well-known/agent-card.json", root)
	mux.HandleFunc("/.well-known/agent.json", root)
	mux.HandleFunc(jwksPath, a.serveJWKS)
	mux.Handle(prefixV01+"/", a.v01Handler())
	mux.Handle(prefixV02+"/", a.v02Handler())
	mux.Handle(prefixV03+"/", a.v03Handler())
	mux.Handle(prefixV10+"/", a.v10Handler())
	mux.Handle(prefixGateway+"/", a.gatewayHandler())
	mux.Handle(prefixSecure+"/", a.secureHandler())
	mux.HandleFunc(prefixGRPC+"/.well-known/agent-card.json", serveCard(func(base string) any { return a.signed(a.grpcCardOf(base, false), base) }))
	mux.HandleFunc("/demo-auth", demoAuthPage)
	mux.HandleFunc("/", a.index)
	return recoverer(echoExtensions(mux))
}

// Serve listens on addr (e.g. "127.0.0.1:0"), serves in the background until
// ctx is done, and returns the server's base URL.
func (a *Agent) Serve(ctx context.Context, addr string) (string, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("demo agent: listen on %s: %w", addr, err)
	}
	// gRPC shares the port: HTTP/2 without TLS is accepted for it, and
	// its calls go to the gRPC server.
	gs, h := a.newGRPCServer(), a.Handler()
	a.servesGRPC.Store(true)
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Protocols: new(http.Protocols),
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isGRPC(r) {
				gs.ServeHTTP(w, r)
				return
			}
			h.ServeHTTP(w, r)
		})}
	srv.Protocols.SetHTTP1(true)
	srv.Protocols.SetUnencryptedHTTP2(true)
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.stop()
		}
	}()
	go func() {
		<-ctx.Done()
		a.stop()
		gs.Stop()
		// Streams end once their tasks stop; Close cuts whatever lingers.
		sctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if srv.Shutdown(sctx) != nil {
			_ = srv.Close()
		}
	}()
	return "http://" + ln.Addr().String(), nil
}

// baseURL is the absolute URL clients reached us at, so cards work behind
// a proxy and on whatever port the test server picked.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if p := r.Header.Get("X-Forwarded-Proto"); p != "" {
		p = strings.ToLower(strings.TrimSpace(strings.Split(p, ",")[0]))
		if p == "http" || p == "https" {
			scheme = p
		}
	}
	host := r.Host
	if host == "" || strings.ContainsAny(host, "/\\ \"<>") {
		host = "127.0.0.1"
	}
	return scheme + "://" + host
}

func recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				// Headers may be gone already; this is a best-effort backstop.
				writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error in the demo agent"})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// index tells a person with a browser where things are.
func (a *Agent) index(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "not found: " + r.URL.Path})
		return
	}
	b := baseURL(r)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, `%s: an A2A demo agent served in every dialect.

  %[2]s/.well-known/agent-card.json   v1.0 card (JSON-RPC and HTTP+JSON, v1.0 and v0.3)
  %[2]s/v0.1/.well-known/agent.json   v0.1 JSON-RPC
  %[2]s/v0.2/.well-known/agent.json   v0.2.5 JSON-RPC
  %[2]s/v0.3/.well-known/agent-card.json   v0.3 JSON-RPC and HTTP+JSON
  %[2]s/v1.0/.well-known/agent-card.json   v1.0 JSON-RPC and HTTP+JSON
  %[2]s/gateway/.well-known/agent-card.json   gateway REST dialect
  %[2]s/secure/.well-known/agent-card.json   v0.3 JSON-RPC behind Bearer demo-token or X-API-Key demo-key
  %[2]s/grpc/.well-known/agent-card.json   v1.0 gRPC (lf.a2a.v1.A2AService) on this port
`, a.opts.Name, b)
}

func demoAuthPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, `<!doctype html><title>parley demo sign-in</title>
<p>This is the demo agent's pretend sign-in page. You are now "signed in":
go back to parley and send any message to continue the task.</p>
`)
}
