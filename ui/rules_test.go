package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
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

// Every message type of ui says what it may change on screen
// (component.Msg): the frame cache reads that, and nothing else, to
// decide what a message redraws, so a message that does not say would
// be drawn wrongly (kept when it changed the panes, or drawn at once
// while it streams). A message type is named …Msg; a command, a
// post to the program or a Send that makes one of another name fails
// here too.
func TestEveryMessageSaysWhatItRedraws(t *testing.T) {
	fset := token.NewFileSet()
	for dir, files := range uiSources(t, fset) {
		msgs := map[string]token.Pos{}
		says := map[string]bool{}
		for _, f := range files {
			if f.test {
				continue
			}
			for _, decl := range f.ast.Decls {
				switch d := decl.(type) {
				case *ast.GenDecl:
					for _, s := range d.Specs {
						if ts, ok := s.(*ast.TypeSpec); ok && strings.HasSuffix(ts.Name.Name, "Msg") && !isInterface(ts.Type) {
							msgs[ts.Name.Name] = ts.Pos()
						}
					}
				case *ast.FuncDecl:
					if d.Recv != nil && d.Name.Name == "Redraws" && len(d.Recv.List) == 1 {
						says[receiverName(d.Recv.List[0].Type)] = true
					}
				}
			}
			for _, bad := range madeMessages(f.ast) {
				t.Errorf("%s: a message of type %s: name it …Msg and say what it redraws (component.Msg)", fset.Position(bad.pos), bad.what)
			}
		}
		for name, pos := range msgs {
			if !says[name] {
				t.Errorf("%s: %s (in %s) does not say what it redraws: give it a Redraws method (component.Msg)", fset.Position(pos), name, dir)
			}
		}
	}
}

// The check finds a message type that does not say what it redraws, and
// a command that returns a message not named as one.
func TestEveryMessageSaysWhatItRedrawsCatches(t *testing.T) {
	src := `package x
type quietMsg struct{}
type loudMsg struct{}
func (loudMsg) Redraws() component.Redraw { return component.RedrawAll }
type result struct{}
func cmd() tea.Cmd { return func() tea.Msg { return result{} } }
func post(b *bridge) { b.post(&result{}) }
`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := madeMessages(f); len(got) != 2 {
		t.Errorf("found %d messages of the wrong name, want 2: %+v", len(got), got)
	}
}

func isInterface(e ast.Expr) bool {
	_, ok := e.(*ast.InterfaceType)
	return ok
}

func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

type madeMessage struct {
	pos  token.Pos
	what string
}

// madeMessages lists the values a file hands the program as messages
// whose type is not named as a message: composite literals returned from
// a function whose result is tea.Msg, and passed to post or Send.
func madeMessages(f *ast.File) []madeMessage {
	var out []madeMessage
	check := func(e ast.Expr) {
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		lit, ok := e.(*ast.CompositeLit)
		if !ok || lit.Type == nil {
			return
		}
		name := ""
		switch tt := lit.Type.(type) {
		case *ast.Ident:
			name = tt.Name
		case *ast.SelectorExpr:
			name = tt.Sel.Name
		}
		if name != "" && !strings.HasSuffix(name, "Msg") {
			out = append(out, madeMessage{lit.Pos(), name})
		}
	}
	returnsMsg := func(ft *ast.FuncType) bool {
		if ft.Results == nil || len(ft.Results.List) != 1 {
			return false
		}
		sel, ok := ft.Results.List[0].Type.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Msg"
	}
	var visit func(n ast.Node, inMsgFunc bool) bool
	visit = func(n ast.Node, inMsgFunc bool) bool {
		ast.Inspect(n, func(c ast.Node) bool {
			switch c := c.(type) {
			case *ast.FuncLit:
				if c != n {
					visit(c.Body, returnsMsg(c.Type))
					return false
				}
			case *ast.FuncDecl:
				if c.Body != nil {
					visit(c.Body, returnsMsg(c.Type))
				}
				return false
			case *ast.ReturnStmt:
				if inMsgFunc && len(c.Results) == 1 {
					check(c.Results[0])
				}
			case *ast.CallExpr:
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "post" || sel.Sel.Name == "Send") && len(c.Args) == 1 {
					check(c.Args[0])
				}
			}
			return true
		})
		return false
	}
	visit(f, false)
	return out
}

// maxFileLines is the most lines a ui file (tests too) may have: a
// longer one holds more than one idea.
const maxFileLines = 600

// maxRootFiles is the most non-test files the root package may keep: it
// wires the packages under it, and what grows belongs in one of them.
const maxRootFiles = 35

