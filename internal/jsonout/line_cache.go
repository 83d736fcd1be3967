package jsonout

import "github.com/parley-a2a/parley/a2aclient"

// EventLines writes the lines `parley send --json` prints for the text
// artifact updates of a stream, terminal-safe as they are encoded, and
// keeps the beginning of the last line it wrote.
//
// The chunks of one answer differ only in their text and flags: encoding
// the same task, context and artifact ids again for each chunk, then
// scanning every line again for controls, would be most of a line's
// cost. Comparing the strings a prefix was made from is much cheaper
// than encoding them. The zero value is ready to use; an
// EventLines is not safe for concurrent use.
type EventLines struct {
	// key holds the strings prefix was encoded from: task id, context
	// id, artifact id, name and description.
	key    [5]string
	prefix []byte // nil until the first line
	esc    escapes
}

// AppendTerminalSafe appends the line of a text artifact update — byte
// for byte what a json.Encoder without HTML escaping writes for
// EventToJSON(ev), newline included, with DEL and the C1 controls then
// written as \u007f and \u0080…\u009f (the cli's escapeControls) — and
// reports true. For any other event it appends nothing and reports
// false, and the caller writes the event the general way.
func (e *EventLines) AppendTerminalSafe(dst []byte, ev a2aclient.Event) ([]byte, bool) {
	return e.appendLine(dst, ev, escTerminal)
}

// AppendClean is AppendTerminalSafe with every string as termsafe.Clean
// leaves it (see AppendCleanJSON): what --json prints without --raw. One
// EventLines writes lines one way only.
func (e *EventLines) AppendClean(dst []byte, ev a2aclient.Event) ([]byte, bool) {
	return e.appendLine(dst, ev, escClean)
}

func (e *EventLines) appendLine(dst []byte, ev a2aclient.Event, esc escapes) ([]byte, bool) {
	u := fastUpdate(ev)
	if u == nil {
		return dst, false
	}
	a := &u.Artifact
	if key := [5]string{u.TaskID, u.ContextID, a.ID, a.Name, a.Description}; e.prefix == nil || key != e.key || esc != e.esc {
		e.prefix = appendEventPrefix(e.prefix[:0], u, esc)
		e.key, e.esc = key, esc
	}
	return appendEventRest(append(dst, e.prefix...), u, esc), true
}
