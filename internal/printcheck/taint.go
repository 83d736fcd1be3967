package printcheck

import (
	"go/ast"
	"go/token"
	"go/types"
)

// checker holds what the package's source says about where text flows,
// and which variables and results are tainted.
type checker struct {
	*loaded
	opts Options

	// Facts, from collect.
	sources  map[*types.Var][]ast.Expr // what is assigned to each variable
	sites    map[*types.Var][]site     // where
	params   map[*types.Var]param      // the parameters of the package's functions and named closures
	calls    map[types.Object][]*ast.CallExpr
	returns  map[*types.Func][]ast.Expr   // what each function with a body returns
	named    map[*types.Func][]*types.Var // its named results, which a bare return returns
	escapes  map[types.Object]bool        // used as a value, so called from anywhere
	called   map[*ast.Ident]bool          // the names calls call by
	handed   map[*ast.UnaryExpr]bool      // &x given to a write or to the package's own function
	tainted0 map[*types.Var]bool          // tainted whatever is assigned: address taken, parameters of closures
	parent   map[ast.Node]ast.Node

	// Conclusions, from solve.
	vars    map[*types.Var]bool
	results map[*types.Func]bool
}

// param is a parameter of fn, a *types.Func or the variable a closure
// is kept in, at index (-1: the receiver).
type param struct {
	fn    types.Object
	index int
}

func newChecker(l *loaded, opts Options) *checker {
	return &checker{loaded: l, opts: opts,
		sources: map[*types.Var][]ast.Expr{}, sites: map[*types.Var][]site{}, params: map[*types.Var]param{},
		calls: map[types.Object][]*ast.CallExpr{}, returns: map[*types.Func][]ast.Expr{}, named: map[*types.Func][]*types.Var{},
		escapes: map[types.Object]bool{}, called: map[*ast.Ident]bool{}, handed: map[*ast.UnaryExpr]bool{},
		tainted0: map[*types.Var]bool{}, parent: map[ast.Node]ast.Node{},
		vars: map[*types.Var]bool{}, results: map[*types.Func]bool{},
	}
}

// collect walks the package for its facts.
func (c *checker) collect() {
	for _, f := range c.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id := calledName(call); id != nil {
					c.called[id] = true
				}
			}
			return true
		})
	}
	for _, f := range c.files {
		var stack []ast.Node
		var fns []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				if top := stack[len(stack)-1]; len(fns) > 0 && fns[len(fns)-1] == top {
					fns = fns[:len(fns)-1]
				}
				stack = stack[:len(stack)-1]
				return true
			}
			if len(stack) > 0 {
				c.parent[n] = stack[len(stack)-1]
			}
			stack = append(stack, n)
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				fns = append(fns, n)
			}
			var fn ast.Node
			if len(fns) > 0 {
				fn = fns[len(fns)-1]
			}
			c.node(n, fn)
			return true
		})
	}
}

// node records the facts of one node, inside function fn.
func (c *checker) node(n, fn ast.Node) {
	switch n := n.(type) {
	case *ast.FuncDecl:
		c.funcDecl(n)
	case *ast.AssignStmt:
		follow := n.Tok == token.ASSIGN || n.Tok == token.DEFINE
		if len(n.Lhs) == len(n.Rhs) {
			for i, l := range n.Lhs {
				c.assign(l, n.Rhs[i], n, fn, follow)
				c.closure(l, n.Rhs[i], n.Tok == token.DEFINE)
			}
		} else {
			for _, l := range n.Lhs {
				c.assign(l, n.Rhs[0], n, fn, false)
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			switch {
			case len(n.Values) == len(n.Names):
				c.assign(name, n.Values[i], c.parent[n], fn, true)
				c.closure(name, n.Values[i], true)
			case len(n.Values) == 1:
				c.assign(name, n.Values[0], c.parent[n], fn, false)
			}
		}
	case *ast.RangeStmt:
		if n.Key != nil {
			c.assign(n.Key, n.X, n, fn, false)
		}
		if n.Value != nil {
			c.assign(n.Value, n.X, n, fn, false)
		}
	case *ast.TypeSwitchStmt:
		if a, ok := n.Assign.(*ast.AssignStmt); ok && len(a.Rhs) == 1 {
			for _, cl := range n.Body.List {
				if v, ok := c.info.Implicits[cl].(*types.Var); ok {
					c.sources[v] = append(c.sources[v], a.Rhs[0])
				}
			}
		}
	case *ast.UnaryExpr:
		if n.Op == token.AND && !c.handed[n] {
			if v := c.varOf(n.X); v != nil {
				c.tainted0[v] = true
			}
		}
	case *ast.FuncLit:
		for _, field := range n.Type.Params.List {
			for _, name := range field.Names {
				if v, ok := c.info.Defs[name].(*types.Var); ok {
					if _, named := c.params[v]; !named {
						c.tainted0[v] = true
					}
				}
			}
		}
	case *ast.CallExpr:
		target := c.calledObject(n)
		if target != nil {
			c.calls[target] = append(c.calls[target], n)
		}
		// An address handed to a write, or to the package's own function,
		// is written through where this check looks.
		fn := c.callee(n)
		for i, a := range n.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND &&
				(fn != nil && fn.Pkg() == c.pkg || i == 0 && c.isWrite(fn)) {
				c.handed[u] = true
			}
		}
	case *ast.SelectorExpr:
		// A method with a pointer receiver, called on a struct variable,
		// takes its address.
		if sel, ok := c.info.Selections[n]; ok && sel.Kind() == types.MethodVal {
			if _, ptr := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer); ptr && !builderMethod(sel) {
				if v := c.structVar(n.X); v != nil {
					c.tainted0[v] = true
				}
			}
		}
	case *ast.Ident:
		switch o := c.info.Uses[n].(type) {
		case *types.Func:
			if o.Pkg() == c.pkg && !c.called[n] {
				c.escapes[o] = true
			}
		case *types.Var:
			if !c.called[n] {
				c.escapes[o] = true // a closure's variable, used as a value
			}
		}
	}
}

// builderMethod reports whether sel is a method of strings.Builder or
// bytes.Buffer that writes what this check sees (its writes are sinks)
// or only reads.
func builderMethod(sel *types.Selection) bool {
	n := named(sel.Recv())
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "strings.Builder", "bytes.Buffer":
	default:
		return false
	}
	switch sel.Obj().Name() {
	case "Write", "WriteString", "WriteByte", "WriteRune", "String", "Len", "Cap", "Reset", "Grow":
		return true
	}
	return false
}
