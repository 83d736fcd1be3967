package savefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A name taken, or a link planted under it, is passed over: nothing that
// was there is written through, and the data lands under the next name.
func TestCreateNewNeverWritesThrough(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "target")
	if err := os.Symlink(target, filepath.Join(dir, "a 2")); err != nil {
		t.Skip(err)
	}
	name := func(i int) string {
		if i > 1 {
			return fmt.Sprintf("a %d", i)
		}
		return "a"
	}
	path, err := CreateNew(dir, []byte("new"), 1, name)
	if err != nil || path != filepath.Join(dir, "a 3") {
		t.Fatalf("CreateNew = %q, %v; want %q", path, err, filepath.Join(dir, "a 3"))
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a")); string(b) != "old" {
		t.Errorf("the existing file now holds %q", b)
	}
	if _, err := os.Stat(target); err == nil {
		t.Error("the planted link was followed")
	}
	if _, err := CreateNew(dir, nil, 1, func(int) string { return "a" }); !errors.Is(err, ErrAllTaken) {
		t.Errorf("with every name taken: %v, want ErrAllTaken", err)
	}
}

// A cut never splits a character.
func TestCutBytes(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{{"abc", 5, "abc"}, {"abc", 2, "ab"}, {"aé", 2, "a"}, {"é", 1, ""}} {
		if got := CutBytes(c.in, c.n); got != c.want {
			t.Errorf("CutBytes(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
