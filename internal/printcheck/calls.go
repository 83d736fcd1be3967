package printcheck

import (
	"go/ast"
	"go/types"
)

const termsafePath = "github.com/parley-a2a/parley/termsafe"

// cleaners are the functions outside termsafe whose text is clean
// whatever they are given: strconv's quoting (which escapes every
// control, bidi and invisible character), and jsonout's, which make JSON
// safe for a terminal once decoded (and as it is).
var cleaners = map[string]bool{
	"strconv.Quote": true, "strconv.QuoteToASCII": true, "strconv.QuoteRune": true,
	"github.com/parley-a2a/parley/internal/jsonout.AppendCleanJSON":    true,
	"github.com/parley-a2a/parley/internal/jsonout.AppendTerminalSafe": true,
}

// passthrough are the standard functions whose text is made only of
// their arguments' (and for a method, of what the package configured
// its receiver with): their result is as clean as what they are given.
var passthrough = map[string]bool{}

func init() {
	for _, name := range []string{
		"fmt.Sprint", "fmt.Sprintf", "fmt.Sprintln", "fmt.Errorf", "errors.New", "errors.Join",
		"strings.Join", "strings.TrimSpace", "strings.TrimSuffix", "strings.TrimPrefix", "strings.TrimRight", "strings.TrimLeft",
		"strings.Trim", "strings.ToUpper", "strings.ToLower", "strings.Repeat", "strings.ReplaceAll", "strings.Replace",
		"strings.Fields", "strings.Split", "strings.SplitN", "strings.Cut", "strings.Title", "strings.ToTitle",
		"(*strings.Replacer).Replace", "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint", "strconv.FormatFloat",
		"strconv.FormatBool",
		"path/filepath.Base", "path/filepath.Dir", "path/filepath.Join", "path/filepath.Ext", "path.Base", "path.Join",
		"cmp.Or", "slices.Sorted", "maps.Keys", "unicode/utf8.RuneLen",
		"(time.Time).Format", "(time.Duration).String", "(time.Duration).Round", "(time.Duration).Truncate",
	} {
		passthrough[name] = true
	}
}

// funcName is fn as "path.Name" or "(path.Type).Name", "(*path.Type).Name".
func funcName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := sig.Recv().Type()
	star := ""
	if p, ok := t.(*types.Pointer); ok {
		star, t = "*", p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return "(" + star + fn.Pkg().Path() + "." + n.Obj().Name() + ")." + fn.Name()
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// builtText reports whether call is the String of a strings.Builder or
// bytes.Buffer that only this package writes into: every such write is
// a sink this check looks at. A builder whose address goes anywhere
// else (json.NewEncoder(&b)) is in tainted0.
func (c *checker) builtText(call *ast.CallExpr, fn *types.Func) bool {
	switch funcName(fn) {
	case "(*strings.Builder).String", "(*bytes.Buffer).String":
	default:
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	return ok && !v.IsField() && !c.tainted0[v]
}
