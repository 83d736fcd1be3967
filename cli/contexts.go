package cli

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

type contextsFlags struct {
	json   bool
	raw    bool
	agent  string
	format string
	yes    bool
}

// contexts is `parley contexts [SUBCOMMAND]`: the stored conversations.
// sub is the subcommand; "" is `parley contexts` itself, which lists
// them and takes no arguments.
func (r *runner) contexts(ctx context.Context, fp *contextsFlags, sub string, pos []string) int {
	f := *fp
	r.useRaw(f.raw)
	if f.format == "" {
		f.format = "md"
	}
	var err error
	if sub == "" && len(pos) > 0 {
		err = usagef("contexts", "unknown contexts subcommand %q (want show, search, export, rename, rm, resume, replay or diff)", pos[0])
	} else {
		sub = cmp.Or(sub, "list")
		err = checkContextsArgs(sub, pos, &f)
	}
	if err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	st, err := store.Open(r.env.StorePath)
	if err != nil {
		return r.report(exitError, err, f.json, "")
	}
	defer st.Close()
	c := contextsCmd{r: r, st: st, f: &f}
	switch sub {
	case "list":
		err = c.list()
	case "show":
		err = c.show(pos[0])
	case "search":
		err = c.search(strings.Join(pos, " "))
	case "export":
		err = c.export(pos[0])
	case "rename":
		err = c.rename(pos[0], strings.Join(pos[1:], " "))
	case "rm":
		err = c.remove(pos[0])
	case "resume":
		return c.resume(ctx, pos)
	case "replay":
		return c.replay(ctx, pos[0])
	case "diff":
		return c.diff(pos[0], pos[1])
	}
	if errors.Is(err, errNothingFound) {
		return exitError // said on stdout; exit 1, as grep does
	}
	if err != nil {
		code := exitError
		var ue *usageError
		if errors.Is(err, store.ErrNoContext) || errors.As(err, &ue) {
			code = exitUsage
		}
		return r.report(code, err, f.json, "")
	}
	return exitOK
}

func checkContextsArgs(sub string, pos []string, f *contextsFlags) error {
	want := map[string][2]int{ // least and most arguments
		"list": {0, 0}, "show": {1, 1}, "search": {1, 1 << 20}, "export": {1, 1},
		"rename": {2, 1 << 20}, "rm": {1, 1}, "resume": {0, 1}, "replay": {1, 1}, "diff": {2, 2},
	}
	n, ok := want[sub]
	switch {
	case !ok:
		return usagef("contexts", "unknown contexts subcommand %q (want show, search, export, rename, rm, resume, replay or diff)", sub)
	case len(pos) < n[0] || len(pos) > n[1]:
		what := map[string]string{"list": "no arguments", "show": "a context id", "search": "the words to search for",
			"export": "a context id", "rename": "a context id and the new name", "rm": "a context id", "resume": "at most a context id",
			"replay": "a context id", "diff": "two context ids"}
		return usagef("contexts", "contexts %s takes %s, got %s", sub, what[sub], plural(len(pos), "argument"))
	case f.format != "md" && f.format != "markdown" && f.format != "json":
		return usagef("contexts", "--format is md or json, not %q", f.format)
	}
	return nil
}

type contextsCmd struct {
	r  *runner
	st *store.Store
	f  *contextsFlags
}

func (c contextsCmd) out() io.Writer { return c.r.env.Stdout }

func (c contextsCmd) find(ref string) (session.ContextInfo, error) {
	info, err := c.st.ContextByNumber(ref)
	if errors.Is(err, store.ErrNoContext) {
		err = fmt.Errorf("%w; 'parley contexts' lists them", err)
	}
	return info, err
}

func (c contextsCmd) list() error {
	var list []session.ContextInfo
	var err error
	known := true
	if c.f.agent != "" {
		list, known, err = c.agentContexts(c.f.agent)
	} else {
		list, err = c.st.ListContexts("", "")
	}
	if err != nil {
		return err
	}
	if !known {
		return noAgent(c.f.agent)
	}
	sets, err := c.st.CompareSetsOf()
	if err != nil {
		return err
	}
	if c.f.json {
		for _, ci := range list {
			if err := writeJSONLine(c.out(), contextLine(sets, ci)); err != nil {
				return err
			}
		}
		return nil
	}
	if len(list) == 0 && c.f.agent != "" {
		fmt.Fprintf(c.out(), "No conversations with %s.\n", termsafe.Line(credname.RedactURL(strings.TrimSpace(c.f.agent))))
		return nil
	}
	if len(list) == 0 {
		fmt.Fprintln(c.out(), "No stored contexts yet: every conversation, in the TUI or with 'parley send', is kept here.")
		return nil
	}
	tw := tabwriter.NewWriter(c.out(), 0, 4, 2, ' ', 0)
	all := list // without --agent, the list is every conversation
	if c.f.agent != "" {
		all, _ = c.st.ListContexts("", "")
	}
	label := c.labelsOf(all)
	fmt.Fprintln(tw, "ID\tSET\tLAST ACTIVITY\tSTATE\tMSGS\tAGENT\tTITLE")
	for _, ci := range list {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", ci.ID, setCell(sets, ci), when(ci.Updated), cell(ci.LastState, 16), ci.Messages,
			cell(label(ci.Agent), 32), cell(ci.Label(), 60))
	}
	return tw.Flush()
}

// when shows a time as a list does: the time of day today, else the date.
func when(t time.Time) string {
	t = t.Local()
	if y, m, d := t.Date(); time.Now().Year() == y && time.Now().Month() == m && time.Now().Day() == d {
		return t.Format("15:04")
	}
	return t.Format("2006-01-02 15:04")
}

