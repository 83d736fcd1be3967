package a2ui

// Kind is what a node of the neutral layout is, whatever the version
// and the catalog's name for it.
type Kind string

// The kinds of node: one per component of the standard catalogs (v0.8's
// MultipleChoice and v0.9's ChoicePicker are both KindChoice), and the
// placeholders the layout puts where a component cannot be drawn.
const (
	KindText      Kind = "text"
	KindImage     Kind = "image"
	KindIcon      Kind = "icon"
	KindVideo     Kind = "video"
	KindAudio     Kind = "audio"
	KindRow       Kind = "row"
	KindColumn    Kind = "column"
	KindList      Kind = "list"
	KindCard      Kind = "card"
	KindTabs      Kind = "tabs"
	KindModal     Kind = "modal"
	KindDivider   Kind = "divider"
	KindButton    Kind = "button"
	KindCheckBox  Kind = "checkbox"
	KindTextField Kind = "textfield"
	KindDateTime  Kind = "datetime"
	KindChoice    Kind = "choice"
	KindSlider    Kind = "slider"

	KindUnknown Kind = "unknown" // a type no catalog parley reads has
	KindMissing Kind = "missing" // a child id no component has (yet)
	KindCycle   Kind = "cycle"   // a component inside itself
	KindTooDeep Kind = "toodeep" // past Limits.Depth
	KindTooMany Kind = "toomany" // past Limits.Nodes: the rest left out
)

// Node is one piece of a laid-out surface. Every string in it but Key
// and Path is clean for a terminal (termsafe): labels and names one
// line, text its lines. Key and Path are the agent's, kept as sent so
// they address the data model: clean them before showing them.
type Node struct {
	Kind Kind
	// ID is the component's id; Key tells apart the copies a template
	// makes of one component (id and the item's scope).
	ID, Key string
	// Type is the component's type as the agent named it (the only
	// thing shown of an unknown one).
	Type string
	// Variant is the version-neutral style: h1..h5, caption, body for
	// text; primary, borderless for buttons; shortText, longText,
	// number, date, obscured for text fields; horizontal, vertical for
	// lists and dividers; icon, avatar, … for images.
	Variant string
	// Text is a Text's text, a media item's description, an icon's name.
	Text string
	// Title is a tab's title, on each child of a Tabs node. A Modal node
	// has two children: the trigger, then the content it opens.
	Title string
	// Label is an input's label.
	Label string
	// URL is a media item's source, shown, never fetched.
	URL string

	// Value is an input's current value as text (text fields, dates and
	// times, sliders); Checked a check box's; Number a slider's, within
	// Min and Max.
	Value         string
	Checked       bool
	Number        float64
	Min, Max      float64
	EnableDate    bool
	EnableTime    bool
	Options       []Option
	Multiple      bool // a choice that allows more than one option
	MaxSelections int  // 0: no limit

	// Path is the absolute data-model path an input writes to; "" for
	// an input with a literal value (Surface.Enter keeps it by Key).
	Path string

	// Action is a button's action name; Enabled is false while one of
	// its checks fails. OpenURL is a button's openUrl target (http or
	// https only): a front end opens it only after the user confirms.
	Action  string
	Enabled bool
	OpenURL string
	// Problems are the messages of an input's or button's failing
	// checks, and why an openUrl was refused.
	Problems []string

	Children []*Node

	action *actionSpec // what a button sends, unresolved
	scope  string
	rawID  string // the id as sent, for sourceComponentId
}

// Option is one choice of a choice node.
type Option struct {
	Label, Value string
	Chosen       bool
}

// NeedsConfirm reports whether activating the node opens a URL, which
// needs the user's confirmation first.
func (n *Node) NeedsConfirm() bool { return n.OpenURL != "" }

// IsInput reports whether the user can enter a value into the node.
func (n *Node) IsInput() bool {
	switch n.Kind {
	case KindTextField, KindCheckBox, KindDateTime, KindChoice, KindSlider:
		return true
	}
	return false
}

// Walk calls f on n and every node below it, depth first, in order.
func (n *Node) Walk(f func(*Node)) {
	if n == nil {
		return
	}
	f(n)
	for _, c := range n.Children {
		c.Walk(f)
	}
}

// Find returns the first node below n (n included) with component id;
// nil when there is none.
func (n *Node) Find(id string) *Node {
	var got *Node
	n.Walk(func(x *Node) {
		if got == nil && x.ID == id {
			got = x
		}
	})
	return got
}
