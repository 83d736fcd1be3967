package a2aclient

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Named protocol errors. RPCError and HTTPError wrap these so callers can
// test with errors.Is whatever the dialect's own code was.
var (
	ErrParse                   = errors.New("the agent could not parse the request")
	ErrInvalidRequest          = errors.New("the agent rejected the request as invalid")
	ErrMethodNotFound          = errors.New("the agent does not support this method")
	ErrInvalidParams           = errors.New("the agent rejected the request parameters")
	ErrInternal                = errors.New("the agent had an internal error")
	ErrTaskNotFound            = errors.New("the agent does not know this task")
	ErrTaskNotCancelable       = errors.New("the task can no longer be canceled")
	ErrPushNotSupported        = errors.New("the agent does not support push notifications")
	ErrUnsupportedOperation    = errors.New("the agent does not support this operation")
	ErrContentTypeNotSupported = errors.New("the agent does not accept this content type")
	ErrInvalidAgentResponse    = errors.New("the agent produced an invalid response")
	ErrStreamingNotSupported   = errors.New("the agent does not support streaming")
	ErrAuthenticationRequired  = errors.New("the agent requires authentication")
	ErrExtendedCardUnavailable = errors.New("the agent has no authenticated extended card configured")
	ErrInvalidTaskState        = errors.New("the task is not in a state that allows this")
	ErrVersionNotSupported     = errors.New("the agent does not support this protocol version")
	ErrUnauthenticated         = errors.New("the agent refused the request: authentication needed")
	ErrForbidden               = errors.New("the agent refused the request: not allowed with these credentials")
	ErrNoCard                  = errors.New("no agent card found")
	ErrNoSupportedInterface    = errors.New("the agent offers no interface parley can speak")
)

// TransportError is a failure to reach the agent or to read its reply:
// connection refused, DNS, TLS, timeouts, a cut connection.
type TransportError struct {
	Op  string // what parley was doing, e.g. "send message"
	URL string
	Err error
}

func (e *TransportError) Error() string {
	return fmt.Sprintf("could not %s at %s: %s", e.Op, redactURL(e.URL), describeNetErr(e.Err))
}
func (e *TransportError) Unwrap() error { return e.Err }

// Cause is what went wrong on the network, without the operation and
// URL: the part of the message that fits a status line.
func (e *TransportError) Cause() string { return describeNetErr(e.Err) }

// HTTPError is a non-success HTTP status that is not an authentication
// failure. Body holds an excerpt of the reply, cleaned for display.
type HTTPError struct {
	URL        string
	StatusCode int
	Status     string
	Body       string
	RetryAfter time.Duration
	// Kind is a named error when the body said which (gateway errors,
	// REST error objects), else nil.
	Kind error
	// GRPCCode is the gRPC status (NOT_FOUND) when a gRPC call failed;
	// StatusCode is then its HTTP equivalent.
	GRPCCode string
}

func (e *HTTPError) Error() string {
	msg := fmt.Sprintf("the agent at %s answered HTTP %s", redactURL(e.URL), statusText(e.StatusCode, e.Status))
	if e.GRPCCode != "" {
		msg = fmt.Sprintf("the agent at %s answered gRPC %s", redactURL(e.URL), e.GRPCCode)
	}
	if e.Body != "" {
		msg += ": " + e.Body
	}
	if e.RetryAfter > 0 {
		msg += fmt.Sprintf(" (it asks to retry after %s)", e.RetryAfter.Round(time.Second))
	}
	return msg
}
func (e *HTTPError) Unwrap() error { return e.Kind }

// AuthError is HTTP 401 or 403. Challenge is the WWW-Authenticate header,
// which names the scheme the agent wants.
type AuthError struct {
	URL        string
	StatusCode int
	Challenge  string
	Body       string
	// GRPCCode is the gRPC status (UNAUTHENTICATED) when a gRPC call
	// was refused.
	GRPCCode string
}

func (e *AuthError) Error() string {
	var msg string
	switch {
	case e.GRPCCode != "" && e.StatusCode == 403:
		msg = fmt.Sprintf("the agent at %s refused access (gRPC %s): these credentials are not allowed", redactURL(e.URL), e.GRPCCode)
	case e.GRPCCode != "":
		msg = fmt.Sprintf("the agent at %s needs you to sign in (gRPC %s)", redactURL(e.URL), e.GRPCCode)
	case e.StatusCode == 403:
		msg = fmt.Sprintf("the agent at %s refused access (HTTP 403): these credentials are not allowed", redactURL(e.URL))
	default:
		msg = fmt.Sprintf("the agent at %s needs you to sign in (HTTP 401)", redactURL(e.URL))
	}
	if s := e.Schemes(); len(s) > 0 {
		msg += "; it asks for " + sanitizeLine(strings.Join(s, " or "))
	}
	return msg
}

func (e *AuthError) Unwrap() error {
	if e.StatusCode == 403 {
		return ErrForbidden
	}
	return ErrUnauthenticated
}

// maxSchemes bounds the scheme names a challenge is read for: an agent
// may repeat "Basic, " for as long as its headers may be, and every name
// goes into a sentence a person reads.
const maxSchemes = 8

