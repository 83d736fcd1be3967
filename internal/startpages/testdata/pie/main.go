// Command pie runs startpages.Drop in whatever build mode the test
// builds it with (a PIE's RELRO pages were written by the loader), then
// uses what those pages hold: interfaces, type data, a written global.
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/parley-a2a/parley/internal/startpages"
)

var written = 7

func main() {
	written = 42
	startpages.Drop()
	words := strings.Fields("the binary runs on after the drop")
	sort.Strings(words)
	var s fmt.Stringer = &strings.Builder{}
	if written != 42 {
		fmt.Fprintln(os.Stderr, "written reads", written)
		os.Exit(1)
	}
	fmt.Printf("%d %s %T\n", written, strings.Join(words, " "), s)
}
