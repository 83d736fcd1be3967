package cli

import (
	"errors"
	"fmt"
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
	if isAuth && ae.Refused() {
		if msg, hint, ok := r.refused(ae); ok {
			return msg, hint, true
		}
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
		return fmt.Sprintf("Sign in with 'parley login %s' (it saves the token in %s), or configure auth = \"oauth2\" with client_id in the agent's config entry.", shellQuote(name), where)
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
	return config.CredentialsPathFor(r.env.ConfigPath)
}

// refused words a credential the agent refused, where its challenge says
// why (error="invalid_token", error_description=…): which credential
// parley sent, the agent's reason in its own words, and what fits where
// the credential came from. `parley login` fits only a sign-in token.
func (r *runner) refused(ae *a2aclient.AuthError) (msg, hint string, ok bool) {
	code, desc := ae.Reason()
	reason := code
	if desc != "" {
		reason += ": " + desc
	}
	status := fmt.Sprintf("HTTP %d", ae.StatusCode)
	if ae.GRPCCode != "" {
		status = "gRPC " + ae.GRPCCode
	}
	what, hint := r.credentialSource()
	if what == "" {
		return "", "", false // nothing was sent: the agent asks for a credential
	}
	msg = fmt.Sprintf("the agent refused %s (%s, %s)", what, status, reason)
	return sentence(msg), hint, true
}

// credentialSource says which credential parley sent the last agent, and
// what to do when it is refused; what is "" when it sent none (some
// servers name an error in the challenge even then).
func (r *runner) credentialSource() (what, hint string) {
	for name := range r.lastHeaders {
		if n := strings.ToLower(name); n == "authorization" || strings.Contains(n, "key") || strings.Contains(n, "token") {
			return fmt.Sprintf("the %s header given with --header", name), "Check the value given with --header; the agent does not accept it."
		}
	}
	if r.dir == nil {
		return "", ""
	}
	name, where := r.lastRef, r.credentialsPath()
	e, key := r.dir.Entry(r.lastRef)
	if e != nil {
		name = e.Name
	}
	saved, _ := r.dir.Auth().Saved(key)
	clientCreds := e != nil && (e.Auth == config.AuthOAuth2 || e.Auth == "oidc") &&
		(e.OAuthFlow == config.FlowClientCredentials || e.OAuthFlow == "" && e.ClientSecret != "")
	fromConfig := e != nil && (strings.HasPrefix(e.Token, "env:") || strings.HasPrefix(e.Token, "cmd:"))
	if !saved && !clientCreds && !fromConfig {
		return "", ""
	}
	switch {
	case e == nil:
		return "the credential saved for this agent", fmt.Sprintf("Sign in again with 'parley login %s' (it replaces the one in %s).", shellQuote(name), where)
	case clientCreds:
		return "the token parley got with the client credentials of its config entry",
			fmt.Sprintf("Check client_id, client_secret, scopes and token_url in the [[agents]] entry %q of %s: the token they give is not one this agent accepts.", name, r.env.ConfigPath)
	case e.Auth == config.AuthOAuth2 || e.Auth == "oidc":
		return "the token saved when you signed in", fmt.Sprintf("Sign in again with 'parley login %s'.", shellQuote(name))
	case strings.HasPrefix(e.Token, "env:"):
		v := strings.TrimPrefix(e.Token, "env:")
		return fmt.Sprintf("the %s from $%s", credentialWord(e.Auth), v), fmt.Sprintf("Check $%s: the agent %q does not accept it.", v, name)
	case strings.HasPrefix(e.Token, "cmd:"):
		return fmt.Sprintf("the %s its config entry's command printed", credentialWord(e.Auth)), fmt.Sprintf("Check the command in token = \"cmd:…\" of the agent %q in %s.", name, r.env.ConfigPath)
	case e.Auth != "":
		return fmt.Sprintf("the %s saved for it", credentialWord(e.Auth)), fmt.Sprintf("Save a new one with 'parley login %s' (it replaces the one in %s).", shellQuote(name), where)
	}
	return "the credential parley sent", fmt.Sprintf("Check the credentials of the agent %q in %s.", name, r.env.ConfigPath)
}

func credentialWord(scheme string) string {
	switch scheme {
	case config.AuthAPIKey:
		return "API key"
	case config.AuthBasic:
		return "password"
	}
	return "token"
}
