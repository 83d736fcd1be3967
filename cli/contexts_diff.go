package cli

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// exitDiffer is what `contexts diff` exits with when the answers differ,
// as diff does.
const exitDiffer = 1

// diffTurnJSON is one side of a pair in `contexts diff --json`.
type diffTurnJSON struct {
	Message    string               `json:"message"`
	State      string               `json:"state"`
	StatusText string               `json:"statusText,omitempty"`
	Text       string               `json:"text"`
	Artifacts  []string             `json:"artifacts,omitempty"`
	Errors     []string             `json:"errors,omitempty"`
	Timings    *jsonout.TimingsJSON `json:"timings,omitempty"`
}

// diffPairJSON is one line of `contexts diff --json`: the turns at one
// position, null where a side has none.
type diffPairJSON struct {
	Type    string        `json:"type"` // "turn"
	N       int           `json:"n"`
	Same    bool          `json:"same"`
	Differs []string      `json:"differs"`
	A       *diffTurnJSON `json:"a"`
	B       *diffTurnJSON `json:"b"`
}

// diffVerdictJSON is the last line of `contexts diff --json`.
type diffVerdictJSON struct {
	Type   string `json:"type"` // "diff"
	A      int64  `json:"a"`
	B      int64  `json:"b"`
	Same   bool   `json:"same"`
	Turns  int    `json:"turns"`
	Differ int    `json:"differ"`
}

// diff is `parley contexts diff A B`: two stored conversations side by
// side, turn by turn, the differences marked and the timings beside.
// It exits 0 when the answers are the same and 1 when they differ.
func (c contextsCmd) diff(refA, refB string) int {
	r := c.r
	var infos [2]session.ContextInfo
	var turns [2][]session.StoredTurn
	for i, ref := range []string{refA, refB} {
		info, err := c.find(ref)
		if err != nil {
			return r.report(exitUsage, err, c.f.json, "")
		}
		items, err := c.st.LoadTail(info.ID, 0)
		if err != nil {
			return r.report(exitError, err, c.f.json, "")
		}
		infos[i], turns[i] = info, session.StoredTurns(items)
	}
	pairs, same := session.CompareTurns(turns[0], turns[1])
	differ := 0
	for _, p := range pairs {
		if !p.Same() {
			differ++
		}
	}
	var err error
	if c.f.json {
		err = c.diffJSON(pairs, diffVerdictJSON{Type: "diff", A: infos[0].ID, B: infos[1].ID, Same: same, Turns: len(pairs), Differ: differ})
	} else {
		err = c.diffText(infos, pairs, differ)
	}
	if err != nil {
		return r.report(exitError, err, c.f.json, "")
	}
	if !same {
		return exitDiffer
	}
	return exitOK
}

func (c contextsCmd) diffJSON(pairs []session.TurnPair, verdict diffVerdictJSON) error {
	for _, p := range pairs {
		line := diffPairJSON{Type: "turn", N: p.N, Same: p.Same(), Differs: append([]string{}, p.Differs...), A: turnJSON(p.A), B: turnJSON(p.B)}
		if err := writeJSONLine(c.out(), line); err != nil {
			return err
		}
	}
	return writeJSONLine(c.out(), verdict)
}

func turnJSON(t *session.StoredTurn) *diffTurnJSON {
	if t == nil {
		return nil
	}
	j := &diffTurnJSON{Message: t.User.Text, State: string(t.State), StatusText: t.StatusText, Text: t.Text, Artifacts: t.Artifacts, Errors: t.Errors}
	if t.Timings.Final != 0 {
		j.Timings = t.Timings.JSON()
	}
	return j
}

// diffWidth is how wide the side-by-side view is: the terminal's width,
// else COLUMNS, else 80 columns (a pipe to head or less on a common
// terminal), never narrower than 40.
func (c contextsCmd) diffWidth() int {
	if f, ok := c.out().(*os.File); ok && term.IsTerminal(f.Fd()) {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w >= 40 {
			return w
		}
	}
	if w, err := strconv.Atoi(c.r.env.Getenv("COLUMNS")); err == nil && w >= 40 {
		return w
	}
	return 80
}

