package styles

import (
	"fmt"
	"testing"
)

// Every window of a long list holds the cursor's row and, with its
// notes (one line for rows hidden above, one for rows hidden below),
// fits the lines it is given; a window from the top keeps its place
// while the cursor moves inside it.
func TestListWindowFitsRowsAndNotes(t *testing.T) {
	for _, per := range []int{1, 2} {
		for _, h := range []int{3, 4, 7, 12} {
			if h < 2+per {
				continue // no room for a row between two notes: ListWindow's comment says so
			}
			for n := 1; n < 30; n++ {
				top := 0
				for _, cursor := range []int{0, 1, n / 2, n - 1, n / 3, 0, n - 1, n - 2} {
					cursor = max(min(cursor, n-1), 0)
					t0, end := ListWindowOf(n, cursor, top, h, per)
					lines := (end - t0) * per
					if t0 > 0 {
						lines++
					}
					if end < n {
						lines++
					}
					if cursor < t0 || cursor >= end || lines > h || t0 < 0 || end > n {
						t.Fatalf("n %d, per %d, h %d, cursor %d from top %d: window [%d, %d) takes %d lines", n, per, h, cursor, top, t0, end, lines)
					}
					if end < n && lines < h-per+1 {
						t.Fatalf("n %d, per %d, h %d, cursor %d: window [%d, %d) leaves room for another row", n, per, h, cursor, t0, end)
					}
					top = t0
				}
			}
		}
	}
	if top, _ := ListWindow(20, 3, 2, 7); top != 2 {
		t.Fatalf("a cursor inside the window moved it to %d", top)
	}
}

// A URL cut to fit keeps its origin whole and, room allowing, the end
// of its path after an ellipsis; one that fits is left alone.
func TestClipURLKeepsTheOrigin(t *testing.T) {
	want := map[string]string{
		"http://127.0.0.1:4141/v1.0 40":                           "http://127.0.0.1:4141/v1.0",
		"https://agents.example.com/tenants/acme/v1.0/jsonrpc 40": "https://agents.example.com…/v1.0/jsonrpc",
		"http://127.0.0.1:4141/.well-known/agent-card.json 23":    "http://127.0.0.1:4141/…",
		"http://127.0.0.1:4141/.well-known/agent-card.json 44":    "http://127.0.0.1:4141…/agent-card.json",
		"https://a-very-long-host-name.example.com/v1 20":         "https://a-very-long…",
		"not-a-url-at-all 10":                                     "not-a-url…",
	}
	for in, w := range want {
		var url string
		var n int
		fmt.Sscanf(in, "%s %d", &url, &n)
		if got := ClipURL(url, n); got != w {
			t.Errorf("ClipURL(%q, %d) = %q, want %q", url, n, got, w)
		}
	}
}
