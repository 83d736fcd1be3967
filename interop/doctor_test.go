package interop

import (
	"strings"
	"testing"
)

// parley doctor passes against a2a-go's servers on every binding they
// serve: each peer's card and every interface it declares, with a
// message whose task streams an artifact in chunks.
func TestDoctorPeers(t *testing.T) {
	t.Parallel()
	targets := append(clTargets(t), clV03OnlyTargets(t)...)
	for _, tg := range targets {
		if tg.Force {
			continue // the peer's other bindings: its card lists them, one run checks them all
		}
		t.Run(tg.Name, func(t *testing.T) {
			r := newCLCLI(t, tg).run("doctor", tg.Peer.BaseURL, "--message", scenarioStream)
			if r.code != clExitOK || strings.Contains(r.stdout, "✗") {
				t.Fatalf("exit code %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			for _, want := range []string{"✓ card ", "✓ binding        " + tg.Endpoint, "✓ errors         " + tg.Endpoint, "✓ round trip", "✓ artifacts      " + tg.Endpoint} {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("no %q in\n%s", want, r.stdout)
				}
			}
			t.Logf("\n%s", r.stdout)
		})
	}
}

// parley doctor's push check against a2a-go with a push sender: a config
// is created on every binding, and a notification reaches parley's
// loopback receiver with its token.
func TestDoctorPushPeer(t *testing.T) {
	t.Parallel()
	tg := clTargetsOf(startGoV2Push(t))[0]
	r := newCLCLI(t, tg).run("doctor", tg.Peer.BaseURL, "--message", scenarioStream, "--header", "Authorization: Bearer "+clToken)
	t.Logf("\n%s", r.stdout)
	if r.code != clExitOK || strings.Contains(r.stdout, "✗") {
		t.Fatalf("exit code %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if n := strings.Count(r.stdout, "✓ push "); n < 5 {
		t.Errorf("push passed on %d interfaces, want every one of the 5", n)
	}
}
