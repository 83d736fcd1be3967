package doctor

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// artifacts checks that the task the stream assembled (or, without a
// stream, the blocking send's) is what GetTask returns: the same state
// and artifacts (GetTask fetches the task once its stream ended), on this interface and on the first
// interface of the card that answered, since every interface is the same
// agent (functional equivalence).
func (o *on) artifacts(ctx context.Context) {
	if !o.sends("artifacts") {
		return
	}
	shown, how := o.streamed, "the stream showed"
	if shown == nil {
		shown, how = o.sent, "the send returned"
	}
	if shown == nil {
		o.result("artifacts", Skip, "No task to compare: the agent replied with a message, or the stream and the round trip failed.", 0)
		return
	}
	var detail string
	status := Pass
	took := o.within(ctx, func(ctx context.Context) {
		got, err := o.c.Get(ctx, shown.ID, nil)
		if err != nil {
			status, detail = Fail, fmt.Sprintf("GetTask of task %s, which %s, failed: %v (%s).", shown.ID, how, err, o.cite(specGetTask))
			return
		}
		if why := differs(shown, got); why != "" {
			status, detail = Fail, fmt.Sprintf("Task %s: %s %s, but GetTask returns %s (%s).", shown.ID, how, why, describe(got, why), o.cite(specGetTask))
			return
		}
		detail = fmt.Sprintf("GetTask returns the same state and %s as %s.", plural(len(got.Artifacts), "artifact"), how)
		if o.first == nil || o.first.URL == o.i.URL && o.first.Dialect == o.i.Dialect {
			return
		}
		other, err := o.clientOn(*o.first)
		if err != nil {
			return
		}
		defer func() { _ = other.Close() }()
		there, err := other.Get(ctx, shown.ID, nil)
		switch {
		case err != nil:
			status, detail = Fail, fmt.Sprintf("The task made here is unknown on %s (%s): %v; the card's interfaces are not the same agent (%s).", o.first.URL, o.first.Dialect.Label(), err, o.cite(specSameAgent))
		case differs(got, there) != "":
			why := differs(got, there)
			status, detail = Fail, fmt.Sprintf("Task %s has %s here but %s on %s (%s); the card's interfaces are not the same agent (%s).", shown.ID, why, describe(there, why), o.first.URL, o.first.Dialect.Label(), o.cite(specSameAgent))
		default:
			detail += fmt.Sprintf(" %s (%s) returns it the same.", o.first.URL, o.first.Dialect.Label())
		}
	})
	o.result("artifacts", status, clean(detail), took)
}

// clientOn is a client for another interface of the card, with the same
// credentials.
func (o *on) clientOn(i a2aclient.Interface) (*a2aclient.Client, error) {
	other := &on{run: o.run, agent: o.agent, i: i}
	return other.client(i.Dialect, true, false)
}

// differs says how b differs from a, in a's words ("the state
// completed", "artifact answer as "Hello world""), "" when it does not.
func differs(a, b *a2aclient.Task) string {
	if a.Status.State != b.Status.State {
		return "the state " + stateWord(a.Status.State)
	}
	as, bs := digest(a.Artifacts), digest(b.Artifacts)
	if slices.Equal(as, bs) {
		return ""
	}
	if len(as) != len(bs) {
		return plural(len(as), "artifact")
	}
	for i := range as {
		if as[i] != bs[i] {
			return "artifact " + as[i]
		}
	}
	return ""
}

// describe is b's side of what differs said.
func describe(b *a2aclient.Task, why string) string {
	switch {
	case strings.HasPrefix(why, "the state"):
		return "the state " + stateWord(b.Status.State)
	case strings.HasPrefix(why, "artifact "):
		name, _, _ := strings.Cut(strings.TrimPrefix(why, "artifact "), " ")
		for _, d := range digest(b.Artifacts) {
			if n, _, _ := strings.Cut(d, " "); n == name {
				return d
			}
		}
		return "no artifact " + name
	}
	return plural(len(b.Artifacts), "artifact")
}

// digest names each artifact by its id and its content, in id order: its
// text quoted, and how many parts of other kinds.
func digest(arts []a2aclient.Artifact) []string {
	out := make([]string, 0, len(arts))
	for _, a := range arts {
		d := fmt.Sprintf("%s as %q", a.ID, truncate(a.Text()))
		if n := len(a.Parts) - textParts(a.Parts); n > 0 {
			d += fmt.Sprintf(" and %s", plural(n, "other part"))
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

func textParts(ps []a2aclient.Part) int {
	n := 0
	for _, p := range ps {
		if p.Kind == a2aclient.PartText {
			n++
		}
	}
	return n
}
