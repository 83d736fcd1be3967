package a2aclient

import "errors"

// parseCard reads an agent card of any version. (Placeholder until the
// card parser lands: owned by the card work.)
func parseCard(raw []byte, cardURL string) (*Agent, error) {
	return nil, errors.New("card parsing not implemented yet")
}
