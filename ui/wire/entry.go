package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/styles"
)

// wireFoldHeaders are the headers a folded wire entry shows; an expanded
// one shows them all. Secret ones are already REDACTED by a2aclient.
var wireFoldHeaders = []string{"Authorization", "X-Api-Key", "Content-Type", "A2a-Version", "Www-Authenticate"}

// wireID names a record across refreshes of the log, whose ring drops
// the oldest records and so moves every index.
func wireID(r a2aclient.WireRecord) string {
	return r.Time.Format(time.RFC3339Nano) + " " + string(r.Kind) + " " + r.URL
}

// wireNoun is what a record is, in a sentence ("the request").
func wireNoun(k a2aclient.WireKind) string {
	switch k {
	case a2aclient.WireRequest:
		return "request"
	case a2aclient.WireResponse:
		return "response"
	case a2aclient.WireNote:
		return "note"
	}
	return "stream event"
}

// wireHead is a record's first line: time, direction and address.
func wireHead(st *styles.Styles, r a2aclient.WireRecord) string {
	var head string
	switch r.Kind {
	case a2aclient.WireRequest:
		head = st.User.Render("→ "+r.Method) + " " + termsafe.Line(r.URL)
	case a2aclient.WireResponse:
		head = st.Agent.Render(responseStatus(r)) + " " + termsafe.Line(r.URL)
	case a2aclient.WireNote:
		head = st.Info.Render("※ parley")
	default:
		head = st.Info.Render("⇠ event")
	}
	return st.Muted.Render(r.Time.Format("15:04:05.000")) + " " + head
}

// responseStatus is how a reply's outcome reads: the HTTP status, or for
// a gRPC call (always HTTP 200, whatever happened) its grpc-status.
func responseStatus(r a2aclient.WireRecord) string {
	if code := r.Header.Get("Grpc-Status"); code != "" {
		return "← grpc " + termsafe.Line(code)
	}
	return fmt.Sprintf("← %d", r.Status)
}

// wireLines draws a record for width w: folded, its head, the main
// headers and the body's first line; expanded, every header and the whole
// body, pretty-printed when it is JSON.
func wireLines(st *styles.Styles, r a2aclient.WireRecord, w int, expanded bool) []string {
	out := []string{styles.Clip(wireHead(st, r), w)}
	names := wireFoldHeaders
	if expanded {
		names = sortedHeaders(r)
	}
	for _, name := range names {
		if v := r.Header.Get(name); v != "" {
			out = append(out, styles.Clip(st.Muted.Render("  "+termsafe.Line(name)+": "+termsafe.Line(v)), w))
		}
	}
	if len(r.Body) == 0 {
		return out
	}
	if !expanded {
		return append(out, st.Text.Render(styles.Clip("  "+termsafe.Line(string(bytes.TrimSpace(r.Body))), w)))
	}
	for _, l := range prettyBody(r.Body) {
		for _, part := range wrapHanging("  "+l, w) {
			out = append(out, st.Text.Render(part))
		}
	}
	return out
}

func sortedHeaders(r a2aclient.WireRecord) []string {
	var names []string
	for k := range r.Header {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// prettyBody is a body as lines to read: JSON indented, one member or
// element a line, so it breaks at its structure rather than mid-value;
// anything else (a note, a body cut at the log's cap) as its own lines.
// Every line is made safe for the terminal. JSON nested deeper than
// maxPrettyDepth stays as it came: indented, each level is a line as
// wide as its depth, so a few KB of brackets would make hundreds of MB.
func prettyBody(body []byte) []string {
	body = bytes.TrimSpace(body)
	var buf bytes.Buffer
	text := string(body)
	if jsonDepth(body) <= maxPrettyDepth && json.Valid(body) && json.Indent(&buf, body, "", "  ") == nil {
		text = buf.String()
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = termsafe.Line(l)
	}
	return lines
}

// wrapHanging fits one line of pretty JSON into w cells. A value longer
// than the line goes on under itself, indented two more than its line,
// so the structure stays readable.
func wrapHanging(l string, w int) []string {
	if ansi.StringWidth(l) <= w {
		return []string{l}
	}
	indent := len(l) - len(strings.TrimLeft(l, " "))
	pad := strings.Repeat(" ", min(indent+2, max(w/2, 1)))
	parts := strings.Split(ansi.Wrap(l[indent:], max(w-len(pad), 1), ""), "\n")
	out := []string{l[:indent] + parts[0]}
	for _, part := range parts[1:] {
		out = append(out, pad+part)
	}
	return out
}

// wireCopy is what copying an entry puts on the clipboard: its head, every
// header and the pretty body, as plain text.
func wireCopy(r a2aclient.WireRecord) string {
	var b strings.Builder
	b.WriteString(r.Time.Format("15:04:05.000") + " ")
	switch r.Kind {
	case a2aclient.WireRequest:
		b.WriteString("→ " + r.Method + " " + termsafe.Line(r.URL))
	case a2aclient.WireResponse:
		b.WriteString(responseStatus(r) + " " + termsafe.Line(r.URL))
	case a2aclient.WireNote:
		b.WriteString("※ parley")
	default:
		b.WriteString("⇠ event " + termsafe.Line(r.URL))
	}
	b.WriteByte('\n')
	for _, name := range sortedHeaders(r) {
		b.WriteString(termsafe.Line(name) + ": " + termsafe.Line(r.Header.Get(name)) + "\n")
	}
	if len(r.Body) > 0 {
		b.WriteByte('\n')
		b.WriteString(strings.Join(prettyBody(r.Body), "\n"))
		b.WriteByte('\n')
	}
	return b.String()
}

// maxPrettyDepth is the deepest JSON the wire view indents.
const maxPrettyDepth = 32

// jsonDepth is how deep b's arrays and objects nest, strings skipped.
func jsonDepth(b []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest
}
