// Package keys is ui's one registry of key bindings (Map), the notes the
// panes and dialogs build from it, the composer's readline keys, and the
// help dialog that lists every key.
package keys

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
)

// Map is the one registry of key bindings. Each group is a struct
// whose fields are bindings; a field's tags give its config name
// (`key`), its default keys (`keys`, space-separated) and its help text
// (`help`). Everything else walks this registry: Default, the
// config's [keys] overrides, the help overlay, every short help and the
// key table of docs/tui.md. Adding a binding is one tagged field here and its
// use in the pane.
type Map struct {
	Global   Global   `key:"global" title:"Everywhere"`
	Composer Composer `key:"composer" title:"Composer"`
	Chat     Chat     `key:"chat" title:"Chat"`
	Agents   Agents   `key:"agents" title:"Agents"`
	Tasks    Tasks    `key:"tasks" title:"Tasks"`
	Contexts Contexts `key:"contexts" title:"Contexts"`
	Compare  Compare  `key:"compare" title:"Compare view"`
	// The groups below act in dialogs, not panes (dialog:"yes").
	Pager   Pager   `key:"pager" title:"Help" dialog:"yes"`
	Wire    Wire    `key:"wire" title:"Wire view" dialog:"yes"`
	Gateway Gateway `key:"gateway" title:"Agents behind a gateway" dialog:"yes"`
	Doctor  Doctor  `key:"doctor" title:"Doctor" dialog:"yes"`
	Raw     Raw     `key:"raw" title:"Raw console" dialog:"yes"`
	Dialog  Dialog  `key:"dialog" title:"Dialogs" dialog:"yes"`
	SignIn  SignIn  `key:"signin" title:"Sign-in" dialog:"yes"`
	Trust   Trust   `key:"trust" title:"Trust an origin" dialog:"yes"`
	Form    Form    `key:"form" title:"A form in the chat" dialog:"yes"`
}

// Global work in every pane. None is a bare letter, so typing in the
// composer never triggers them, and none is a readline key the composer
// edits with (ctrl+w, ctrl+u, ctrl+a, ctrl+e, ctrl+k, alt+b, alt+f).
type Global struct {
	NextPane key.Binding `key:"next_pane" keys:"tab" help:"next pane"`
	PrevPane key.Binding `key:"prev_pane" keys:"shift+tab" help:"previous pane"`
	Contexts key.Binding `key:"contexts" keys:"ctrl+o" help:"conversations"`
	Help     key.Binding `key:"help" keys:"f1 ctrl+_" help:"help"`
	Wire     key.Binding `key:"wire" keys:"f2 ctrl+]" help:"wire view"`
	Panes    key.Binding `key:"panes" keys:"ctrl+l" help:"agents/tasks (narrow)"` // narrow terminals: swap chat and lists
	Stop     key.Binding `key:"stop" keys:"esc" help:"stop streaming"`
	Quit     key.Binding `key:"quit" keys:"ctrl+c" help:"quit"`
}

// Composer edit and send the message. The editing keys of readline
// (ctrl+w, ctrl+u, ctrl+a, ctrl+e, ctrl+k, alt+b, alt+f) are the text
// area's own and stay free here.
type Composer struct {
	Send     key.Binding `key:"send" keys:"enter" help:"send"`
	Newline  key.Binding `key:"newline" keys:"alt+enter ctrl+j" help:"newline"`
	Attach   key.Binding `key:"attach" keys:"ctrl+f" help:"attach"`
	Complete key.Binding `key:"complete" keys:"tab" help:"complete path (attach)"`
	HistPrev key.Binding `key:"history_prev" keys:"ctrl+p" help:"previous input"`
	HistNext key.Binding `key:"history_next" keys:"ctrl+n" help:"next input"`
	Example  key.Binding `key:"example" keys:"ctrl+x" help:"example (draft: ctrl+p)"`
	// NewTask leaves a task that asked for input waiting: the next
	// message starts a new task instead of answering it.
	NewTask key.Binding `key:"new_task" keys:"ctrl+r" help:"new task, not the answer"`
}

