package cli

import (
	"net/http"
	"path/filepath"

	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
)

// The command line is where parley is put together: session (and the TUI
// above it) speaks package signin's words only, and gets auth's
// machinery here, so that neither depends on auth (ARCHITECTURE.md).
func init() {
	session.DefaultCredentials = Credentials
	session.OpenBrowser = auth.OpenBrowser
}

// Credentials is auth's credential manager for a Directory over the
// config file at configPath, as session uses it.
func Credentials(configPath string, getenv config.Getenv, hc *http.Client) session.Credentials {
	return auth.ForSession(auth.NewManager(auth.Options{Getenv: getenv, CredentialsPath: credentialsPath(configPath), HTTPClient: hc}))
}

// credentialsPath keeps the credentials file next to the config file, so
// a --config elsewhere (or a test) has its own.
func credentialsPath(configPath string) string {
	if configPath == "" {
		return config.CredentialsPath()
	}
	return filepath.Join(filepath.Dir(configPath), "credentials.toml")
}
