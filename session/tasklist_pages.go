package session

import (
	"context"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
)

// MaxListPages is the most pages of an agent's task listing one listing
// follows: 50 pages of up to 100 tasks. An agent decides how many pages
// there are, so without a bound one that always hands out a next token
// keeps parley paging until the timeout, and forever with none.
const MaxListPages = 50

// maxEmptyPages is how many pages in a row that bring no task a listing
// follows before it stops: an agent that answers empty pages, each with
// a new token, has nothing more to show.
const maxEmptyPages = 3

// TaskPages is what following an agent's listing found.
type TaskPages struct {
	Rows []TaskRow
	// Next is the token of the page after Rows; "" after the last page.
	Next string
	// Stopped says why parley stopped following pages before the last
	// one and the limit ("stopped after …"): "" when it did not.
	Stopped string
}

// ServerTasksUpTo follows pages from pageToken ("" for the first) until
// limit rows, the last page, a token seen before, maxEmptyPages empty
// pages in a row or MaxListPages pages.
func ServerTasksUpTo(ctx context.Context, c *a2aclient.Client, ref string, f TaskFilter, pageToken string) (TaskPages, error) {
	var out TaskPages
	seen := map[string]bool{}
	empty := 0
	for pages := 1; ; pages++ {
		g := f
		g.Limit = f.Max() - len(out.Rows)
		rows, next, err := ServerTasks(ctx, c, ref, g, pageToken)
		if err != nil {
			out.Next = pageToken
			return out, err
		}
		out.Rows, out.Next = append(out.Rows, rows...), next
		if empty = empty + 1; len(rows) > 0 {
			empty = 0
		}
		switch {
		case next == "" || len(out.Rows) >= f.Max() || seen[next]:
			// seen: a server that hands the same token back would keep
			// parley paging forever.
			return out, nil
		case empty == maxEmptyPages:
			out.Stopped = fmt.Sprintf("stopped after %d empty pages in a row, each with a new token", empty)
			return out, nil
		case pages == MaxListPages:
			out.Stopped = fmt.Sprintf("stopped after %d pages, the most one listing follows", pages)
			return out, nil
		}
		seen[next] = true
		pageToken = next
	}
}
