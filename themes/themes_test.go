package themes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBuiltinsAreComplete(t *testing.T) {
	for name, th := range Builtin() {
		c := th
		if err := c.fill(Theme{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if c != th {
			t.Errorf("%s has unset colours", name)
		}
	}
}

func TestLoadUserThemes(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "mine.toml"), []byte("base = \"light\"\naccent = \"#ff0000\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bad.toml"), []byte("accent = \"red\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "broken.toml"), []byte("accent = \n"), 0o644)
	got, errs := Load(dir)
	mine, ok := got["mine"]
	if !ok || mine.Accent != "#ff0000" || mine.Text != Light.Text || mine.Dark {
		t.Errorf("mine = %+v", mine)
	}
	if len(errs) != 2 {
		t.Fatalf("errs = %v", errs)
	}
	joined := errs[0].Error() + errs[1].Error()
	if !strings.Contains(joined, "bad.toml") || !strings.Contains(joined, "not a colour") || !strings.Contains(joined, "broken.toml") {
		t.Errorf("errors should name file and problem: %s", joined)
	}
	if _, ok := got["dark"]; !ok {
		t.Error("built-ins lost")
	}
}

func TestLoadMissingDir(t *testing.T) {
	got, errs := Load(filepath.Join(t.TempDir(), "nope"))
	if len(errs) != 0 || len(got) != 3 {
		t.Errorf("got %d themes, errs %v", len(got), errs)
	}
}
