package printcheck

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const flows = "github.com/parley-a2a/parley/internal/printcheck/testdata/flows"

// Every line of testdata/flows that says "want" is found, and no other:
// the check follows text through fields, variables, the package's own
// functions and closures, builders and format verbs, as its doc says.
func TestFindsExactlyTheRawWrites(t *testing.T) {
	dir := filepath.Join("testdata", "flows")
	findings, err := Check(dir, Options{
		Cleaners: map[string]bool{flows + ".cleanedBy": true},
		Own:      map[string]bool{flows + ".tree": true},
		Passes:   map[string]bool{"(*" + flows + ".writer).flush": true},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := wantedLines(t, filepath.Join(dir, "flows.go"))
	got := map[int]bool{}
	for _, f := range findings {
		got[f.Pos.Line] = true
		if !want[f.Pos.Line] {
			t.Errorf("found, not wanted: %s", f)
		}
	}
	for line := range want {
		if !got[line] {
			t.Errorf("flows.go:%d is not found", line)
		}
	}
}

// wantedLines are the lines of path that say "// want".
func wantedLines(t *testing.T, path string) map[int]bool {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[int]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.HasSuffix(sc.Text(), "// want") {
			want[n] = true
		}
	}
	return want
}
