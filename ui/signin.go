package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// signInPrompt asks for a credential in a masked field. The credential is
// applied to the agent's client in memory only; then onReady retries the
// request or continues the task. It never reaches the transcript.
func signInPrompt(st *Styles, e *agentEntry, challenge, asked string, onReady func(*Model, *a2aclient.Client)) *prompt {
	auth, lines := credentialPlan(e.client.Agent(), challenge)
	body := []string{}
	if asked != "" {
		body = append(body, asked, "")
	}
	body = append(body, "The agent accepts:")
	body = append(body, lines...)
	body = append(body, "", fmt.Sprintf("Paste the %s (kept in memory only, never saved or shown):", auth.what))
	return newPrompt(st, promptSecret, e.label()+" needs you to sign in", body, "", func(m *Model, secret string) tea.Cmd {
		secret = strings.TrimSpace(secret)
		if secret == "" {
			return nil
		}
		cl, err := e.client.WithAuth(auth.make(secret))
		if err != nil {
			m.setStatus("Could not apply the credential: "+err.Error(), true)
			return nil
		}
		e.client = cl
		e.conv.SetClient(cl)
		onReady(m, cl)
		m.setStatus("Credential applied for "+e.label()+".", false)
		return m.startTicking()
	})
}

// credential is how a typed secret becomes request credentials.
type credential struct {
	what string
	make func(secret string) a2aclient.Authenticator
}

// credentialPlan picks what to ask for from the card's schemes and the
// WWW-Authenticate challenge, and lists the schemes for the person.
func credentialPlan(a *a2aclient.Agent, challenge string) (credential, []string) {
	bearer := credential{what: "bearer token", make: func(s string) a2aclient.Authenticator { return a2aclient.BearerToken{Token: s} }}
	var lines []string
	var apiKey *a2aclient.SecurityScheme
	for i, s := range a.SecuritySchemes {
		lines = append(lines, fmt.Sprintf(" %d %s", i+1, schemeLabel(s)))
		if s.Type == a2aclient.SchemeAPIKey && apiKey == nil {
			apiKey = &a.SecuritySchemes[i]
		}
	}
	if challenge != "" {
		lines = append(lines, " (the agent said: "+termsafe.Line(challenge)+")")
	}
	if len(lines) == 0 {
		lines = []string{" a bearer token (the card names no scheme)"}
	}
	challengeBearer := strings.HasPrefix(strings.ToLower(strings.TrimSpace(challenge)), "bearer")
	if apiKey != nil && !challengeBearer && !hasBearer(a) {
		in, name := apiKey.In, apiKey.ParamName
		return credential{what: "API key", make: func(s string) a2aclient.Authenticator {
			return a2aclient.APIKey{In: in, Name: name, Value: s}
		}}, lines
	}
	return bearer, lines
}

func hasBearer(a *a2aclient.Agent) bool {
	for _, s := range a.SecuritySchemes {
		if s.Type == a2aclient.SchemeHTTP && strings.EqualFold(s.Scheme, "bearer") || s.Type == a2aclient.SchemeOAuth2 || s.Type == a2aclient.SchemeOpenIDConnect {
			return true
		}
	}
	return false
}

// statusDetail is what an auth-required status asks: its text and any
// data (such as an authorization URL), cleaned for display.
func statusDetail(it session.Item) string {
	parts := []string{termsafe.Line(it.Text)}
	for _, p := range it.Parts {
		if p.Kind == a2aclient.PartData {
			if b, err := json.Marshal(p.Data); err == nil {
				parts = append(parts, termsafe.Line(string(b)))
			}
		}
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}
