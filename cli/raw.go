package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

func (r *runner) rawCommand() *cobra.Command {
	var f agentFlags
	c := &cobra.Command{
		Use:   "raw AGENT METHOD [BODY] [flags]",
		Short: "send one request exactly as written in the agent's binding, and print the raw reply",
		Long: `Sends one request written in the binding of the interface parley picks for
the agent (--dialect picks another), with the agent's credentials on the
origins they are trusted on, as every command does, and prints the reply as
it came, or each event of a stream on a line of its own; then the HTTP or
gRPC status on stderr.

  JSON-RPC  METHOD is the method; BODY its params (the envelope is added).
  REST      METHOD is the HTTP method and the path after the interface's
            URL, as one word ("GET /tasks/abc") or two; BODY the body.
  gRPC      METHOD is the method of the interface's service (GetTask);
            BODY the request message as ProtoJSON.

BODY is JSON as an argument, @FILE for a regular file's (32 MiB at most),
or - for standard input.

Nothing sent is recorded as a conversation. The reply is the agent's: it is
shown without escape sequences and controls, and the credentials parley
sent show as REDACTED, as do members named like secrets.

Exit codes: 0 for a successful reply; 1 for an error reply (HTTP 4xx or
5xx, a JSON-RPC error, a gRPC status other than OK) or an unreachable
agent; 2 for a usage error; 5 when refused with 401/403 (gRPC
UNAUTHENTICATED or PERMISSION_DENIED).`,
		Example: `  parley raw http://127.0.0.1:4141/v0.3 tasks/get '{"id":"abc"}'
  parley raw my-agent GET /tasks/abc --dialect v1.0-rest
  parley raw my-agent GetTask '{"id":"abc"}' --dialect v1.0-grpc
  parley raw my-agent message/send @request.json`,
		Annotations: map[string]string{annotAgent: "1"},
	}
	fs := c.Flags()
	f.register(fs)
	hideFlags(fs, "json", "output", "raw", "require-signed")
	c.Run = r.run(func(ctx context.Context, args []string) int { return r.raw(ctx, &f, args) })
	return c
}

// raw is `parley raw AGENT METHOD [BODY]`.
func (r *runner) raw(ctx context.Context, f *agentFlags, pos []string) int {
	if len(pos) < 2 || len(pos) > 4 {
		return r.report(exitUsage, usagef("raw", "the raw command takes an agent, a method and, if the method has one, a body; got %s", plural(len(pos), "argument")), false, "")
	}
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	c, err := r.client(ctx, pos[0], f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, pos[0], ""), false, "")
	}
	defer func() { _ = c.Close() }()
	iface := c.Endpoint()
	req, body, err := rawRequest(iface.Dialect.Binding(), pos[1:])
	if err != nil {
		return r.report(exitUsage, err, false, "")
	}
	if req.Body, err = r.rawBody(body); err != nil {
		return r.report(exitUsage, err, false, "")
	}
	if iface.Dialect.Binding() != a2aclient.BindingREST && len(req.Body) > 0 && !json.Valid(req.Body) {
		return r.report(exitUsage, inputf("the body is not valid JSON; %s takes a JSON object", iface.Dialect.Label()), false, "")
	}
	fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: a raw %s request to %s", iface.Dialect.Label(), iface.URL)))
	rep, err := c.Raw(ctx, req, func(ev []byte) { r.rawLine(ev) })
	if ie := (*a2aclient.RawInputError)(nil); errors.As(err, &ie) {
		return r.report(exitUsage, inputf("%v", ie), false, "")
	}
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, pos[0], ""), false, "")
	}
	if rep.Body != nil {
		r.rawLine(rep.Body)
	}
	fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+rawStatus(rep)))
	return rawExit(rep)
}

