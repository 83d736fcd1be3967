package jsonout

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A result line whose first artifacts are read as it is written (from
// the store, where parley send put the answer it let go of) is byte for
// byte the line with every artifact in the outcome.
func TestResultLineWithLeadingArtifactsIsTheSame(t *testing.T) {
	var arts []a2aclient.Artifact
	for i := range 300 {
		arts = append(arts, a2aclient.Artifact{ID: "a" + strconv.Itoa(i), Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart("<é\u0085x" + strconv.Itoa(i))}})
	}
	arts = append(arts, a2aclient.Artifact{ID: "f", Parts: []a2aclient.Part{{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "r.pdf", URI: "https://example.test/r.pdf"}}}, Metadata: map[string]any{"k": 1}})
	whole := &Outcome{Dialect: "v0.3", TaskID: "t", State: "completed", Text: "all", Artifacts: arts}
	for _, lead := range []int{0, 1, 300} {
		part := *whole
		part.Artifacts = arts[lead:]
		for _, clean := range []bool{false, true} {
			var want, got bytes.Buffer
			w, _ := NewResultLine(whole, 7)
			r, err := NewResultLine(&part, 7)
			if err != nil {
				t.Fatal(err)
			}
			r.Leading = func(fn func(*a2aclient.Artifact) error) error {
				for i := range arts[:lead] {
					if err := fn(&arts[i]); err != nil {
						return err
					}
				}
				return nil
			}
			if clean {
				_, _ = w.WriteClean(&want), r.WriteClean(&got)
			} else {
				_, _ = w.WriteTerminalSafe(&want), r.WriteTerminalSafe(&got)
			}
			if got.String() != want.String() {
				t.Errorf("%d leading artifacts (clean %v): the line differs from the whole outcome's:\n%.300s\n%.300s", lead, clean, got.String(), want.String())
			}
		}
	}
}
