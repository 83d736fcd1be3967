package editdist

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"json", "json", 0}, {"jsn", "json", 1}, {"", "abc", 3}, {"abc", "", 3},
		{"kitten", "sitting", 3}, {"chat.copy", "chat.cpoy", 2},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
