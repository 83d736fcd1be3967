package session

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/parley-a2a/parley/termsafe"
)

// A stored conversation is named two ways that never share a syntax:
// parley's number for it (ContextInfo.ID, what --context, 'contexts
// show' and the MCP tools' conversation field take), always a positive
// decimal number; and the agent's contextId (--context-id, the MCP
// tools' context_id), which is the agent's choice, means something only
// with that agent, and is looked up only together with its identity
// (Store.ContextByAgentContextID).

// NotAStoreNumberError is a --context (or a conversation field) that is
// not parley's number for a stored conversation.
type NotAStoreNumberError struct{ Given string }

func (e *NotAStoreNumberError) Error() string {
	return fmt.Sprintf("%q is not parley's number for a stored conversation", termsafe.Line(e.Given))
}

// Hint says where the numbers are, and what an agent's contextId takes.
func (e *NotAStoreNumberError) Hint() string {
	return "'parley contexts' lists the numbers; to continue an agent's own contextId, name the agent and pass --context-id " + termsafe.ShellWord(e.Given) + "."
}

// ParseStoreNumber reads parley's number for a stored conversation: a
// positive decimal number, nothing else (no sign, no spaces inside).
func ParseStoreNumber(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" || strings.TrimLeft(t, "0123456789") != "" {
		return 0, &NotAStoreNumberError{Given: s}
	}
	id, err := strconv.ParseInt(t, 10, 64)
	if err != nil || id <= 0 {
		return 0, &NotAStoreNumberError{Given: s}
	}
	return id, nil
}

// IsNotAStoreNumber reports whether err says a store number was not one.
func IsNotAStoreNumber(err error) bool {
	var e *NotAStoreNumberError
	return errors.As(err, &e)
}
