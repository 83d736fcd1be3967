package cli

import (
	"io/fs"
	"os"

	"github.com/charmbracelet/x/term"

	"github.com/parley-a2a/parley/auth"
)

// What a run asks of the terminal and the desktop goes through Env, so a
// test answers for them on the Env it runs with; a nil field asks the
// process's own, as below.

// isTerminal reports whether parley can open its full-screen UI.
func (r *runner) isTerminal() bool {
	if r.env.IsTerminal != nil {
		return r.env.IsTerminal()
	}
	return term.IsTerminal(os.Stdin.Fd()) && term.IsTerminal(os.Stdout.Fd())
}

// stdinIsTerminal reports whether a person at Stdin can answer a prompt.
func (r *runner) stdinIsTerminal() bool {
	if r.env.StdinIsTerminal != nil {
		return r.env.StdinIsTerminal(r.env.Stdin)
	}
	f, ok := r.env.Stdin.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// stdinPiped reports whether Stdin is a pipe or a file, which `parley
// send AGENT` with no TEXT reads the text from; a terminal or /dev/null
// is not.
func (r *runner) stdinPiped() bool {
	if r.env.StdinPiped != nil {
		return r.env.StdinPiped(r.env.Stdin)
	}
	f, ok := r.env.Stdin.(*os.File)
	if !ok {
		return r.env.Stdin != nil
	}
	if term.IsTerminal(f.Fd()) {
		return false
	}
	st, err := f.Stat()
	return err == nil && (st.Mode()&fs.ModeNamedPipe != 0 || st.Mode().IsRegular())
}

// openBrowser opens a sign-in address in the person's browser.
func (r *runner) openBrowser(url string) error {
	if r.env.OpenBrowser != nil {
		return r.env.OpenBrowser(url)
	}
	return auth.OpenBrowser(url)
}
