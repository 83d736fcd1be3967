package chat

import (
	"encoding/json"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// partView is how the chat shows and copies one kind of part. Every
// part kind the chat knows is one entry of partViews; a kind it does not
// know goes through genericPart, so a part is never dropped unseen.
type partView struct {
	// lines draws the part below its item; fileRow marks a line that
	// save and open act on. Text parts have none: the item's Markdown
	// holds their text.
	lines func(c *Pane, ci *chatItem, p a2aclient.Part, w int) (lines []string, fileRow bool)
	// copy is the part's text on the clipboard ("" for nothing).
	copy func(p a2aclient.Part) string
}

var partViews = map[a2aclient.PartKind]partView{
	a2aclient.PartText: {copy: func(p a2aclient.Part) string { return p.Text }},
	a2aclient.PartFile: {lines: fileView, copy: fileCopy},
	a2aclient.PartData: {lines: dataView, copy: dataCopy},
}

// viewOf is the view of p's kind, or the generic one.
func viewOf(k a2aclient.PartKind) partView {
	if v, ok := partViews[k]; ok {
		return v
	}
	return genericPart
}

// genericPart shows a part of a kind the chat does not know (a stored
// part from a newer parley, say): its kind named, and any value as data.
var genericPart = partView{
	lines: func(c *Pane, _ *chatItem, p a2aclient.Part, _ int) ([]string, bool) {
		lines := []string{c.st.Muted.Render("◇ a part of kind " + termsafe.Line(string(p.Kind)))}
		if p.Data != nil {
			lines = append(lines, dataLines(c.st, p.Data, p.KeyOrder)...)
		}
		return lines, false
	},
	copy: dataCopy,
}

// fileView is a file part as one line; a file artifact is usually named
// after its file, and then the header says the name and the line does not.
func fileView(c *Pane, ci *chatItem, p a2aclient.Part, _ int) ([]string, bool) {
	sameName := p.File != nil && ci.it.Kind == session.ItemArtifact && fileName(p.File) == termsafe.Line(ci.it.Name)
	return []string{fileLine(c.st, p.File, !sameName)}, true
}

func fileCopy(p a2aclient.Part) string {
	if p.File == nil {
		return ""
	}
	return strings.TrimSpace(fileName(p.File) + " " + p.File.URI)
}

func dataView(c *Pane, _ *chatItem, p a2aclient.Part, _ int) ([]string, bool) {
	return dataLines(c.st, p.Data, p.KeyOrder), false
}

func dataCopy(p a2aclient.Part) string {
	if b, err := json.MarshalIndent(p.Data, "", "  "); err == nil {
		return string(b)
	}
	return ""
}