func (c contextsCmd) diffText(infos [2]session.ContextInfo, pairs []session.TurnPair, differ int) error {
	w := bufio.NewWriter(c.out())
	for i, info := range infos {
		agent := termsafe.Line(info.Agent.Name)
		if u := cmp.Or(info.Agent.Ref, info.Agent.URL); u != "" {
			agent += " (" + termsafe.Line(u) + ")"
		}
		fmt.Fprintf(w, "%c  context %d · %s · %s\n", "AB"[i], info.ID, agent, termsafe.Line(info.Label()))
	}
	col := (c.diffWidth() - 3) / 2
	for _, p := range pairs {
		head := "same"
		switch {
		case p.A == nil:
			head = "only in B"
		case p.B == nil:
			head = "only in A"
		case !p.Same():
			head = "differs in " + strings.Join(p.Differs, ", ")
		}
		fmt.Fprintf(w, "\nTurn %d · %s\n", p.N, head)
		showMessage := p.A == nil || p.B == nil || userWords(p.A.User) != userWords(p.B.User)
		if !showMessage {
			fmt.Fprintf(w, "you: %s\n", termsafe.Line(userWords(p.A.User)))
		}
		writeSideBySide(w, sideLines(p.A, showMessage), sideLines(p.B, showMessage), col)
	}
	if differ == 0 {
		fmt.Fprintf(w, "\nThe answers are the same (%s).\n", plural(len(pairs), "turn"))
	} else {
		fmt.Fprintf(w, "\n%d of %s differ.\n", differ, plural(len(pairs), "turn"))
	}
	return w.Flush()
}

// userWords is what the user said in a turn, in one line, as contexts
// show words it: the message's text; else a form's answer summed up
// (session.FormText, "answered the form · guests=4, name=Ada"); else its
// data parts as JSON.
func userWords(it session.Item) string {
	if strings.TrimSpace(it.Text) != "" {
		return it.Text
	}
	var forms session.FormText
	if lines, _ := forms.Item(it, surfaceWidth); len(lines) > 0 {
		return strings.Join(lines, " ")
	}
	var data []string
	for _, p := range it.Parts {
		if p.Kind == a2aclient.PartData {
			if b, err := json.Marshal(p.Data); err == nil {
				data = append(data, string(b))
			}
		}
	}
	return strings.Join(data, " ")
}

// sideLine is one line of a side: what is shown, and what is compared
// (the state line without its timings, which are never compared).
type sideLine struct{ show, key string }

// sideLines is one side of a turn, a line each: the message (when the
// two sides' differ), the state with the timings, the status message,
// the text, the other parts and the errors.
func sideLines(t *session.StoredTurn, message bool) []sideLine {
	if t == nil {
		return []sideLine{{"(no such turn)", "(no such turn)"}}
	}
	var out []sideLine
	add := func(s string) { out = append(out, sideLine{s, s}) }
	if message {
		add("you: " + userWords(t.User))
	}
	state := "[" + cmp.Or(string(t.State), "no state") + "]"
	shown := state
	if line := t.Timings.Line(); line != "" {
		shown += " " + line
	}
	out = append(out, sideLine{shown, state})
	if t.StatusText != "" {
		add("status: " + t.StatusText)
	}
	if t.Text != "" {
		for _, l := range strings.Split(strings.TrimRight(t.Text, "\n"), "\n") {
			add(l)
		}
	}
	for _, a := range t.Artifacts {
		add("▸ " + a)
	}
	for _, e := range t.Errors {
		add("error: " + e)
	}
	return out
}

// writeSideBySide writes two columns of col cells, as diff -y does: a
// line the same on both sides has no mark, a changed one "|", one only
// on the left "<" and only on the right ">". Agent text is cleaned and
// wrapped to the column.
func writeSideBySide(w *bufio.Writer, left, right []sideLine, col int) {
	for i := range max(len(left), len(right)) {
		var l, r sideLine
		hasL, hasR := i < len(left), i < len(right)
		if hasL {
			l = left[i]
		}
		if hasR {
			r = right[i]
		}
		mark := " "
		switch {
		case !hasR:
			mark = "<"
		case !hasL:
			mark = ">"
		case l.key != r.key:
			mark = "|"
		}
		ls := strings.Split(ansi.Wrap(termsafe.Line(l.show), col, ""), "\n")
		rs := strings.Split(ansi.Wrap(termsafe.Line(r.show), col, ""), "\n")
		for j := range max(len(ls), len(rs)) {
			var a, b string
			if j < len(ls) {
				a = ls[j]
			}
			if j < len(rs) {
				b = rs[j]
			}
			line := a + strings.Repeat(" ", max(col-ansi.StringWidth(a), 0)) + " " + mark + " " + b
			// Each side was cleaned before it was wrapped to its width;
			// the whole line again, so what is written is clean as such.
			w.WriteString(termsafe.Line(strings.TrimRight(line, " ")) + "\n")
		}
	}
}
