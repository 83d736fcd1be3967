package dialog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// request is the exchange's request on one line, as written.
func (ex *rawExchange) request() string {
	s := "→ " + termsafe.Line(ex.method)
	if ex.body != "" {
		s += " " + termsafe.Line(ex.body)
	}
	return s
}

// summary is how the request was answered, on one line.
func (ex *rawExchange) summary() string {
	if ex.said != "" {
		return ex.said
	}
	s := ex.sum()
	if ex.done {
		ex.said = s
	}
	return s
}

func (ex *rawExchange) sum() string {
	switch {
	case !ex.done:
		return fmt.Sprintf("sending… %s", styles.Plural(len(ex.events), "event"))
	case ex.err != nil:
		return "✗ " + styles.Sentence(termsafe.Line(ex.err.Error()))
	case ex.reply == nil:
		return "no reply"
	}
	r := ex.reply
	var s string
	if r.GRPCCode != "" {
		s = "← " + termsafe.Line(r.GRPCCode)
		if r.GRPCMessage != "" {
			s += ": " + termsafe.Line(r.GRPCMessage)
		}
		for _, why := range r.GRPCReasons {
			s += " · " + termsafe.Line(why)
		}
	} else if code, msg, ok := jsonrpcError(r.Body); ok {
		s = "← JSON-RPC error"
		if code != "" {
			s += " " + code
		}
		if msg != "" {
			s += " " + msg
		}
		if r.Status != 200 {
			s += fmt.Sprintf(" · HTTP %d", r.Status)
		}
	} else {
		s = fmt.Sprintf("← HTTP %d", r.Status)
		if r.ContentType != "" {
			s += " " + termsafe.Line(r.ContentType)
		}
	}
	if r.Events > 0 || len(ex.events) > 0 {
		s += " · " + styles.Plural(max(r.Events, len(ex.events)), "event")
	} else if len(r.Body) > 0 {
		s += " · " + styles.ByteSize(len(r.Body))
	}
	return s
}

// rawErrorMessage is the most of a JSON-RPC error's message a summary
// line shows, in cells; the expanded reply has it whole. A code gets
// rawErrorCode: it is a number, unless the agent is not well.
const (
	rawErrorMessage = 80
	rawErrorCode    = 24
)

// jsonrpcError is the code and message of a JSON-RPC error response
// (a body with "jsonrpc" and an "error"), ok false for anything else: a
// result, or a body that is not JSON-RPC. Both come cleaned and clipped
// for the summary line; a code that is no number, or a message that is
// no string, is shown as the JSON it is, and an error that is no object
// as its message.
func jsonrpcError(body []byte) (code, msg string, ok bool) {
	var resp struct {
		JSONRPC json.RawMessage `json:"jsonrpc"`
		Error   json.RawMessage `json:"error"`
	}
	if len(body) == 0 || json.Unmarshal(body, &resp) != nil || resp.JSONRPC == nil ||
		resp.Error == nil || string(resp.Error) == "null" {
		return "", "", false
	}
	var e struct {
		Code    json.RawMessage `json:"code"`
		Message json.RawMessage `json:"message"`
	}
	if json.Unmarshal(resp.Error, &e) != nil {
		return "", errorPart(resp.Error, rawErrorMessage, false), true
	}
	return errorPart(e.Code, rawErrorCode, false), errorPart(e.Message, rawErrorMessage, true), true
}

// errorPart is a member of a JSON-RPC error for the summary line: as
// its JSON, or a string as its text with text; cut (before cleaning, so
// a huge one costs no more than a short one), cleaned and clipped to n
// cells.
func errorPart(raw json.RawMessage, n int, text bool) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if !text || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		s = string(raw)
	}
	if cut := 8 * n; len(s) > cut {
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return styles.Clip(termsafe.Line(s), n)
}

// lines are the reply expanded: the body, or each event, pretty-printed
// as the wire view prints a body, every line cleaned.
func (ex *rawExchange) lines() []string {
	if ex.shown != nil {
		return ex.shown
	}
	out := []string{ex.summary()}
	if ex.reply != nil && len(ex.reply.Body) > 0 {
		out = append(out, pretty(ex.reply.Body)...)
	}
	for i, e := range ex.events {
		out = append(out, fmt.Sprintf("event %d:", i+1))
		out = append(out, pretty(e)...)
	}
	if n := max(ex.replyEvents(), 0); n > len(ex.events) {
		out = append(out, fmt.Sprintf("… %d more events not kept", n-len(ex.events)))
	}
	if ex.done {
		ex.shown = out
	}
	return out
}

func (ex *rawExchange) replyEvents() int {
	if ex.reply == nil {
		return 0
	}
	return ex.reply.Events
}

// pretty is a body indented when it is JSON, as it came when not; each
// line cleaned of what could drive a terminal.
func pretty(b []byte) []string {
	var buf bytes.Buffer
	if json.Indent(&buf, bytes.TrimSpace(b), "", "  ") == nil {
		b = buf.Bytes()
	}
	var out []string
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		out = append(out, termsafe.Line(l))
	}
	return out
}

