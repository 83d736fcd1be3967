package printcheck

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
	"strings"
)

// quietVerbs print any value without its text as it is: as a number, in
// hex, or quoted by strconv.Quote (%q, whose escapes cover every control,
// bidi and invisible character; %#q may use a raw string, so it is not
// one of them).
const quietVerbs = "bcdeEfFgGoOpqtTUxX"

// formatted lists what a call prints as text: for a Printf-like function
// with a constant format, the arguments its %s and %v verbs print (and
// none that a quiet verb prints); else every argument, the format too.
func (c *checker) formatted(call *ast.CallExpr, fn *types.Func) []ast.Expr {
	at, ok := formatAt[funcName(fn)]
	if !ok || at >= len(call.Args) {
		return call.Args
	}
	tv := c.info.Types[call.Args[at]]
	if tv.Value == nil || tv.Value.Kind() != constant.String || call.Ellipsis.IsValid() {
		return call.Args
	}
	args := call.Args[at+1:]
	loud, ok := loudArgs(constant.StringVal(tv.Value), len(args))
	if !ok {
		return call.Args
	}
	out := append([]ast.Expr(nil), call.Args[:at]...)
	for i, a := range args {
		if loud[i] {
			out = append(out, a)
		}
	}
	return out
}

// formatAt is where each Printf-like function takes its format.
var formatAt = map[string]int{
	"fmt.Printf": 0, "fmt.Sprintf": 0, "fmt.Errorf": 0, "fmt.Fprintf": 1, "fmt.Appendf": 1,
}

// loudArgs parses a format for n arguments and says which are printed by
// a verb that is not quiet. ok is false for a format it cannot follow.
func loudArgs(format string, n int) (loud []bool, ok bool) {
	loud = make([]bool, n)
	next := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		sharp := false
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			sharp = sharp || format[i] == '#'
			i++
		}
		for i < len(format) && (format[i] == '[' || format[i] == '*' || format[i] == '.' || format[i] >= '0' && format[i] <= '9') {
			if format[i] == '[' {
				end := strings.IndexByte(format[i:], ']')
				if end < 0 {
					return nil, false
				}
				k, err := strconv.Atoi(format[i+1 : i+end])
				if err != nil || k < 1 {
					return nil, false
				}
				next = k - 1
				i += end
			} else if format[i] == '*' {
				next++ // the width is an int
			}
			i++
		}
		if i >= len(format) {
			return nil, false
		}
		if format[i] == '%' {
			continue
		}
		if next >= n {
			return nil, false
		}
		if strings.IndexByte(quietVerbs, format[i]) < 0 || sharp && format[i] == 'q' {
			loud[next] = true
		}
		next++
	}
	return loud, true
}
