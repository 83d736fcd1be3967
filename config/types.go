package config

import (
	"fmt"
	"strconv"
	"strings"
)

// KeyMap maps action names to the keys bound to them.
type KeyMap map[string]KeyList

// UnmarshalTOML insists on a table: the TOML library would silently
// ignore `keys = 3`.
func (m *KeyMap) UnmarshalTOML(v any) error {
	out, err := tomlTable(v, "keys must be a table of action = keys", func(action string, keys any) (KeyList, error) {
		var k KeyList
		if err := k.UnmarshalTOML(keys); err != nil {
			return nil, fmt.Errorf("key binding %q: %w", action, err)
		}
		return k, nil
	})
	if err == nil {
		*m = out
	}
	return err
}

// Headers maps header names to values or env:VAR references.
type Headers map[string]string

// UnmarshalTOML insists on a table of strings.
func (h *Headers) UnmarshalTOML(v any) error {
	out, err := tomlTable(v, `headers must be a table of name = "value"`, func(name string, value any) (string, error) {
		s, ok := value.(string)
		if !ok {
			return "", fmt.Errorf("header %s must be a string, got %s", name, tomlType(value))
		}
		return s, nil
	})
	if err == nil {
		*h = out
	}
	return err
}

// tomlTable reads a table whose every value each turns into a V; a value
// that is not a table is an error that says what should have been
// (notTable) and what was.
func tomlTable[V any](v any, notTable string, each func(key string, value any) (V, error)) (map[string]V, error) {
	t, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s, got %s", notTable, tomlType(v))
	}
	out := make(map[string]V, len(t))
	for k, x := range t {
		val, err := each(k, x)
		if err != nil {
			return nil, err
		}
		out[k] = val
	}
	return out, nil
}

// tomlType names a decoded TOML value's type the way the file spells it.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

// KeyList is the keys bound to one action. The file may give one key as
// a string or several as an array.
type KeyList []string

// UnmarshalTOML accepts "ctrl+c" as well as ["ctrl+c", "q"].
func (k *KeyList) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		*k = KeyList{v}
		return nil
	case []any:
		out := make(KeyList, 0, len(v))
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("key bindings must be strings, got %s", tomlType(e))
			}
			out = append(out, s)
		}
		*k = out
		return nil
	}
	return fmt.Errorf("a key binding must be a string or an array of strings, got %s", tomlType(v))
}

// ByteSize is a size in bytes. The file may give a number of bytes or a
// string with a unit: "32 MiB", "512KiB", "1MB".
type ByteSize int64

// UnmarshalTOML accepts an integer or a string with a unit.
func (b *ByteSize) UnmarshalTOML(v any) error {
	n, err := numberOrText(v, func(n int64) (ByteSize, error) { return ByteSize(n), nil }, ParseByteSize,
		`a size must be a number of bytes or a string such as "32 MiB"`)
	if err == nil {
		*b = n
	}
	return err
}

// numberOrText reads a setting the file may give as a whole number or as
// a string, each read its own way; anything else is the error want, with
// what was there.
func numberOrText[T any](v any, number func(int64) (T, error), text func(string) (T, error), want string) (T, error) {
	switch v := v.(type) {
	case int64:
		return number(v)
	case string:
		return text(v)
	}
	var zero T
	return zero, fmt.Errorf("%s, got %s", want, tomlType(v))
}

var byteUnits = []struct {
	suffix string
	mult   int64
}{
	{"gib", 1 << 30}, {"mib", 1 << 20}, {"kib", 1 << 10},
	{"gb", 1e9}, {"mb", 1e6}, {"kb", 1e3},
	{"g", 1 << 30}, {"m", 1 << 20}, {"k", 1 << 10},
	{"b", 1}, {"", 1},
}

// ParseByteSize reads "16MiB", "512 KiB", "1000".
func ParseByteSize(s string) (ByteSize, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, u := range byteUnits {
		if !strings.HasSuffix(t, u.suffix) {
			continue
		}
		num := strings.TrimSpace(strings.TrimSuffix(t, u.suffix))
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil || n < 0 || n > (1<<62)/u.mult {
			break
		}
		return ByteSize(n * u.mult), nil
	}
	return 0, fmt.Errorf("%q is not a size (write bytes, or a number with KiB, MiB or GiB)", s)
}
