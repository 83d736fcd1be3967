package printcheck

import (
	"go/types"
	"strings"
)

// textual reports whether a value of type t prints as text that could
// be someone else's: strings, byte and rune slices, errors and other
// interfaces, types with a String or Error method of their own, and
// what holds any of them. Numbers, booleans and the standard library's
// own non-string types (time.Time, time.Duration, strings.Builder) are
// not.
func textual(t types.Type) bool { return textualSeen(t, map[types.Type]bool{}) }

func textualSeen(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if n := named(t); n != nil && n.Obj().Pkg() != nil {
		if !standard(n.Obj().Pkg().Path()) && (hasMethod(t, "String") || hasMethod(t, "Error")) {
			return true
		}
		if standard(n.Obj().Pkg().Path()) {
			switch n.Underlying().(type) {
			case *types.Basic, *types.Interface:
			default:
				return false
			}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Interface:
		return true
	case *types.Pointer:
		return textualSeen(u.Elem(), seen)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && (b.Kind() == types.Byte || b.Kind() == types.Rune) {
			return true
		}
		return textualSeen(u.Elem(), seen)
	case *types.Array:
		return textualSeen(u.Elem(), seen)
	case *types.Map:
		return textualSeen(u.Key(), seen) || textualSeen(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if textualSeen(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

func named(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	_, ok := obj.(*types.Func)
	return ok
}

// standard reports whether an import path is the standard library's.
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