// Small files, one idea each; a root that wires and no more.
func TestUIFilesStaySmall(t *testing.T) {
	root := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := strings.Count(string(b), "\n"); n > maxFileLines {
			t.Errorf("%s has %d lines, more than %d: split it by idea", path, n, maxFileLines)
		}
		if filepath.Dir(path) == "." && !strings.HasSuffix(path, "_test.go") {
			root++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if root > maxRootFiles {
		t.Errorf("the root package keeps %d files, more than %d: move what is not wiring into a package under ui", root, maxRootFiles)
	}
}

// ARCHITECTURE.md's table of ui's packages says which packages of ui,
// and which of parley below ui, each one imports; the compiler keeps
// imports from running back up, and this test keeps the table true: a
// package not in it, or an import the table does not name (or names and
// is not there), fails here.
func TestUIPackagesImportAsTheArchitectureSays(t *testing.T) {
	doc, err := os.ReadFile("../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	table := uiTable(string(doc))
	if len(table) < 5 {
		t.Fatalf("ARCHITECTURE.md's ui table has %d rows", len(table))
	}
	const parley = "github.com/parley-a2a/parley/"
	fset := token.NewFileSet()
	for dir, files := range uiSources(t, fset) {
		name := "ui"
		if dir != "." {
			name = "ui/" + filepath.ToSlash(dir)
		}
		var got [2]map[string]bool // of ui, of parley
		got[0], got[1] = map[string]bool{}, map[string]bool{}
		sources := 0
		for _, f := range files {
			if f.test {
				continue
			}
			sources++
			for _, imp := range f.ast.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if p, ok := strings.CutPrefix(path, parley+"ui/"); ok {
					got[0][p] = true
				} else if p, ok := strings.CutPrefix(path, parley); ok {
					got[1][p] = true
				}
			}
		}
		if sources == 0 {
			continue
		}
		row, ok := table[name]
		if !ok {
			t.Errorf("%s is not in ARCHITECTURE.md's table of ui's packages", name)
			continue
		}
		delete(table, name)
		for c, what := range []string{"ui/", ""} {
			want := row[c]
			if want == nil { // the root: it wires every package of ui
				continue
			}
			for p := range got[c] {
				if !want[p] {
					t.Errorf("%s imports %s%s, which ARCHITECTURE.md's table does not name", name, what, p)
				}
			}
			for p := range want {
				if !got[c][p] {
					t.Errorf("ARCHITECTURE.md's table says %s imports %s%s; it does not", name, what, p)
				}
			}
		}
	}
	for name := range table {
		t.Errorf("ARCHITECTURE.md's table names %s, which has no Go files", name)
	}
}

// uiTable reads the table of ui's packages: for each package (`ui/chat`)
// the packages of ui it imports ("styles, keys, component"; "—" for
// none; nil for "all below", the root) and those of parley.
func uiTable(doc string) map[string][2]map[string]bool {
	_, section, _ := strings.Cut(doc, "\n## ui, package by package")
	section, _, _ = strings.Cut(section, "\n## ")
	out := map[string][2]map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 6 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`ui") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		var row [2]map[string]bool
		for c, cell := range cells[3:5] {
			cell = strings.TrimSpace(cell)
			if cell == "all below" {
				continue
			}
			row[c] = map[string]bool{}
			for _, p := range strings.Split(cell, ",") {
				if p = strings.TrimSpace(p); p != "" && p != "—" {
					row[c][p] = true
				}
			}
		}
		out[name] = row
	}
	return out
}

// The root acts on what a dialog returns and delivers messages by a
// dialog's ID: it never finds a dialog by asserting its type.
func TestRootFindsNoDialogByItsType(t *testing.T) {
	fset := token.NewFileSet()
	sources := uiSources(t, fset)
	// The dialogs: every type with an ID and a Full method, by package.
	dialogs := map[string]bool{}
	for dir, files := range sources {
		has := map[string]map[string]bool{}
		for _, f := range files {
			for _, decl := range f.ast.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv != nil && !f.test {
					r := receiverName(fd.Recv.List[0].Type)
					if has[r] == nil {
						has[r] = map[string]bool{}
					}
					has[r][fd.Name.Name] = true
				}
			}
		}
		for typ, methods := range has {
			if methods["ID"] && methods["Full"] {
				dialogs[filepath.Base(dir)+"."+typ] = true
			}
		}
	}
	if len(dialogs) < 5 {
		t.Fatalf("found %d dialog types: %v", len(dialogs), dialogs)
	}
	isDialog := func(e ast.Expr) bool {
		if s, ok := e.(*ast.StarExpr); ok {
			e = s.X
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		pkg, ok := sel.X.(*ast.Ident)
		return ok && dialogs[pkg.Name+"."+sel.Sel.Name]
	}
	for _, f := range sources["."] {
		if f.test {
			continue
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeAssertExpr:
				if n.Type != nil && isDialog(n.Type) {
					t.Errorf("%s: the root asserts a dialog's type; deliver by its ID (Overlay.Deliver) or act on its action", fset.Position(n.Type.Pos()))
				}
			case *ast.CaseClause:
				for _, e := range n.List {
					if isDialog(e) {
						t.Errorf("%s: the root switches on a dialog's type; deliver by its ID (Overlay.Deliver) or act on its action", fset.Position(e.Pos()))
					}
				}
			}
			return true
		})
	}
}
