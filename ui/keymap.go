package ui

import "github.com/parley-a2a/parley/ui/keys"

// The key registry lives in ui/keys; these are its names for whoever
// starts the UI (the command line reads [keys] into a KeyMap).
type (
	// KeyMap is every key binding (keys.Map).
	KeyMap = keys.Map
	// KeyError is a [keys] entry parley cannot use (keys.Error).
	KeyError = keys.Error
)

// DefaultKeyMap is parley's standard layout (keys.Default).
func DefaultKeyMap() KeyMap { return keys.Default() }
