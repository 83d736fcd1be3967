package session

import (
	"net/http"
	"path/filepath"

	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
)

// session's tests get auth's machinery, as the program does (cli).
func init() {
	DefaultCredentials = func(configPath string, getenv config.Getenv, hc *http.Client) Credentials {
		path := config.CredentialsPath()
		if configPath != "" {
			path = filepath.Join(filepath.Dir(configPath), "credentials.toml")
		}
		return auth.ForSession(auth.NewManager(auth.Options{Getenv: getenv, CredentialsPath: path, HTTPClient: hc}))
	}
	OpenBrowser = auth.OpenBrowser
}
