package ui

import (
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
)

// testDirectory is session.NewDirectory with auth's machinery when o
// names none, built as the program builds it (cli.Credentials): the
// credentials file next to the config file, the directory's Getenv and
// HTTP client. Only tests may import auth (imports_test.go).
func testDirectory(o session.DirectoryOptions) *session.Directory {
	if o.Auth == nil {
		o.Auth = auth.ForSession(auth.NewManager(auth.Options{Getenv: o.Getenv,
			CredentialsPath: config.CredentialsPathFor(o.ConfigPath), HTTPClient: o.Client.HTTPClient}))
	}
	return session.NewDirectory(o)
}

// emptyDirectory is the directory of a UI opened with no config, as
// NewWorkspace used to make one when given none.
func emptyDirectory() *session.Directory { return testDirectory(session.DirectoryOptions{}) }
