package cli

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/parley-a2a/parley/internal/editdist"
)

// closestFlag is the flag of fs nearest to typed (an unknown flag's
// name, without dashes), for "did you mean --json?": within two edits,
// and within half the typed name's length so a short name is not
// matched to anything. Hidden flags are not suggested; on a tie the
// first by name is.
func closestFlag(fs *pflag.FlagSet, typed string) string {
	typed = strings.ToLower(typed)
	best, bestD := "", 3
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Deprecated != "" {
			return
		}
		if d := editdist.Distance(typed, f.Name); d < bestD && d <= len(typed)/2 {
			best, bestD = f.Name, d
		}
	})
	return best
}
