package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// No key is matched as a raw string: every key the UI reacts to comes
// from the registry (ui/keys/keys.go), so the help, the README and the
// [keys] overrides see it. This test reads the source of ui and of every
// package under it and fails on a key press turned into a string
// (msg.String()) or a binding made up on the spot from literal keys
// outside the registry.
func TestNoRawKeyMatches(t *testing.T) {
	fset := token.NewFileSet()
	checked := 0
	for _, files := range uiSources(t, fset) {
		for _, f := range files {
			if f.test || f.path == filepath.Join("keys", "keys.go") {
				continue
			}
			checked++
			for _, bad := range rawKeyUses(f.ast) {
				t.Errorf("%s: %s; put the key in the registry (ui/keys/keys.go) and match it with key.Matches", fset.Position(bad.pos), bad.what)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d files were read", checked)
	}
}

// The check itself finds what it should: a key press read as a string
// and a literal binding.
func TestNoRawKeyMatchesCatches(t *testing.T) {
	src := `package ui
func (p *x) HandleKey(msg tea.KeyPressMsg) {
	switch msg.String() {
	case "q":
	}
	_ = key.NewBinding(key.WithKeys("ctrl+q"))
	_ = func(k tea.KeyMsg) bool { return k.String() == "z" }
}`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := rawKeyUses(f); len(got) != 3 {
		t.Errorf("found %d raw key uses, want 3: %+v", len(got), got)
	}
}

type rawKeyUse struct {
	pos  token.Pos
	what string
}

// rawKeyUses lists a file's raw key matches: String() called on a
// parameter or variable typed as a key message, and key.WithKeys with a
// literal.
func rawKeyUses(f *ast.File) []rawKeyUse {
	keyVars := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		var fields *ast.FieldList
		switch n := n.(type) {
		case *ast.FuncType:
			fields = n.Params
		case *ast.ValueSpec:
			if isKeyMsgType(n.Type) {
				for _, id := range n.Names {
					keyVars[id.Name] = true
				}
			}
		}
		if fields != nil {
			for _, p := range fields.List {
				if isKeyMsgType(p.Type) {
					for _, id := range p.Names {
						keyVars[id.Name] = true
					}
				}
			}
		}
		return true
	})
	var out []rawKeyUse
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok {
			switch {
			case sel.Sel.Name == "String" && keyVars[id.Name]:
				out = append(out, rawKeyUse{call.Pos(), id.Name + ".String() matches a key by its name"})
			case id.Name == "key" && sel.Sel.Name == "WithKeys":
				for _, a := range call.Args {
					if _, lit := a.(*ast.BasicLit); lit {
						out = append(out, rawKeyUse{call.Pos(), "key.WithKeys with a literal key"})
						break
					}
				}
			}
		}
		return true
	})
	return out
}

func isKeyMsgType(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == "tea" && (sel.Sel.Name == "KeyPressMsg" || sel.Sel.Name == "KeyMsg" || sel.Sel.Name == "KeyReleaseMsg")
}