// Chat move through the transcript and act on its items.
type Chat struct {
	Up       key.Binding `key:"up" keys:"up k" help:"up"`
	Down     key.Binding `key:"down" keys:"down j" help:"down"`
	PageUp   key.Binding `key:"page_up" keys:"pgup b" help:"page up"`
	PageDown key.Binding `key:"page_down" keys:"pgdown space f" help:"page down"`
	Top      key.Binding `key:"top" keys:"home g" help:"top"`
	Bottom   key.Binding `key:"bottom" keys:"end G" help:"bottom"`
	Copy     key.Binding `key:"copy" keys:"y" help:"copy item"`
	Save     key.Binding `key:"save" keys:"s" help:"save file"`
	Open     key.Binding `key:"open" keys:"o" help:"open file"`
	Details  key.Binding `key:"details" keys:"enter" help:"fold; your message: timings"`
	// Allow and Deny answer a tool call the agent asks to confirm.
	Allow key.Binding `key:"allow" keys:"a" help:"allow tool call"`
	Deny  key.Binding `key:"deny" keys:"x" help:"deny tool call"`
	// Write moves to the composer: the chat's lowercase letters are its
	// commands, so typing starts with this key (or a letter that is none).
	Write key.Binding `key:"write" keys:"i" help:"write"`
	// Form starts filling in the agent's form (A2UI) the selected item
	// shows, or the newest one; the Form group's keys then act in it.
	Form key.Binding `key:"form" keys:"e" help:"fill in the agent's form"`
}

// Agents manage the agent directory.
type Agents struct {
	Up      key.Binding `key:"up" keys:"up k" help:"up"`
	Down    key.Binding `key:"down" keys:"down j" help:"down"`
	Select  key.Binding `key:"select" keys:"enter" help:"use agent"`
	Add     key.Binding `key:"add" keys:"a" help:"add agent"`
	Example key.Binding `key:"example" keys:"e" help:"use example"`
	// Expand gives the selected agent's card the room to show every
	// skill's description and examples (the left column widens).
	Expand key.Binding `key:"expand" keys:"+ =" help:"expand card"`
	// SkillsDown and SkillsUp scroll the selected agent's skills.
	SkillsDown key.Binding `key:"skills_down" keys:"pgdown ]" help:"next skills"`
	SkillsUp   key.Binding `key:"skills_up" keys:"pgup [" help:"earlier skills"`
	Rename     key.Binding `key:"rename" keys:"r" help:"rename"`
	Remove     key.Binding `key:"remove" keys:"d" help:"remove"`
	Save       key.Binding `key:"save" keys:"w" help:"save to config"`
	// CopyRef copies the name or URL the agent was named by, as
	// parley send and parley card take it.
	CopyRef key.Binding `key:"copy_ref" keys:"y" help:"copy name or URL"`
	// Doctor checks the agent against its card and the spec, as
	// parley doctor does (ui/dialog/doctor.go).
	Doctor key.Binding `key:"doctor" keys:"D" help:"doctor: check the agent"`
	// Raw opens the raw console: requests written as the agent's
	// binding has them (ui/dialog/raw.go).
	Raw key.Binding `key:"raw" keys:"R" help:"raw console"`
	// Mark marks the agent for the compare view, or unmarks it; Compare
	// opens the view on the marked agents (ui/compare.go).
	Mark    key.Binding `key:"mark" keys:"m" help:"mark for compare"`
	Compare key.Binding `key:"compare" keys:"c" help:"compare marked"`
	// Write moves to the composer, as in the chat; a letter that is no
	// command here is typing and goes there too.
	Write key.Binding `key:"write" keys:"i" help:"write"`
}

// Compare act in the compare view: the marked agents' answers side by
// side, the composer sending to them all.
type Compare struct {
	Leave    key.Binding `key:"leave" keys:"esc" help:"leave compare"`
	PageUp   key.Binding `key:"page_up" keys:"pgup" help:"scroll all up"`
	PageDown key.Binding `key:"page_down" keys:"pgdown" help:"scroll all down"`
}

