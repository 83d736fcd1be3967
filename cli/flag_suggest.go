package cli

import (
	"strings"

	"github.com/spf13/pflag"
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
		if d := editDistance(typed, f.Name); d < bestD && d <= len(typed)/2 {
			best, bestD = f.Name, d
		}
	})
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes
// (flag names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