func (d *Raw) View(st *styles.Styles) string {
	bw := min(max(d.w-6, 40), 120)
	inner := bw - 4
	lines := styles.WrapStyle(st.Text, "Requests to "+termsafe.Line(d.label)+" written as "+d.dialect.Label()+" has them, sent with its credentials; secrets redacted, nothing recorded.", inner, 3)
	field := func(name string, f int, view string) string {
		label := st.Muted.Render(styles.Fit(name, 8))
		if d.focus == f {
			label = st.Accent.Render(styles.Fit(name, 8))
		}
		return label + view
	}
	lines = append(lines, "", field("Method", rawMethod, d.method.View()), field("Body", rawBody, d.body.View()))
	if d.note != "" {
		lines = append(lines, styles.WrapStyle(st.Error, d.note, inner, 2)...)
	} else if d.focus == rawMethod && len(d.methods) > 0 {
		lines = append(lines, st.Muted.Render(styles.Clip("offered: "+strings.Join(d.methods, " · "), inner)))
	} else {
		lines = append(lines, "")
	}
	lines = append(lines, "")
	if len(d.kept) == 0 {
		lines = append(lines, st.Muted.Render("No request sent yet: "+keys.Note(d.keys.Raw.Send, "")+"."))
	} else {
		lines = append(lines, d.replies(st, inner, max(d.h-len(lines)-4, 3))...)
	}
	k := d.keys.Raw
	// enter is named where it expands a reply: not in the method field,
	// where it goes on to the body, nor before any reply is kept.
	expand := ""
	if ex := d.selected(); ex != nil && d.focus != rawMethod {
		expand = keys.Note(k.Expand, map[bool]string{false: "expand", true: "fold"}[ex.open])
	}
	note := keys.JoinNotes(keys.Note(k.Send, "send"), keys.Note(k.Next, "next field"), expand, keys.Note(k.Copy, "copy"), keys.Note(k.Close, "close"))
	if ex := d.selected(); ex != nil && ex.open && d.focus == rawReplies {
		// Reading a reply: how to move through it, in 80 columns.
		note = keys.JoinNotes(keys.FirstKey(k.Up)+"/"+keys.FirstKey(k.Down)+"/"+keys.FirstKey(k.PageDown)+" scroll", keys.Note(k.Expand, "fold"), keys.Note(k.Copy, "copy"), keys.Note(k.Next, "field"), keys.Note(k.Close, "close"))
	}
	content := " " + strings.Join(lines, "\n ")
	return styles.Box(st, "Raw console · "+termsafe.Line(d.label), note, content, bw, min(len(lines)+2, d.h), true)
}

// replies draws the kept exchanges in rows lines, the one under the
// cursor expanded when open, kept in sight; an expanded reply longer
// than its room shows a window of it from d.scroll, with the lines
// hidden above and below it counted.
func (d *Raw) replies(st *styles.Styles, w, rows int) []string {
	var all []string
	at := 0
	d.bodyRows = max(rows-len(d.kept), 3)
	for i, ex := range d.kept {
		cur := " "
		if i == d.cursor && d.focus == rawReplies {
			cur = "›"
		}
		if i == d.cursor {
			at = len(all)
		}
		head := styles.Clip(ex.request()+"  "+ex.summary(), w-1)
		if i == d.cursor && d.focus == rawReplies {
			head = st.Selected.Render(styles.Fit(head, w-1))
		} else {
			head = st.Text.Render(head)
		}
		all = append(all, cur+head)
		if ex.open {
			all = append(all, d.replyWindow(st, ex.lines()[1:], w, i == d.cursor)...)
		}
	}
	if len(all) <= rows {
		return all
	}
	first := min(at, len(all)-rows)
	return all[first : first+rows]
}

// replyWindow is the part of an expanded reply's lines drawn in the
// room View left for it: from d.scroll for the reply under the cursor
// (the one scrolled), from its top for another.
func (d *Raw) replyWindow(st *styles.Styles, body []string, w int, scrolled bool) []string {
	n, h := len(body), d.bodyRows
	top, end := 0, n
	if n > h {
		last := n - (h - 1) // the top of the window that ends the reply
		if scrolled {
			top = min(d.scroll, last)
			d.scroll = top
		}
		switch {
		case top == 0:
			end = h - 1
		case top == last:
			end = n
		default:
			end = top + h - 2
		}
	}
	above, below := styles.HiddenNotes(st, n, top, end, w-2)
	var out []string
	if above != "" {
		out = append(out, "  "+above)
	}
	for _, l := range body[top:end] {
		out = append(out, "  "+st.Muted.Render(clipLong(l, w-2)))
	}
	if below != "" {
		out = append(out, "  "+below)
	}
	return out
}

// clipLong is styles.Clip of a line that may be megabytes (a reply's
// message on one line): cut first to what n cells could hold, so a frame
// does not measure the width of all of it.
func clipLong(l string, n int) string {
	if most := max(n, 1) * rawCellBytes; len(l) > most {
		for most > 0 && !utf8.RuneStart(l[most]) {
			most--
		}
		l = l[:most]
	}
	return styles.Clip(l, n)
}

// rawCellBytes is the most bytes clipLong keeps for a cell: a rune of
// four bytes and its combining marks.
const rawCellBytes = 32
