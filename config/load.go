package config

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// Error is a problem with the settings file, located by path and, when
// known, line, so a person can go and fix it. Every config error reads
// the same way, as compilers write theirs: "file:line: what is wrong",
// then " — what to do" when Hint says it apart from Msg.
type Error struct {
	Path string
	Line int // 0 when unknown
	Msg  string
	Hint string // what to do; "" when Msg says it already
}

func (e *Error) Error() string {
	at := e.Path
	if e.Line > 0 {
		at = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	if e.Hint != "" {
		return fmt.Sprintf("%s: %s — %s", at, e.Msg, e.Hint)
	}
	return fmt.Sprintf("%s: %s", at, e.Msg)
}

// ErrorAt is a config error about a setting checked after loading (a
// theme or key name parley knows only once running), located by the
// table it is in ("" for the top level) and its key. The file is read
// again to find the line; a file that cannot be read gives no line.
func ErrorAt(path, table, key, msg, hint string) *Error {
	e := &Error{Path: path, Msg: msg, Hint: hint}
	raw, err := os.ReadFile(path)
	if err != nil {
		return e
	}
	loc := locator{lines: strings.Split(string(raw), "\n")}
	start, end := loc.table(table)
	e.Line = loc.search(start, end, key)
	return e
}

// Load reads the settings file at path. A missing file is an empty
// configuration, not an error: a new user has none.
func Load(path string) (*Config, error) {
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Config{}, nil
	}
	if err != nil {
		return nil, &Error{Path: path, Msg: "cannot read it: " + describeFSErr(err)}
	}
	return Parse(path, raw)
}

// Parse decodes and checks a settings file already read; path is used
// only in error messages.
func Parse(path string, raw []byte) (*Config, error) {
	var cfg Config
	md, err := toml.Decode(string(raw), &cfg)
	if err != nil {
		return nil, decodeError(path, err)
	}
	loc := locator{lines: strings.Split(string(raw), "\n")}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return nil, &Error{Path: path, Line: loc.anyKey(k), Msg: fmt.Sprintf("unknown setting %q", k.String()), Hint: "check its spelling" + knownHint(k)}
	}
	if k, want := miscased(md); k != nil {
		return nil, &Error{Path: path, Line: loc.anyKey(k), Msg: fmt.Sprintf("%q is not in lower case", k[len(k)-1]), Hint: fmt.Sprintf("write %q as %q: settings are lower case", k[len(k)-1], want)}
	}
	if err := cfg.check(); err != nil {
		var pe *problem
		if errors.As(err, &pe) {
			return nil, &Error{Path: path, Line: loc.find(pe), Msg: pe.msg}
		}
		return nil, &Error{Path: path, Msg: err.Error()}
	}
	return &cfg, nil
}

// decodeError turns the TOML library's errors into one located sentence
// in plain words, with what to do. Syntax errors are ParseErrors with a
// position; type mismatches are plain errors that spell the line in
// their text.
func decodeError(path string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		msg, hint := syntaxWords(pe.Message, pe.LastKey)
		return &Error{Path: path, Line: pe.Position.Line, Msg: msg, Hint: hint}
	}
	m := typeErrRE.FindStringSubmatch(err.Error())
	if m == nil {
		return &Error{Path: path, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	}
	line, _ := strconv.Atoi(m[1])
	if t := incompatibleRE.FindStringSubmatch(m[3]); t != nil {
		what := cmp.Or(m[2], "a setting")
		return &Error{Path: path, Line: line, Msg: fmt.Sprintf("%s is %s, where parley wants %s", what, tomlKind(t[1]), goKind(t[2])),
			Hint: fmt.Sprintf("write it as %s", example(goKind(t[2])))}
	}
	msg := m[3]
	if m[2] != "" {
		msg = fmt.Sprintf("%s has the wrong type: %s", m[2], msg)
	}
	return &Error{Path: path, Line: line, Msg: msg}
}

