package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// login is `parley login AGENT`: sign in once, in the terminal, and keep
// the credential in the credentials file so that later commands (and the
// TUI) start signed in. OAuth agents get a device code or a browser
// sign-in; agents that take a typed secret read it from the terminal
// without echo, or from standard input.
// loginFlags are the flags of `parley login`.
type loginFlags struct {
	flow, clientID string
	noOpen         bool
	agent          agentFlags
}

func (r *runner) login(ctx context.Context, lf *loginFlags, pos []string) int {
	flow, clientID, noOpen, f := &lf.flow, &lf.clientID, &lf.noOpen, &lf.agent
	var err error
	if len(pos) != 1 {
		err = usagef("login", "the login command takes one agent (a URL or a config name), got %s", plural(len(pos), "argument"))
	}
	grant := auth.Grant("")
	switch *flow {
	case "":
	case "device":
		grant = auth.GrantDeviceCode
	case "browser":
		grant = auth.GrantAuthorizationCode
	case "client":
		grant = auth.GrantClientCredentials
	default:
		if err == nil {
			err = usagef("login", "--flow must be device, browser or client, got %q", *flow)
		}
	}
	if err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	ref := pos[0]
	// --timeout (else the config's, else the default) bounds the whole
	// sign-in: the card, the authorization server, and the wait for the
	// person, however long the server says its code lives.
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	ws, err := r.workspace()
	if err != nil {
		return r.report(exitError, err, false, "")
	}
	// The card says how to sign in; a card behind sign-in itself leaves
	// the config and the challenge to go on.
	var card *a2aclient.Agent
	challenge := ""
	c, err := r.client(ctx, ref, f)
	var ae *a2aclient.AuthError
	switch {
	case err == nil:
		card = c.Agent()
	case errors.As(err, &ae):
		challenge = ae.Challenge
	default:
		return r.loginFailed(ctx, errorExit(ctx, err), err, ref)
	}
	s := ws.SignInTo(ref, card, challenge)
	way := s.Pick(grant)
	w := s.Ways[way]
	if w.Typed() {
		return r.loginTyped(s, way, ref)
	}
	if !w.OAuth() {
		return r.report(exitUsage, usagef("login", "this agent wants %s, which is set in its config entry, not by signing in", w.Label()), false, "")
	}
	sf, err := s.Start(ctx, way, *clientID)
	if errors.Is(err, session.ErrNoClientID) {
		return r.report(exitUsage, usagef("login", "%s: pass --client-id or set client_id in the agent's config entry", err.Error()), false, "")
	}
	if err != nil {
		return r.loginFailed(ctx, exitAuthRefused, err, ref)
	}
	defer sf.Close()
	// The card, the authorization server and the command line give these
	// strings: each is cleaned here, where it is printed.
	if code, uri, complete, ok := sf.Device(); ok {
		fmt.Fprintf(r.env.Stderr, "To sign in to %s, open %s and enter the code %s\n", termsafe.Line(ref), termsafe.Line(uri), termsafe.Line(code))
		if complete != "" {
			fmt.Fprintf(r.env.Stderr, "(or open %s)\n", termsafe.Line(complete))
		}
		fmt.Fprintln(r.env.Stderr, "Waiting for you to approve…")
	} else if u := sf.URL(); u != "" {
		fmt.Fprintf(r.env.Stderr, "To sign in to %s, open this address in a browser on this machine:\n%s\n", termsafe.Line(ref), termsafe.Line(u))
		if !*noOpen && r.openBrowser(u) == nil {
			fmt.Fprintln(r.env.Stderr, "(opened in your browser)")
		}
		fmt.Fprintln(r.env.Stderr, "Waiting for the browser to come back…")
	}
	cred, err := sf.Wait(ctx)
	if err != nil {
		return r.loginFailed(ctx, exitAuthRefused, err, ref)
	}
	if err := cred.Save(); err != nil {
		return r.report(exitError, fmt.Errorf("signed in, but the token could not be saved: %w", err), false, "")
	}
	fmt.Fprintf(r.env.Stderr, "Signed in to %s; the token is saved in %s and refreshed when it expires.\n", termsafe.Line(ref), termsafe.Line(s.CredentialsPath()))
	return exitOK
}

// loginFailed reports a sign-in that failed with err (exit code), or
// that ran out of time, or was interrupted, when ctx says so.
func (r *runner) loginFailed(ctx context.Context, code int, err error, ref string) int {
	var te *timeoutError
	switch {
	case errors.As(context.Cause(ctx), &te):
		return r.report(exitError, &timeoutError{limit: te.limit, from: te.from, ref: ref, signIn: true}, false, "")
	case ctx.Err() != nil:
		return r.report(exitInterrupted, errors.New("sign-in interrupted"), false, "")
	}
	return r.report(code, err, false, "")
}

// loginTyped reads a typed secret for way and saves it in the
// credentials file; ref is how the user named the agent.
func (r *runner) loginTyped(s *session.SignIn, way int, ref string) int {
	w := s.Ways[way]
	if r.env.Stdin == nil {
		return r.report(exitUsage, usagef("login", "this agent takes a %s; pipe it on standard input", w.What()), false, "")
	}
	in := bufio.NewReader(r.env.Stdin)
	username := ""
	if w.Basic() {
		fmt.Fprint(r.env.Stderr, "User name: ")
		line, err := readLine(in)
		if err != nil {
			return r.report(exitError, err, false, "")
		}
		username = line
	}
	fmt.Fprintf(r.env.Stderr, "%s for %s (%s; not shown): ", termsafe.Line(capitalize(w.What())), termsafe.Line(ref), termsafe.Line(w.Label()))
	secret, err := readSecret(r.env.Stdin, in)
	fmt.Fprintln(r.env.Stderr)
	if err != nil {
		return r.report(exitError, err, false, "")
	}
	if secret == "" {
		return r.report(exitUsage, usagef("login", "no %s given", w.What()), false, "")
	}
	if err := s.Typed(way, username, secret).Save(); err != nil {
		return r.report(exitError, err, false, "")
	}
	fmt.Fprintf(r.env.Stderr, "Saved the %s for %s (kept under %s) in %s.\n", termsafe.Line(w.What()), termsafe.Line(ref), termsafe.Line(s.Key()), termsafe.Line(s.CredentialsPath()))
	return exitOK
}

// readSecret reads one line without echo from a terminal, or as is from
// a pipe (through buffered, which may hold what follows a user name).
func readSecret(stdin io.Reader, buffered *bufio.Reader) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(f.Fd()) {
		b, err := term.ReadPassword(f.Fd())
		return strings.TrimSpace(string(b)), err
	}
	return readLine(buffered)
}

func readLine(in *bufio.Reader) (string, error) {
	line, err := in.ReadString('\n')
	if err != nil && err != io.EOF {
		return "", err
	}
	return strings.TrimSpace(line), nil
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