// cell cleans text for one table cell and cuts it to width runes; tabs
// would break the table.
func cell(s string, width int) string {
	s = termsafe.Line(s)
	if s == "" {
		return "-"
	}
	if r := []rune(s); len(r) > width {
		return string(r[:width-1]) + "…"
	}
	return s
}

func (c contextsCmd) show(ref string) error {
	info, err := c.find(ref)
	if err != nil {
		return err
	}
	if c.f.json {
		raw := isRaw(c.out())
		return c.st.WriteTranscriptJSON(c.out(), info.ID, store.TranscriptOptions{Clean: !raw, TerminalSafe: raw})
	}
	return writeTranscript(c.out(), c.st, info, c.labels()(info.Agent))
}

func (c contextsCmd) export(ref string) error {
	info, err := c.find(ref)
	if err != nil {
		return err
	}
	if c.f.format == "json" || c.f.json {
		return c.st.WriteTranscriptJSON(c.out(), info.ID, store.TranscriptOptions{Indent: true, Clean: !isRaw(c.out())})
	}
	return c.st.ExportMarkdown(c.out(), info.ID)
}

// searchHitJSON is one line of `parley contexts search --json`.
type searchHitJSON struct {
	Type    string              `json:"type"` // "hit"
	Context jsonout.ContextJSON `json:"context"`
	Key     string              `json:"key"`
	Seq     int                 `json:"seq"`
	Kind    string              `json:"kind"`
	TaskID  string              `json:"taskId,omitempty"`
	Time    time.Time           `json:"time"`
	Snippet string              `json:"snippet"` // matches between ** and **
}

// errNothingFound is a search without hits: exit 1, as grep does.
var errNothingFound = errors.New("nothing found")

// searchLimit is how many hits, the best matches, a search lists.
const searchLimit = 50

// search lists the best matches for query, newest first: a search is
// mostly for something said recently.
func (c contextsCmd) search(query string) error {
	hits, err := c.st.Search(query, searchLimit)
	if err != nil {
		return err
	}
	slices.SortStableFunc(hits, func(a, b store.SearchHit) int { return b.Time.Compare(a.Time) })
	if len(hits) == 0 {
		if !c.f.json {
			fmt.Fprintln(c.out(), termsafe.Line(fmt.Sprintf("Nothing found for %q.", query)))
		}
		return errNothingFound
	}
	if c.f.json {
		for _, h := range hits {
			line := searchHitJSON{Type: "hit", Context: store.ContextToJSON(h.Context), Key: h.Key, Seq: h.Seq,
				Kind: h.Kind.String(), TaskID: h.TaskID, Time: h.Time, Snippet: mark(h.Snippet, "**", "**")}
			if err := writeJSONLine(c.out(), line); err != nil {
				return err
			}
		}
		return nil
	}
	about := fmt.Sprintf("%d matches for %q, newest first:", len(hits), query)
	switch len(hits) {
	case 1:
		about = fmt.Sprintf("1 match for %q:", query)
	case searchLimit:
		about = fmt.Sprintf("The best %d matches for %q, newest first:", searchLimit, query)
	}
	fmt.Fprintln(c.out(), termsafe.Line(about))
	open, close := "[", "]"
	if f, ok := c.out().(*os.File); ok && term.IsTerminal(f.Fd()) {
		open, close = "\x1b[1;4m", "\x1b[22;24m"
	}
	for _, h := range hits {
		fmt.Fprintf(c.out(), "%d  %s  %s  %s  %s\n", h.Context.ID, when(h.Time), cell(h.Context.Label(), 40), termsafe.Line(h.Kind.String()),
			mark(h.Snippet, open, close))
	}
	return nil
}

// mark puts a snippet on one line, cleaned, with its matches between
// open and close in place of the store's markers. The store indexes
// text already cleaned of control sequences; the snippet is cleaned
// again here, where it is printed, as everything from an agent is.
func mark(snippet, open, close string) string {
	var b strings.Builder
	for i, seg := range strings.Split(snippet, store.SnippetOpen) {
		if i == 0 {
			b.WriteString(termsafe.Line(seg))
			continue
		}
		matched, rest, _ := strings.Cut(seg, store.SnippetClose)
		b.WriteString(open + termsafe.Line(matched) + close + termsafe.Line(rest))
	}
	return b.String()
}

func (c contextsCmd) rename(ref, name string) error {
	info, err := c.find(ref)
	if err != nil {
		return err
	}
	if err := c.st.Rename(info.ID, name); err != nil {
		return err
	}
	if !c.f.json {
		fmt.Fprintf(c.out(), "Context %d is now %q.\n", info.ID, termsafe.Line(strings.TrimSpace(name)))
	}
	return nil
}

func (c contextsCmd) remove(ref string) error {
	info, err := c.find(ref)
	if err != nil {
		return err
	}
	if !c.f.yes {
		if c.r.env.Stdin == nil || !c.r.stdinIsTerminal() {
			return usagef("contexts", "deleting context %d needs confirmation, and there is no terminal to ask on; pass --yes", info.ID)
		}
		fmt.Fprintf(c.r.env.Stderr, "Delete context %d, %q with %s (%s)? This cannot be undone. [y/N] ",
			info.ID, termsafe.Line(info.Label()), termsafe.Line(c.labels()(info.Agent)), messages(info.Messages))
		answer, _ := bufio.NewReader(c.r.env.Stdin).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			fmt.Fprintln(c.r.env.Stderr, "Kept.")
			return nil
		}
	}
	if err := c.st.Delete(info.ID); err != nil {
		return err
	}
	if !c.f.json {
		fmt.Fprintf(c.out(), "Deleted context %d.\n", info.ID)
	}
	return nil
}
