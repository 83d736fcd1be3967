package auth

import (
	"net/url"
	"unicode/utf8"

	"github.com/parley-a2a/parley/termsafe"
)

// plainAddress reports whether s is an absolute http(s) URL with a host
// and nothing a terminal would act on or a reader be fooled by: no
// control character (so no escape sequence), no space, no bidi or
// invisible character, no invalid UTF-8. The browser sign-in's address
// comes from the card or the server's settings, and parley prints it,
// puts it on the clipboard and opens it as it is.
func plainAddress(s string) bool {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || (r >= 0x80 && r <= 0x9f) || r == utf8.RuneError || termsafe.Invisible(r) {
			return false
		}
	}
	return true
}
