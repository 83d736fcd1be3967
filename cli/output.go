package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/termsafe"
)

// writeJSONLine writes v as one line of JSON. Everything an agent sent
// may be inside, and a value decoded by jq -r is text on a terminal
// again, so every string is written as termsafe.Clean leaves it: no
// escape sequence, control or bidi override survives decoding. With
// --raw (w is a rawOutput) the agent's strings are kept, with C1
// controls and DEL written as \u escapes besides the escaping JSON does
// itself (C0 controls): the line stays valid, loses nothing, and cannot
// drive a terminal it is printed on as it is.
func writeJSONLine(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	if isRaw(w) {
		_, err := w.Write(escapeControls(buf.Bytes()))
		return err
	}
	_, err := w.Write(jsonout.AppendCleanJSON(make([]byte, 0, buf.Len()), buf.Bytes()))
	return err
}

// rawOutput marks standard output of a command run with --raw: its JSON
// keeps the agent's strings as sent (escaped, never raw controls).
type rawOutput struct{ io.Writer }

func isRaw(w io.Writer) bool {
	_, ok := w.(rawOutput)
	return ok
}

// useRaw makes the runner's JSON output keep the agent's strings.
func (r *runner) useRaw(raw bool) {
	if raw && !isRaw(r.env.Stdout) {
		r.env.Stdout = rawOutput{r.env.Stdout}
	}
}

func escapeControls(b []byte) []byte {
	if !hasControls(b) {
		return b
	}
	return jsonout.AppendTerminalSafe(make([]byte, 0, len(b)+16), b)
}

// hasControls reports whether b holds DEL or a C1 control. It looks at
// bytes, not runes: encoding/json writes valid UTF-8, where C1 controls
// are exactly 0xC2 followed by 0x80–0x9F, and a rune-by-rune scan of
// every event line was a fifth of the CPU of 'parley send --json'.
func hasControls(b []byte) bool {
	if bytes.IndexByte(b, 0x7f) >= 0 {
		return true
	}
	for {
		i := bytes.IndexByte(b, 0xc2)
		if i < 0 || i+1 >= len(b) {
			return false
		}
		if b[i+1] >= 0x80 && b[i+1] <= 0x9f {
			return true
		}
		b = b[i+1:]
	}
}

// errorJSON is the --json form of an error.
type errorJSON struct {
	Type  string `json:"type"` // "error"
	Error string `json:"error"`
	Hint  string `json:"hint,omitempty"`
	// ErrorCode is the agent's A2A error name, or the A2A CLI
	// specification's A2ACLI_ERR_* code (errorCode).
	ErrorCode string `json:"code"`
	TaskID    string `json:"taskId,omitempty"`
	Code      int    `json:"exitCode"`
}

// report prints err as one sentence plus what to do about it on stderr,
// and as an error line on stdout with --json. It returns the exit code.
func (r *runner) report(code int, err error, asJSON bool, taskID string) int {
	return r.reportLine(code, err, asJSON, taskID, false)
}

// reportShown is report for an error the output has said already (doctor's
// ✗ card line): stderr gets only what to do about it, if anything; the
// --json error line is whole.
func (r *runner) reportShown(code int, err error, asJSON bool, taskID string) int {
	return r.reportLine(code, err, asJSON, taskID, true)
}

func (r *runner) reportLine(code int, err error, asJSON bool, taskID string, shown bool) int {
	msg := sentence(err.Error())
	hint := a2aclient.Hint(err)
	if ue, ok := err.(*usageError); ok && ue.cmd != "" {
		hint = fmt.Sprintf("Run 'parley help %s' for usage.", ue.cmd)
	} else if ok {
		hint = "Run 'parley --help' for usage."
	}
	if m, h, ok := r.refusal(err); ok {
		msg, hint = m, h
	}
	switch {
	case !shown:
		line := "parley: " + uncap(msg)
		if hint != "" {
			line += " " + hint
		}
		fmt.Fprintln(r.env.Stderr, termsafe.Line(line))
	case hint != "":
		fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+uncap(hint)))
	}
	r.lastErr = err
	if asJSON {
		ec := errorCode(err)
		if code == exitInterrupted {
			ec = codeInterrupted
		}
		_ = writeJSONLine(r.env.Stdout, errorJSON{Type: "error", Error: msg, Hint: hint, ErrorCode: ec, TaskID: taskID, Code: r.exitCode(code, err)})
	}
	return code
}

// sentence makes an error message read as one sentence: first letter up,
// full stop at the end, on one line. The capital is only for a sentence
// that starts with parley's own word: a name the user or an agent gave
// ("closed-port"), a URL, a quoted value or a dialect keeps its case.
func sentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "Something went wrong."
	}
	if ownWord(s) {
		r, size := utf8.DecodeRuneInString(s)
		s = strings.ToUpper(string(r)) + s[size:]
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

// ownWord reports whether s starts with a plain lowercase word (letters,
// perhaps 's), as parley's own sentences do, rather than with a name, a
// URL or a quoted value.
func ownWord(s string) bool {
	end := strings.IndexAny(s, " ,;")
	if end < 0 {
		end = len(s)
	}
	w := strings.TrimSuffix(strings.TrimSuffix(s[:end], ":"), "'s")
	if w == "" {
		return false
	}
	for _, c := range w {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// uncap undoes sentence's capital, for text that reads on after the
// "parley: " prefix: "parley: the push receiver has no fixed address".
// Only a first word that is a plain word once lowered (letters, perhaps
// 's) loses its capital; "HTTP 401" or a URL keeps its case.
func uncap(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r < 'A' || r > 'Z' {
		return s
	}
	low := string(unicode.ToLower(r)) + s[size:]
	if !ownWord(low) {
		return s
	}
	return low
}
