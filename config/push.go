package config

import (
	"net"
	"net/url"

	"github.com/parley-a2a/parley/internal/credname"
)

// Push configures parley's receiver for push notifications (see
// docs/security.md).
type Push struct {
	// PushURL is the base URL announced to agents when the receiver is
	// reached through a tunnel or a proxy; empty announces the loopback
	// address it listens on. Each config's URL is PushURL/push/ID.
	PushURL string `toml:"push_url,omitempty"`
	// PushListen is the loopback host:port the receiver listens on;
	// empty is a free port on 127.0.0.1 for each run. A fixed port lets
	// push configs set by one run be received by another.
	PushListen string `toml:"push_listen,omitempty"`
}

func (p *Push) check() error {
	if p.PushURL != "" {
		u, err := url.Parse(p.PushURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" {
			return &problem{agent: -1, key: "push_url", msg: "push_url must be an http:// or https:// base URL without credentials or query, got " + credname.RedactURL(p.PushURL)}
		}
	}
	if p.PushListen != "" {
		host, _, err := net.SplitHostPort(p.PushListen)
		ip := net.ParseIP(host)
		if err != nil || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
			return &problem{agent: -1, key: "push_listen", msg: "push_listen must be a loopback host:port such as 127.0.0.1:8787 (put a tunnel or proxy in front and set push_url to reach it from elsewhere), got " + p.PushListen}
		}
	}
	return nil
}
