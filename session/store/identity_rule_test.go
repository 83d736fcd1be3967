package store

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

// agentChosen matches a lookup of a column that holds an id an agent
// chose (a task's, a context's, a push config's own) against a value.
var agentChosen = regexp.MustCompile(`(?is)\b(t\.id|task_id|context_id|agent_config_id)\s*=\s*\?|FROM\s+tasks\s+WHERE\b.*\bid\s*=\s*\?`)

// scoped matches what keeps such a lookup to one agent: its identity,
// or parley's number for a context (every context is one agent's).
var scoped = regexp.MustCompile(`(?i)\bagent_id\s*(=\s*\?|IN\b)|\bcontext\s*=\s*\?`)

// Every SQL statement in session that looks up an agent-chosen id does
// so together with the agent (agent_id) or within one stored context
// (context = ?): the identity rule of ARCHITECTURE.md, checked on the
// source, so that a new query without the agent fails here. Statements a
// function builds from several literals are read together.
func TestEveryLookupOfAnAgentsIDTakesTheAgent(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
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
		for _, decl := range f.Decls {
			// A function's literals are one statement's pieces; a
			// package-level constant is a statement of its own.
			var groups [][]*ast.BasicLit
			if fn, ok := decl.(*ast.FuncDecl); ok {
				groups = append(groups, literals(fn))
			} else {
				for _, lit := range literals(decl) {
					groups = append(groups, []*ast.BasicLit{lit})
				}
			}
			for _, g := range groups {
				var sql strings.Builder
				for _, lit := range g {
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						continue
					}
					if i := strings.Index(strings.ToUpper(s), "FROM"); i >= 0 {
						s = s[i:] // what is looked up, not what is selected
					} else if i := strings.Index(strings.ToUpper(s), "WHERE"); i >= 0 {
						s = s[i:] // what is looked up, not what is set
					} else if !strings.HasPrefix(strings.TrimSpace(s), "AND") && !strings.HasPrefix(strings.TrimSpace(s), "OR") && !strings.HasPrefix(strings.TrimSpace(s), " AND") {
						continue
					}
					sql.WriteString(s)
					sql.WriteString("\n")
				}
				text := sql.String()
				if !agentChosen.MatchString(text) {
					continue
				}
				checked++
				if !scoped.MatchString(text) {
					t.Errorf("%s: looks up an id an agent chose without the agent:\n%s", fset.Position(g[0].Pos()), text)
				}
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d lookups of agent-chosen ids found: the check reads nothing", checked)
	}
}

func literals(n ast.Node) []*ast.BasicLit {
	var out []*ast.BasicLit
	ast.Inspect(n, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			out = append(out, lit)
		}
		return true
	})
	return out
}
