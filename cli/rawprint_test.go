package cli

import (
	"testing"

	"github.com/parley-a2a/parley/internal/printcheck"
)

// rawPrintOptions is what the check cannot see for itself in cli, each
// with why.
var rawPrintOptions = printcheck.Options{
	Cleaners: map[string]bool{
		// Escapes every DEL and C1 byte of encoding/json's output, whose
		// strings already escape C0; jsonout.AppendTerminalSafe does the
		// escaping, hasControls decides that none is needed.
		"github.com/parley-a2a/parley/cli.escapeControls": true,
		// One of "both", "server", "parley".
		"(github.com/parley-a2a/parley/session.TaskRow).Where": true,
	},
	// The command tree and its flags are built from parley's constants:
	// help and the man page print parley's own words.
	Own: map[string]bool{
		"github.com/spf13/cobra.Command": true,
		"github.com/spf13/pflag.FlagSet": true,
		"github.com/spf13/pflag.Flag":    true,
		"github.com/spf13/pflag.Value":   true,
	},
	// Flushing the buffers of stdout and of the store gate writes what
	// was written into them, each write checked where it was made.
	Passes: map[string]bool{
		"(*github.com/parley-a2a/parley/cli.outputBuffer).flush": true,
		"(*github.com/parley-a2a/parley/cli.storeGate).release":  true,
	},
}

// No text of an agent's, a card's, an authorization server's or a
// config file's reaches the terminal without termsafe: every write in
// cli (fmt's Fprint*, Print*, io.WriteString, Write methods) is of
// constants, numbers, termsafe's output, or text built only of those
// (internal/printcheck follows it through variables, cli's own
// functions and their parameters). A finding is a raw print path: clean
// the value where it is printed.
func TestNoRawPrints(t *testing.T) {
	findings, err := printcheck.Check(".", rawPrintOptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		t.Error(f)
	}
}
