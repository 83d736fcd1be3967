package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// usageError is a mistake in the command line; it exits with code 2 and
// points at the command's help.
type usageError struct {
	cmd string
	msg string
}

func (e *usageError) Error() string { return e.msg }

func usagef(cmd, format string, args ...any) error {
	return &usageError{cmd: cmd, msg: fmt.Sprintf(format, args...)}
}

// errHelp means -h or --help was given: print help and exit 0.
var errHelp = errors.New("help requested")

// parseArgs parses flags wherever they appear among the positional
// arguments (the standard flag package stops at the first positional
// one), so `parley send URL "hi" --json` works. Everything after "--" is
// positional, for text that starts with a dash.
func parseArgs(fs *flag.FlagSet, cmd string, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var rest []string
	for i, a := range args {
		if a == "--" {
			rest = args[i+1:]
			args = args[:i]
			break
		}
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, usagef(cmd, "%s", flagError(err))
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	return append(pos, rest...), nil
}

// headerFlag collects repeated --header 'Name: value' flags.
type headerFlag struct{ h http.Header }

func (f *headerFlag) String() string { return "" }

// Set never echoes what it was given: a header's value is often the
// secret (Authorization: Bearer …), and a malformed one may be nothing
// but the value. Errors name the header, when there is one to name.
func (f *headerFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, ":")
	name = strings.TrimSpace(name)
	switch {
	case !ok:
		return errors.New("--header wants 'Name: value' and this one has no colon (its value is not shown, as it may be a secret)")
	case name == "" || !validHeaderName(name):
		return errors.New("--header wants 'Name: value' and the name before the colon is not a header name (the value is not shown, as it may be a secret)")
	case strings.ContainsAny(value, "\r\n\x00"):
		return fmt.Errorf("--header %s: the value holds a line break or NUL, which HTTP does not allow (the value is not shown, as it may be a secret)", name)
	}
	if f.h == nil {
		f.h = http.Header{}
	}
	f.h.Add(name, strings.TrimSpace(value))
	return nil
}

// dialectFlag accepts any spelling a2aclient.ParseDialect knows.
type dialectFlag struct{ d a2aclient.Dialect }

func (f *dialectFlag) String() string { return string(f.d) }

func (f *dialectFlag) Set(s string) error {
	d, ok := a2aclient.ParseDialect(s)
	if !ok {
		names := make([]string, len(a2aclient.Dialects))
		for i, d := range a2aclient.Dialects {
			names[i] = string(d)
		}
		return fmt.Errorf("unknown dialect %q (known: %s)", s, strings.Join(names, ", "))
	}
	f.d = d
	return nil
}

// agentFlags are the flags every command that talks to an agent takes.
type agentFlags struct {
	json    bool
	raw     bool
	headers headerFlag
	dialect dialectFlag
	trust   originsFlag
	// inspect: the command only reads the card (parley card), so a
	// foreign endpoint is a warning, not an error.
	inspect bool
	timeout durationFlag
}

func (a *agentFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&a.json, "json", false, "")
	fs.BoolVar(&a.raw, "raw", false, "")
	fs.Var(&a.headers, "header", "")
	fs.Var(&a.dialect, "dialect", "")
	fs.Var(&a.trust, "trust-origin", "")
	fs.Var(&a.timeout, "timeout", "")
}

// originsFlag collects repeated --trust-origin URL flags.
type originsFlag []string

func (f *originsFlag) String() string { return strings.Join(*f, ",") }

func (f *originsFlag) Set(s string) error {
	origin, ok := a2aclient.Origin(s)
	if !ok {
		return fmt.Errorf("--trust-origin wants an http:// or https:// URL, got %q", s)
	}
	*f = append(*f, origin)
	return nil
}

// validHeaderName reports whether n is an HTTP header name (a token).
func validHeaderName(n string) bool {
	for _, c := range []byte(n) {
		if c <= ' ' || c >= 0x7f || strings.IndexByte("\"(),/:;<=>?@[\\]{}", c) >= 0 {
			return false
		}
	}
	return n != ""
}

// flagError words a flag package error without the value given: the
// flag package writes `invalid value "VALUE" for flag -NAME: WHY`, and
// a value may be a secret (--header).
func flagError(err error) string {
	msg := strings.TrimPrefix(err.Error(), "flag provided but not defined: ")
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		if i := strings.LastIndex(rest, " for flag -"); i >= 0 {
			name, why, _ := strings.Cut(rest[i+len(" for flag -"):], ": ")
			if strings.HasPrefix(why, "--"+name) {
				return why
			}
			return fmt.Sprintf("invalid --%s: %s", name, why)
		}
	}
	return msg
}
