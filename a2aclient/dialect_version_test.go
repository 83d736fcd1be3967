package a2aclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Every request of a dialect says the A2A-Version its row gives, and a
// dialect whose row gives none says none: a v1.0 server takes a request
// without it for v0.3's. Checked over HTTP for each dialect's GetTask,
// the one operation all of them have.
func TestEveryRequestSaysItsDialectsVersion(t *testing.T) {
	for _, d := range Dialects {
		f := facts(d)
		if f.version == "1.0" && f.versionHeader != "1.0" {
			t.Errorf("%s: v1.0 requests carry A2A-Version: 1.0 (the spec's service parameter), the row says %q", d, f.versionHeader)
		}
		if f.binding == BindingGRPC {
			continue // metadata: the gRPC tests' own
		}
		t.Run(string(d), func(t *testing.T) {
			var mu sync.Mutex
			var seen []string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				seen = append(seen, r.Header.Get("A2A-Version"))
				mu.Unlock()
				http.NotFound(w, r)
			}))
			defer srv.Close()
			c, err := Resolve(context.Background(), srv.URL, Options{Dialect: d, Retry: RetryPolicy{Tries: -1}})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_, _ = c.Get(ctx, "t1", nil)
			mu.Lock()
			defer mu.Unlock()
			if len(seen) == 0 {
				t.Fatal("no request reached the agent")
			}
			// The card fetch comes first and says nothing of a version.
			last := seen[len(seen)-1]
			if last != f.versionHeader {
				t.Errorf("GetTask said A2A-Version %q, want %q (the row's)", last, f.versionHeader)
			}
		})
	}
}
