package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// What an agent lists (ids, states, titles) cannot drive the terminal
// or fake a line of the table: controls, escapes, bidi overrides and
// line breaks are cleaned from every cell.
func TestTaskTableIsTerminalSafe(t *testing.T) {
	var b bytes.Buffer
	writeTaskTable(&b, []session.TaskRow{{
		Agent: "evil\x1b]8;;http://x\x07", TaskID: "t1\u202egnp.exe", State: a2aclient.State("working\x1b[2J"),
		StatusText: "line one\ncompleted  t2  server", Updated: time.Unix(0, 0), OnServer: true,
	}})
	out := b.String()
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "\r"} {
		if strings.Contains(out, bad) {
			t.Errorf("the table holds %q: %q", bad, out)
		}
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("%d lines, want the header and one task: %q", n, out)
	}
}

func TestTaskListRefusesBadFilters(t *testing.T) {
	for _, tc := range []struct {
		lf  taskListFlags
		pos []string
	}{
		{taskListFlags{}, nil},
		{taskListFlags{}, []string{"a", "b"}},
		{taskListFlags{state: "sleeping"}, []string{"a"}},
		{taskListFlags{state: "unknown"}, []string{"a"}},
		{taskListFlags{limit: -1}, []string{"a"}},
		{taskListFlags{all: true, page: "x"}, nil},
	} {
		if _, err := tc.lf.filter(tc.pos); err == nil {
			t.Errorf("%+v %v: accepted", tc.lf, tc.pos)
		}
	}
	f, err := (&taskListFlags{state: "TASK_STATE_INPUT_REQUIRED", contextID: "c", limit: 3}).filter([]string{"a"})
	if err != nil || f.State != a2aclient.StateInputRequired || f.ContextID != "c" || f.Limit != 3 {
		t.Errorf("%+v %v", f, err)
	}
}
