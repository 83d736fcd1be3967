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

// extensionLine is one extension (a line, or two in a narrow pane) the
// card declares: whether the card requires it, whether parley asks for
// it (activated) and whether the agent's last reply confirmed it. A
// required extension parley does not ask for is marked, as the agent may
// refuse or misread messages. keepEnd cuts its URI at the start rather
// than the end (extensionEnds).
func (p *Agents) extensionLine(x a2aclient.Extension, asked, confirmed []string, w int, keepEnd bool) []string {
	tags := p.extensionTags(x, asked, confirmed)
	head := p.st.Muted.Render("ext ")
	n, own := extensionURIRoom(tags, w)
	uri := head + p.st.Text.Render(cutURI(styles.CardText(x.URI, w, 1), n, keepEnd))
	if len(tags) == 0 {
		return []string{styles.Clip(uri, w)}
	}
	sep := p.st.Muted.Render(" · ")
	rest := strings.Join(tags, sep)
	if own {
		return []string{styles.Clip(uri, w), styles.Clip("  "+rest, w)}
	}
	return []string{styles.Clip(uri+sep+rest, w)}
}

func (p *Agents) extensionTags(x a2aclient.Extension, asked, confirmed []string) []string {
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
	return tags
}

// extensionURIRoom is the cells an extension's URI has on its line at
// width w, and whether its tags go on a line of their own. URIs are long
// and the pane narrow: the URI gives way to the tags, which are what the
// line is for; where even a short URI and the tags do not fit, the tags
// go below.
func extensionURIRoom(tags []string, w int) (int, bool) {
	n := w - len("ext ")
	if len(tags) == 0 {
		return n, false
	}
	if m := n - ansi.StringWidth(" · "+strings.Join(tags, " · ")); m >= 12 {
		return m, false
	}
	return n, true
}

// cutURI fits uri in n cells: cut at its end, or with keepEnd at its
// start, keeping its origin before the cut when there is room
// (styles.ClipURL) and its last whole path segments after it.
func cutURI(uri string, n int, keepEnd bool) string {
	w := ansi.StringWidth(uri)
	if w <= n || n < 2 || !keepEnd {
		return styles.Clip(uri, n)
	}
	if c := styles.ClipURL(uri, n); !strings.HasSuffix(c, "…") {
		return c
	}
	tail := ansi.TruncateLeft(uri, w-(n-1), "")
	if k := strings.IndexAny(tail, "/:"); k > 0 && k < len(tail)-1 {
		tail = tail[k:] // whole segments read better than a cut one
	}
	return "…" + tail
}

// extensionEnds says which of exts' URIs are to keep their ends: those
// that, cut at the end, show nothing that tells them from another's (the
// demo's A2UI v0.8 and v0.9 both read "https://a2ui.org/a2a-exten…";
// their versions are at the end).
func (p *Agents) extensionEnds(exts []a2aclient.Extension, asked, confirmed []string, w int) []bool {
	shown := make([]string, len(exts))
	for i, x := range exts {
		n, _ := extensionURIRoom(p.extensionTags(x, asked, confirmed), w)
		shown[i] = strings.TrimSuffix(cutURI(styles.CardText(x.URI, w, 1), n, false), "…")
	}
	ends := make([]bool, len(exts))
	for i := range exts {
		for j := i + 1; j < len(exts); j++ {
			a, b := shown[i], shown[j]
			if exts[i].URI != exts[j].URI && (strings.HasPrefix(a, b) || strings.HasPrefix(b, a)) {
				ends[i], ends[j] = true, true
			}
		}
	}
	return ends
}
