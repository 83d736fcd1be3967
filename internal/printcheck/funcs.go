package printcheck

import (
	"go/ast"
	"go/types"
)

// funcDecl records a function's parameters (the receiver too) and what
// its body returns.
func (c *checker) funcDecl(fd *ast.FuncDecl) {
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	if fd.Recv != nil {
		for _, field := range fd.Recv.List {
			for _, n := range field.Names {
				if v, ok := c.info.Defs[n].(*types.Var); ok {
					c.params[v] = param{fn, -1}
				}
			}
		}
	}
	c.paramsOf(fn, fd.Type)
	if fd.Body == nil {
		return
	}
	c.returns[fn] = []ast.Expr{} // a body: its returns decide its results
	if fd.Type.Results != nil {
		for _, field := range fd.Type.Results.List {
			for _, n := range field.Names {
				if v, ok := c.info.Defs[n].(*types.Var); ok {
					c.named[fn] = append(c.named[fn], v)
				}
			}
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			c.returns[fn] = append(c.returns[fn], n.Results...)
		}
		return true
	})
}

// paramsOf records the parameters of fn, of type ft.
func (c *checker) paramsOf(fn types.Object, ft *ast.FuncType) {
	i := 0
	for _, field := range ft.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, n := range field.Names {
			if v, ok := c.info.Defs[n].(*types.Var); ok {
				c.params[v] = param{fn, i}
			}
			i++
		}
	}
}

// closure makes a function literal kept in a new variable (row :=
// func(…) {…}) a function like the package's own: its parameters are
// as tainted as what it is called with, while the variable is only
// ever called.
func (c *checker) closure(l, src ast.Expr, define bool) {
	lit, ok := ast.Unparen(src).(*ast.FuncLit)
	id, isID := l.(*ast.Ident)
	if !ok || !isID || !define {
		return
	}
	if v, ok := c.info.Defs[id].(*types.Var); ok {
		c.paramsOf(v, lit.Type)
	}
}
