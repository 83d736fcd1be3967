package cli

import (
	"net/http"

	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
)

// The command line is where parley is put together: session (and the TUI
// above it) speaks package signin's words only, and every Directory cli
// builds is given auth's machinery here (DirectoryOptions.Auth), so that
// neither depends on auth (ARCHITECTURE.md).

// Credentials is auth's credential manager for a Directory over the
// config file at configPath, as session uses it: getenv resolves env:
// secrets and hc (the Directory's HTTP client) carries the OAuth flows.
func Credentials(configPath string, getenv config.Getenv, hc *http.Client) session.Credentials {
	return auth.ForSession(auth.NewManager(auth.Options{Getenv: getenv, CredentialsPath: config.CredentialsPathFor(configPath), HTTPClient: hc}))
}
