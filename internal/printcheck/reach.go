package printcheck

import (
	"go/ast"
	"go/token"
	"go/types"
)

// An assignment site of a variable: where, in which function, and what.
type site struct {
	pos token.Pos
	fn  ast.Node // the innermost FuncDecl or FuncLit
	src ast.Expr // nil for an assignment this check cannot follow (x += y)
}

// reaching is the one value a use of v can see, when the code makes it
// plain: an assignment (=, :=, var) before the use in a block that holds
// it, or in the init of an if, switch or for around it, with no other
// assignment to v after it anywhere, nor in another function. So
// `s = termsafe.Line(s)` at the top of a function cleans s for the rest
// of it, whatever s was called with.
func (c *checker) reaching(id *ast.Ident, v *types.Var) (ast.Expr, bool) {
	if c.tainted0[v] {
		return nil, false
	}
	path := c.parents(id)
	var fn ast.Node
	for _, n := range path {
		if _, ok := n.(*ast.FuncDecl); ok {
			fn = n
			break
		}
		if _, ok := n.(*ast.FuncLit); ok {
			fn = n
			break
		}
	}
	var def *site
	child := ast.Node(id)
	for _, n := range path {
		if def != nil || n == fn {
			break
		}
		var before []ast.Stmt
		switch b := n.(type) {
		case *ast.BlockStmt:
			before = stmtsBefore(b.List, child)
		case *ast.CaseClause:
			before = stmtsBefore(b.Body, child)
		case *ast.CommClause:
			before = stmtsBefore(b.Body, child)
		case *ast.IfStmt:
			if child != b.Init {
				before = []ast.Stmt{b.Init}
			}
		case *ast.SwitchStmt:
			if child != b.Init {
				before = []ast.Stmt{b.Init}
			}
		case *ast.ForStmt:
			if child != b.Init && child == b.Cond {
				before = []ast.Stmt{b.Init}
			}
		}
		for i := len(before) - 1; i >= 0 && def == nil; i-- {
			def = c.assigns(before[i], v)
		}
		child = n
	}
	if def == nil || def.src == nil {
		return nil, false
	}
	for _, s := range c.sites[v] {
		if s.fn != fn || s.pos > def.pos {
			return nil, false
		}
	}
	return def.src, true
}

// stmtsBefore are the statements of list before the one that is child.
func stmtsBefore(list []ast.Stmt, child ast.Node) []ast.Stmt {
	for i, s := range list {
		if s == child {
			return list[:i]
		}
	}
	return nil
}

// assigns is the site at which statement s (itself, not within it)
// gives v its value, or nil.
func (c *checker) assigns(s ast.Stmt, v *types.Var) *site {
	if s == nil {
		return nil
	}
	for _, st := range c.sites[v] {
		if st.pos >= s.Pos() && st.pos < s.End() {
			if top := topAssign(s); top != nil && top.Pos() == st.pos {
				return &st
			}
			return &site{pos: st.pos, fn: st.fn} // within it: not one to follow
		}
	}
	return nil
}

// topAssign is the assignment s itself is, if it is one.
func topAssign(s ast.Stmt) ast.Node {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return s
	case *ast.DeclStmt:
		return s.Decl
	}
	return nil
}

// parents is the chain of nodes around n, innermost first.
func (c *checker) parents(n ast.Node) []ast.Node {
	var out []ast.Node
	for p := c.parent[n]; p != nil; p = c.parent[p] {
		out = append(out, p)
	}
	return out
}
