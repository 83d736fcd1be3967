package ui

import (
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/wire"
)

// The names whoever starts the UI uses (the command line reads [keys]
// into a KeyMap and installs a WireLog as a2aclient's wire observer);
// what they name lives in ui/keys and ui/wire.
type (
	// KeyMap is every key binding (keys.Map).
	KeyMap = keys.Map
	// KeyError is a [keys] entry parley cannot use (keys.Error).
	KeyError = keys.Error
	// WireLog keeps the latest wire records for the wire view
	// (wire.Log).
	WireLog = wire.Log
)

// DefaultKeyMap is parley's standard layout (keys.Default).
func DefaultKeyMap() KeyMap { return keys.Default() }

// NewWireLog returns an empty wire log (wire.NewLog).
func NewWireLog() *WireLog { return wire.NewLog() }
