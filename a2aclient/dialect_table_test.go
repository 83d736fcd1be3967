package a2aclient

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dialectConstants reads the package's non-test sources for every
// constant declared of type Dialect, so that a new one is found whether
// or not anyone remembered to list it.
func dialectConstants(t *testing.T) map[string]Dialect {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	out := map[string]Dialect{}
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
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Dialect" {
					continue
				}
				for i, n := range v.Names {
					lit, ok := v.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						t.Fatalf("%s: the Dialect constant %s is not a string literal", name, n.Name)
					}
					out[n.Name] = Dialect(strings.Trim(lit.Value, `"`))
				}
			}
		}
	}
	return out
}

// TestEveryDialectHasARow fails when a Dialect constant is missing from
// Dialects, from dialectTable or from the registered bindings, or when the
// table has a row for a dialect that is not a constant.
func TestEveryDialectHasARow(t *testing.T) {
	consts := dialectConstants(t)
	if len(consts) < len(Dialects)+1 {
		t.Fatalf("found %d Dialect constants in the sources, fewer than Dialects lists (%d) and DialectUnknown", len(consts), len(Dialects))
	}
	for name, d := range consts {
		if d == DialectUnknown {
			if _, ok := dialectTable[d]; ok {
				t.Errorf("dialectTable has a row for %s", name)
			}
			continue
		}
		if !slices.Contains(Dialects, d) {
			t.Errorf("%s is not in Dialects, the order of preference", name)
		}
		f, ok := dialectTable[d]
		if !ok {
			t.Errorf("%s has no row in dialectTable (dialect_table.go)", name)
			continue
		}
		if f.label == "" || f.binding == "" || f.wire == 0 || f.card == 0 {
			t.Errorf("%s's row leaves label, binding, wire or card empty: %+v", name, f)
		}
		if bindingFactories[d] == nil {
			t.Errorf("%s has no binding registered (registerBinding)", name)
		}
		if got, ok := ParseDialect(f.label); !ok || got != d {
			t.Errorf("ParseDialect(%q) = %s, %v; want %s", f.label, got, ok, name)
		}
	}
	for d := range dialectTable {
		if !slices.Contains(slices.Collect(maps.Values(consts)), d) {
			t.Errorf("dialectTable has a row for %q, which is no Dialect constant", d)
		}
	}
	if len(Dialects) != len(dialectTable) {
		t.Errorf("Dialects lists %d dialects, dialectTable has %d rows", len(Dialects), len(dialectTable))
	}
}

// TestBindingsHaveWhatTheTableSays fails when a dialect's binding lacks
// an operation its row says it has: the client would answer it as
// missing without the row saying so.
func TestBindingsHaveWhatTheTableSays(t *testing.T) {
	has := map[operation]func(binding) bool{
		opStream:       func(b binding) bool { _, ok := b.(streamer); return ok },
		opResubscribe:  func(b binding) bool { _, ok := b.(resubscriber); return ok },
		opCancel:       func(b binding) bool { _, ok := b.(canceler); return ok },
		opListTasks:    func(b binding) bool { _, ok := b.(taskLister); return ok },
		opPushConfigs:  func(b binding) bool { _, ok := b.(pushConfigurer); return ok },
		opDeletePush:   func(b binding) bool { _, ok := b.(pushDeleter); return ok },
		opExtendedCard: func(b binding) bool { _, ok := b.(extendedCarder); return ok },
	}
	if len(has) != len(opNames) {
		t.Fatalf("the test knows %d operations, opNames %d", len(has), len(opNames))
	}
	for _, d := range Dialects {
		b, err := newBinding(newTransport(Options{}), Interface{URL: "http://127.0.0.1:1/", Dialect: d}, &Agent{})
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		for op, implemented := range has {
			lacks := facts(d).lacks&op != 0
			if !lacks && !implemented(b) {
				t.Errorf("%s: its row has %s, its binding (%T) does not", d, opNames[op], b)
			}
			if lacks && implemented(b) {
				t.Errorf("%s: its row lacks %s, yet its binding (%T) has it: the row or the binding is wrong", d, opNames[op], b)
			}
		}
	}
}

// TestALackedOperationIsAnsweredWithoutAsking: an operation its row
// lacks is refused as unsupported by the client itself; the endpoint,
// where nothing listens, is never asked.
func TestALackedOperationIsAnsweredWithoutAsking(t *testing.T) {
	ctx := hostileCtx(t)
	calls := map[operation]func(c *Client) error{
		opListTasks: func(c *Client) error { _, err := c.ListTasks(ctx, ListTasksRequest{}); return err },
		opPushConfigs: func(c *Client) error {
			_, err := c.SetPushConfig(ctx, PushConfig{TaskID: "t1", URL: "https://example.com/push"})
			return err
		},
		opDeletePush:   func(c *Client) error { return c.DeletePushConfig(ctx, "t1", "p1") },
		opExtendedCard: func(c *Client) error { _, err := c.ExtendedCard(ctx); return err },
	}
	for _, d := range Dialects {
		for op, call := range calls {
			if facts(d).lacks&op == 0 {
				continue
			}
			c, err := NewClient(&Agent{Interfaces: []Interface{{URL: "http://127.0.0.1:1/", Binding: facts(d).binding, Dialect: d}}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			err = call(c)
			if !errors.Is(err, ErrUnsupportedOperation) || !strings.Contains(err.Error(), d.Label()+" has no "+opNames[op]) {
				t.Errorf("%s %s: %v, want %q as ErrUnsupportedOperation", d, opNames[op], err, d.Label()+" has no "+opNames[op])
			}
		}
	}
}
