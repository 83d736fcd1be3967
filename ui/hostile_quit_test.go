package ui

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// An agent chooses its task ids and a config file its agents' names: the
// quit question, the sentence left on the terminal and every other
// question a dialog asks show them cleaned, and the command the sentence
// offers to copy runs nothing but parley.
func TestHostileTaskIDInQuitSentenceAndDialogs(t *testing.T) {
	const id = "t1; rm -rf ~ \x1b]52;c;aGk=\a\u202e"
	if s := styles.ShortID("\x1b]0;x\a"); strings.ContainsAny(s, "\x1b\a") {
		t.Errorf("shortID keeps controls: %q", s)
	}
	if s := styles.ShortID("ab\u202ecdefghij€"); !strings.HasSuffix(s, "ij€") && !strings.HasSuffix(s, "j€") {
		t.Errorf("shortID cuts a character in two: %q", s)
	}
	m := &Model{}
	e := &panes.Entry{Agent: &session.Agent{Name: "work\x1b]0;pwned\a", Ref: "http://127.0.0.1:1/"}}
	left := m.leftSentence(runningTask{id: id, agent: e})
	assertTerminalSafe(t, left)
	if !strings.Contains(left, "parley task watch http://127.0.0.1:1/ 't1; rm -rf ~ ") {
		t.Errorf("the task id is not one shell word in the command: %q", left)
	}
	st := styles.New(themes.Dark)
	p := dialog.NewPrompt(st, nil, dialog.PromptConfirm, "Quit parley", []string{left, "Task " + styles.ShortID(id) + " of " + e.Label()}, "", nil)
	assertTerminalSafe(t, drawn(p, st, 100, 30))
}
