package printcheck

import (
	"go/ast"
	"go/types"
)

// taint reports whether e may hold someone else's text, as far as the
// conclusions so far go.
func (c *checker) taint(e ast.Expr) bool {
	if tv, ok := c.info.Types[e]; ok {
		if tv.Value != nil || tv.IsType() || tv.IsNil() {
			return false
		}
		if tv.Type != nil && !textual(tv.Type) {
			return false
		}
	}
	switch e := e.(type) {
	case *ast.BasicLit, *ast.FuncLit:
		return false
	case *ast.ParenExpr:
		return c.taint(e.X)
	case *ast.Ident:
		switch o := c.info.Uses[e].(type) {
		case *types.Var:
			if src, ok := c.reaching(e, o); ok {
				return c.taint(src)
			}
			return c.varTainted(o)
		case *types.Const, *types.Nil, *types.TypeName:
			return false
		}
		return true
	case *ast.SelectorExpr:
		if sel, ok := c.info.Selections[e]; ok {
			if c.own(sel.Recv()) {
				return false
			}
			if v := c.structVar(e.X); v != nil && sel.Kind() == types.FieldVal {
				return c.taint(e.X) // a field of a struct variable: what the variable was given
			}
			return true // another field, or a method value: anyone's
		}
		return c.taint(e.Sel) // another package's variable or constant
	case *ast.BinaryExpr:
		return c.taint(e.X) || c.taint(e.Y)
	case *ast.UnaryExpr:
		return c.taint(e.X)
	case *ast.StarExpr:
		return c.taint(e.X)
	case *ast.IndexExpr:
		return c.taint(e.X)
	case *ast.SliceExpr:
		return c.taint(e.X)
	case *ast.TypeAssertExpr:
		return c.taint(e.X)
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if c.taint(kv.Value) || c.keyTaint(e, kv.Key) {
					return true
				}
			} else if c.taint(el) {
				return true
			}
		}
		return false
	case *ast.CallExpr:
		return c.callTaint(e)
	}
	return true
}

// keyTaint is a map literal's key's taint; a struct literal's keys are
// field names.
func (c *checker) keyTaint(lit *ast.CompositeLit, key ast.Expr) bool {
	if tv, ok := c.info.Types[lit]; ok {
		if _, isMap := tv.Type.Underlying().(*types.Map); isMap {
			return c.taint(key)
		}
	}
	return false
}

// callTaint is the taint of what a call returns.
func (c *checker) callTaint(call *ast.CallExpr) bool {
	if tv, ok := c.info.Types[call.Fun]; ok && tv.IsType() {
		return len(call.Args) == 1 && c.taint(call.Args[0]) // a conversion
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, ok := c.info.Uses[id].(*types.Builtin); ok {
			return c.anyTaint(call.Args)
		}
	}
	fn := c.callee(call)
	switch {
	case fn == nil:
		return true // a function value: anyone's
	case c.opts.Cleaners[funcName(fn)], cleaners[funcName(fn)]:
		return false
	case fn.Pkg() == c.pkg:
		if _, ok := c.returns[fn]; !ok {
			return true // an interface's method, or a function without a body
		}
		return c.results[fn]
	case fn.Pkg() != nil && fn.Pkg().Path() == termsafePath:
		return false
	case c.ownCall(call):
		return false
	case c.builtText(call, fn):
		return false
	case passthrough[funcName(fn)]:
		return c.anyTaint(c.formatted(call, fn))
	}
	return true
}

func (c *checker) anyTaint(args []ast.Expr) bool {
	for _, a := range args {
		if c.taint(a) {
			return true
		}
	}
	return false
}

// own reports whether t (or what it points to) is one of the types whose
// text is the program's own (Options.Own).
func (c *checker) own(t types.Type) bool {
	if n := named(t); n != nil && n.Obj().Pkg() != nil {
		return c.opts.Own[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	}
	return false
}

// ownCall reports whether call is a method of an Own type.
func (c *checker) ownCall(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := c.info.Selections[sel]
	return ok && c.own(s.Recv())
}

// structVar is the variable x names when it holds a struct by value:
// its fields hold only what was assigned to it or them (a pointer's
// could be changed through another).
func (c *checker) structVar(x ast.Expr) *types.Var {
	v := c.varOf(ast.Unparen(x))
	if v == nil {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Struct); !ok {
		return nil
	}
	return v
}
