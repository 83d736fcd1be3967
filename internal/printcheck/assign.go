package printcheck

import (
	"go/ast"
	"go/types"
)

// assign records src as flowing into what l names: a variable, or the
// variable an index or a dereference writes into. stmt is the statement
// that assigns, in function fn; follow says whether reaching may take
// src as the variable's value after it.
func (c *checker) assign(l, src ast.Expr, stmt, fn ast.Node, follow bool) {
	direct := true
	for {
		switch e := l.(type) {
		case *ast.SelectorExpr:
			if c.structVar(e.X) == nil {
				return // a field of anything else: fields are anyone's
			}
			l, direct = e.X, false
			continue
		case *ast.IndexExpr:
			l, direct = e.X, false
			continue
		case *ast.StarExpr:
			l, direct = e.X, false
			continue
		case *ast.ParenExpr:
			l = e.X
			continue
		}
		break
	}
	v := c.varOf(l)
	if v == nil {
		return
	}
	c.sources[v] = append(c.sources[v], src)
	s := site{pos: stmt.Pos(), fn: fn}
	if follow && direct {
		s.src = src
	}
	c.sites[v] = append(c.sites[v], s)
}

func (c *checker) varOf(e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	obj := c.info.Defs[id]
	if obj == nil {
		obj = c.info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}
