package config

import (
	"fmt"
	"strings"
)

// Cards are the settings about what parley asks of agent cards and sends
// with each request, at the top of the file (for every agent) and in an
// [[agents]] entry (for that agent, on top).
type Cards struct {
	// RequireSigned refuses an agent whose card is unsigned or whose
	// signature does not verify.
	RequireSigned bool `toml:"require_signed,omitempty"`
	// Extensions are the URIs of A2A extensions to activate: they go out
	// in the A2A-Extensions header (X-A2A-Extensions for v0.3).
	Extensions []string `toml:"extensions,omitempty"`
	// Trace sends W3C Trace Context (a traceparent header, gRPC
	// metadata) with every request, one trace id per turn
	// (docs/tracing.md). On at the top, it is on for every agent.
	Trace bool `toml:"trace,omitempty"`
}

// checkCards insists that extension URIs fit in the comma-separated
// header they travel in.
func (c Cards) checkCards(bad func(key, format string, args ...any) error, who string) error {
	for _, uri := range c.Extensions {
		if err := CheckExtensionURI(uri); err != nil {
			return bad("extensions", "%s%v", who, err)
		}
	}
	return nil
}

// CheckExtensionURI says why uri cannot be an extension to activate, nil
// when it can: it must be one non-empty word with no comma (the header's
// separator) and no control character.
func CheckExtensionURI(uri string) error {
	switch {
	case strings.TrimSpace(uri) == "":
		return fmt.Errorf("an extension URI is empty")
	case strings.ContainsAny(uri, ", \t\r\n") || strings.IndexFunc(uri, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
		return fmt.Errorf("the extension URI %q holds a comma, a space or a control character", uri)
	}
	return nil
}

// CheckTenant says why t cannot be a tenant, nil when it can: a path
// segment (or several) with no control character, space or dot segment.
func CheckTenant(t string) error {
	if strings.TrimSpace(t) == "" {
		return fmt.Errorf("the tenant is empty")
	}
	if strings.IndexFunc(t, func(r rune) bool { return r <= 0x20 || r == 0x7f }) >= 0 || strings.ContainsAny(t, "?#") {
		return fmt.Errorf("the tenant %q holds a space, a control character, '?' or '#'", t)
	}
	for _, seg := range strings.Split(strings.Trim(t, "/"), "/") {
		if seg == "" || seg == "." || seg == ".." {
			return fmt.Errorf("the tenant %q has an empty, '.' or '..' path segment", t)
		}
	}
	return nil
}
