package cli

import (
	"encoding/json"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// tools prints the tool calls, tool answers and code runs an artifact
// update brought, when they arrive: in the order the agent sent them,
// among its text, not after the outcome.
func (p *textPrinter) tools(u session.Update) {
	if u.Event.Task != nil {
		// A snapshot: each artifact's tools before the text.
		for _, a := range u.Tracker.Task().Artifacts {
			p.artifactTools(a, false)
		}
		return
	}
	if textOnly(u.Event.Artifact.Artifact.Parts) {
		return // a chunk of text brings no tool (and a stream is thousands)
	}
	if a, ok := u.Tracker.Artifact(u.Event.Artifact.Artifact.ID); ok {
		p.artifactTools(a, u.Event.Artifact.Append)
	}
}

// toolScan is how many of an artifact's parts were looked through for
// tools, and how many tools were among them.
type toolScan struct{ parts, tools int }

// artifactTools prints the tool parts of a not printed yet as they now
// read. A chunk appended is looked through from the parts looked at
// before on (the tracker appends parts, joining only text): an artifact
// of thousands of parts in as many chunks costs a part a chunk.
func (p *textPrinter) artifactTools(a a2aclient.Artifact, appended bool) {
	from, n := 0, 0
	if s, ok := p.toolScan[a.ID]; ok && appended && s.parts <= len(a.Parts) {
		from, n = s.parts, s.tools
	}
	for _, part := range a.Parts[from:] {
		if _, ok := a2aclient.ToolOf(part); !ok {
			continue
		}
		n++
		if line := toolLine(part); !p.toolLines.printed(a.ID, n-1, line) {
			p.endLine()
			fmt.Fprintln(p.w, line)
		}
	}
	p.toolScan[a.ID] = toolScan{parts: len(a.Parts), tools: n}
}

// toolLine is the line a tool part is printed as when it arrives.
func toolLine(part a2aclient.Part) string { return "[tool] " + partLine(part) }

// questionParts prints what an interrupted task's status message asks
// in parts other than text, a line each under its state: a tool call
// by name and arguments, data as compact JSON.
func (p *textPrinter) questionParts(m *a2aclient.Message) {
	if m == nil {
		return
	}
	for _, part := range m.Parts {
		if part.Kind == a2aclient.PartText || a2ui.IsPart(part) {
			continue // text is the status line's; a surface is drawn whole (a2ui_text.go)
		}
		if line := partLine(part); line != "" {
			fmt.Fprintln(p.w, "  "+line)
		}
	}
}

// partLine is a part that is not text, on one line, cleaned: its kind's
// line (a tool call's "called f({…})"), or its data as compact JSON.
func partLine(part a2aclient.Part) string {
	if s, ok := jsonout.PartLine(a2aclient.LiftPart(part)); ok {
		return termsafe.Line(truncate(s, 200))
	}
	switch part.Kind {
	case a2aclient.PartData:
		b, err := json.Marshal(jsonout.PartToJSON(part).Data)
		if err != nil {
			return ""
		}
		return termsafe.Line(truncate(string(b), 200))
	case a2aclient.PartFile:
		return describePart(a2aclient.Artifact{}, part)
	}
	return ""
}
