//go:build linux

package main

import (
	"testing"
	"time"
)

// TestPercentileIsTheNearestRank: the keys' p50, p90 and p99 are keys
// that were measured (nearest rank), not averages of two: of 200 keys
// the p99 is the second slowest, of 50 the slowest.
func TestPercentileIsTheNearestRank(t *testing.T) {
	keys := func(n int) series {
		s := make(series, n)
		for i := range s {
			s[i] = time.Duration(i+1) * time.Millisecond
		}
		return s
	}
	for _, c := range []struct {
		n, p int
		want time.Duration
	}{
		{200, 99, 198 * time.Millisecond},
		{200, 90, 180 * time.Millisecond},
		{200, 50, 100 * time.Millisecond},
		{50, 99, 50 * time.Millisecond},
		{1, 99, time.Millisecond},
	} {
		if got := percentile(keys(c.n), c.p); got != c.want {
			t.Errorf("p%d of %d keys: %s, want %s", c.p, c.n, got, c.want)
		}
	}
}
