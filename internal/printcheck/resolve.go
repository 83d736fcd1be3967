package printcheck

import (
	"go/ast"
	"go/types"
)

// callee is the function or method a call calls, when it is one known
// statically; nil for a call of a function value.
func (c *checker) callee(call *ast.CallExpr) *types.Func {
	fn, _ := c.calledObject(call).(*types.Func)
	return fn
}

// calledObject is the function, method or variable a call calls by
// name, or nil.
func (c *checker) calledObject(call *ast.CallExpr) types.Object {
	id := calledName(call)
	if id == nil {
		return nil
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := c.info.Selections[sel]; ok {
			if s.Kind() == types.MethodVal {
				return s.Obj()
			}
			return nil // a field holding a function
		}
	}
	switch o := c.info.Uses[id].(type) {
	case *types.Func:
		return o
	case *types.Var:
		return o
	}
	return nil
}

// calledName is the name a call calls by (f in f(…) and x.f(…)), or nil
// for a call of anything else.
func calledName(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok { // an explicit instantiation
		fun = ix.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}
