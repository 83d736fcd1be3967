package a2ui

import (
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/termsafe"
)

// Layout lays the surface out as a tree of nodes from its root, with
// every bound value resolved against the data model as it is now. It is
// nil until the surface is Ready. A front end lays out again after each
// message or input: the tree is a picture, not the surface's state.
func (s *Surface) Layout(lim Limits) *Node {
	if !s.Ready() {
		return nil
	}
	if lim == (Limits{}) {
		lim = DefaultLimits()
	}
	b := &builder{s: s, lim: lim, onPath: map[string]bool{}}
	return b.node(s.rootID(), "", 0)
}

type builder struct {
	s      *Surface
	lim    Limits
	count  int
	onPath map[string]bool // ids from the root to here: a repeat is a cycle
	drawn  int             // bytes of strings kept so far (TreeTextBytes)
}

func (b *builder) node(id, scope string, depth int) *Node {
	b.count++
	key := id
	if scope != "" {
		key = id + "@" + scope
	}
	switch {
	case b.count > b.lim.Nodes:
		return &Node{Kind: KindTooMany, ID: b.line(id), Key: key}
	case depth >= b.lim.Depth:
		return &Node{Kind: KindTooDeep, ID: b.line(id), Key: key}
	case b.onPath[id]:
		return &Node{Kind: KindCycle, ID: b.line(id), Key: key}
	}
	c, ok := b.s.components[id]
	if !ok {
		return &Node{Kind: KindMissing, ID: b.line(id), Key: key}
	}
	b.onPath[id] = true
	defer delete(b.onPath, id)
	n := &Node{ID: b.line(id), Key: key, Type: b.line(c.Type), scope: scope, rawID: id, Enabled: true}
	b.fill(n, c.Props, scope, depth)
	return n
}

// kinds maps both catalogs' names to the neutral kinds.
var kinds = map[string]Kind{
	"Text": KindText, "Image": KindImage, "Icon": KindIcon, "Video": KindVideo, "AudioPlayer": KindAudio,
	"Row": KindRow, "Column": KindColumn, "List": KindList, "Card": KindCard, "Tabs": KindTabs,
	"Modal": KindModal, "Divider": KindDivider, "Button": KindButton, "CheckBox": KindCheckBox,
	"TextField": KindTextField, "DateTimeInput": KindDateTime, "MultipleChoice": KindChoice,
	"ChoicePicker": KindChoice, "Slider": KindSlider,
}

func (b *builder) fill(n *Node, p map[string]any, scope string, depth int) {
	s := b.s
	str := func(k string) string { return s.str(p[k], scope) }
	enum := func(keys ...string) string {
		for _, k := range keys {
			if v, ok := p[k].(string); ok {
				return b.line(v)
			}
		}
		return ""
	}
	child := func(k string) {
		if id, ok := p[k].(string); ok {
			n.Children = append(n.Children, b.node(id, scope, depth+1))
		}
	}
	kind, ok := kinds[strings.TrimSpace(n.Type)]
	if !ok {
		n.Kind = KindUnknown
		return
	}
	n.Kind = kind
	switch kind {
	case KindText:
		n.Text, n.Variant = b.text(str("text")), enum("variant", "usageHint")
	case KindImage:
		n.URL, n.Variant = b.line(str("url")), enum("variant", "usageHint")
		n.Text = b.line(str("description"))
		if n.Text == "" {
			n.Text = b.line(str("altText"))
		}
	case KindIcon:
		n.Text = b.line(str("name"))
	case KindVideo:
		n.URL = b.line(str("url"))
	case KindAudio:
		n.URL, n.Text = b.line(str("url")), b.line(str("description"))
	case KindRow, KindColumn, KindList:
		n.Variant = enum("direction")
		b.children(n, p["children"], scope, depth)
	case KindCard:
		child("child")
	case KindTabs:
		tabs, _ := p["tabs"].([]any)
		if tabs == nil {
			tabs, _ = p["tabItems"].([]any)
		}
		for _, t := range tabs {
			m, _ := t.(map[string]any)
			id, _ := m["child"].(string)
			c := b.node(id, scope, depth+1)
			c.Title = b.line(s.str(m["title"], scope))
			n.Children = append(n.Children, c)
		}
	case KindModal:
		// Always two children, the trigger then the content (v0.9's names,
		// then v0.8's), a placeholder for one not named.
		for _, k := range [][2]string{{"trigger", "entryPointChild"}, {"content", "contentChild"}} {
			id, _ := p[k[0]].(string)
			if id == "" {
				id, _ = p[k[1]].(string)
			}
			n.Children = append(n.Children, b.node(id, scope, depth+1))
		}
	case KindDivider:
		n.Variant = enum("axis")
	case KindButton:
		b.button(n, p, scope)
		child("child")
	case KindCheckBox:
		n.Label = b.line(str("label"))
		v, path := s.resolve(p["value"], scope)
		n.Path = path
		n.Checked = truthy(b.local(n, v))
	case KindTextField:
		n.Label, n.Variant = b.line(str("label")), enum("variant", "textFieldType")
		raw := p["value"]
		if raw == nil {
			raw = p["text"]
		}
		v, path := s.resolve(raw, scope)
		n.Path, n.Value = path, b.line(text(b.local(n, v)))
		if re, ok := p["validationRegexp"].(string); ok && n.Value != "" {
			if !regexpMatches(re, n.Value) {
				n.Problems = append(n.Problems, "does not match the expected form")
			}
		}
		n.Problems = append(n.Problems, b.lines(s.checks(p["checks"], scope))...)
	case KindDateTime:
		n.Label = b.line(str("label"))
		v, path := s.resolve(p["value"], scope)
		n.Path, n.Value = path, b.line(text(b.local(n, v)))
		n.EnableDate, _ = p["enableDate"].(bool)
		n.EnableTime, _ = p["enableTime"].(bool)
	case KindChoice:
		b.choice(n, p, scope)
	case KindSlider:
		n.Label = b.line(str("label"))
		v, path := s.resolve(p["value"], scope)
		n.Path = path
		n.Number, _ = b.local(n, v).(float64)
		n.Min, n.Max = number(p, "min", "minValue", 0), number(p, "max", "maxValue", 100)
		n.Value = text(n.Number)
	}
}

