// What the agents pane says of a card's signature and of the extensions
// the card declares: the row's signature mark, and the card's lines.

package panes

import (
	"errors"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/styles"
)

// sigMark is the row's one-cell signature column for e: ✓ for a
// verified card and nothing else; an unsigned or unchecked card shows
// no mark, so that only a check that passed puts a tick on screen.
func (p *Agents) sigMark(e *Entry) string {
	if refusedUnverified(e) {
		return p.st.Error.Render(styles.AgentSigInvalid)
	}
	if e.Status != session.AgentReady || e.Client == nil {
		return " "
	}
	switch e.Client.Agent().Signature.Status {
	case a2aclient.SignatureVerified:
		return p.st.Success.Render(styles.AgentSigVerified)
	case a2aclient.SignatureInvalid:
		return p.st.Error.Render(styles.AgentSigInvalid)
	}
	return " "
}

// refusedUnverified says e was refused because signed cards are
// required and its card did not verify.
func refusedUnverified(e *Entry) bool {
	return e.Status == session.AgentFailed && errors.As(e.Err, new(*a2aclient.UnverifiedCardError))
}

// signatureLines is the card's line on its signature, at width w: the
// key that verified it, "unsigned", or why it did not verify (the
// reason quotes the card, so it is cleaned and held to two lines).
func (p *Agents) signatureLines(s a2aclient.CardSignature, w int) []string {
	switch s.Status {
	case a2aclient.SignatureVerified:
		line := p.st.Muted.Render("signed ") + p.st.Success.Render(styles.AgentSigVerified)
		if s.KeyID != "" {
			line += p.st.Muted.Render(" key " + styles.CardText(s.KeyID, w, 1))
		}
		return []string{styles.Clip(line, w)}
	case a2aclient.SignatureUnsigned:
		return []string{p.st.Muted.Render(styles.Clip("unsigned", w))}
	case a2aclient.SignatureInvalid:
		return styles.WrapStyle(p.st.Error, styles.CardText("signature invalid: "+s.Reason, w, 2), w, 2)
	}
	return []string{p.st.Muted.Render(styles.Clip("signature not checked", w))}
}

// extensionLine is one extension (a line, or two in a narrow pane) the card declares: whether the card
// requires it, whether parley asks for it (activated) and whether the
// agent's last reply confirmed it. A required extension parley does not
// ask for is marked, as the agent may refuse or misread messages.
func (p *Agents) extensionLine(x a2aclient.Extension, asked, confirmed []string, w int) []string {
	var tags []string
	if x.Required {
		tags = append(tags, p.st.Muted.Render("required"))
	}
	switch {
	case slices.Contains(asked, x.URI):
		tags = append(tags, p.st.Muted.Render("activated"))
	case x.Required:
		tags = append(tags, p.st.Warning.Render("not activated"))
	}
	if slices.Contains(confirmed, x.URI) {
		tags = append(tags, p.st.Success.Render("✓ confirmed"))
	}
	// URIs are long and the pane narrow: the URI gives way to the tags,
	// which are what the line is for; where even a short URI and the
	// tags do not fit, the tags go on a line of their own.
	sep := p.st.Muted.Render(" · ")
	head := p.st.Muted.Render("ext ")
	if len(tags) == 0 {
		return []string{styles.Clip(head+p.st.Text.Render(styles.CardText(x.URI, w, 1)), w)}
	}
	rest := strings.Join(tags, sep)
	uriW := w - len("ext ") - ansi.StringWidth(sep+rest)
	if uriW < 12 {
		return []string{styles.Clip(head+p.st.Text.Render(styles.CardText(x.URI, w, 1)), w), styles.Clip("  "+rest, w)}
	}
	return []string{styles.Clip(head+p.st.Text.Render(styles.Clip(styles.CardText(x.URI, w, 1), uriW))+sep+rest, w)}
}
