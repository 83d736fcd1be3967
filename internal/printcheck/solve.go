package printcheck

import (
	"go/ast"
	"go/types"
)

// solve taints, until nothing changes, every variable something tainted
// flows into and every function that returns something tainted. It
// starts from nothing tainted, so text that only goes round in circles
// stays clean.
func (c *checker) solve() {
	for changed := true; changed; {
		changed = false
		for v := range c.candidates() {
			if !c.vars[v] && c.varSourceTainted(v) {
				c.vars[v], changed = true, true
			}
		}
		for fn := range c.returns {
			if !c.results[fn] && c.returnsTainted(fn) {
				c.results[fn], changed = true, true
			}
		}
	}
}

// candidates are the variables that have facts.
func (c *checker) candidates() map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for v := range c.sources {
		out[v] = true
	}
	for v := range c.params {
		out[v] = true
	}
	for v := range c.tainted0 {
		out[v] = true
	}
	return out
}

func (c *checker) varSourceTainted(v *types.Var) bool {
	if c.tainted0[v] {
		return true
	}
	for _, src := range c.sources[v] {
		if c.taint(src) {
			return true
		}
	}
	p, ok := c.params[v]
	if !ok {
		return false
	}
	return c.paramTainted(p)
}

// paramTainted: a parameter is as tainted as what it is called with,
// where every call is in sight: an unexported function, or a closure's
// variable, never used as a value. A writer's own Write forwards what
// it is given, which is checked where it is written.
func (c *checker) paramTainted(p param) bool {
	var sig *types.Signature
	switch fn := p.fn.(type) {
	case *types.Func:
		sig = fn.Type().(*types.Signature)
		if sig.Recv() != nil && writeMethods[fn.Name()] && p.index >= 0 {
			return false
		}
		if fn.Exported() || c.escapes[fn] {
			return true
		}
	case *types.Var:
		sig, _ = fn.Type().Underlying().(*types.Signature)
		if sig == nil || c.escapes[fn] || c.tainted0[fn] || len(c.sources[fn]) != 1 {
			return true
		}
	}
	if p.index >= 0 && sig.Variadic() && p.index == sig.Params().Len()-1 {
		return true
	}
	for _, call := range c.calls[p.fn] {
		var arg ast.Expr
		if p.index < 0 {
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			arg = sel.X
		} else if p.index < len(call.Args) {
			arg = call.Args[p.index]
		}
		if arg == nil || c.taint(arg) {
			return true
		}
	}
	return false
}

func (c *checker) returnsTainted(fn *types.Func) bool {
	for _, e := range c.returns[fn] {
		if c.taint(e) {
			return true
		}
	}
	for _, v := range c.named[fn] {
		if c.vars[v] {
			return true
		}
	}
	return false
}

// varTainted is the current conclusion for v. The package's own
// variables are tainted when something tainted flows into them; another
// package's (os.Args) are someone else's.
func (c *checker) varTainted(v *types.Var) bool {
	if v.Pkg() != c.pkg {
		return true
	}
	return c.vars[v]
}
