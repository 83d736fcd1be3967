package a2ui

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// EnterText enters what a person typed for input n, read as the input
// takes it: text for text fields and dates, true or false (yes/no, on/
// off, 1/0) for a check box, a number within the range for a slider,
// and for a choice one option's value or label, or several separated by
// commas where more than one may be chosen.
func (s *Surface) EnterText(n *Node, typed string) error {
	if n == nil || !n.IsInput() {
		return fmt.Errorf("that is not an input")
	}
	switch n.Kind {
	case KindCheckBox:
		switch strings.ToLower(strings.TrimSpace(typed)) {
		case "true", "yes", "on", "1", "x":
			return s.Enter(n, true)
		case "false", "no", "off", "0", "":
			return s.Enter(n, false)
		}
		return fmt.Errorf("%s is a check box: give true or false, not %q", n.ID, typed)
	case KindSlider:
		f, err := strconv.ParseFloat(strings.TrimSpace(typed), 64)
		if err != nil || f < n.Min || f > n.Max {
			return fmt.Errorf("%s takes a number from %v to %v, not %q", n.ID, n.Min, n.Max, typed)
		}
		return s.Enter(n, f)
	case KindChoice:
		return s.choose(n, typed)
	}
	if n.Variant == "number" {
		if _, err := strconv.ParseFloat(strings.TrimSpace(typed), 64); err != nil {
			return fmt.Errorf("%s takes a number, not %q", n.ID, typed)
		}
	}
	return s.Enter(n, typed)
}

func (s *Surface) choose(n *Node, typed string) error {
	words := []string{typed}
	if n.Multiple {
		words = strings.Split(typed, ",")
	}
	var chosen []any
	for _, w := range words {
		w = strings.TrimSpace(w)
		if w == "" {
			continue
		}
		i := slices.IndexFunc(n.Options, func(o Option) bool { return o.Value == w || strings.EqualFold(o.Label, w) })
		if i < 0 {
			// Named as a person sees them; the values are taken too.
			var labels []string
			for _, o := range n.Options {
				labels = append(labels, cmp.Or(o.Label, o.Value))
			}
			return fmt.Errorf("%s has no option %q; its options are %s", n.ID, w, strings.Join(labels, ", "))
		}
		chosen = append(chosen, n.Options[i].Value)
	}
	if n.MaxSelections > 0 && len(chosen) > n.MaxSelections {
		return fmt.Errorf("%s allows at most %d choices", n.ID, n.MaxSelections)
	}
	return s.Enter(n, chosen)
}

// Inputs lists the inputs below n, in order.
func (n *Node) Inputs() []*Node {
	var out []*Node
	n.Walk(func(x *Node) {
		if x.IsInput() {
			out = append(out, x)
		}
	})
	return out
}

// Buttons lists the buttons below n, in order.
func (n *Node) Buttons() []*Node {
	var out []*Node
	n.Walk(func(x *Node) {
		if x.Kind == KindButton {
			out = append(out, x)
		}
	})
	return out
}

// OneObjectEach splits an A2UI part whose data is a list of messages
// (v0.9) into one part per message, for dialects whose data parts hold
// only objects (a2aclient.Dialect.DataMustBeObject); any other part is
// returned alone.
func OneObjectEach(p a2aclient.Part) []a2aclient.Part {
	list, ok := p.Data.([]any)
	if !IsPart(p) || !ok {
		return []a2aclient.Part{p}
	}
	out := make([]a2aclient.Part, 0, len(list))
	for _, m := range list {
		out = append(out, a2aclient.Part{Kind: a2aclient.PartData, Data: m, Metadata: p.Metadata})
	}
	return out
}
