package ui

import (
	"go/token"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The Workspace (session) owns agents, credentials and sign-ins; ui
// only shows them and takes keys. No file of ui or of a package under it
// (tests aside) imports auth: what a sign-in needs comes through session.
func TestUINeverImportsAuth(t *testing.T) {
	fset := token.NewFileSet()
	checked := 0
	for _, files := range uiSources(t, fset) {
		for _, f := range files {
			if f.test {
				continue
			}
			checked++
			for _, imp := range f.ast.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if path == "github.com/parley-a2a/parley/auth" || strings.HasPrefix(path, "github.com/parley-a2a/parley/auth/") {
					t.Errorf("%s imports %s; ask session's Workspace instead (ARCHITECTURE.md)", f.path, path)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no ui file was checked")
	}
}

// TestUIDoesNotDependOnAuth holds the whole import graph to it, not just
// ui's own files: nothing ui and its packages build on (session above
// all) may pull in auth; session speaks package signin's words and gets
// auth's machinery from the command line.
func TestUIDoesNotDependOnAuth(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/parley-a2a/parley/session") {
		t.Fatalf("go list -deps did not list session; is this ui?\n%s", out)
	}
	for _, p := range deps {
		if p == "github.com/parley-a2a/parley/auth" || strings.HasPrefix(p, "github.com/parley-a2a/parley/auth/") {
			t.Errorf("ui depends on %s; let session declare what it needs and cli pass auth in (ARCHITECTURE.md)", p)
		}
	}
}
