package session

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strings"

	"github.com/parley-a2a/parley/termsafe"
)

// AgentURL turns what a user typed or pasted (the TUI's add-agent
// prompt, the CLI's AGENT argument) into an agent URL, or says why it
// cannot be one: both take the same forms. A URL without
// a scheme gets http:// on loopback (local agents rarely have TLS) and
// https:// elsewhere; a scheme typed twice (a paste after an old prefix)
// counts once.
func AgentURL(typed string) (string, error) {
	s := strings.TrimSpace(typed)
	if s == "" {
		return "", errors.New("type the agent's base URL or the URL of its card")
	}
	lower := strings.ToLower(s)
	for _, twice := range []string{"https://http://", "https://https://", "http://http://", "http://https://"} {
		if strings.HasPrefix(lower, twice) {
			s = s[strings.Index(s, "://")+3:]
			break
		}
	}
	if m := schemeTypo.FindString(s); m != "" && !isWebScheme(m) {
		return "", schemeError(s, s[len(m):])
	}
	if !strings.Contains(s, "://") {
		host := s
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if isLoopbackHost(host) {
			s = "http://" + s
		} else {
			s = "https://" + s
		}
	}
	u, err := url.Parse(s)
	if err != nil || termsafe.Line(s) != s || strings.ContainsAny(s, " \t") {
		return "", errors.New("that is not a URL; type one such as https://agent.example.com or 127.0.0.1:4141")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", errors.New("an agent's URL starts with http:// or https://")
	}
	if u.Hostname() == "" || u.User != nil {
		return "", errors.New("that URL names no host; type one such as https://agent.example.com")
	}
	if p := u.Port(); p != "" {
		if _, err := net.LookupPort("tcp", p); err != nil {
			return "", errors.New("that URL's port is not a number between 1 and 65535")
		}
	}
	return u.String(), nil
}

// schemeTypo is the start of a URL with a scheme: "htp:/", "http:/",
// "ftp://"; what follows is the rest of the URL.
var schemeTypo = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:/+`)

// isWebScheme reports whether start (a schemeTypo match) is http:// or
// https://.
func isWebScheme(start string) bool {
	l := strings.ToLower(start)
	return l == "http://" || l == "https://"
}

// schemeError refuses a URL whose scheme is mistyped, with the URL it
// most likely meant: rest with http:// on loopback, https:// elsewhere.
func schemeError(typed, rest string) error {
	host := rest
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	meant := "https://" + rest
	if isLoopbackHost(host) {
		meant = "http://" + rest
	}
	return fmt.Errorf("%q is not a URL parley can use: an agent's URL starts with http:// or https://; did you mean %s?", termsafe.Line(typed), termsafe.Line(meant))
}

// isLoopbackHost reports whether host (with or without a port) is this
// machine: localhost, 127.0.0.0/8 or ::1.
func isLoopbackHost(host string) bool {
	h := host
	if sh, _, err := net.SplitHostPort(host); err == nil {
		h = sh
	}
	h = strings.Trim(h, "[]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
