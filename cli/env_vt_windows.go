package cli

import (
	"os"

	"golang.org/x/sys/windows"
)

// movesCursor reports whether the console f is on interprets the cursor
// movements the text output redraws with. A Windows console does only
// when its virtual terminal processing is on; parley does not turn it
// on (the mode would outlive the command), so on a console where it is
// off a replaced answer is printed as in a pipe.
func movesCursor(f *os.File) bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil && mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0
}
