//go:build !windows

package cli

import "os"

// movesCursor reports whether the terminal f is on interprets the cursor
// movements the text output redraws with: every terminal does but a
// Windows console (TERM=dumb is told apart from the environment).
func movesCursor(*os.File) bool { return true }
