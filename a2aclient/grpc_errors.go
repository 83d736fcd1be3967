package a2aclient

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// callError turns a failed gRPC call into the errors the HTTP dialects
// return, so that sign-in, retries, resuming and the dialect fallback
// work alike: UNAUTHENTICATED and PERMISSION_DENIED are AuthErrors, an
// unreachable agent a TransportError, and every other status an
// HTTPError with the HTTP status gRPC's own mapping gives and, in Kind,
// the A2A error that the status's ErrorInfo reason (or its code) names.
// ctx is the caller's context, cctx the call's.
func (e *grpcEndpoint) callError(ctx, cctx context.Context, c grpcCall, err error, hdr, trl metadata.MD) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if cause := context.Cause(cctx); cause != nil && !errors.Is(cause, context.Canceled) {
		var de *DeadlineError
		if errors.As(cause, &de) {
			return &TransportError{Op: "read the event stream", URL: e.url, Err: de}
		}
		return &TransportError{Op: c.op, URL: e.url, Err: cause}
	}
	st, ok := status.FromError(err)
	if !ok {
		return &TransportError{Op: c.op, URL: e.url, Err: err}
	}
	if e.tooLarge(st) {
		return &EventTooLargeError{Limit: e.t.maxEvent}
	}
	// gRPC's own word for a reply that is no protobuf of the method's
	// message: the agent sent it, but said nothing (no INTERNAL of its
	// own, no A2A error that would confirm the dialect).
	if rest, ok := strings.CutPrefix(st.Message(), "grpc: failed to unmarshal the received message: "); ok && st.Code() == codes.Internal {
		return &ProtocolError{What: "the gRPC reply to " + c.method + " is not its message", Err: errors.New(sanitizeLine(truncate(rest, 200)))}
	}
	msg := st.Message()
	if md, ok := metadata.FromOutgoingContext(cctx); ok {
		msg = scrubString(msg, sentIn(&http.Request{Header: http.Header(md), URL: &url.URL{}}))
	}
	u := e.callURL(c.method)
	challenge := firstMD("www-authenticate", hdr, trl)
	switch st.Code() {
	case codes.Unauthenticated:
		return &AuthError{URL: u, StatusCode: http.StatusUnauthorized, Challenge: challenge, Body: bodyExcerpt([]byte(msg), "text/plain"), GRPCCode: grpcCodeName(st.Code())}
	case codes.PermissionDenied:
		return &AuthError{URL: u, StatusCode: http.StatusForbidden, Challenge: challenge, Body: bodyExcerpt([]byte(msg), "text/plain"), GRPCCode: grpcCodeName(st.Code())}
	case codes.Unavailable:
		// The connection failed or broke: resumable, like a cut stream.
		return &TransportError{Op: c.op, URL: e.url, Err: errors.New(describeGRPCUnavailable(msg))}
	case codes.DeadlineExceeded:
		return &TransportError{Op: c.op, URL: e.url, Err: errors.New("the agent did not answer in time")}
	}
	he := &HTTPError{URL: u, StatusCode: grpcHTTPStatus(st.Code()), Status: grpcCodeName(st.Code()),
		Body: bodyExcerpt([]byte(msg), "text/plain"), GRPCCode: grpcCodeName(st.Code()),
		RetryAfter: retryAfter(firstMD("retry-after", hdr, trl))}
	he.Kind = grpcKind(st, c)
	return he
}

// tooLarge says the status is gRPC's own refusal to read a reply over
// max_event_size (MaxCallRecvMsgSize), made here, not by the agent: as
// RESOURCE_EXHAUSTED it would read as a busy agent (429) and a send
// would go again, to an agent that took it and answered. It is told
// apart by gRPC's wording and by naming parley's limit; an agent that
// refused a request of parley's over the same limit is not retried
// either, which is as it should be.
func (e *grpcEndpoint) tooLarge(st *status.Status) bool {
	m := st.Message()
	if st.Code() != codes.ResourceExhausted || !strings.HasPrefix(m, "grpc: ") || !strings.Contains(m, "larger than max") {
		return false
	}
	limit := strconv.Itoa(e.t.maxEvent)
	return strings.HasSuffix(m, " vs. "+limit+")") || strings.HasSuffix(m, "max "+limit)
}

