package a2ui

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// actionSpec is what a button sends: an event's name and context, the
// context's values still bound (v0.8 a list of {key, value}, v0.9 an
// object), or v0.9's openUrl.
type actionSpec struct {
	name    string
	context any
}

// button reads a Button's action, variant and checks into n.
func (b *builder) button(n *Node, p map[string]any, scope string) {
	if primary, _ := p["primary"].(bool); primary {
		n.Variant = "primary"
	}
	if v, ok := p["variant"].(string); ok {
		n.Variant = b.line(v)
	}
	n.Problems = b.lines(b.s.checks(p["checks"], scope))
	n.Enabled = len(n.Problems) == 0
	a, _ := p["action"].(map[string]any)
	if ev, ok := a["event"].(map[string]any); ok {
		a = ev // v0.9: {event: {name, context}}
	}
	if name, ok := a["name"].(string); ok {
		n.Action = b.line(name)
		n.action = &actionSpec{name: name, context: a["context"]}
		return
	}
	fc, _ := a["functionCall"].(map[string]any)
	if call, _ := fc["call"].(string); call == "openUrl" {
		args, _ := fc["args"].(map[string]any)
		u := b.s.str(args["url"], scope)
		if err := checkOpenURL(u); err != nil {
			n.Enabled = false
			n.Problems = append(n.Problems, b.line(err.Error()))
			return
		}
		n.OpenURL = b.line(u)
	}
}

// checkOpenURL admits only absolute http and https URLs with a host.
func checkOpenURL(u string) error {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return fmt.Errorf("refused to open %q: only http and https addresses open", u)
	}
	return nil
}

func regexpMatches(pattern, s string) bool {
	re, err := regexp.Compile(pattern)
	return err != nil || re.MatchString(s)
}

// Action builds the data part a press of button n sends back, with
// every bound value of its context resolved against the data model as
// it is now, stamped at now: v0.8 {"userAction": {...}} as the part's
// data, v0.9 [{"version": "v0.9", "action": {...}}].
func (s *Surface) Action(n *Node, now time.Time) (a2aclient.Part, error) {
	if n == nil || n.Kind != KindButton || n.action == nil {
		return a2aclient.Part{}, fmt.Errorf("that is not a button that sends an action")
	}
	if !n.Enabled {
		return a2aclient.Part{}, fmt.Errorf("the button %s is disabled: %s", n.ID, strings.Join(n.Problems, "; "))
	}
	ctx := map[string]any{}
	switch c := n.action.context.(type) {
	case []any: // v0.8
		for _, e := range c {
			m, _ := e.(map[string]any)
			if k, ok := m["key"].(string); ok {
				ctx[k], _ = s.resolve(m["value"], n.scope)
			}
		}
	case map[string]any: // v0.9
		for k, v := range c {
			ctx[k], _ = s.resolve(v, n.scope)
		}
	}
	body := map[string]any{
		"name":              n.action.name,
		"surfaceId":         s.ID,
		"sourceComponentId": n.rawID,
		"timestamp":         now.UTC().Format(time.RFC3339),
		"context":           ctx,
	}
	meta := map[string]any{"mimeType": MimeType}
	if s.Version == V09 {
		return a2aclient.Part{Kind: a2aclient.PartData, Data: []any{map[string]any{"version": string(V09), "action": body}}, Metadata: meta}, nil
	}
	return a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"userAction": body}, Metadata: meta}, nil
}
