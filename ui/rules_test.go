package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// sourceFile is one Go file of ui or of a package under it.
type sourceFile struct {
	path string // relative to ui
	test bool
	ast  *ast.File
}

// uiSources parses every Go file of ui and of the packages under it,
// grouped by directory.
func uiSources(t *testing.T, fset *token.FileSet) map[string][]sourceFile {
	t.Helper()
	out := map[string][]sourceFile{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		out[dir] = append(out[dir], sourceFile{path: path, test: strings.HasSuffix(path, "_test.go"), ast: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no ui source was read")
	}
	return out
}

// No test changes a package variable of ui to steer it: the clock, the
// waits and the limits the UI runs with come in through Options.Env or a
// pane's own fields, so a test that forgets to put one back cannot
// change the next test's UI, and no two tests race over one.
func TestNoPackageVariableIsATestHook(t *testing.T) {
	fset := token.NewFileSet()
	for _, files := range uiSources(t, fset) {
		vars := map[string]bool{}
		for _, f := range files {
			if f.test {
				continue
			}
			for _, decl := range f.ast.Decls {
				if g, ok := decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
					for _, s := range g.Specs {
						for _, id := range s.(*ast.ValueSpec).Names {
							vars[id.Name] = true
						}
					}
				}
			}
		}
		for _, f := range files {
			if !f.test {
				continue
			}
			ast.Inspect(f.ast, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || as.Tok == token.DEFINE {
					return true
				}
				for _, lhs := range as.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && vars[id.Name] {
						t.Errorf("%s: a test sets the package variable %s; give the model (Options.Env) or the pane a field instead", fset.Position(as.Pos()), id.Name)
					}
				}
				return true
			})
		}
	}
}
