package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/syncbuf"
)

// The result line of `parley task watch --json` carries the timings a
// send's does, counted from the watch's own start: its first event, its
// end, and the time in each state it saw.
func TestTaskWatchJSONCarriesTimings(t *testing.T) {
	url := demo(t) + "/v0.3"
	e := newEnv(t)
	id := startSlowTask(t, url)
	var out, errOut syncbuf.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run(context.Background(), []string{"task", "watch", url, id, "--json"}, e.env(&out, &errOut))
	}()
	// Cancel once the watch has seen the task working, so it sees it
	// move to canceled.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), `"working"`) {
		if time.Now().After(deadline) {
			t.Fatalf("the watch saw no working task; stdout %q stderr %q", out.String(), errOut.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
	wantCode(t, e.run("task", "cancel", url, id, "--json"), exitOK)
	w := result{code: <-done, stdout: out.String(), stderr: errOut.String()}
	wantCode(t, w, exitTaskFailed)
	res := resultLine(t, w)
	tm, ok := res["timings"].(map[string]any)
	if !ok {
		t.Fatalf("the watch's result line has no timings: %v", res)
	}
	for _, k := range []string{"firstEventMs", "finalMs"} {
		if v, ok := tm[k].(float64); !ok || v <= 0 {
			t.Errorf("timings[%q] = %v, want a positive number of ms (%v)", k, tm[k], tm)
		}
	}
	if tm["finalMs"].(float64) < tm["firstEventMs"].(float64) {
		t.Errorf("final before the first event: %v", tm)
	}
	states, _ := tm["states"].([]any)
	if len(states) == 0 || !strings.Contains(strings.ToLower(statesText(states)), "working") {
		t.Errorf("no time in the working state: %v", tm)
	}
}

// statesText flattens the timings' states for a substring check.
func statesText(v any) string {
	var b strings.Builder
	for _, s := range v.([]any) {
		if m, ok := s.(map[string]any); ok {
			for k, x := range m {
				b.WriteString(k + "=")
				if str, ok := x.(string); ok {
					b.WriteString(str)
				}
				b.WriteString(" ")
			}
		}
	}
	return b.String()
}