// Tasks act on the selected task.
type Tasks struct {
	Up   key.Binding `key:"up" keys:"up k" help:"up"`
	Down key.Binding `key:"down" keys:"down j" help:"down"`
	// PageUp to Bottom move as in the chat; G is the pane's, so it does
	// not go back to writing as other capitals do.
	PageUp      key.Binding `key:"page_up" keys:"pgup" help:"page up"`
	PageDown    key.Binding `key:"page_down" keys:"pgdown" help:"page down"`
	Top         key.Binding `key:"top" keys:"home g" help:"top"`
	Bottom      key.Binding `key:"bottom" keys:"end G" help:"bottom"`
	Open        key.Binding `key:"open" keys:"enter" help:"open"`
	Cancel      key.Binding `key:"cancel" keys:"c" help:"cancel task"`
	Refresh     key.Binding `key:"refresh" keys:"r" help:"refresh"`
	Resubscribe key.Binding `key:"resubscribe" keys:"s" help:"resubscribe"`
	CopyID      key.Binding `key:"copy_id" keys:"y" help:"copy id"`
	CopyContext key.Binding `key:"copy_context" keys:"Y" help:"copy context id"`
	// View cycles this chat's tasks, the agent's (every context) and
	// those merged with parley's history (ui/panes/tasks_views.go).
	View key.Binding `key:"view" keys:"v" help:"chat/agent/all"`
	// Follow asks the agent to push the task's changes to parley.
	Follow key.Binding `key:"follow_push" keys:"p" help:"follow by push"`
	// Write moves to the composer, as in the chat.
	Write key.Binding `key:"write" keys:"i" help:"write"`
}

// Contexts act in the conversations view. Typing always goes to its
// filter, so its actions sit on ctrl keys, and none is a key the filter
// edits with (ctrl+a, ctrl+e, ctrl+k, ctrl+d, ctrl+w, ctrl+u, ctrl+f,
// ctrl+b, ctrl+h, ctrl+v, delete). Delete is ctrl+g: shift+delete, the
// mnemonic one, is not sent by every terminal (the Linux console sends
// a plain delete) and its name pushed "esc close" out of the note at
// 120 columns; it asks before it deletes. Up has no ctrl key.
type Contexts struct {
	Up       key.Binding `key:"up" keys:"up" help:"up"`
	Down     key.Binding `key:"down" keys:"down ctrl+j" help:"down"`
	Open     key.Binding `key:"open" keys:"enter" help:"open"`
	Search   key.Binding `key:"search" keys:"ctrl+s" help:"search all messages"`
	Rename   key.Binding `key:"rename" keys:"ctrl+r" help:"rename"`
	Delete   key.Binding `key:"delete" keys:"ctrl+g" help:"delete"`
	Export   key.Binding `key:"export" keys:"ctrl+x" help:"export Markdown"`
	New      key.Binding `key:"new" keys:"ctrl+n" help:"new conversation"`
	AllAgent key.Binding `key:"scope" keys:"ctrl+t" help:"all agents / this agent"`
	Close    key.Binding `key:"close" keys:"esc" help:"close"`
}

// Pager scroll the help overlay.
type Pager struct {
	Up       key.Binding `key:"up" keys:"up k" help:"scroll up"`
	Down     key.Binding `key:"down" keys:"down j" help:"scroll down"`
	PageUp   key.Binding `key:"page_up" keys:"pgup b" help:"page up"`
	PageDown key.Binding `key:"page_down" keys:"pgdown space f" help:"page down"`
	Top      key.Binding `key:"top" keys:"home g" help:"top"`
	Bottom   key.Binding `key:"bottom" keys:"end G" help:"bottom"`
	Close    key.Binding `key:"close" keys:"esc q" help:"close the help"`
}

// Wire act in the wire view: pick an entry, expand it to its whole
// pretty-printed body, copy it.
type Wire struct {
	Up       key.Binding `key:"up" keys:"up k" help:"previous entry"`
	Down     key.Binding `key:"down" keys:"down j" help:"next entry"`
	PageUp   key.Binding `key:"page_up" keys:"pgup b" help:"page up"`
	PageDown key.Binding `key:"page_down" keys:"pgdown space f" help:"page down"`
	Top      key.Binding `key:"top" keys:"home g" help:"oldest entry"`
	Bottom   key.Binding `key:"bottom" keys:"end G" help:"newest entry"`
	Expand   key.Binding `key:"expand" keys:"enter" help:"expand or fold entry"`
	Copy     key.Binding `key:"copy" keys:"y" help:"copy entry"`
	Close    key.Binding `key:"close" keys:"esc q" help:"close"`
}

