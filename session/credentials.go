package session

import (
	"context"
	"net/http"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/signin"
)

// Credentials is the machinery of credentials and sign-in that the
// Directory and the Workspace need, in package signin's words. Package
// auth implements it (auth.ForSession); whoever builds the Directory
// (cli) passes it in as DirectoryOptions.Auth, so that session, and ui
// above it, never depend on auth (ARCHITECTURE.md).
type Credentials interface {
	// ForAgent builds a config entry's credentials and HTTP client.
	ForAgent(ctx context.Context, a *config.Agent, base *http.Client) (signin.Setup, error)
	// ForURL builds the credentials of an agent known only by URL.
	ForURL(url string) (signin.Setup, error)
	// UseTyped keeps a credential for key for the rest of the run.
	UseTyped(key string, a a2aclient.Authenticator)
	// RememberTyped saves a secret typed for way c under key.
	RememberTyped(key string, c signin.Choice, username, secret string) error
	// StartSignIn begins an OAuth sign-in. It blocks.
	StartSignIn(ctx context.Context, req signin.Request) (signin.Flow, error)
	// Saved says whether key has a credential saved; Forget removes it.
	Saved(key string) (bool, error)
	Forget(key string) error
	// CredentialsPath is the credentials file.
	CredentialsPath() string
	// OpenBrowser opens an http(s) URL (a sign-in address) in the
	// person's browser; session opens nothing itself.
	OpenBrowser(url string) error
}
