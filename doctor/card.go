package doctor

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// largeCard is the size above which a card is a warning: every client
// fetches it before its first message, and parley refuses one above its
// reply limit (16 MiB by default) outright.
const largeCard = 256 << 10

// card fetches the card and checks it: fetched where the spec says, its
// size, its fields as its version requires, its signature.
func (d *run) card(ctx context.Context) (*a2aclient.Agent, error) {
	var c *a2aclient.Client
	var err error
	took := d.within(ctx, func(ctx context.Context) {
		c, err = a2aclient.Resolve(ctx, d.target.URL, d.target.Options)
	})
	if err != nil {
		d.emit(Result{Check: "card", Interface: clean(d.target.URL), Status: Fail,
			Detail: clean(fmt.Sprintf("No agent card could be fetched: %v (%s: the card is at /.well-known/agent-card.json).", err, cite("1.0", specCardWhere))), Duration: took})
		return nil, err
	}
	defer func() { _ = c.Close() }()
	a := c.Agent()
	declared := len(a.Interfaces)
	if declared > MaxInterfaces {
		cp := *a
		cp.Interfaces = a.Interfaces[:MaxInterfaces:MaxInterfaces]
		a = &cp
	}
	where := clean(a.CardURL)
	if d.o.Interfaces != nil {
		urls := []string{where}
		for _, i := range a.Interfaces {
			urls = append(urls, clean(i.URL))
		}
		d.o.Interfaces(urls)
	}
	// The version is the one the card was read as, which its detail
	// names; a card that declares another (a v1.0 card that keeps v0.3's
	// protocolVersion for v0.3 clients) says so too.
	read := a.CardDialect.Version()
	version := read
	if version == "" {
		version = a.ProtocolVersion
	}
	r := Result{Check: "card", Interface: where, Version: clean(version), Status: Pass, Duration: took}
	r.Detail = fmt.Sprintf("Fetched %s, read as a %s card%s.", size(len(a.Raw)), cardLabel(a.CardDialect), declaredVersion(read, a.ProtocolVersion))
	switch {
	case a.CardNote != "":
		r.Status, r.Detail = Warn, clean(a.CardNote)
	case len(a.Raw) > largeCard:
		r.Status = Warn
		r.Detail = fmt.Sprintf("The card is %s, more than the %s a client should have to fetch before its first message.", size(len(a.Raw)), size(largeCard))
	}
	d.emit(r)

	fields := Result{Check: "card fields", Interface: where, Version: r.Version, Status: Pass}
	var fails, warns []string
	for _, w := range a.Warnings {
		if w == a.CardNote {
			continue
		}
		if invalidCard(w) {
			fails = append(fails, w)
		} else {
			warns = append(warns, w)
		}
	}
	if declared > MaxInterfaces {
		// First, so that the detail shows it.
		warns = append([]string{fmt.Sprintf("The card declares %d interfaces; parley doctor checks the first %d of the %d.", declared, MaxInterfaces, declared)}, warns...)
	}
	switch {
	case len(fails) > 0:
		fields.Status, fields.Detail = Fail, clean(joinFirst(fails, len(fails)+len(warns)))+" ("+cite(a.CardDialect.Version(), specCardFields)+": the AgentCard's required fields.)"
	case len(warns) > 0:
		fields.Status, fields.Detail = Warn, clean(joinFirst(warns, len(warns)))
	default:
		fields.Detail = fmt.Sprintf("Every field its version requires is there; %s declared.", plural(len(a.Interfaces), "interface"))
	}
	d.emit(fields)

	sig := Result{Check: "card signature", Interface: where, Version: r.Version}
	switch s := a.Signature; s.Status {
	case a2aclient.SignatureVerified:
		sig.Status, sig.Detail = Pass, clean("The signature "+s.Summary()+".")
	case a2aclient.SignatureInvalid:
		sig.Status, sig.Detail = Fail, clean("The card is signed but its signature does not verify: "+s.Reason+" ("+cite(a.CardDialect.Version(), specCardSignature)+").")
	default:
		sig.Status, sig.Detail = Skip, "The card is not signed."
	}
	d.emit(sig)
	return a, nil
}

// invalidCard says whether a parse warning is the card breaking its own
// version's rules (a failure) rather than a choice the spec allows that
// parley warns about (plain http, an interface parley does not speak).
func invalidCard(w string) bool {
	for _, s := range []string{"require", "do not allow", "not a valid absolute URL", "which the card does not define", "has an unknown type", "lists no endpoint", "is not an object", "has no id", "appears more than once", "has no url"} {
		if strings.Contains(w, s) {
			return true
		}
	}
	return false
}

// joinFirst is the first sentence, and how many more there are.
func joinFirst(ws []string, total int) string {
	out := ws[0]
	if total > 1 {
		out = strings.TrimSuffix(out, ".") + fmt.Sprintf("; and %s more (parley card lists them).", plural(total-1, "warning"))
	}
	return out
}

// declaredVersion is " (it declares protocolVersion X)" when the card
// declares a version other than read, the one it was read as; "" when
// they agree or either is unknown.
func declaredVersion(read, declared string) string {
	if read == "" || declared == "" || declared == read || strings.HasPrefix(declared, read+".") {
		return ""
	}
	return fmt.Sprintf(" (it declares protocolVersion %s)", clean(declared))
}

func cardLabel(d a2aclient.Dialect) string {
	if v := d.Version(); v != "" {
		return "v" + v
	}
	if d == a2aclient.DialectUnknown {
		return "an unknown version's"
	}
	return string(d)
}

func size(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// clean makes a string that holds the agent's words safe for one
// terminal line.
func clean(s string) string { return termsafe.Line(s) }

func ms(d time.Duration) string {
	if d < time.Millisecond {
		return "<1 ms"
	}
	return fmt.Sprintf("%d ms", d.Milliseconds())
}

// MaxInterfaces is how many of the card's interfaces the doctor checks:
// each costs a dozen requests and a message or three, and a card may
// list any number.
const MaxInterfaces = 16