// syntaxWords says what is wrong with a line that is not TOML, and what
// to do, for the mistakes people make; others keep the library's words
// with general advice.
func syntaxWords(msg, key string) (string, string) {
	name := "a setting"
	if key != "" {
		name = key
	}
	switch {
	case strings.HasPrefix(msg, "expected value but found"):
		return name + " has no value", `write one after the "=": text in double quotes, a number, true or false, or a [list]`
	case strings.Contains(msg, "strings cannot contain newlines"), strings.Contains(msg, "unexpected EOF"):
		return "the text of " + name + " is not closed", `end it with a double quote (") on the same line`
	case strings.Contains(msg, "bare keys cannot contain"), strings.HasPrefix(msg, "expected key separator"),
		strings.HasPrefix(msg, "expected '.' or '='"):
		return "this line is not a setting", `write settings as name = value, with text in double quotes`
	case strings.Contains(msg, "has already been defined"), strings.Contains(msg, "duplicate"):
		return name + " is set twice", "keep one of them"
	}
	return "this line is not valid TOML (" + msg + ")", "write settings as name = value, with text in double quotes"
}

var incompatibleRE = regexp.MustCompile(`^incompatible types: TOML value has type (\S+); destination has type (\S+)$`)

// tomlKind names a value as the file wrote it.
func tomlKind(t string) string {
	switch {
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "float"):
		return "a number"
	case t == "bool":
		return "true or false"
	case t == "string":
		return "text"
	case strings.HasPrefix(t, "[]"):
		return "a list"
	case strings.HasPrefix(t, "map"):
		return "a table"
	}
	return "a value of another kind"
}

// goKind names what parley reads a setting into.
func goKind(t string) string {
	switch {
	case t == "string":
		return "text"
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"), strings.HasPrefix(t, "float"):
		return "a number"
	case t == "bool":
		return "true or false"
	case t == "slice", t == "array", strings.HasPrefix(t, "[]"):
		return "a list"
	case t == "map", t == "struct":
		return "a table"
	}
	return "another kind of value"
}

// example shows a value of a kind, as the file writes it.
func example(kind string) string {
	switch kind {
	case "text":
		return `text in double quotes, such as "value"`
	case "a number":
		return "a number, such as 10"
	case "true or false":
		return "true or false, without quotes"
	case "a list":
		return `a list, such as ["a", "b"] (or [[agents]] tables for agents)`
	case "a table":
		return "a [table] of settings"
	}
	return "the kind the documentation shows for it"
}

var typeErrRE = regexp.MustCompile(`^toml: (?:line (\d+) )?(?:\(last key "([^"]*)"\): )?(.*)$`)

// knownHint lists the settings a table accepts, to catch typos.
func knownHint(k toml.Key) string {
	switch {
	case len(k) == 1:
		return "; the known settings are theme, keys, downloads, agents, timeout, idle_timeout, body_timeout, retry_tries, retry_max_wait, require_signed, extensions, trace, a2ui, push_url, push_listen"
	case len(k) == 2 && k[0] == "agents":
		return "; the known settings of [[agents]] are name, url, dialect, headers, auth, token, username, api_key_name, api_key_in, max_event_size, trusted_origins, tenant, require_signed, extensions, trace, a2ui, oauth_flow, client_id, client_secret, scopes, issuer, token_url, auth_url, device_url, redirect_port, tls_cert, tls_key, tls_ca"
	}
	return ""
}

func describeFSErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// miscased finds a setting spelled in another case ("Agents", "URL").
// The TOML library matches names regardless of case, so [[Agents]] and
// [[agents]] would both fill the agent list, one hiding the other at
// random; parley insists on the one spelling.
func miscased(md toml.MetaData) (toml.Key, string) {
	var a Agent
	var fields []string
	for _, f := range agentFields(&a) {
		fields = append(fields, f.key)
	}
	for _, k := range md.Keys() {
		var known []string
		switch {
		case len(k) == 1:
			known = topLevelKeys()
		case len(k) == 2 && k[0] == "agents":
			known = fields
		}
		for _, name := range known {
			if k[len(k)-1] != name && strings.EqualFold(k[len(k)-1], name) {
				return k, name
			}
		}
	}
	return nil, ""
}

// topLevelKeys are the settings Config holds, by their names in the file.
// Embedded structs (Network) are flattened, as the TOML library reads
// them.
func topLevelKeys() []string {
	var out []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			if name, _, _ := strings.Cut(f.Tag.Get("toml"), ","); name != "" && name != "-" {
				out = append(out, name)
			}
		}
	}
	walk(reflect.TypeOf(Config{}))
	return out
}
