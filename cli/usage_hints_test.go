package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Issue 32 item 21: every "Run 'parley help X' for usage." that a command
// can print leads to a help topic that exists. The hint is made from the
// command named in usagef (output.go's report), so this walks every usagef
// call in cli's code, and every 'parley help X' written out in a string.
func TestEveryHelpPointerLeadsSomewhere(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	// Names built at run time from the command tree (helpName(c), the
	// parent's own name) or from a subcommand that was found in it.
	derived := map[string]bool{`helpName(c)`: true, `cmd`: true, `"task "+sub`: true, `"task push "+sub`: true}
	written := regexp.MustCompile(`parley help ([a-z][a-z -]*[a-z])`)
	topics := map[string]string{} // topic -> where
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); !ok || id.Name != "usagef" || len(n.Args) == 0 {
					return true
				}
				arg := n.Args[0]
				where := fset.Position(n.Pos()).String()
				if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, _ := strconv.Unquote(lit.Value); s != "" {
						topics[s] = where
					}
					return true
				}
				expr := string(src[fset.Position(arg.Pos()).Offset:fset.Position(arg.End()).Offset])
				if !derived[expr] {
					t.Errorf("%s: usagef(%s, …): a help topic this test cannot check; name the command literally", where, expr)
				}
				if b, ok := arg.(*ast.BinaryExpr); ok {
					if lit, ok := b.X.(*ast.BasicLit); ok {
						s, _ := strconv.Unquote(lit.Value)
						topics[strings.TrimSpace(s)] = where
					}
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					for _, m := range written.FindAllStringSubmatch(n.Value, -1) {
						topics[m[1]] = fset.Position(n.Pos()).String()
					}
				}
			}
			return true
		})
	}
	if len(topics) < 10 {
		t.Fatalf("found only %d help topics: is the walk broken? %v", len(topics), topics)
	}
	e := newEnv(t)
	for topic, where := range topics {
		r := e.run(append([]string{"help"}, strings.Fields(topic)...)...)
		if r.code != exitOK || r.stdout == "" {
			t.Errorf("%s points to 'parley help %s', which is not there: exit %d, %s", where, topic, r.code, r.stderr)
		}
	}
	// The one reached through a theme: the hint must lead somewhere too.
	te := newEnv(t)
	te.terminal = true
	r := te.run("--theme", "bogus")
	wantCode(t, r, exitUsage)
	if m := written.FindStringSubmatch(r.stderr); m != nil {
		if h := e.run(append([]string{"help"}, strings.Fields(m[1])...)...); h.code != exitOK {
			t.Errorf("--theme bogus points to 'parley help %s', which is not there: %s", m[1], h.stderr)
		}
	}
}
