package cli

import (
	"fmt"
	"hash/maphash"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// An artifact's data and file parts have a line each (describePart),
// printed as the artifact arrives, so the lines stand where the stream
// put them among the status lines: an agent that sends its files and
// then "completed" reads that way. The outcome prints only the lines not
// printed yet or changed since (an artifact replaced).

// partsLines remembers the lines printed of each artifact's parts, as a
// hash per part index (0: none), not the lines: a stream may hold
// thousands of artifacts.
type partsLines struct {
	seed  maphash.Seed
	byArt map[string][]uint64
}

// printed reports whether line is what part i of artifact id printed,
// and records it as printed.
func (l *partsLines) printed(id string, i int, line string) bool {
	if l.byArt == nil {
		l.seed, l.byArt = maphash.MakeSeed(), map[string][]uint64{}
	}
	h := maphash.String(l.seed, line) | 1 // never 0, which is "none"
	got := l.byArt[id]
	if i < len(got) && got[i] == h {
		return true
	}
	for len(got) <= i {
		got = append(got, 0)
	}
	got[i] = h
	l.byArt[id] = got
	return false
}

// count is one past the index of the last part of artifact id printed.
func (l *partsLines) count(id string) int { return len(l.byArt[id]) }

// describeArrived prints the lines of the parts an event brought that
// are neither text nor tools: an artifact's, or those of every artifact
// of a task snapshot.
func (p *textPrinter) describeArrived(u session.Update) {
	if ev := u.Event; ev.Task != nil {
		for _, a := range ev.Task.Artifacts {
			if !textOnly(a.Parts) {
				p.describeFrom(u.Tracker, a.ID)
			}
		}
	} else if a := ev.Artifact; a != nil && !textOnly(a.Artifact.Parts) {
		from := 0
		if a.Append {
			// The parts before the last one printed are as they were:
			// an artifact of many parts in as many chunks is described
			// a part at a time, not whole at every chunk.
			from = p.partLines.count(a.Artifact.ID)
		}
		if art, ok := u.Tracker.Artifact(a.Artifact.ID); ok {
			p.describe(art, from)
		}
	}
}

// describeFrom describes the artifact as the tracker assembled it.
func (p *textPrinter) describeFrom(tr *a2aclient.Tracker, id string) {
	if a, ok := tr.Artifact(id); ok {
		p.describe(a, 0)
	}
}

// describe prints a line for each part of a from index from on, other
// than text and tools, not printed yet as it now reads.
func (p *textPrinter) describe(a a2aclient.Artifact, from int) {
	for i := from; i < len(a.Parts); i++ {
		part := a.Parts[i]
		if _, ok := a2aclient.ToolOf(part); ok {
			continue // printed when it arrived (tools)
		}
		line := describePart(a, part)
		if line == "" || p.partLines.printed(a.ID, i, line) {
			continue
		}
		p.endLine()
		fmt.Fprintln(p.w, p.hintSave(part, p.hintCut(part, line)))
	}
}

// hintSave is a file part's line with how to save it (saveHint), on the
// first file a command prints that has its bytes (one given only as an
// address is not saved).
func (p *textPrinter) hintSave(part a2aclient.Part, line string) string {
	if p.saveHint == "" || p.saveHinted || part.Kind != a2aclient.PartFile || part.File == nil || part.File.URI != "" {
		return line
	}
	p.saveHinted = true
	return line + " (" + termsafe.Line(p.saveHint) + ")"
}
