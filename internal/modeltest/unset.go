// Package modeltest finds the fields of a value that nothing in it sets.
// The normalized model (a2aclient's Task, Message, Artifact, Part) is
// written in more than one form: a2aclient reads it from two wire
// families (tagged JSON, ProtoJSON) and internal/jsonout writes and
// reads it as parley's output. The forms stay apart on purpose (a wire
// follows its dialect, an output form must not), so a test holds them
// together instead: a value with every field set, passed through a
// form, must come out with every field still set. A field added to the
// model and forgotten by a form fails that test by name.
package modeltest

import (
	"reflect"
	"sort"
	"time"
)

// Unset lists the fields of v, by path ("Task.Status.Message.Parts[].File.URI"),
// that are zero wherever they occur: in a slice, a field counts as set
// if any element sets it, so a list of parts of different kinds covers
// the fields of every kind. A nil pointer's fields are not looked into
// (the pointer itself is listed if no instance sets it).
func Unset(v any) []string {
	set := map[string]bool{}
	rv := reflect.ValueOf(v)
	walk(rv, rv.Type().Name(), set)
	var out []string
	for path, ok := range set {
		if !ok {
			out = append(out, path)
		}
	}
	sort.Strings(out)
	return out
}

var timeType = reflect.TypeFor[time.Time]()

func walk(v reflect.Value, path string, set map[string]bool) {
	switch {
	case v.Kind() == reflect.Pointer:
		set[path] = set[path] || !v.IsNil()
		if !v.IsNil() {
			walk(v.Elem(), path, set)
		}
	case v.Kind() == reflect.Struct && v.Type() != timeType:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.IsExported() {
				walk(v.Field(i), path+"."+f.Name, set)
			}
		}
	case v.Kind() == reflect.Slice && isStruct(v.Type().Elem()):
		set[path] = set[path] || v.Len() > 0
		for i := range v.Len() {
			walk(v.Index(i), path+"[]", set)
		}
	default:
		set[path] = set[path] || !v.IsZero()
	}
}

func isStruct(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct && t != timeType
}
