package cli

import "sync/atomic"

// terminal is what the text printer knows of the terminal it prints on.
type terminal struct {
	size   func() (width, height int, ok bool)
	others *atomic.Int64
}

func (p *textPrinter) onTerminal(t terminal) {}
