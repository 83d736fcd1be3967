package jsonout

import "github.com/parley-a2a/parley/a2aclient"

// PartForm is how a part kind beyond text, file and data reads as plain
// text outside the TUI: in Markdown exports, `contexts show`, `task get`,
// send's one-line summaries and the store's search index. A kind registers
// its form from its own file; every writer asks PartText or PartLine before
// falling back to the part's data.
type PartForm struct {
	// Line is a one-line summary, without the artifact's name.
	Line func(p a2aclient.Part) string
	// Text is the whole text form, possibly several lines.
	Text func(p a2aclient.Part) string
}

var partForms = map[a2aclient.PartKind]PartForm{}

// registerPartForm sets the text form of kind k; called at init.
func registerPartForm(k a2aclient.PartKind, f PartForm) { partForms[k] = f }

// PartText is p's text form when its kind has one.
func PartText(p a2aclient.Part) (string, bool) {
	f, ok := partForms[p.Kind]
	if !ok || f.Text == nil {
		return "", false
	}
	return f.Text(p), true
}

// PartLine is p's one-line form when its kind has one.
func PartLine(p a2aclient.Part) (string, bool) {
	f, ok := partForms[p.Kind]
	if !ok || f.Line == nil {
		return "", false
	}
	return f.Line(p), true
}
