package push

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

func openTestStore(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(filepath.Join(t.TempDir(), "parley.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// applyChunks grows one artifact n times, as a fast stream does.
func applyChunks(c *session.Conversation, taskID string, n int) {
	var text strings.Builder
	for i := range n {
		text.WriteString("chunk ")
		c.Edit(func(e session.Editor) {
			e.Task(taskID, "")
			e.PutArtifact(taskID, a2aclient.Artifact{ID: "a", Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(text.String())}}, i == n-1)
		})
		c.Changed()
	}
}
