package ui

import (
	"net/http"
	"path/filepath"

	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
)

// ui's tests get auth's machinery, as the program does (cli).
func init() {
	session.DefaultCredentials = func(configPath string, getenv config.Getenv, hc *http.Client) session.Credentials {
		path := config.CredentialsPath()
		if configPath != "" {
			path = filepath.Join(filepath.Dir(configPath), "credentials.toml")
		}
		return auth.ForSession(auth.NewManager(auth.Options{Getenv: getenv, CredentialsPath: path, HTTPClient: hc}))
	}
	session.OpenBrowser = auth.OpenBrowser
}
