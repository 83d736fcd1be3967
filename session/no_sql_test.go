package session

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The domain holds no SQL: the store is session/store's, reached through
// History. A database import in session's root fails here.
func TestSessionImportsNoDatabase(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); strings.HasPrefix(p, "database/") || strings.Contains(p, "sqlite") {
				t.Errorf("%s imports %s: SQL belongs in session/store", f, p)
			}
		}
	}
}
