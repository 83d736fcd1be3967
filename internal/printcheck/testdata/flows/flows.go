// Package flows is printcheck's test: every line that writes text that
// may not be clean says "want"; no other line may be found.
package flows

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/parley-a2a/parley/termsafe"
)

type card struct{ Name, URL string }

type kept struct{ text string }

type writer struct {
	w   io.Writer
	buf []byte
}

func (w *writer) Write(p []byte) (int, error) { return w.w.Write(p) } // forwards: checked where written

func (w *writer) flush() { _, _ = w.w.Write(w.buf) } // Options.Passes

func (w *writer) leak() { _, _ = w.w.Write(w.buf) } // want

func fields(w io.Writer, c *card) {
	fmt.Fprintln(w, c.Name) // want
	fmt.Fprintln(w, termsafe.Line(c.Name))
	fmt.Fprintf(w, "%s at %q\n", termsafe.Line(c.Name), c.URL)
	fmt.Fprintf(w, "%#q\n", c.URL)                      // want
	fmt.Fprintf(w, "%[2]s %[1]d\n", len(c.Name), c.URL) // want
	fmt.Fprintf(w, "%[2]q %[1]s\n", termsafe.Line(c.Name), c.URL)
	fmt.Printf("%d bytes\n", len(c.URL))
	fmt.Println(strings.ToUpper(c.Name)) // want
	fmt.Println(strconv.Quote(c.Name))
	fmt.Fprint(w, "plain", 42, true)
}

func variables(w io.Writer, c *card) {
	name := c.Name
	fmt.Fprintln(w, name) // want
	name = termsafe.Line(name)
	fmt.Fprintln(w, name)
	line := "[" + termsafe.Line(c.Name) + "]"
	line += " " + termsafe.Clean(c.URL)
	fmt.Fprintln(w, line)
	mixed := "x"
	if c.URL != "" {
		mixed = c.URL
	}
	fmt.Fprintln(w, mixed) // want
	if u := termsafe.Line(c.URL); u != "" {
		fmt.Fprintln(w, u)
	}
	msg := fmt.Sprintf("%s: %s", "card", c.URL)
	io.WriteString(w, msg)      // want
	fmt.Fprintln(w, os.Args[1]) // want
	k := kept{text: "ours"}
	fmt.Fprintln(w, k.text)
	var k2 kept
	k2.text = c.Name
	fmt.Fprintln(w, k2.text) // want
	var names []string
	for _, s := range []string{c.Name, c.URL} {
		names = append(names, termsafe.Line(s))
	}
	fmt.Fprintln(w, strings.Join(names, ", "))
}

// Errs is called from anywhere, with any error.
func Errs(w io.Writer, err error) {
	fmt.Fprintf(w, "failed: %v\n", err) // want
	fmt.Fprintf(w, "failed: %q\n", err)
	fmt.Fprintln(w, termsafe.Line(err.Error()))
	fmt.Fprintln(w, errors.New("ours"))
}

// show is called with clean text only: its parameter is clean.
func show(w io.Writer, s string) { fmt.Fprintln(w, s) }

// echo is called once with a card's text: its parameter is not.
func echo(w io.Writer, s string) { fmt.Fprintln(w, s) } // want

// Exported is called from anywhere.
func Exported(w io.Writer, s string) { fmt.Fprintln(w, s) } // want

// cleaned cleans its parameter first.
func cleaned(w io.Writer, s string) {
	s = termsafe.Line(s)
	fmt.Fprintln(w, s)
}

func label(s string) string { return "(" + s + ")" }

func calls(w io.Writer, c *card) {
	show(w, "constant")
	show(w, termsafe.Line(c.Name))
	echo(w, "constant")
	echo(w, c.URL)
	cleaned(w, c.Name)
	fmt.Fprintln(w, label("ours"))
	row := func(k, v string) { fmt.Fprintf(w, "%s: %s\n", k, v) }
	row("Name", termsafe.Line(c.Name))
	loose := func(v string) { fmt.Fprintln(w, v) } // want
	loose("x")
	run(loose)
	t := &tree{Use: "flows NAME"}
	fmt.Fprintln(w, t.Use, t.line())
	fmt.Fprintln(w, cleanedBy(c.Name))
}

func run(f func(string)) { f("y") }

// tree holds the program's own text (Options.Own).
type tree struct{ Use string }

func (t *tree) line() string { return t.Use }

// cleanedBy is a cleaner (Options.Cleaners).
func cleanedBy(s string) string { return s }

func builders(w io.Writer, c *card) {
	var b strings.Builder
	b.WriteString(termsafe.Line(c.Name))
	fmt.Fprintf(&b, " %d", len(c.URL))
	fmt.Fprintln(w, b.String())
	var raw strings.Builder
	raw.WriteString(c.URL) // want
	h := sha256.New()
	h.Write([]byte(c.URL))
	var f struct{ seen strings.Builder }
	f.seen.WriteString(c.URL)
}
