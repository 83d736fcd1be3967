// How values are written on screen: sizes, durations, ages, ids.

package styles

import (
	"fmt"
	"time"

	"github.com/parley-a2a/parley/termsafe"
)

// ByteSize formats a size for people: 512 B, 12.3 KB, 4.0 MB.
func ByteSize(n int) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n)/unit, 0
	for f >= unit && i < 3 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %s", f, []string{"KB", "MB", "GB", "TB"}[i])
}

// DurationShort formats an elapsed time compactly: 3s, 1m05s, 2h03m.
func DurationShort(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int(d / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s/60%60)
}

// ShortID is an agent's task or context id, cleaned and shortened by
// characters (session.ShortID cuts bytes, which can halve a character).
func ShortID(id string) string {
	r := []rune(termsafe.Line(id))
	if len(r) <= 8 {
		return string(r)
	}
	return string(r[:4]) + "…" + string(r[len(r)-3:])
}

// Ago is how long ago something changed, in one short word: now, 5m,
// 3h, 2d.
func Ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}
