package a2aclient

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// grpcTarget is where a gRPC interface lives: a host:port to dial and
// whether to speak TLS there. Cards write gRPC endpoints in several ways
// (the spec's examples use https URLs; SDKs write a bare host:port), so
// each is read here once:
//
//	https://host[:port][/path]   TLS, port 443 by default (the path is ignored)
//	http://host:port             plaintext (h2c)
//	grpcs://host[:port]          TLS
//	grpc://host:port             plaintext
//	dns:///host:port, host:port  TLS, or plaintext when the host is loopback
//
// A gRPC endpoint's origin is that of the equivalent http(s) URL, so the
// trust rule treats it like any other: https://host:port for TLS,
// http://host:port for plaintext.
type grpcTarget struct {
	host string // host:port, IPv6 in brackets
	tls  bool
}

// origin is the http(s) origin the endpoint counts as.
func (g grpcTarget) origin() string {
	scheme := "http"
	if g.tls {
		scheme = "https"
	}
	u, err := url.Parse(scheme + "://" + g.host)
	if err != nil {
		return ""
	}
	o, _ := originOf(u)
	return o
}

// parseGRPCTarget reads a gRPC endpoint as cards write it.
func parseGRPCTarget(raw string) (grpcTarget, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return grpcTarget{}, fmt.Errorf("the gRPC endpoint is empty")
	}
	s = strings.TrimPrefix(s, "dns:///")
	if scheme, _, ok := strings.Cut(s, "://"); ok && !strings.Contains(scheme, "/") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return grpcTarget{}, fmt.Errorf("the gRPC endpoint %q is not a valid URL", truncate(raw, 80))
		}
		var g grpcTarget
		var defPort string
		switch strings.ToLower(scheme) {
		case "https", "grpcs":
			g.tls, defPort = true, "443"
		case "http", "grpc":
			defPort = "80"
		default:
			return grpcTarget{}, fmt.Errorf("the gRPC endpoint %q uses %s://, which parley does not know", truncate(raw, 80), truncate(scheme, 20))
		}
		port := u.Port()
		if port == "" {
			port = defPort
		}
		g.host = net.JoinHostPort(u.Hostname(), port)
		return g, nil
	}
	host, port, err := net.SplitHostPort(strings.TrimSuffix(s, "/"))
	if err != nil || host == "" || !isPort(port) || strings.ContainsAny(host, "/?#@") {
		return grpcTarget{}, fmt.Errorf("the gRPC endpoint %q is neither a URL nor host:port", truncate(raw, 80))
	}
	return grpcTarget{host: net.JoinHostPort(host, port), tls: !isLoopback(host)}, nil
}

// grpcOrigin is Origin for what parses only as a gRPC endpoint (host:port
// or a grpc:// URL).
func grpcOrigin(raw string) (string, bool) {
	g, err := parseGRPCTarget(raw)
	if err != nil {
		return "", false
	}
	o := g.origin()
	return o, o != ""
}

func isPort(s string) bool {
	if s == "" || len(s) > 5 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
