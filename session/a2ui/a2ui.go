// Package a2ui reads A2UI (Agent to UI, github.com/google/A2UI) messages
// of versions 0.8 and 0.9 into surfaces, each with its components and
// its own data model, lays a surface out as a neutral tree of nodes the
// front ends draw, writes what the user enters back into the data model,
// and builds the userAction (v0.8) or action (v0.9) a button sends.
//
// Everything here is the agent's and hostile: messages, component counts
// and depths are bounded, a cycle or an unknown component becomes a
// placeholder, and every string a node holds is cleaned for the terminal.
package a2ui

import (
	"github.com/parley-a2a/parley/a2aclient"
)

// The MIME types that mark a data part as A2UI: the one of v0.8 and
// v0.9, and the one of later drafts.
const (
	MimeType      = "application/json+a2ui"
	MimeTypeNewer = "application/a2ui+json"
)

// The extension URIs an agent card declares, one per version.
const (
	ExtensionV08 = "https://a2ui.org/a2a-extension/a2ui/v0.8"
	ExtensionV09 = "https://a2ui.org/a2a-extension/a2ui/v0.9"
)

// The standard catalogs parley renders, one per version.
const (
	CatalogV08 = "https://a2ui.org/specification/v0_8/standard_catalog_definition.json"
	CatalogV09 = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
)

// Version is an A2UI protocol version as messages name it.
type Version string

// The versions parley reads.
const (
	V08 Version = "v0.8"
	V09 Version = "v0.9"
)

// Limits bound what one agent can make parley hold or draw.
type Limits struct {
	MessageBytes int // one message, as JSON
	Surfaces     int // surfaces alive at once
	Components   int // components of one surface
	Depth        int // nesting of a laid-out tree
	Nodes        int // nodes of one laid-out tree, templates expanded
	TextBytes    int // one string of a node
	// TreeTextBytes bounds the strings of one laid-out tree together:
	// nodes repeated by templates or shared children each stay within
	// TextBytes, and would otherwise draw Nodes × TextBytes.
	TreeTextBytes int
}

// DefaultLimits are generous for real forms and small for a terminal.
func DefaultLimits() Limits {
	return Limits{MessageBytes: 256 << 10, Surfaces: 32, Components: 1000, Depth: 24, Nodes: 2000, TextBytes: 4096, TreeTextBytes: 64 << 10}
}

// IsPart reports whether p is an A2UI data part: a data part whose
// metadata names one of the A2UI MIME types.
func IsPart(p a2aclient.Part) bool {
	if p.Kind != a2aclient.PartData {
		return false
	}
	mt, _ := p.Metadata["mimeType"].(string)
	return mt == MimeType || mt == MimeTypeNewer
}
