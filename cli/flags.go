package cli

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/session"
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

// outputFlag is -o/--output text|json, the A2A CLI specification's
// spelling of --json.
type outputFlag struct{ json *bool }

func (f *outputFlag) String() string { return "text" }
func (f *outputFlag) Type() string   { return "format" }

func (f *outputFlag) Set(s string) error {
	switch s {
	case "text":
		*f.json = false
	case "json", "jsonl":
		*f.json = true
	default:
		return fmt.Errorf("--output is text or json, not %q", s)
	}
	return nil
}

// inputError is bad input the command was given that is not a mistake
// in the command line's shape: a file that cannot be read, JSON that
// does not parse, a directory that cannot be written. It exits 2, like a
// usage error, but its message says all there is to say.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

func inputf(format string, args ...any) error {
	return &inputError{msg: fmt.Sprintf(format, args...)}
}

// headerFlag collects repeated --header 'Name: value' flags.
type headerFlag struct{ h http.Header }

func (f *headerFlag) String() string { return "" }
func (f *headerFlag) Type() string   { return "'Name: value'" }

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
func (f *dialectFlag) Type() string   { return "dialect" }

func (f *dialectFlag) Set(s string) error {
	d, ok := a2aclient.ParseDialect(s)
	if !ok {
		return fmt.Errorf("unknown dialect %q (known: %s)", s, dialectNames())
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
	// requireSigned refuses an agent whose card does not verify.
	requireSigned bool
	extensions    extensionsFlag
	tenant        tenantFlag
	// trace sends W3C trace context (cli/trace.go).
	trace bool
}

// register adds the agent flags to a command's flag set.
func (a *agentFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&a.json, "json", false, "print JSON lines instead of text")
	fs.VarP(&outputFlag{&a.json}, "output", "o", "text or json; -o json is --json (the A2A CLI spec's spelling)")
	fs.BoolVar(&a.raw, "raw", false, "with --json, keep the agent's strings as sent (escaped) rather than cleaned")
	fs.Var(&a.headers, "header", "add a header to every request, as gRPC metadata over gRPC (repeatable)")
	fs.Var(&a.dialect, "dialect", "force a dialect instead of detecting it ("+dialectNames()+")")
	fs.Var(&a.trust, "trust-origin", "also send the agent's credentials to URL's origin, when its card names an endpoint there (repeatable)")
	fs.Var(&a.timeout, "timeout", "give up after this long (30s, 10m; 0 for never); default: the config's timeout, else 10m")
	fs.BoolVar(&a.requireSigned, "require-signed", false, "refuse an agent whose card is unsigned or whose signature does not verify (exit 7)")
	fs.Var(&a.extensions, "extension", "activate the A2A extension with this URI: sent in the A2A-Extensions header (repeatable)")
	fs.Var(&a.tenant, "tenant", "the tenant to address: the v1.0 REST path prefix and the JSON-RPC and gRPC tenant field")
	fs.BoolVar(&a.trace, "trace", false, "send W3C trace context (traceparent) on every request, one trace id for the command; TRACEPARENT is its parent")
}

// extensionsFlag collects repeated --extension URI flags.
type extensionsFlag []string

func (f *extensionsFlag) String() string { return strings.Join(*f, ",") }
func (f *extensionsFlag) Type() string   { return "URI" }

func (f *extensionsFlag) Set(s string) error {
	if err := config.CheckExtensionURI(s); err != nil {
		return fmt.Errorf("--extension: %v", err)
	}
	*f = append(*f, strings.TrimSpace(s))
	return nil
}

// tenantFlag is --tenant.
type tenantFlag string

func (f *tenantFlag) String() string { return string(*f) }
func (f *tenantFlag) Type() string   { return "TENANT" }

func (f *tenantFlag) Set(s string) error {
	if err := config.CheckTenant(s); err != nil {
		return fmt.Errorf("--tenant: %v", err)
	}
	*f = tenantFlag(s)
	return nil
}

// overrides are the per-command settings the flags give the directory.
func (a *agentFlags) overrides() session.Overrides {
	return session.Overrides{Headers: a.headers.h, Dialect: a.dialect.d, TrustOrigins: a.trust, Inspect: a.inspect,
		RequireSigned: a.requireSigned, Extensions: a.extensions, Tenant: string(a.tenant)}
}

func dialectNames() string {
	names := make([]string, len(a2aclient.Dialects))
	for i, d := range a2aclient.Dialects {
		names[i] = string(d)
	}
	return strings.Join(names, ", ")
}

// originsFlag collects repeated --trust-origin URL flags.
type originsFlag []string

func (f *originsFlag) String() string { return strings.Join(*f, ",") }
func (f *originsFlag) Type() string   { return "URL" }

func (f *originsFlag) Set(s string) error {
	origin, ok := a2aclient.Origin(s)
	if !ok {
		return fmt.Errorf("--trust-origin wants an http:// or https:// URL, got %q", credname.RedactURL(s))
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

// flagError words a flag parsing error as one sentence, without the
// value given: a value may be a secret (--header). An unknown flag close
// to one of fs's is followed by "did you mean" that one.
func flagError(fs *pflag.FlagSet, err error) string {
	var iv *pflag.InvalidValueError
	if errors.As(err, &iv) {
		why := iv.Unwrap().Error()
		name := iv.GetFlag().Name
		if strings.HasPrefix(why, "--"+name) {
			return why
		}
		return fmt.Sprintf("invalid --%s: %s", name, why)
	}
	var ne *pflag.NotExistError
	if errors.As(err, &ne) {
		msg, typed := err.Error(), ""
		if short := ne.GetSpecifiedShortnames(); short != "" {
			msg, typed = fmt.Sprintf("unknown flag -%s", short), short
		} else if name := ne.GetSpecifiedName(); name != "" {
			msg, typed = fmt.Sprintf("unknown flag --%s", name), name
		}
		if near := closestFlag(fs, typed); near != "" {
			msg += fmt.Sprintf("; did you mean --%s?", near)
		}
		return msg
	}
	return err.Error()
}

// longFlags rewrites -name to --name where name is a long flag of some
// command. parley's flags were parsed by Go's flag package once, which
// takes one dash as well as two, and scripts written then keep working.
// Everything after "--" is left alone.
func longFlags(root *cobra.Command, args []string) []string {
	known := map[string]bool{}
	eachCommand(root, func(c *cobra.Command) {
		add := func(f *pflag.Flag) { known[f.Name] = true }
		c.Flags().VisitAll(add)
		c.PersistentFlags().VisitAll(add)
	})
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && a[0] == '-' && a[1] != '-' {
			if name, _, _ := strings.Cut(a[1:], "="); len(name) > 1 && known[name] {
				a = "-" + a
			}
		}
		out = append(out, a)
	}
	return out
}
