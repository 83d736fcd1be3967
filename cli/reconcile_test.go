package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/internal/syncbuf"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// An agent that loses chunk-2 in a cut and does not replay it: the
// result line of `parley send --json` carries the agent's whole answer,
// the stored context too, and stderr says the answer was repaired.
func TestSendReconcilesACutThatLostChunks(t *testing.T) {
	url := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.DropOnCut}))
	e := newEnv(t)
	dbPath := filepath.Join(t.TempDir(), "parley.db")
	run := func(args ...string) result {
		var out, errOut syncbuf.Buffer
		env := e.env(&out, &errOut)
		env.StorePath = dbPath
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		code := Run(ctx, args, env)
		return result{code: code, stdout: out.String(), stderr: errOut.String()}
	}
	r := run("send", url, "count", "--json")
	wantCode(t, r, exitOK)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	var res struct {
		Kind    string `json:"kind"`
		Text    string `json:"text"`
		StoreID int64  `json:"storeId"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if res.Text != hostile.DroppedAnswer {
		t.Errorf("the result says %q; the agent holds %q", res.Text, hostile.DroppedAnswer)
	}
	if !strings.Contains(r.stderr, "lost part of the answer; the agent's copy of 1 artifact replaces what streamed") {
		t.Errorf("stderr %q", r.stderr)
	}
	st, err := store.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	items, err := st.LoadTail(res.StoreID, 0)
	if err != nil {
		t.Fatal(err)
	}
	stored := ""
	for _, it := range items {
		if it.Kind == session.ItemArtifact {
			stored = joinText(it.Parts)
		}
	}
	if stored != hostile.DroppedAnswer {
		t.Errorf("the store holds %q", stored)
	}

	// Shown to a person: the repaired answer follows what streamed.
	r = run("send", url, "count")
	wantCode(t, r, exitOK)
	if !strings.HasSuffix(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(r.stdout), "[completed]")), strings.TrimSpace(hostile.DroppedAnswer)) {
		t.Errorf("stdout %q", r.stdout)
	}
}
