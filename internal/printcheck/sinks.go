package printcheck

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// writers are the functions that write their arguments, by the
// argument their text starts at.
var writers = map[string]int{
	"fmt.Fprint": 1, "fmt.Fprintln": 1, "fmt.Fprintf": 1, "fmt.Print": 0, "fmt.Println": 0, "fmt.Printf": 0,
	"io.WriteString": 1,
}

// writeMethods write their argument, whatever they are a method of.
var writeMethods = map[string]bool{"Write": true, "WriteString": true, "WriteByte": true, "WriteRune": true}

func (c *checker) isWrite(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if _, ok := writers[funcName(fn)]; ok {
		return true
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil && writeMethods[fn.Name()]
}

// sinks lists every write of text that may not be clean.
func (c *checker) sinks() []Finding {
	var out []Finding
	for _, f := range c.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if fd, ok := n.(*ast.FuncDecl); ok {
				fn, _ := c.info.Defs[fd.Name].(*types.Func)
				return fn == nil || !c.opts.Passes[funcName(fn)]
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := c.callee(call)
			if !c.isWrite(fn) || c.notOutput(call, fn) {
				return true
			}
			var args []ast.Expr
			if from, ok := writers[funcName(fn)]; ok {
				args = c.formatted(call, fn)
				if from == 1 && len(args) > 0 {
					args = args[1:] // the writer
				}
			} else {
				args = call.Args
			}
			for _, a := range args {
				if c.taint(a) {
					out = append(out, Finding{Pos: c.fset.Position(a.Pos()), Call: c.source(call.Fun), Arg: c.source(a)})
				}
			}
			return true
		})
	}
	return out
}

// source is e as written, on one line and clipped.
func (c *checker) source(e ast.Expr) string {
	text := strings.Join(strings.Fields(types.ExprString(e)), " ")
	if len(text) > 80 {
		text = text[:77] + "..."
	}
	return text
}

// notOutput reports whether a write goes somewhere that is never shown
// as it is: a hash, or a builder kept in a field (whose text is
// someone else's when read, as every field's is). A builder in a
// variable is a sink: its String is taken as clean.
func (c *checker) notOutput(call *ast.CallExpr, fn *types.Func) bool {
	var w ast.Expr
	if _, ok := writers[funcName(fn)]; ok {
		if funcName(fn) == "fmt.Print" || funcName(fn) == "fmt.Println" || funcName(fn) == "fmt.Printf" {
			return false
		}
		w = call.Args[0]
	} else if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		w = sel.X
	}
	if u, ok := ast.Unparen(w).(*ast.UnaryExpr); ok {
		w = u.X
	}
	tv, ok := c.info.Types[w]
	if !ok {
		return false
	}
	if types.Implements(tv.Type, hashType) || types.Implements(types.NewPointer(tv.Type), hashType) {
		return true
	}
	n := named(tv.Type)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "strings.Builder", "bytes.Buffer":
		_, isField := ast.Unparen(w).(*ast.SelectorExpr)
		return isField
	}
	return false
}

// hashType is hash.Hash's method set (without io.Writer's, which every
// sink has): what is written into a hash is never shown.
var hashType = func() *types.Interface {
	bytes := types.NewSlice(types.Typ[types.Byte])
	result := func(t types.Type) *types.Tuple { return types.NewTuple(types.NewParam(token.NoPos, nil, "", t)) }
	sig := func(params, results *types.Tuple) *types.Signature {
		return types.NewSignatureType(nil, nil, nil, params, results, false)
	}
	it := types.NewInterfaceType([]*types.Func{
		types.NewFunc(token.NoPos, nil, "Sum", sig(result(bytes), result(bytes))),
		types.NewFunc(token.NoPos, nil, "Size", sig(nil, result(types.Typ[types.Int]))),
		types.NewFunc(token.NoPos, nil, "BlockSize", sig(nil, result(types.Typ[types.Int]))),
	}, nil)
	return it.Complete()
}()
