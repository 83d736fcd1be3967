package cli

import (
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// What the A2A CLI specification (a2aproject/a2a-cli, SPEC.md) asks of
// exit codes and error codes, where parley's own differ. docs/cli.md
// says why each differs.

// specExitVar set to "spec" (or "a2a-cli") gives the specification's exit
// codes: 0 whenever parley did its job, whatever the task's outcome; 3
// unreachable, 4 authentication, 5 timeout.
const specExitVar = "PARLEY_EXIT_CODES"

func (r *runner) specExits() bool {
	v := r.env.Getenv(specExitVar)
	return v == "spec" || v == "a2a-cli"
}

// exitCode is the code parley exits with for code (parley's own) and
// the error reported with it, under the scheme the user chose.
func (r *runner) exitCode(code int, err error) int {
	if !r.specExits() {
		return code
	}
	switch code {
	case exitTaskFailed, exitNeedsInput:
		return exitOK // the agent's outcome, shown in the output
	case exitAuthRefused:
		return 4
	case exitForeign, exitUnverified:
		return exitError
	case exitError:
		switch errorCode(err) {
		case "A2ACLI_ERR_TIMEOUT":
			return 5
		case "A2ACLI_ERR_UNREACHABLE", "A2ACLI_ERR_CARD_NOT_FOUND":
			return 3
		}
	}
	return code
}

// a2aErrors are A2A's names for the errors an agent can report (A2A
// §3.3.2), which the specification wants in the error line unchanged.
var a2aErrors = []struct {
	err  error
	name string
}{
	{a2aclient.ErrTaskNotFound, "TaskNotFoundError"},
	{a2aclient.ErrTaskNotCancelable, "TaskNotCancelableError"},
	{a2aclient.ErrPushNotSupported, "PushNotificationNotSupportedError"},
	{a2aclient.ErrUnsupportedOperation, "UnsupportedOperationError"},
	{a2aclient.ErrContentTypeNotSupported, "ContentTypeNotSupportedError"},
	{a2aclient.ErrInvalidAgentResponse, "InvalidAgentResponseError"},
	{a2aclient.ErrExtendedCardUnavailable, "ExtendedAgentCardNotConfiguredError"},
	{a2aclient.ErrVersionNotSupported, "VersionNotSupportedError"},
	{a2aclient.ErrParse, "JSONParseError"},
	{a2aclient.ErrInvalidRequest, "InvalidRequestError"},
	{a2aclient.ErrMethodNotFound, "MethodNotFoundError"},
	{a2aclient.ErrInvalidParams, "InvalidParamsError"},
	{a2aclient.ErrInternal, "InternalError"},
}

// codeInterrupted is the --json error line's code for a command the user
// interrupted (ctrl+c): not an internal error, and the specification
// names no code for it while forbidding new A2ACLI_ERR_ ones, so it is
// parley's own, under its own prefix.
const codeInterrupted = "PARLEY_INTERRUPTED"

// errorCode names an error for the "code" of the --json error line: the
// agent's A2A error by its name, else the specification's CLI-local
// A2ACLI_ERR_* code.
func errorCode(err error) string {
	var ue *usageError
	var te *timeoutError
	var ae *a2aclient.AuthError
	var ce *a2aclient.CardError
	var tr *a2aclient.TransportError
	var de *a2aclient.DeadlineError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ue), errors.As(err, new(*inputError)), errors.Is(err, session.ErrUnknownAgent),
		errors.As(err, new(*session.AgentMovedError)), session.IsNotAStoreNumber(err):
		return "A2ACLI_ERR_USAGE"
	case errors.As(err, &te), errors.As(err, &de):
		return "A2ACLI_ERR_TIMEOUT"
	case errors.As(err, &ae):
		if ae.StatusCode == 403 || ae.Refused() {
			return "A2ACLI_ERR_AUTH_FAILED"
		}
		return "A2ACLI_ERR_CREDENTIALS_MISSING"
	case errors.Is(err, a2aclient.ErrAuthenticationRequired):
		return "A2ACLI_ERR_CREDENTIALS_MISSING"
	case errors.As(err, &ce):
		return "A2ACLI_ERR_CARD_INVALID"
	case errors.Is(err, a2aclient.ErrNoCard):
		return "A2ACLI_ERR_CARD_NOT_FOUND"
	case errors.As(err, &tr):
		return "A2ACLI_ERR_UNREACHABLE"
	}
	for _, e := range a2aErrors {
		if errors.Is(err, e.err) {
			return e.name
		}
	}
	return "A2ACLI_ERR_INTERNAL"
}
