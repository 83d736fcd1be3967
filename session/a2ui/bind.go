package a2ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A bound value is, in v0.8, an object with a path or one literal
// (literalString, literalNumber, literalBoolean, literalArray); in v0.9
// a plain literal, an object with a path, or a function call. resolve
// reads one in the scope of a template item and says which absolute
// path it is bound to ("" for a literal).
func (s *Surface) resolve(v any, scope string) (val any, path string) {
	m, ok := v.(map[string]any)
	if !ok {
		return v, ""
	}
	if p, ok := m["path"].(string); ok {
		abs := joinPath(scope, p)
		got, _ := getPath(s.data, abs)
		return got, abs
	}
	for _, k := range []string{"literalString", "literalNumber", "literalBoolean", "literalArray"} {
		if lit, ok := m[k]; ok {
			return lit, ""
		}
	}
	if call, ok := m["call"].(string); ok {
		args, _ := m["args"].(map[string]any)
		return s.call(call, args, scope), ""
	}
	return v, ""
}

// str resolves v as text.
func (s *Surface) str(v any, scope string) string {
	val, _ := s.resolve(v, scope)
	return text(val)
}

// text writes a data-model value as a person reads it.
func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			parts = append(parts, text(e))
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

func truthy(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		return x != ""
	case float64:
		return x != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return false
}

// interpolation is v0.9's ${path} in formatString.
var interpolation = regexp.MustCompile(`\$\{([^}]*)\}`)

// call evaluates the functions of v0.9's basic catalog a form needs to
// be read and its checks to be judged; any other function is true, so
// an unknown check never locks a form.
func (s *Surface) call(name string, args map[string]any, scope string) any {
	arg := func(k string) any { v, _ := s.resolve(args[k], scope); return v }
	switch name {
	case "required":
		return truthy(arg("value"))
	case "regex":
		re, err := regexp.Compile(text(arg("pattern")))
		return err != nil || re.MatchString(text(arg("value")))
	case "email":
		return regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`).MatchString(text(arg("value")))
	case "length":
		n := len([]rune(text(arg("value"))))
		lo, _ := arg("min").(float64)
		hi, hasHi := arg("max").(float64)
		return float64(n) >= lo && (!hasHi || float64(n) <= hi)
	case "numeric":
		f, err := strconv.ParseFloat(text(arg("value")), 64)
		if err != nil {
			return false
		}
		lo, hasLo := arg("min").(float64)
		hi, hasHi := arg("max").(float64)
		return (!hasLo || f >= lo) && (!hasHi || f <= hi)
	case "not":
		return !truthy(arg("value"))
	case "and", "or":
		list, _ := arg("values").([]any)
		all, anyTrue := true, false
		for _, e := range list {
			v, _ := s.resolve(e, scope)
			all = all && truthy(v)
			anyTrue = anyTrue || truthy(v)
		}
		if name == "and" {
			return all
		}
		return anyTrue
	case "formatNumber", "formatCurrency":
		return formatNumber(arg("value"), arg("decimals"), name == "formatCurrency", text(arg("currency")))
	case "formatDate":
		return text(arg("value"))
	case "pluralize":
		return text(arg("other"))
	case "formatString":
		return interpolation.ReplaceAllStringFunc(text(arg("value")), func(m string) string {
			v, _ := getPath(s.data, joinPath(scope, m[2:len(m)-1]))
			return text(v)
		})
	}
	return true
}

// formatNumber writes a number with the decimals asked for (a currency
// two by default) and, for a currency, its ISO code before it; grouping
// and locales are left out. Anything but a number is written as it is.
func formatNumber(v, decimals any, currency bool, code string) string {
	f, ok := v.(float64)
	if !ok {
		return text(v)
	}
	d, ok := decimals.(float64)
	switch {
	case ok && d >= 0 && d <= 10:
	case currency:
		d = 2
	default:
		return text(v)
	}
	s := strconv.FormatFloat(f, 'f', int(d), 64)
	if currency && code != "" {
		s = code + " " + s
	}
	return s
}

// checks returns the messages of v0.9 checks that fail. A check is
// {condition, message} as the schema says, or, as the specification's
// own examples write it, the function call itself with a message.
func (s *Surface) checks(raw any, scope string) []string {
	list, _ := raw.([]any)
	var out []string
	for _, c := range list {
		m, _ := c.(map[string]any)
		cond, ok := m["condition"]
		if !ok {
			if _, isCall := m["call"].(string); !isCall {
				continue
			}
			cond = map[string]any{"call": m["call"], "args": m["args"]}
		}
		if v, _ := s.resolve(cond, scope); !truthy(v) {
			msg, _ := m["message"].(string)
			if msg == "" {
				msg = "check failed"
			}
			out = append(out, msg)
		}
	}
	return out
}