func number(p map[string]any, k1, k2 string, def float64) float64 {
	for _, k := range []string{k1, k2} {
		if f, ok := p[k].(float64); ok {
			return f
		}
	}
	return def
}

// local is an input's value: the user's entry for a literal-valued
// input when there is one, else the value the component gives.
func (b *builder) local(n *Node, v any) any {
	if n.Path == "" {
		if got, ok := b.s.locals[n.Key]; ok {
			return got
		}
	}
	return v
}

// children lays out a ChildList: v0.8 {explicitList} or {template:
// {componentId, dataBinding}}; v0.9 [ids] or {componentId, path}.
func (b *builder) children(n *Node, raw any, scope string, depth int) {
	var ids []any
	tmpl, path := "", ""
	switch c := raw.(type) {
	case []any:
		ids = c
	case map[string]any:
		if l, ok := c["explicitList"].([]any); ok {
			ids = l
		}
		t, _ := c["template"].(map[string]any)
		if t == nil {
			t = c
		}
		tmpl, _ = t["componentId"].(string)
		if path, _ = t["dataBinding"].(string); path == "" {
			path, _ = t["path"].(string)
		}
	}
	for _, id := range ids {
		if s, ok := id.(string); ok {
			n.Children = append(n.Children, b.node(s, scope, depth+1))
		}
	}
	if tmpl == "" {
		return
	}
	for _, item := range items(b.s.data, joinPath(scope, path)) {
		if b.count > b.lim.Nodes {
			n.Children = append(n.Children, &Node{Kind: KindTooMany, ID: b.line(tmpl)})
			return
		}
		n.Children = append(n.Children, b.node(tmpl, item, depth+1))
	}
}

func (b *builder) choice(n *Node, p map[string]any, scope string) {
	s := b.s
	n.Label = b.line(s.str(p["label"], scope))
	raw := p["value"]
	if raw == nil {
		raw = p["selections"]
	}
	v, path := s.resolve(raw, scope)
	n.Path = path
	chosen := map[string]bool{}
	switch x := b.local(n, v).(type) {
	case []any:
		for _, e := range x {
			chosen[text(e)] = true
		}
	case map[string]any: // v0.8's data model holds lists as maps
		for _, e := range x {
			chosen[text(e)] = true
		}
	case string:
		chosen[x] = true
	}
	max, _ := p["maxAllowedSelections"].(float64)
	n.MaxSelections = int(max)
	variant, _ := p["variant"].(string)
	n.Multiple = variant == "multipleSelection" || (variant == "" && n.MaxSelections != 1)
	if variant == "mutuallyExclusive" {
		n.MaxSelections = 1
	}
	n.Variant = b.line(variant)
	opts, _ := p["options"].([]any)
	for _, o := range opts {
		m, _ := o.(map[string]any)
		val := text(m["value"])
		n.Options = append(n.Options, Option{Label: b.line(s.str(m["label"], scope)), Value: b.line(val), Chosen: chosen[val]})
	}
}

// line cleans s for one line of a terminal and bounds it.
func (b *builder) line(s string) string { return termsafe.Line(b.bound(s)) }

// text cleans s for a terminal, keeping its lines, and bounds it.
func (b *builder) text(s string) string { return termsafe.Clean(b.bound(s)) }

func (b *builder) lines(in []string) []string {
	for i, s := range in {
		in[i] = b.line(s)
	}
	return in
}

// bound cuts s to TextBytes, and to what TreeTextBytes leaves of the
// tree's strings: past it, a string is "…".
func (b *builder) bound(s string) string {
	limit := b.lim.TextBytes
	if b.lim.TreeTextBytes > 0 {
		limit = min(limit, max(b.lim.TreeTextBytes-b.drawn, 0))
	}
	if len(s) <= limit {
		b.drawn += len(s)
		return s
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	b.drawn += cut
	return s[:cut] + "…"
}
