package config

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/parley-a2a/parley/internal/backslash"
)

// renderValue writes a setting's value as TOML: strings, booleans,
// integers, lists of strings and tables of strings (headers) are all an
// agent entry holds.
func renderValue(v any) (string, error) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.String:
		return quoteTOML(rv.String()), nil
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return strconv.FormatUint(rv.Uint(), 10), nil
	case reflect.Slice:
		parts := make([]string, rv.Len())
		for i := range parts {
			s, err := renderValue(rv.Index(i).Interface())
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			break
		}
		keys := make([]string, 0, rv.Len())
		for _, k := range rv.MapKeys() {
			keys = append(keys, k.String())
		}
		sort.Strings(keys)
		if len(keys) == 0 {
			return "{}", nil
		}
		parts := make([]string, len(keys))
		for i, k := range keys {
			s, err := renderValue(rv.MapIndex(reflect.ValueOf(k).Convert(rv.Type().Key())).Interface())
			if err != nil {
				return "", err
			}
			parts[i] = renderKey(k) + " = " + s
		}
		return "{ " + strings.Join(parts, ", ") + " }", nil
	}
	return "", fmt.Errorf("parley cannot write a %T to the config file", v)
}

// quoteTOML writes s as a basic string, escaping what TOML requires and
// every control character, so the file shows what it holds.
func quoteTOML(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch e := backslash.Encode(r); {
		case e != "":
			b.WriteString(e)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func renderKey(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		if !isBare(k[i]) {
			return quoteTOML(k)
		}
	}
	return k
}

// decodeValue reads one value the way the TOML library reads it inside a
// file, so a value to write and a value read back compare equal.
func decodeValue(text string) (any, error) {
	var m map[string]any
	if _, err := toml.Decode("v = "+text, &m); err != nil {
		return nil, err
	}
	return m["v"], nil
}

// renderDecoded renders a value to write and reads the text back, so
// that what the file will hold is what the document wants compared.
func renderDecoded(value any) (text string, v any, err error) {
	if text, err = renderValue(value); err != nil {
		return "", nil, err
	}
	if v, err = decodeValue(text); err != nil {
		return "", nil, err
	}
	return text, v, nil
}

// agentFields lists an entry's settings in the order Agent declares them
// (embedded OAuth and TLS settings flattened), by their names in the file.
func agentFields(a *Agent) []agentField {
	var out []agentField
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(v.Field(i))
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
			if name == "" || name == "-" {
				continue
			}
			out = append(out, agentField{key: name, v: v.Field(i)})
		}
	}
	walk(reflect.ValueOf(a).Elem())
	return out
}

type agentField struct {
	key string
	v   reflect.Value
}

// empty: a setting left out of the file (zero, or an empty list or table).
func (f agentField) empty() bool {
	switch f.v.Kind() {
	case reflect.Map, reflect.Slice:
		return f.v.Len() == 0
	}
	return f.v.IsZero()
}

// plain turns named types (ByteSize, Headers) into what renderValue takes.
func (f agentField) plain() any {
	switch f.v.Kind() {
	case reflect.String:
		return f.v.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return f.v.Int()
	}
	return f.v.Interface()
}