// grpcKind names the A2A error of a status: by its ErrorInfo reason when
// there is one (a2a-go v2 sends it), else by what the code means for the
// method in A2A's gRPC mapping (a2a-go v0.3 sends the code alone).
func grpcKind(st *status.Status, c grpcCall) error {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.Reason != "" {
			if k := reasonKinds[normalizeReason(info.Reason)]; k != nil {
				return k
			}
		}
	}
	msg := strings.ToLower(st.Message())
	card := c.method == "GetExtendedAgentCard" || c.method == "GetAgentCard"
	push := strings.Contains(c.method, "PushNotificationConfig")
	switch st.Code() {
	case codes.Unimplemented:
		switch {
		case strings.Contains(msg, "unknown service"):
			// The other version's service may be served here.
			return ErrMethodNotFound
		case push || strings.Contains(msg, "push notification"):
			return ErrPushNotSupported
		}
		return ErrUnsupportedOperation
	case codes.NotFound:
		if card {
			return ErrExtendedCardUnavailable
		}
		if c.taskCall {
			return ErrTaskNotFound
		}
	case codes.FailedPrecondition:
		switch {
		case c.method == "CancelTask":
			return ErrTaskNotCancelable
		case card:
			return ErrExtendedCardUnavailable
		case push:
			return ErrPushNotSupported
		}
		return ErrUnsupportedOperation
	case codes.InvalidArgument:
		return ErrInvalidParams
	case codes.Internal:
		return ErrInternal
	}
	return nil
}

// grpcHTTPStatuses is the HTTP status for each gRPC code, as gRPC's
// HTTP mapping (and the A2A spec's table) gives it; any other code is 500.
var grpcHTTPStatuses = map[codes.Code]int{
	codes.InvalidArgument:    http.StatusBadRequest,
	codes.FailedPrecondition: http.StatusBadRequest,
	codes.OutOfRange:         http.StatusBadRequest,
	codes.Unauthenticated:    http.StatusUnauthorized,
	codes.PermissionDenied:   http.StatusForbidden,
	codes.NotFound:           http.StatusNotFound,
	codes.AlreadyExists:      http.StatusConflict,
	codes.Aborted:            http.StatusConflict,
	codes.ResourceExhausted:  http.StatusTooManyRequests,
	codes.Canceled:           499,
	codes.Unimplemented:      http.StatusNotImplemented,
	codes.Unavailable:        http.StatusServiceUnavailable,
	codes.DeadlineExceeded:   http.StatusGatewayTimeout,
}

func grpcHTTPStatus(c codes.Code) int {
	if s, ok := grpcHTTPStatuses[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// grpcCodeName spells a code as the gRPC spec does (NOT_FOUND).
func grpcCodeName(c codes.Code) string {
	return normalizeReason(c.String())
}

func describeGRPCUnavailable(msg string) string {
	m := strings.ToLower(msg)
	switch {
	case strings.Contains(m, "connection refused"):
		return "the connection was refused"
	case strings.Contains(m, "no such host"):
		return "the host name could not be resolved"
	case strings.Contains(m, "certificate"):
		return "the server's TLS certificate is not trusted (" + sanitizeLine(msg) + ")"
	case strings.Contains(m, "eof"), strings.Contains(m, "closing"), strings.Contains(m, "reset"):
		return "the connection closed before the reply was complete"
	}
	return "the agent is unavailable: " + sanitizeLine(msg)
}

func firstMD(key string, mds ...metadata.MD) string {
	for _, md := range mds {
		if v := md.Get(key); len(v) > 0 {
			return v[0]
		}
	}
	return ""
}

// statusDetails lists a status's details for the wire view.
func statusDetails(st *status.Status) []any {
	var out []any
	for _, d := range st.Details() {
		switch v := d.(type) {
		case *errdetails.ErrorInfo:
			out = append(out, map[string]any{"reason": v.Reason, "domain": v.Domain, "metadata": v.Metadata})
		case error:
			out = append(out, v.Error())
		default:
			out = append(out, "detail")
		}
	}
	return out
}
