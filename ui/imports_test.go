package ui

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The Workspace (session) owns agents, credentials and sign-ins; ui
// only shows them and takes keys. No ui file (tests aside) imports auth:
// what a sign-in needs comes through session.
func TestUINeverImportsAuth(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "github.com/parley-a2a/parley/auth" || strings.HasPrefix(path, "github.com/parley-a2a/parley/auth/") {
				t.Errorf("%s imports %s; ask session's Workspace instead (ARCHITECTURE.md)", name, path)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no ui file was checked")
	}
}

// TestUIDoesNotDependOnAuth holds the whole import graph to it, not just
// ui's own files: nothing ui builds on (session above all) may pull in
// auth; session speaks package signin's words and gets auth's machinery
// from the command line.
func TestUIDoesNotDependOnAuth(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
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