// Schemes lists the auth scheme names in the challenge ("Bearer",
// "Basic"), each once (the first spelling kept), at most maxSchemes of
// them, a name cut at 40 characters.
func (e *AuthError) Schemes() []string {
	var out []string
	seen := map[string]bool{}
	for _, part := range splitChallenges(e.Challenge) {
		name, _, _ := strings.Cut(strings.TrimSpace(part), " ")
		if name == "" || seen[strings.ToLower(name)] {
			continue
		}
		seen[strings.ToLower(name)] = true
		out = append(out, truncate(name, 40))
		if len(out) == maxSchemes {
			break
		}
	}
	return out
}

// splitChallenges splits a WWW-Authenticate value into challenges. A
// challenge starts with a token not followed by '='; parameters follow.
func splitChallenges(h string) []string {
	var out []string
	var cur strings.Builder
	inQuote := false
	fields := []string{}
	start := 0
	for i := 0; i < len(h); i++ {
		switch h[i] {
		case '"':
			inQuote = !inQuote
		case ',':
			if !inQuote {
				fields = append(fields, h[start:i])
				start = i + 1
			}
		}
	}
	fields = append(fields, h[start:])
	for _, f := range fields {
		t := strings.TrimSpace(f)
		if t == "" {
			continue
		}
		first, _, _ := strings.Cut(t, " ")
		if !strings.Contains(first, "=") && cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteString(", ")
		}
		cur.WriteString(t)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// RPCError is a JSON-RPC error object, mapped to a named error by dialect
// (the same code means different things in v0.1 and v1.0).
type RPCError struct {
	Code    int
	Message string
	Data    any
	Dialect Dialect
	Kind    error // named error, or nil for an unknown code
}

func (e *RPCError) Error() string {
	msg := strings.TrimSpace(sanitizeLine(e.Message))
	if e.Kind != nil {
		if msg == "" || strings.EqualFold(msg, e.Kind.Error()) {
			return fmt.Sprintf("%s (code %d)", e.Kind, e.Code)
		}
		return fmt.Sprintf("%s (code %d): %s", e.Kind, e.Code, msg)
	}
	if msg == "" {
		msg = "no message"
	}
	return fmt.Sprintf("the agent returned error %d: %s", e.Code, msg)
}
func (e *RPCError) Unwrap() error { return e.Kind }

// ProtocolError is a reply parley could not understand: invalid JSON,
// a wrong JSON-RPC id, a missing field, an event for another task.
type ProtocolError struct {
	What string // one phrase: "reply is not valid JSON"
	Err  error
}

func (e *ProtocolError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("the agent's reply was not valid A2A: %s: %v", e.What, e.Err)
	}
	return "the agent's reply was not valid A2A: " + e.What
}
func (e *ProtocolError) Unwrap() error { return e.Err }

// EventTooLargeError is an SSE event or reply body over the size cap.
// The message names the setting; what to do with it is Hint's, so that
// the two printed together give the advice once.
type EventTooLargeError struct{ Limit int }

func (e *EventTooLargeError) Error() string {
	return fmt.Sprintf("the agent sent an event larger than the %s limit (max_event_size)", formatBytes(e.Limit))
}

// Hint says what a person can do about err, in one short sentence, or ""
// when there is nothing useful to add.
func Hint(err error) string {
	var ae *AuthError
	var he *HTTPError
	var te *TransportError
	var fe *ForeignOriginError
	var ue *UnverifiedCardError
	switch {
	case errors.As(err, &fe):
		return fe.Hint()
	case errors.As(err, &ue):
		return ue.Hint()
	case errors.As(err, &ae):
		if ae.StatusCode == 403 {
			return "Check that your credentials have access to this agent."
		}
		return "Add credentials for this agent (config credentials or --header), then try again."
	case errors.Is(err, ErrMethodNotFound), errors.Is(err, ErrVersionNotSupported):
		return "Try another dialect with --dialect, or check the agent's card with 'parley card'."
	case errors.Is(err, ErrTaskNotFound):
		return "Check the task id; the agent may have forgotten old tasks."
	case errors.Is(err, ErrNoCard):
		return "Check the URL, or pass the card's own URL."
	case errors.As(err, &he):
		if he.StatusCode == 429 || he.StatusCode == 503 {
			if he.RetryAfter > 0 {
				return fmt.Sprintf("The agent is busy; try again in %s.", he.RetryAfter.Round(time.Second))
			}
			return "The agent is busy; try again later."
		}
		if he.StatusCode >= 500 {
			return "The agent failed; try again, or tell its operator."
		}
		return "Check the URL and the agent's card with 'parley card'."
	case errors.As(err, &te) && plainHTTP(te.Err):
		if u, perr := url.Parse(te.URL); perr == nil && u.Scheme == "https" {
			return fmt.Sprintf("Use http://%s instead of https://.", redactURL(u.Host))
		}
		return "Use an http:// URL instead of https://."
	case errors.As(err, &te):
		return "Check that the agent is running and the URL is right."
	case errors.As(err, new(*EventTooLargeError)):
		return "Raise max_event_size in the config if you trust this agent."
	}
	// Errors from above the wire (session's) that say what to do.
	var h interface{ Hint() string }
	if errors.As(err, &h) {
		return h.Hint()
	}
	return ""
}

func statusText(code int, status string) string {
	if status == "" {
		return fmt.Sprint(code)
	}
	if strings.HasPrefix(status, fmt.Sprint(code)) {
		return status
	}
	return fmt.Sprintf("%d %s", code, status)
}

func formatBytes(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
