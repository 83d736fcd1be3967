package a2aclient

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// An HTML error page is summarised by its heading or its title, and any
// error body is cut to one short line.
func TestHostileErrorBodiesAreOneShortLine(t *testing.T) {
	filler := strings.Repeat("<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>", 200)
	for _, tc := range []struct {
		name, contentType, body, want string
	}{
		{"nginx", "text/html", "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
			"502 Bad Gateway nginx"},
		{"title only", "text/html", "<!DOCTYPE html><html><head><title>Service Unavailable</title><script>var x='<h1>no</h1>'</script></head><body>" + filler + "</body></html>",
			"Service Unavailable"},
		{"app page", "text/html", "<!doctype html><html><head><title>Acme</title><style>h1{}</style></head><body><nav>Home About</nav><h2>Sorry, something broke</h2>" + filler,
			"Sorry, something broke"},
		{"html without a type", "", "<html><body><h1>Gateway Timeout</h1></body></html>", "Gateway Timeout"},
		{"long text", "text/plain", strings.Repeat("word ", 500), "word word"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := hostile.Serve(hostile.Fault{Mode: hostile.Status, Status: 500, ContentType: tc.contentType, Body: tc.body})
			t.Cleanup(srv.Close)
			c := hostileClient(t, srv, Options{})
			_, err := c.Send(hostileCtx(t), sayHi)
			oneCleanLine(t, err, "HTTP 500", tc.want)
			he, ok := err.(*HTTPError)
			if !ok {
				t.Fatalf("want an HTTPError, got %T %v", err, err)
			}
			if n := len([]rune(he.Body)); n > maxExcerpt {
				t.Errorf("the body excerpt is %d characters: %q", n, he.Body)
			}
			for _, bad := range []string{"<", "no</h1>", "Home About"} {
				if strings.Contains(he.Body, bad) {
					t.Errorf("the excerpt shows %q: %q", bad, he.Body)
				}
			}
			if strings.Count(he.Body, "Lorem") > 1 {
				t.Errorf("the excerpt runs on past the heading: %q", he.Body)
			}
		})
	}
}
