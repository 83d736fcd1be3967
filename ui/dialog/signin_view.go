// What the sign-in dialog shows: the ways, the field, the waiting.

package dialog

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

func (d *signInDialog) lines() []string {
	km := keys.Or(d.keys)
	var out []string
	if d.asked != "" {
		out = append(out, d.asked)
	}
	for _, l := range d.links {
		out = append(out, "Link: "+styles.ClipText(l, 300)+"  ("+keys.JoinNotes(keys.Note(km.SignIn.OpenLink, "open"), keys.Note(km.SignIn.CopyLink, "copy"))+")")
	}
	// Signing in at the agent's link is the first way, and enter with
	// nothing typed goes on with the task (parley sends the turn the
	// agent asked for); a way typed here is then the other.
	atLink := d.proceed != nil && len(d.links) > 0 && d.stage == stageChoose && d.s.Ways[d.sel].Typed()
	if atLink {
		out = append(out, "Once signed in there, press "+keys.FirstKey(km.Dialog.Confirm)+" with nothing typed: parley tells the agent to go on with the task.")
	}
	if len(out) > 0 {
		out = append(out, "")
	}
	out = append(out, "The agent accepts:")
	// A card may list any number of schemes; the dialog shows the nine a
	// digit can pick, and the selected one when tab went past them.
	for i, c := range d.s.Ways {
		if i >= 9 && i != d.sel {
			continue
		}
		mark := "  "
		if i == d.sel {
			mark = "▸ "
		}
		out = append(out, fmt.Sprintf(" %s%d %s", mark, i+1, styles.ClipText(c.Display(), 200)))
	}
	if n := len(d.s.Ways) - 9; n > 0 {
		out = append(out, fmt.Sprintf("   … %d more (%s)", n, keys.FirstKey(km.SignIn.NextWay)))
	}
	if d.s.Challenge != "" {
		out = append(out, " (the agent said: "+termsafe.Line(d.s.Challenge)+")")
	}
	out = append(out, "")
	c := d.s.Ways[d.sel]
	spin := spinFrames[d.frame%len(spinFrames)]
	switch d.stage {
	case stageUsername:
		out = append(out, "User name for "+c.Label()+":")
	case stageClientID:
		out = append(out, "This sign-in needs an OAuth client id, which no card carries (the agent's operator gives one; client_id in the config saves typing it). Type it:")
	case stageStarting:
		out = append(out, "Contacting the authorization server… "+spin)
	case stageWaiting:
		out = append(out, d.waitingLines(spin)...)
	default:
		switch {
		case c.Typed():
			paste := "Paste the %s (kept in memory only; %s also saves it in %s, private to you):"
			if atLink {
				paste = "Or paste the %s here (kept in memory only; %s also saves it in %s, private to you):"
			}
			out = append(out, fmt.Sprintf(paste, c.What(), keys.FirstKey(km.SignIn.Save), filepath.Base(d.s.CredentialsPath())))
		case c.OAuth():
			out = append(out, "Press "+keys.FirstKey(km.Dialog.Confirm)+" to sign in with "+c.Label()+" ("+keys.FirstKey(km.SignIn.Save)+" also saves the token in "+filepath.Base(d.s.CredentialsPath())+").")
		case c.MTLS():
			out = append(out, "A client certificate is set in the agent's config entry: tls_cert and tls_key (and tls_ca for a private CA); then restart parley.")
		}
	}
	if d.err != "" {
		out = append(out, "✗ "+d.err)
	}
	return out
}

func (d *signInDialog) waitingLines(spin string) []string {
	if f := d.flow; f != nil {
		if code, uri, _, ok := f.Device(); ok {
			return []string{
				fmt.Sprintf("Open %s and enter  %s", uri, code),
				"(copied to your clipboard) — waiting… " + spin,
			}
		}
		if u := f.URL(); u != "" {
			return []string{"Open this address in a browser on this machine (parley tried to open it):", u, "waiting for the browser to come back… " + spin}
		}
	}
	return []string{"Getting a token… " + spin}
}

func (d *signInDialog) note(p *Prompt) string {
	km := keys.Or(d.keys)
	dk, sk := km.Dialog, km.SignIn
	cancel := keys.Note(dk.Cancel, "")
	switch d.stage {
	case stageStarting:
		return cancel
	case stageWaiting:
		return keys.JoinNotes(keys.Note(sk.CopyCode, "copy"), keys.Note(sk.OpenPage, "open"), cancel)
	case stageUsername, stageClientID:
		return keys.JoinNotes(keys.Note(dk.Confirm, "next"), cancel)
	}
	parts := []string{keys.Note(dk.Confirm, "sign in"), keys.Note(sk.Save, "and save")}
	c := d.s.Ways[d.sel]
	switch {
	case c.MTLS():
		parts = nil
	case c.Typed() && d.proceed != nil && strings.TrimSpace(p.input.Value()) == "":
		// Enter with nothing typed goes on with the task (submit).
		parts = []string{keys.Note(dk.Confirm, "go on")}
	}
	if len(d.s.Ways) > 1 {
		parts = append(parts, fmt.Sprintf("%s/1-%d another way", keys.FirstKey(sk.NextWay), min(len(d.s.Ways), 9)))
	}
	return keys.JoinNotes(append(parts, cancel)...)
}

// signInAsked is what the agent asked, without the JSON of a data part
// that carries nothing but links the dialog shows as links (the demo's
// {"authorizationUrl": …}); data carrying more stays as it came.
func signInAsked(asked string, links []string) string {
	shown := map[string]bool{}
	for _, l := range links {
		shown[l] = true
	}
	for i := 0; i < len(asked); i++ {
		if asked[i] != '{' {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(asked[i:]))
		var v map[string]any
		if dec.Decode(&v) != nil || !onlyLinks(v, shown, 0) {
			continue
		}
		end := i + int(dec.InputOffset())
		asked = strings.TrimSpace(strings.TrimSpace(asked[:i]) + " " + strings.TrimSpace(asked[end:]))
		i = -1
	}
	return asked
}

// onlyLinks says whether every value in v is a string among shown.
func onlyLinks(v any, shown map[string]bool, depth int) bool {
	switch v := v.(type) {
	case string:
		return shown[termsafe.Line(v)]
	case map[string]any:
		for _, x := range v {
			if depth > 4 || !onlyLinks(x, shown, depth+1) {
				return false
			}
		}
		return len(v) > 0
	case []any:
		for _, x := range v {
			if depth > 4 || !onlyLinks(x, shown, depth+1) {
				return false
			}
		}
		return len(v) > 0
	}
	return false
}
