// Package printcheck finds where a package writes text that may hold
// another party's words (an agent's, a card's, an authorization
// server's, a config file's) without cleaning it for a terminal. It is a
// static taint check over the package's own source, typed with the
// compiler's export data; only tests import it.
//
// Text is clean when it is a constant, is not text at all (numbers,
// times), comes out of termsafe or strconv.Quote, or is built only of
// clean text (concatenation, fmt.Sprintf, strings.Join and the other
// standard functions in passthrough, a %q or %d verb). Everything else
// is taken as someone else's: struct fields, errors, the results of
// other packages' functions and methods, the parameters of exported or
// escaping functions. Within the package, taint follows variables,
// results of its own functions and the arguments its unexported
// functions are called with.
//
// A write is a call to fmt's Fprint, Fprintf, Fprintln, Print, Printf,
// Println, to io.WriteString, or to a Write, WriteString, WriteByte or
// WriteRune method: into any writer, a strings.Builder too, since what
// is built is written later.
package printcheck

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
)

// Finding is one write of text that may not be clean.
type Finding struct {
	Pos  token.Position
	Call string // the write, as "fmt.Fprintf"
	Arg  string // the argument, as written
}

func (f Finding) String() string {
	return fmt.Sprintf("%s: %s writes %s, which may hold another party's text: clean it with termsafe (or quote it with %%q)", f.Pos, f.Call, f.Arg)
}

// Options tell the check what it cannot see for itself.
type Options struct {
	// Cleaners are functions whose results are clean whatever they are
	// given, by name as "path.Name" or "(*path.Type).Name": what they do
	// to their text is more than this check follows.
	Cleaners map[string]bool
	// Own are types, as "path.Name", whose fields and methods hold the
	// program's own text, never another party's (a command tree built
	// from the program's constants).
	Own map[string]bool
	// Passes are functions, named as Cleaners are, whose writes pass on
	// what was written into the program's own writers (a buffer's
	// flush): that was checked where it was written.
	Passes map[string]bool
}

// Check loads the package in dir (its files for this platform, without
// tests) and returns every write of text that may not be clean, in file
// order.
func Check(dir string, opts Options) ([]Finding, error) {
	p, err := load(dir)
	if err != nil {
		return nil, err
	}
	c := newChecker(p, opts)
	c.collect()
	c.solve()
	out := c.sinks()
	if wd, err := os.Getwd(); err == nil {
		for i := range out {
			if rel, err := filepath.Rel(wd, out[i].Pos.Filename); err == nil {
				out[i].Pos.Filename = rel
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	return out, nil
}
