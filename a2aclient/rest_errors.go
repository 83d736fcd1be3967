package a2aclient

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"unicode"
)

// restErrorInfo is what an error body said, whatever its shape:
// AIP-193 {"error":{code,status,message,details:[ErrorInfo]}},
// RFC 9457 problem+json {type,title,status,detail}, a bare
// {code,message}, or {"error":"…"}.
type restErrorInfo struct {
	message  string
	reason   string // ErrorInfo reason or problem type, UPPER_SNAKE_CASE
	rpcCode  int    // a JSON-RPC style code (-32001), 0 if none
	httpCode int    // the HTTP status the body claims, 0 if none
}

type restErrorBody struct {
	Error   json.RawMessage   `json:"error"`
	Code    json.RawMessage   `json:"code"`
	Status  json.RawMessage   `json:"status"`
	Message string            `json:"message"`
	Details []json.RawMessage `json:"details"`
	Data    json.RawMessage   `json:"data"`
	Type    string            `json:"type"`
	Title   string            `json:"title"`
	Detail  json.RawMessage   `json:"detail"`
}

func parseRESTError(body []byte) restErrorInfo {
	var info restErrorInfo
	var w restErrorBody
	if json.Unmarshal(body, &w) != nil {
		return info
	}
	var errStr string
	if len(w.Error) > 0 && w.Error[0] == '{' {
		inner := parseRESTError(w.Error)
		if inner.message != "" || inner.reason != "" || inner.rpcCode != 0 || inner.httpCode != 0 {
			return inner
		}
	} else if json.Unmarshal(w.Error, &errStr) == nil {
		info.message = errStr
	}
	var code int
	if json.Unmarshal(w.Code, &code) == nil {
		if code <= -32000 && code >= -32768 {
			info.rpcCode = code
		} else if code >= 100 && code <= 599 {
			info.httpCode = code
		}
	}
	if json.Unmarshal(w.Status, &code) == nil && code >= 100 && code <= 599 {
		info.httpCode = code
	}
	var detail string
	_ = json.Unmarshal(w.Detail, &detail)
	for _, m := range []string{w.Message, detail, w.Title} {
		if info.message == "" && strings.TrimSpace(m) != "" {
			info.message = m
		}
	}
	if w.Type != "" && w.Type != "about:blank" {
		slug := w.Type[strings.LastIndexAny(w.Type, "/#")+1:]
		info.reason = normalizeReason(slug)
	}
	details := w.Details
	var dataList []json.RawMessage
	if json.Unmarshal(w.Data, &dataList) == nil {
		details = append(details, dataList...)
	}
	for _, d := range details {
		var ei struct {
			Reason string `json:"reason"`
		}
		if json.Unmarshal(d, &ei) == nil && ei.Reason != "" {
			info.reason = normalizeReason(ei.Reason)
			break
		}
	}
	return info
}

// normalizeReason turns "task-not-found", "TaskNotFoundError" and
// "TASK_NOT_FOUND" alike into TASK_NOT_FOUND.
func normalizeReason(s string) string {
	var b strings.Builder
	var prev rune
	for _, r := range s {
		switch {
		case r == '-' || r == ' ' || r == '.':
			r = '_'
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
		prev = r
	}
	out := b.String()
	if out != "PARSE_ERROR" && out != "INTERNAL_ERROR" {
		out = strings.TrimSuffix(out, "_ERROR")
	}
	return out
}

var reasonKinds = map[string]error{
	"PARSE_ERROR":                        ErrParse,
	"INVALID_REQUEST":                    ErrInvalidRequest,
	"METHOD_NOT_FOUND":                   ErrMethodNotFound,
	"INVALID_PARAMS":                     ErrInvalidParams,
	"INTERNAL_ERROR":                     ErrInternal,
	"TASK_NOT_FOUND":                     ErrTaskNotFound,
	"TASK_NOT_CANCELABLE":                ErrTaskNotCancelable,
	"TASK_NOT_CANCELLABLE":               ErrTaskNotCancelable,
	"PUSH_NOTIFICATION_NOT_SUPPORTED":    ErrPushNotSupported,
	"UNSUPPORTED_OPERATION":              ErrUnsupportedOperation,
	"CONTENT_TYPE_NOT_SUPPORTED":         ErrContentTypeNotSupported,
	"UNSUPPORTED_CONTENT_TYPE":           ErrContentTypeNotSupported,
	"INVALID_AGENT_RESPONSE":             ErrInvalidAgentResponse,
	"EXTENDED_AGENT_CARD_NOT_CONFIGURED": ErrExtendedCardUnavailable,
	"VERSION_NOT_SUPPORTED":              ErrVersionNotSupported,
	"UNAUTHENTICATED":                    ErrUnauthenticated,
	"UNAUTHORIZED":                       ErrForbidden,
}

// mentionsTask matches "task" as a word. The request path is removed from
// the message first, so a framework's "Route GET:/tasks/task-1 not found"
// is not taken for a task-not-found answer.
var mentionsTask = regexp.MustCompile(`(?i)\btask\b`)

// kind names the A2A error. A bare 404 stays unnamed: the client reads it
// as "wrong dialect here" and tries the next one.
func (i restErrorInfo) kind(d Dialect, status int, taskPath bool, path string) error {
	if k := reasonKinds[i.reason]; k != nil {
		return k
	}
	if i.rpcCode != 0 {
		if k := rpcCodeKind(d, i.rpcCode); k != nil {
			return k
		}
	}
	if status == http.StatusNotFound && taskPath && path != "" {
		msg := i.message
		if unescaped, err := url.PathUnescape(path); err == nil {
			msg = strings.ReplaceAll(msg, unescaped, "")
		}
		if mentionsTask.MatchString(strings.ReplaceAll(msg, path, "")) {
			return ErrTaskNotFound
		}
	}
	return nil
}
