package ui

import (
	"errors"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
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
