package cli

import (
	"io"
	"io/fs"
	"os"
	"sync/atomic"

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

// stdoutTerminal is the terminal standard output is, for the text
// output to redraw a replaced answer on; ok is false when it is not
// one, or one that cannot move its cursor (TERM=dumb). From then on
// the lines parley writes on stderr are counted: on the same screen,
// they come after the answer, which is then not redrawn.
func (r *runner) stdoutTerminal() (terminal, bool) {
	size := r.env.StdoutSize
	if size == nil {
		size = r.stdoutSize
	}
	if size == nil || r.env.Getenv != nil && r.env.Getenv("TERM") == "dumb" {
		return terminal{}, false
	}
	n := new(atomic.Int64)
	r.env.Stderr = countedWriter{r.env.Stderr, n}
	return terminal{size: size, others: n}, true
}

// countedWriter counts the writes to w.
type countedWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c countedWriter) Write(p []byte) (int, error) {
	c.n.Add(1)
	return c.w.Write(p)
}

// terminalSize is how to ask the size of the terminal w is, or nil
// when w is not a file on a terminal that moves its cursor as told.
func terminalSize(w io.Writer) func() (width, height int, ok bool) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) || !movesCursor(f) {
		return nil
	}
	return func() (int, int, bool) {
		width, height, err := term.GetSize(f.Fd())
		return width, height, err == nil
	}
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