// Gateway act in the list of a gateway's agents (gateway.go).
type Gateway struct {
	Up    key.Binding `key:"up" keys:"up k" help:"up"`
	Down  key.Binding `key:"down" keys:"down j" help:"down"`
	Add   key.Binding `key:"add" keys:"enter a" help:"add agent"`
	Close key.Binding `key:"close" keys:"esc q" help:"close"`
}

// Doctor act in the doctor view: the checks listed as they run.
type Doctor struct {
	Up       key.Binding `key:"up" keys:"up k" help:"up"`
	Down     key.Binding `key:"down" keys:"down j" help:"down"`
	PageUp   key.Binding `key:"page_up" keys:"pgup b" help:"page up"`
	PageDown key.Binding `key:"page_down" keys:"pgdown space f" help:"page down"`
	Top      key.Binding `key:"top" keys:"home g" help:"first check"`
	Bottom   key.Binding `key:"bottom" keys:"end G" help:"last check"`
	Details  key.Binding `key:"details" keys:"enter" help:"show or hide the detail"`
	Close    key.Binding `key:"close" keys:"esc q" help:"close (stops the run)"`
}

// Raw act in the raw console. Its fields take typing, so its actions sit
// on keys typing does not use.
type Raw struct {
	Send key.Binding `key:"send" keys:"ctrl+s" help:"send the request"`
	Next key.Binding `key:"next_field" keys:"tab" help:"method, body, replies"`
	Prev key.Binding `key:"prev_field" keys:"shift+tab" help:"the field before"`
	Up   key.Binding `key:"up" keys:"up" help:"prior method, reply, line"`
	Down key.Binding `key:"down" keys:"down" help:"next method, reply, line"`
	// PageUp to Bottom scroll an expanded reply (up and down scroll it
	// by a line); the fields keep home and end for their cursor.
	PageUp   key.Binding `key:"page_up" keys:"pgup" help:"scroll a reply a page up"`
	PageDown key.Binding `key:"page_down" keys:"pgdown" help:"scroll a reply a page down"`
	Top      key.Binding `key:"top" keys:"home" help:"a reply's top"`
	Bottom   key.Binding `key:"bottom" keys:"end" help:"a reply's end"`
	Expand   key.Binding `key:"expand" keys:"enter" help:"expand or fold a reply"`
	Copy     key.Binding `key:"copy" keys:"ctrl+y" help:"copy a reply"`
	Reuse    key.Binding `key:"reuse" keys:"ctrl+r" help:"write a kept request again"`
	Close    key.Binding `key:"close" keys:"esc" help:"close (stops a send)"`
}

// Dialog answer a dialog: prompts, confirmations and the sign-in.
type Dialog struct {
	Confirm key.Binding `key:"confirm" keys:"enter" help:"ok"`
	Cancel  key.Binding `key:"cancel" keys:"esc" help:"cancel"`
	Yes     key.Binding `key:"yes" keys:"y Y" help:"yes"`
	No      key.Binding `key:"no" keys:"n N" help:"no"`
}

// SignIn act in the sign-in dialog, besides the dialog keys.
type SignIn struct {
	NextWay  key.Binding `key:"next_way" keys:"tab" help:"another way to sign in"`
	PrevWay  key.Binding `key:"prev_way" keys:"shift+tab" help:"the previous way"`
	Pick     key.Binding `key:"pick" keys:"1 2 3 4 5 6 7 8 9" help:"pick a way by number"`
	Save     key.Binding `key:"save" keys:"ctrl+s" help:"sign in and save"`
	OpenLink key.Binding `key:"open_link" keys:"ctrl+o" help:"open the agent's link"`
	CopyLink key.Binding `key:"copy_link" keys:"ctrl+y" help:"copy the agent's link"`
	CopyCode key.Binding `key:"copy_code" keys:"c C" help:"copy code or link (waiting)"`
	OpenPage key.Binding `key:"open_page" keys:"o O" help:"open sign-in page (waiting)"`
}

