// Command ansisvg reads a terminal screen as tmux capture-pane -e writes
// it on standard input and writes it as SVG on standard output (make
// screenshot).
//
//	tmux capture-pane -e -p -t NAME | go run ./internal/ansisvg/cmd/ansisvg -title parley > screen.svg
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/parley-a2a/parley/internal/ansisvg"
)

func main() {
	title := flag.String("title", "", "the window's title")
	flag.Parse()
	screen, err := io.ReadAll(os.Stdin)
	if err == nil && len(screen) == 0 {
		err = fmt.Errorf("standard input is empty; pipe a screen into it (tmux capture-pane -e -p)")
	}
	if err == nil {
		_, err = os.Stdout.Write(ansisvg.Render(string(screen), ansisvg.Options{Title: *title}))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ansisvg:", err)
		os.Exit(1)
	}
}
