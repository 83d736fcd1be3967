package session

import (
	"slices"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// applyCards adds what the config and the flags say about signed cards,
// extensions and the tenant: extensions add up (top level, the agent's
// entry, --extension), the tenant of --tenant wins over the entry's,
// and any one of require_signed or --require-signed requires a verified
// card.
func (d *Directory) applyCards(t *Target, entry *config.Agent, o Overrides) {
	cfg := d.o.Config
	exts := append([]string(nil), cfg.Extensions...)
	t.RequireSigned = cfg.RequireSigned || o.RequireSigned
	if entry != nil {
		exts = append(exts, entry.Extensions...)
		t.RequireSigned = t.RequireSigned || entry.RequireSigned
		t.Options.Tenant = entry.Tenant
	}
	exts = append(exts, o.Extensions...)
	for _, e := range exts {
		if e = strings.TrimSpace(e); e != "" && !slices.Contains(t.Options.Extensions, e) {
			t.Options.Extensions = append(t.Options.Extensions, e)
		}
	}
	if o.Tenant != "" {
		t.Options.Tenant = o.Tenant
	}
	if cfg.A2UIEnabled(entry) && !d.o.WithoutA2UI {
		t.Options.Offers = append(t.Options.Offers, a2ui.Offer())
	}
}

// checkCard holds a client to the rules that depend on its card: the
// trust rule on origins (origins.go), then, when signed cards are
// required, a verified signature. parley card (Inspect) shows the card
// whatever it is, and says itself what was required.
func (d *Directory) checkCard(c *a2aclient.Client, t *Target, ref string, o Overrides) error {
	if err := d.checkOrigin(c, t, ref, o); err != nil {
		return err
	}
	if !t.RequireSigned || o.Inspect {
		return nil
	}
	return RequireVerified(c, ref)
}

// RequireVerified is an error unless c's card verified.
func RequireVerified(c *a2aclient.Client, ref string) error {
	a := c.Agent()
	if a.Signature.Status == a2aclient.SignatureVerified {
		return nil
	}
	return &a2aclient.UnverifiedCardError{Agent: strings.TrimSpace(ref), CardURL: a.CardURL, Signature: a.Signature}
}

// RequiresSigned reports whether ref's card must verify, by the config
// and the overrides.
func (d *Directory) RequiresSigned(ref string, o Overrides) bool {
	t, err := d.Target(ref, o)
	return err == nil && t.RequireSigned
}

// MissingExtensionWarning is the sentence for a required extension the
// user has not activated.
func MissingExtensionWarning(e a2aclient.Extension) string {
	return "The agent requires the extension " + e.URI + ", which parley does not activate; the agent may refuse or misread your messages (activate it with --extension " + termsafe.ShellWord(e.URI) + " or extensions in the config)."
}

// MissingExtensionsWarnings lists one sentence per required extension c
// does not activate, for the commands and the TUI to show before sending.
func MissingExtensionsWarnings(c *a2aclient.Client) []string {
	var out []string
	for _, e := range c.MissingRequiredExtensions() {
		out = append(out, MissingExtensionWarning(e))
	}
	return out
}