// Trust answer whether a credential may go to another origin.
type Trust struct {
	Once   key.Binding `key:"once" keys:"o O" help:"trust it for this run"`
	Always key.Binding `key:"always" keys:"a A" help:"trust it always (saved)"`
	Refuse key.Binding `key:"refuse" keys:"n N esc" help:"do not send the credential"`
}

// keyEntry is one binding of the registry: its config name
// ("tasks.copy_id"), its group and the binding itself.
type keyEntry struct {
	name  string
	group keyGroup
	b     *key.Binding
}

// keyGroup is one struct of the registry: its config prefix and title.
type keyGroup struct {
	name, title string
	dialog      bool // acts in dialogs, not panes
}

// entries lists every binding in registry order.
func (k *Map) entries() []keyEntry {
	var out []keyEntry
	v := reflect.ValueOf(k).Elem()
	for i := 0; i < v.NumField(); i++ {
		gf := v.Type().Field(i)
		g := keyGroup{name: gf.Tag.Get("key"), title: gf.Tag.Get("title"), dialog: gf.Tag.Get("dialog") == "yes"}
		gv := v.Field(i)
		for j := 0; j < gv.NumField(); j++ {
			f := gv.Type().Field(j)
			b := gv.Field(j).Addr().Interface().(*key.Binding)
			out = append(out, keyEntry{name: g.name + "." + f.Tag.Get("key"), group: g, b: b})
		}
	}
	return out
}

// groups lists the registry's groups with their bindings, in order.
func (k *Map) groups() []struct {
	keyGroup
	keys []key.Binding
} {
	var out []struct {
		keyGroup
		keys []key.Binding
	}
	for _, e := range k.entries() {
		if n := len(out); n == 0 || out[n-1].name != e.group.name {
			out = append(out, struct {
				keyGroup
				keys []key.Binding
			}{keyGroup: e.group})
		}
		out[len(out)-1].keys = append(out[len(out)-1].keys, *e.b)
	}
	return out
}

// Default is parley's standard layout, read from the registry's
// tags.
func Default() Map {
	var k Map
	v := reflect.ValueOf(&k).Elem()
	for i := 0; i < v.NumField(); i++ {
		gv := v.Field(i)
		for j := 0; j < gv.NumField(); j++ {
			f := gv.Type().Field(j)
			*gv.Field(j).Addr().Interface().(*key.Binding) = bind(f.Tag.Get("help"), strings.Fields(f.Tag.Get("keys"))...)
		}
	}
	return k
}

func bind(help string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKeys(keys), help))
}

// helpKeys is how the footer and help name a binding's keys: at most two,
// arrows as arrows ("↑/k" rather than "up").
func helpKeys(keys []string) string {
	arrows := map[string]string{"up": "↑", "down": "↓", "left": "←", "right": "→"}
	var out []string
	for _, k := range keys[:min(len(keys), 2)] {
		if a, ok := arrows[k]; ok {
			k = a
		}
		out = append(out, k)
	}
	return strings.Join(out, "/")
}

// Bindings lists every binding by its config name ("chat.copy").
func (k *Map) Bindings() map[string]*key.Binding {
	out := map[string]*key.Binding{}
	for _, e := range k.entries() {
		out[e.name] = e.b
	}
	return out
}

// Binds reports whether a binding of group (its config prefix: "chat",
// "tasks") lists the key msg names, enabled or not: a pane's letters are
// its commands whether or not they act right now, so what a letter does
// never depends on the state of the item under the cursor.
func (k *Map) Binds(group string, msg fmt.Stringer) bool {
	for _, e := range k.entries() {
		if e.group.name == group && containsKey(e.b.Keys(), msg.String()) {
			return true
		}
	}
	return false
}

// Override replaces bindings from the config's [keys] table, e.g.
// `"chat.copy" = ["c"]`. Unknown names are an error naming the known ones.
func (k *Map) Override(keys map[string][]string) error {
	all := k.Bindings()
	var unknown []string
	for name, ks := range keys {
		b, ok := all[name]
		if !ok {
			unknown = append(unknown, name)
			continue
		}
		if len(ks) == 0 {
			b.SetEnabled(false)
			continue
		}
		b.SetKeys(ks...)
		b.SetHelp(helpKeys(ks), b.Help().Desc)
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return k.unknownName(unknown[0])
	}
	return k.conflicts(keys)
}