// rawRequest reads METHOD and what follows it in the binding's terms,
// returning the body's argument ("" for none).
func rawRequest(b a2aclient.Binding, args []string) (a2aclient.RawRequest, string, error) {
	method, rest := args[0], args[1:]
	if b != a2aclient.BindingREST {
		if len(rest) > 1 {
			return a2aclient.RawRequest{}, "", usagef("raw", "a %s request is a method and a body; got %s after the method", b, plural(len(rest), "argument"))
		}
		return a2aclient.RawRequest{Method: method}, strings.Join(rest, ""), nil
	}
	verb, path, ok := strings.Cut(method, " ")
	if !ok {
		if len(rest) == 0 || !strings.HasPrefix(rest[0], "/") {
			return a2aclient.RawRequest{}, "", usagef("raw", "a REST request is an HTTP method and a path (GET /tasks/abc)")
		}
		path, rest = rest[0], rest[1:]
	}
	if len(rest) > 1 {
		return a2aclient.RawRequest{}, "", usagef("raw", "a REST request is a method, a path and a body; got %s after the path", plural(len(rest), "argument"))
	}
	path = strings.TrimSpace(path)
	if !strings.HasPrefix(path, "/") {
		return a2aclient.RawRequest{}, "", usagef("raw", "the path %q does not start with /", path)
	}
	return a2aclient.RawRequest{Method: strings.ToUpper(strings.TrimSpace(verb)), Path: path}, strings.Join(rest, ""), nil
}

// rawBody is BODY: JSON as written, @FILE's contents, or standard input
// for -.
func (r *runner) rawBody(arg string) ([]byte, error) {
	switch {
	case arg == "":
		return nil, nil
	case arg == "-":
		if r.env.Stdin == nil {
			return nil, inputf("BODY is -, but there is no standard input to read it from")
		}
		b, err := io.ReadAll(io.LimitReader(r.env.Stdin, maxAttachment+1))
		if err != nil {
			return nil, fmt.Errorf("read the body from standard input: %w", err)
		}
		if len(b) > maxAttachment {
			return nil, inputf("the body on standard input is larger than %s", size(maxAttachment))
		}
		return bytes.TrimSpace(b), nil
	case strings.HasPrefix(arg, "@"):
		b, err := readBodyFile(arg[1:])
		if err != nil {
			return nil, err
		}
		return bytes.TrimSpace(b), nil
	}
	return []byte(arg), nil
}

// readBodyFile reads @FILE: a regular file no larger than a body may
// be. Anything else (a FIFO, which blocks past --timeout, a device such
// as /dev/zero, which never ends, a directory) is refused before it is
// read.
func readBodyFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, inputf("read the body: %v", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, inputf("read the body: %v", err)
	case fi.IsDir():
		return nil, inputf("read the body: %s is a directory; @FILE names a file holding the body", path)
	case !fi.Mode().IsRegular():
		return nil, inputf("read the body: %s is not a regular file; write the body to a file, or pass - to read it from standard input", path)
	case fi.Size() > maxAttachment:
		return nil, inputf("the body in %s is larger than %s", path, size(maxAttachment))
	}
	b, err := io.ReadAll(io.LimitReader(f, maxAttachment+1))
	if err != nil {
		return nil, inputf("read the body: %v", err)
	}
	if len(b) > maxAttachment {
		return nil, inputf("the body in %s is larger than %s", path, size(maxAttachment))
	}
	return b, nil
}

// rawLine prints one reply or event, cleaned, on a line of its own.
func (r *runner) rawLine(b []byte) {
	s := strings.TrimRight(termsafe.Clean(string(b)), "\n")
	fmt.Fprintln(r.env.Stdout, s)
}

// maxStatusQuote bounds, in bytes, the agent's text the status line
// quotes (its Content-Type, a gRPC status message): a header may be a
// megabyte long.
const maxStatusQuote = 300

func rawStatus(rep *a2aclient.RawReply) string {
	var s string
	if rep.GRPCCode != "" {
		s = "gRPC " + truncate(rep.GRPCCode, 64)
		if rep.GRPCMessage != "" {
			s += ": " + truncate(rep.GRPCMessage, maxStatusQuote)
		}
	} else {
		s = fmt.Sprintf("HTTP %d %s", rep.Status, http.StatusText(rep.Status))
		if rep.ContentType != "" {
			s += " (" + truncate(rep.ContentType, maxStatusQuote) + ")"
		}
	}
	if rep.Events > 0 {
		s += ", " + plural(rep.Events, "event")
	}
	return s
}

// rawExit is the exit code of a reply: 0 for a success, 5 for a
// refusal, 1 for any other error (a JSON-RPC error member included).
func rawExit(rep *a2aclient.RawReply) int {
	switch {
	case rep.Status == http.StatusUnauthorized || rep.Status == http.StatusForbidden:
		return exitAuthRefused
	case rep.Status >= 300 || (rep.GRPCCode != "" && rep.GRPCCode != "OK"):
		return exitError
	}
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(rep.Body, &e) == nil && len(e.Error) > 0 && string(e.Error) != "null" {
		return exitError
	}
	return exitOK
}
