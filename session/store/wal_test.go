package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/session"
)

// After Close the database file alone holds everything: the WAL is kept
// for the next parley, but checkpointed and truncated to nothing, however
// much was written through it.
func TestStoreClosesWithAnEmptyWAL(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "parley.db")
	for round, size := range []int{10, 6 << 20} {
		s, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		conv := session.NewConversation(nil, "a", nil)
		rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "a", Ref: "http://a"}})
		say(conv, strings.Repeat("x", size))
		if err := rec.Close(); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		info, err := os.Stat(path + "-wal")
		if err != nil || info.Size() != 0 || info.Mode().Perm() != 0o600 {
			t.Fatalf("round %d: the WAL after close: %v %v", round, info, err)
		}

		// The file copied alone, without its WAL, reads whole.
		alone := filepath.Join(dir, "alone.db")
		if err := os.WriteFile(alone, readFile(t, path), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := Open(alone)
		if err != nil {
			t.Fatal(err)
		}
		list, err := c.ListContexts("", "")
		c.Close()
		if err != nil || len(list) != round+1 {
			t.Fatalf("round %d: the database file alone lists %d contexts (%v)", round, len(list), err)
		}
		for _, f := range []string{alone, alone + "-wal", alone + "-shm"} {
			os.Remove(f)
		}
	}
}
