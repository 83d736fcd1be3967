package session

import (
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
)

// testDirectory is NewDirectory with auth's machinery when o names none,
// built as the program builds it (cli.Credentials): the credentials file
// next to the config file, the directory's Getenv and HTTP client.
func testDirectory(o DirectoryOptions) *Directory {
	if o.Auth == nil {
		o.Auth = auth.ForSession(auth.NewManager(auth.Options{Getenv: o.Getenv,
			CredentialsPath: config.CredentialsPathFor(o.ConfigPath), HTTPClient: o.Client.HTTPClient}))
	}
	return NewDirectory(o)
}
