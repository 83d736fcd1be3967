// Command redteam-agent serves the misbehaving agents of scripts/redteam.sh
// on two loopback origins, A and B, until it is stopped, and prints
// "A=URL B=URL" on its first line. Each origin answers GET /_seen with the
// requests it has had, one line each: method, path, query, then every
// header as name=value, so the script can look for a credential where it
// must not be.
//
// On A:
//
//	/foreign/.well-known/agent-card.json    a card whose endpoint is B's /rpc
//	/fallback/.well-known/agent-card.json   a card whose endpoint /fallback/rpc answers 404 and whose additional interface is B's /rpc
//	/redirect/.well-known/agent-card.json   a redirect to B's card, whose endpoint is relative
//	/.well-known/agent-card.json            the root card: another agent than /team/bot's
//	/oversize/.well-known/agent-card.json   a card over the 1 MiB cap
//	/invalid/.well-known/agent-card.json    a card that is not JSON
//	/rpc                                    a healthy v0.3 JSON-RPC agent
//	/devneg/.well-known/agent-card.json     an OAuth device sign-in whose device endpoint (/devneg/device)
//	                                        answers interval -1 and whose token endpoint is always pending
//	/evilauth/.well-known/agent-card.json   an OAuth browser sign-in whose authorizationUrl holds OSC 52,
//	                                        OSC 0, CSI 2J, BEL and U+202E
//
// On B: /.well-known/agent-card.json (endpoint /rpc) and /rpc.
package main

import (
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/parley-a2a/parley/internal/hostile"
)

func main() {
	a, b := hostile.NewSite(), hostile.NewSite()
	defer a.Close()
	defer b.Close()
	a.SetCard("/foreign/.well-known/agent-card.json", "Foreign", b.URL+"/rpc")
	a.Set("/fallback/.well-known/agent-card.json", hostile.Doc{Body: hostile.FallbackCardJSON("Fallback", a.URL+"/fallback/rpc", b.URL+"/rpc", "JSONRPC")})
	a.Set("/redirect/.well-known/agent-card.json", hostile.Doc{Location: b.URL + "/.well-known/agent-card.json"})
	a.SetCard("/.well-known/agent-card.json", "Root", a.URL+"/rpc")
	a.Set("/oversize/.well-known/agent-card.json", hostile.Doc{Body: hostile.CardJSON("Oversize", a.URL+"/rpc", 2<<20)})
	a.Set("/invalid/.well-known/agent-card.json", hostile.Doc{Body: "{name: invalid"})
	b.SetCard("/.well-known/agent-card.json", "B", "/rpc")
	a.Set("/devneg/.well-known/agent-card.json", hostile.Doc{Body: hostile.OAuthCardJSON("DevNeg", a.URL+"/devneg/rpc", map[string]any{
		"deviceCode": map[string]any{"deviceAuthorizationUrl": a.URL + "/devneg/device", "tokenUrl": a.URL + "/devneg/token", "scopes": map[string]string{}},
	})})
	a.Set("/devneg/device", hostile.Doc{Body: `{"device_code":"d","user_code":"RT-CODE","verification_uri":"` + a.URL + `/activate","expires_in":600,"interval":-1}`})
	a.Set("/devneg/token", hostile.Doc{Status: 400, Body: `{"error":"authorization_pending"}`})
	evil := "\x1b]52;c;cHduZWQ=\x07\x1b]0;pwned\x07\x1b[2J\u202egpj.exe"
	a.Set("/evilauth/.well-known/agent-card.json", hostile.Doc{Body: hostile.OAuthCardJSON("EvilAuth", a.URL+"/evilauth/rpc", map[string]any{
		"authorizationCode": map[string]any{"authorizationUrl": a.URL + "/evilauth/authorize" + evil, "tokenUrl": a.URL + "/evilauth/token", "scopes": map[string]string{}},
	})})

	// /_seen is served by a wrapper so that it is not itself recorded.
	for _, s := range []*hostile.Site{a, b} {
		inner := s.Config.Handler
		site := s
		var mu sync.Mutex
		s.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/_seen" {
				inner.ServeHTTP(w, r)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			for _, req := range site.Requests() {
				var hs []string
				for name, vs := range req.Header {
					hs = append(hs, name+"="+strings.Join(vs, ","))
				}
				sort.Strings(hs)
				fmt.Fprintf(w, "%s %s ?%s %s\n", req.Method, req.Path, req.Query, strings.Join(hs, " "))
			}
		})
	}
	fmt.Printf("A=%s B=%s\n", a.URL, b.URL)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}
