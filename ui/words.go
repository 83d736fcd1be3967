// How the root words what stands between the user and an agent: not
// reachable, not usable, a credential's variable not set, an origin not
// trusted. The status line, the chat's title and the empty chat say it.

package ui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// unreachable says in a status line that an agent could not be reached:
// the network's cause first, without the card URL that would push it
// past the edge of the one-row footer. Other errors keep their message.
func unreachable(agent string, err error) string {
	var te *a2aclient.TransportError
	if !errors.As(err, &te) {
		return styles.Sentence(err.Error())
	}
	if agent == "" {
		agent = "The agent"
	}
	return fmt.Sprintf("%s is not reachable: %s.", termsafe.Line(agent), te.Cause())
}

// failedWord says in the chat's title why an agent is not in use: not
// reached, not trusted with its credentials where its card points, or
// anything else (a credential not set, a bad card), which the Agents
// pane spells out.
func failedWord(e *panes.Entry) string {
	if _, ok := e.MissingVariable(); ok {
		return "needs sign-in"
	}
	switch {
	case errors.As(e.Err, new(*a2aclient.ForeignOriginError)):
		return "endpoint on an untrusted origin"
	case errors.As(e.Err, new(*a2aclient.TransportError)):
		return "unreachable"
	}
	return "not usable"
}

// notUsable says why a message cannot go to agent e, which failed, and
// what to do.
func notUsable(e *panes.Entry) string {
	if name, ok := e.MissingVariable(); ok {
		return fmt.Sprintf("%s needs you to sign in (%s is not set); press enter on it in Agents to sign in.", e.Label(), termsafe.Line(name))
	}
	var fe *a2aclient.ForeignOriginError
	switch {
	case errors.As(e.Err, &fe):
		return fmt.Sprintf("%s's endpoint is on an untrusted origin (%s); press enter on it in Agents to be asked.", e.Label(), termsafe.Line(fe.Origin))
	case errors.As(e.Err, new(*a2aclient.TransportError)):
		return fmt.Sprintf("%s is not reachable; select it in Agents and press enter to retry.", e.Label())
	}
	return fmt.Sprintf("%s is not usable: %s; fix it, then press enter on it in Agents.", e.Label(), strings.TrimSuffix(termsafe.Line(e.Err.Error()), "."))
}

// missingVariable says that agent e needs a sign-in because the variable
// its config takes the credential from is not set, and what to do.
func missingVariable(e *panes.Entry, name string) string {
	return fmt.Sprintf("%s needs you to sign in: the environment variable %s is not set; sign in here, or export it.", e.Label(), termsafe.Line(name))
}
