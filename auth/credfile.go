// Package auth turns what an agent asks for (its card's security schemes,
// a WWW-Authenticate challenge) and what a person has (config entries,
// environment variables, commands, the credentials file, a sign-in in a
// browser) into credentials on requests. It sits between config and
// session: it reads config entries, runs OAuth 2.0 flows with
// golang.org/x/oauth2, caches and refreshes tokens, and hands session
// a2aclient.Authenticators and, for mutual TLS, an HTTP client.
//
// Secrets it holds stay in memory unless the person asks to save them;
// then they go to the credentials file, which must be private (0600).
package auth

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
)

// Entry is what the credentials file keeps for one agent, keyed by the
// agent's config name (or its URL when it has none).
type Entry struct {
	// Auth says what Token is: "bearer", "basic" (Token is the password)
	// or "apikey". Empty when the entry only holds OAuth material.
	Auth       string `toml:"auth,omitempty"`
	Token      string `toml:"token,omitempty"`
	Username   string `toml:"username,omitempty"`
	APIKeyName string `toml:"api_key_name,omitempty"`
	APIKeyIn   string `toml:"api_key_in,omitempty"`
	// ClientSecret is the OAuth client secret of a client-credentials
	// agent whose config leaves client_secret out.
	ClientSecret string `toml:"client_secret,omitempty"`
	// OAuth is the last token of a sign-in, kept so that the next run can
	// refresh it instead of asking again.
	OAuth *SavedToken `toml:"oauth,omitempty"`
}

// SavedToken is an OAuth token with what is needed to refresh it.
type SavedToken struct {
	AccessToken  string    `toml:"access_token"`
	RefreshToken string    `toml:"refresh_token,omitempty"`
	TokenType    string    `toml:"token_type,omitempty"`
	Expiry       time.Time `toml:"expiry,omitempty"`
	TokenURL     string    `toml:"token_url,omitempty"`
	ClientID     string    `toml:"client_id,omitempty"`
	Scopes       []string  `toml:"scopes,omitempty"`
}

func (e Entry) empty() bool {
	return e.Token == "" && e.ClientSecret == "" && e.OAuth == nil
}

// CredFile is the credentials file. Reads and writes are serialized; a
// write replaces the file atomically and leaves it mode 0600.
type CredFile struct {
	path string

	mu      sync.Mutex
	loaded  bool
	entries map[string]Entry
}

// OpenCredFile returns the credentials file at path, read on first use.
func OpenCredFile(path string) *CredFile {
	return &CredFile{path: path}
}

// Path is where the file lives.
func (f *CredFile) Path() string { return f.path }

// PermissionError is a credentials file (or key file) that others could
// read; parley will not use it.
type PermissionError struct {
	Path string
	Mode fs.FileMode
	What string // "credentials file", "TLS private key"
}

func (e *PermissionError) Error() string {
	return fmt.Sprintf("the %s %s can be read by other users (mode %04o); parley uses it only when it is private to you: run chmod 600 %s",
		e.What, e.Path, e.Mode.Perm(), e.Path)
}

// checkPrivate refuses a file whose group or others have any access.
func checkPrivate(path, what string) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if st.Mode().Perm()&0o077 != 0 {
		return &PermissionError{Path: path, Mode: st.Mode(), What: what}
	}
	return nil
}

// Get returns the entry for key.
func (f *CredFile) Get(key string) (Entry, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.load(); err != nil {
		return Entry{}, false, err
	}
	e, ok := f.entries[key]
	return e, ok, nil
}

// Update changes the entry for key with fn and writes the file. An
// entry left empty is removed.
func (f *CredFile) Update(key string, fn func(*Entry)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.load(); err != nil {
		return err
	}
	e := f.entries[key]
	fn(&e)
	if e.empty() {
		delete(f.entries, key)
	} else {
		f.entries[key] = e
	}
	return f.write()
}

func (f *CredFile) load() error {
	if f.loaded {
		return nil
	}
	raw, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		f.entries, f.loaded = map[string]Entry{}, true
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot read the credentials file %s: %w", f.path, unwrapPath(err))
	}
	if err := checkPrivate(f.path, "credentials file"); err != nil {
		return err
	}
	entries := map[string]Entry{}
	md, err := toml.Decode(string(raw), &entries)
	if err != nil {
		return fmt.Errorf("the credentials file %s is not valid: %s", f.path, decodeMessage(err))
	}
	if und := md.Undecoded(); len(und) > 0 {
		return fmt.Errorf("the credentials file %s has an unknown setting %q", f.path, und[0].String())
	}
	f.entries, f.loaded = entries, true
	return nil
}

const credHeader = `# parley credentials: secrets you asked parley to remember, and OAuth
# tokens, keyed by agent name. Keep this file private (mode 0600); parley
# refuses to read it otherwise.

`

func (f *CredFile) write() error {
	var buf bytes.Buffer
	buf.WriteString(credHeader)
	keys := make([]string, 0, len(f.entries))
	for k := range f.entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	ordered := make(map[string]Entry, len(keys))
	for _, k := range keys {
		ordered[k] = f.entries[k]
	}
	if err := toml.NewEncoder(&buf).Encode(ordered); err != nil {
		return fmt.Errorf("cannot write the credentials file %s: %w", f.path, err)
	}
	dir := filepath.Dir(f.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("cannot create the directory of the credentials file %s: %w", f.path, unwrapPath(err))
	}
	tmp, err := os.CreateTemp(dir, ".credentials-*.toml")
	if err != nil {
		return fmt.Errorf("cannot write the credentials file %s: %w", f.path, unwrapPath(err))
	}
	name := tmp.Name()
	// Private before a single secret byte is written.
	err = tmp.Chmod(0o600)
	if err == nil {
		_, err = tmp.Write(buf.Bytes())
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, f.path)
	}
	if err != nil {
		_ = os.Remove(name)
		return fmt.Errorf("cannot write the credentials file %s: %w", f.path, unwrapPath(err))
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// decodeMessage keeps the TOML library's position but drops its echo of
// the offending line, which may be a secret.
func decodeMessage(err error) string {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("line %d: %s", pe.Position.Line, pe.Message)
	}
	return "it does not have the expected form (a table per agent)"
}
