//go:build !linux

package background

// lower: elsewhere setpriority names the whole process (macOS, the BSDs)
// or nothing at all (Windows); lowering the process would slow the keys
// too, so nothing is done.
func lower() bool { return false }
