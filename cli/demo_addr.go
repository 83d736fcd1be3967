package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"syscall"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/termsafe"
)

// checkListenAddr refuses an --addr the demo agent cannot listen on for
// its shape alone (no port, a port that is no number or service name),
// in one sentence saying what to give instead of the listener's error.
func checkListenAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err == nil {
		_, err = net.LookupPort("tcp", port)
	}
	if err != nil {
		return inputf("--addr %s is not an address to listen on: give host:port, e.g. %s", addr, defaultDemoAddr)
	}
	return nil
}

// boundHost is the host of the base URL the demo agent serves at, the
// address it is bound to ("::" for every interface).
func boundHost(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// demoReachable is the warning line for a demo agent bound to host, as
// given by --addr addr, when other machines can reach it: anything but a
// loopback address. It is "" on loopback. A warning, not a refusal:
// serving the demo to another machine on purpose is allowed.
func demoReachable(host, addr string) string {
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return ""
	}
	return termsafe.Line(fmt.Sprintf("parley: warning: the demo agent listens on %s, which other machines on the network can reach; give --addr 127.0.0.1:PORT to keep it to this machine.", addr)) + "\n"
}

// serveDemo starts the TUI's demo agent on preferred (its usual port,
// so stored conversations with it can be reopened next time), or on any
// free loopback port when that cannot be had. notice then says where it
// runs, for the TUI's first status: README and docs name the usual port.
func (r *runner) serveDemo(ctx context.Context, preferred string) (base, notice string, err error) {
	base, err = demoagent.New(r.demoOptions()).Serve(ctx, preferred)
	if err == nil {
		return base, "", nil
	}
	why := "cannot be used"
	if errors.Is(err, syscall.EADDRINUSE) {
		why = "is in use (another parley?)"
	}
	base, err = demoagent.New(r.demoOptions()).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		return "", "", err
	}
	port := preferred
	if _, p, serr := net.SplitHostPort(preferred); serr == nil {
		port = p
	}
	return base, fmt.Sprintf("Port %s %s; the demo agent runs on %s this time.", port, why, boundAddr(base)), nil
}

// boundAddr is host:port of the base URL the demo agent serves at.
func boundAddr(base string) string {
	if u, err := url.Parse(base); err == nil {
		return u.Host
	}
	return base
}
