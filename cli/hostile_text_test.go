package cli

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Everything a hostile agent writes — card fields, status messages,
// artifact names, text, file names and types, data keys and values,
// error pages — reaches stdout and stderr without a control sequence,
// and still readable.
func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Hostile, Methods: []string{"card", "message/stream", "message/send", "tasks/get"}})
	t.Cleanup(srv.Close)
	failing := hostile.Serve(hostile.Fault{Mode: hostile.Status, Status: 500, ContentType: "text/html", Body: "<h1>" + hostile.Evil + "</h1>"})
	t.Cleanup(failing.Close)
	e := newEnv(t)
	for _, args := range [][]string{
		{"card", srv.URL}, {"card", srv.URL, "--json"},
		{"send", srv.URL, "hi"}, {"send", srv.URL, "hi", "--json"}, {"send", srv.URL, "hi", "--no-stream"},
		{"send", failing.URL, "hi"},
	} {
		r := e.run(args...)
		for _, out := range []string{r.stdout, r.stderr} {
			for _, c := range hostile.Controls {
				if strings.Contains(out, c) {
					t.Errorf("%q writes %q:\n%q", args, c, out)
				}
			}
		}
		want := hostile.EvilPlain
		if strings.Contains(strings.Join(args, " "), "--json") {
			want = "A" // JSON keeps what was sent, escaped: \u001b is text, not a control
		}
		if !strings.Contains(r.stdout+r.stderr, want) {
			t.Errorf("%q lost the agent's text:\n%s%s", args, r.stdout, r.stderr)
		}
		if args[1] == failing.URL && (r.code != exitError || !strings.Contains(r.stderr, "HTTP 500")) {
			t.Errorf("the error page: exit %d, %q", r.code, r.stderr)
		}
	}
}