// conflicts reports a key that [keys] gave a binding while another
// binding in the same place already uses it; only keys the file added
// count, so the defaults' deliberate overlaps (tab for the next pane and
// for path completion) are not reported.
func (k *Map) conflicts(overrides map[string][]string) error {
	defaults := Default()
	def := defaults.Bindings()
	entries := k.entries()
	for _, e := range entries {
		if len(overrides[e.name]) == 0 {
			continue
		}
		for _, ks := range e.b.Keys() {
			if containsKey(def[e.name].Keys(), ks) {
				continue
			}
			for _, o := range entries {
				if o.name == e.name || !o.b.Enabled() || !sharesScope(e, o) || !containsKey(o.b.Keys(), ks) {
					continue
				}
				return &Error{Name: e.name,
					Msg:  fmt.Sprintf("key conflict: %q for %s is already %s (%s)", ks, e.name, o.name, o.b.Help().Desc),
					Hint: "pick another key or rebind " + o.name}
			}
		}
	}
	return nil
}

// sharesScope says whether two bindings can be pressed in the same
// place: a group with itself, the global keys with the panes' keys (the
// conversations view and the dialogs take every key), and quit with
// everything, as it works over dialogs too.
func sharesScope(a, b keyEntry) bool {
	if a.group.name == b.group.name || a.name == "global.quit" || b.name == "global.quit" {
		return true
	}
	pane := func(g keyGroup) bool { return !g.dialog && g.name != "contexts" && g.name != "global" }
	return (a.group.name == "global" && pane(b.group)) || (b.group.name == "global" && pane(a.group))
}

func containsKey(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// Names lists binding names in a stable order.
func (k *Map) Names() []string {
	var names []string
	for n := range k.Bindings() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// MarkdownTable renders the key table of docs/tui.md, grouped as the
// registry groups them.
func (k *Map) MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| Where | Keys | Action |\n|---|---|---|\n")
	for _, g := range k.groups() {
		for _, kb := range g.keys {
			if !kb.Enabled() {
				continue
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", g.title, "`"+strings.Join(kb.Keys(), "` `")+"`", kb.Help().Desc)
		}
	}
	return b.String()
}

// ComposerTextKeyMap is the composer's text field's keys: the
// textarea's readline habits, except two the conversations view (whose
// filter edits like the composer) acts with: select all is alt+a, not
// ctrl+g (delete there), and transposing is alt+t, not ctrl+t (all
// agents / this agent there).
func ComposerTextKeyMap() textarea.KeyMap {
	km := textarea.DefaultKeyMap()
	km.SelectAll = key.NewBinding(key.WithKeys("alt+a"), key.WithHelp("alt+a", "select all"))
	km.TransposeCharacterBackward = key.NewBinding(key.WithKeys("alt+t"), key.WithHelp("alt+t", "transpose characters"))
	return km
}

// Form act while the chat fills in an agent's form (A2UI, chat.form):
// like a dialog it takes every key, and a key that is none of these is
// typed into the focused text field.
type Form struct {
	Next   key.Binding `key:"next" keys:"tab" help:"next input or button"`
	Prev   key.Binding `key:"prev" keys:"shift+tab" help:"previous input or button"`
	Toggle key.Binding `key:"toggle" keys:"space" help:"toggle check box or option"`
	Left   key.Binding `key:"left" keys:"left" help:"prev option, less, cursor ←"`
	Right  key.Binding `key:"right" keys:"right" help:"next option, more, cursor →"`
	Start  key.Binding `key:"start" keys:"home" help:"start of the text field"`
	End    key.Binding `key:"end" keys:"end" help:"end of the text field"`
	Erase  key.Binding `key:"erase" keys:"backspace" help:"erase a character"`
	Press  key.Binding `key:"press" keys:"enter" help:"press the button"`
	Leave  key.Binding `key:"leave" keys:"esc" help:"leave the form"`
}
