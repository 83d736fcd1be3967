package cli

import (
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
)

// Exit codes, as documented in docs/cli.md and `parley --help`.
const (
	exitOK          = 0
	exitError       = 1
	exitUsage       = 2
	exitTaskFailed  = 3 // failed, canceled or rejected
	exitNeedsInput  = 4 // input-required or auth-required
	exitAuthRefused = 5 // HTTP 401 or 403
	exitForeign     = 6 // the card's endpoint is on an origin not trusted with the credentials
	exitUnverified  = 7 // signed cards are required and this one did not verify
	exitInterrupted = 130
)

// stateExit maps how a task ended to an exit code. States that are not an
// outcome (a task still working, seen by `task get`) exit 0: the command
// did what was asked.
func stateExit(state string) int {
	switch a2aclient.State(state) {
	case a2aclient.StateFailed, a2aclient.StateCanceled, a2aclient.StateRejected:
		return exitTaskFailed
	case a2aclient.StateInputRequired, a2aclient.StateAuthRequired:
		return exitNeedsInput
	}
	return exitOK
}

// errorExit maps an error to an exit code. An error in the config file
// (*config.Error) is exitError, for every command.
func errorExit(ctx context.Context, err error) int {
	var ue *usageError
	var ae *a2aclient.AuthError
	switch {
	case errors.As(err, new(*config.Error)):
		return exitError
	case errors.As(err, &ue), errors.As(err, new(*inputError)), errors.Is(err, session.ErrUnknownAgent):
		return exitUsage
	case errors.As(err, &ae), errors.Is(err, a2aclient.ErrAuthenticationRequired):
		return exitAuthRefused
	case errors.As(err, new(*a2aclient.ForeignOriginError)):
		return exitForeign
	case errors.As(err, new(*a2aclient.UnverifiedCardError)):
		return exitUnverified
	case ctx.Err() != nil && errors.Is(err, context.Canceled):
		return exitInterrupted
	}
	return exitError
}
