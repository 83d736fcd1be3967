package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
)

// refusal words an authentication refusal for the command line: what
// the agent said, what its card asks for (by scheme), and where parley
// looks for credentials. ok is false for other errors.
func (r *runner) refusal(err error) (msg, hint string, ok bool) {
	var ae *a2aclient.AuthError
	isAuth := errors.As(err, &ae)
	if !isAuth && !errors.Is(err, a2aclient.ErrAuthenticationRequired) {
		return "", "", false
	}
	var card *a2aclient.Agent
	if r.last != nil {
		card = r.last.Agent()
	}
	challenge := ""
	if isAuth {
		challenge = ae.Challenge
	}
	msg = strings.TrimSuffix(sentence(err.Error()), ".")
	if needs := auth.Needs(card, ""); needs != "" {
		msg += "; " + needs
	}
	if isAuth && ae.StatusCode == 403 {
		return sentence(msg), "Check that your credentials have access to this agent.", true
	}
	cs, pref := auth.Choices(card, challenge)
	return sentence(msg), r.credentialHint(cs[pref]), true
}

// credentialHint says how to give the agent the credential it prefers.
func (r *runner) credentialHint(c auth.Choice) string {
	name := r.lastRef
	if r.dir != nil {
		if e, _ := r.dir.Entry(r.lastRef); e != nil {
			name = e.Name
		}
	}
	where := r.credentialsPath()
	switch c.Kind {
	case auth.KindOAuth:
		return fmt.Sprintf("Sign in with 'parley login %s' (it saves the token in %s), or configure auth = \"oauth2\" with client_id in the agent's config entry.", name, where)
	case auth.KindMTLS:
		return "Set tls_cert and tls_key in the agent's config entry."
	case auth.KindAPIKey:
		return fmt.Sprintf("Give the key with --header \"%s: …\", or in the agent's config entry: auth = \"apikey\", api_key_name = %q, token = \"env:VAR\" (or cmd:…, or saved in %s).", c.APIKeyName, c.APIKeyName, where)
	case auth.KindBasic:
		return fmt.Sprintf("Set auth = \"basic\", username and token = \"env:VAR\" (or cmd:…, or saved in %s) in the agent's config entry.", where)
	}
	return fmt.Sprintf("Give the token with --header \"Authorization: Bearer …\", or in the agent's config entry: auth = \"bearer\", token = \"env:VAR\" (or cmd:…, or saved in %s).", where)
}

func (r *runner) credentialsPath() string {
	if r.dir != nil {
		return r.dir.Auth().CredentialsPath()
	}
	if r.env.ConfigPath != "" {
		return filepath.Join(filepath.Dir(r.env.ConfigPath), "credentials.toml")
	}
	return config.CredentialsPath()
}
