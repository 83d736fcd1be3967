package ui

import (
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
)

// KeyMap holds every key binding, grouped by where it applies. Each
// binding's help text is the single source for the footer, the help
// overlay and the README's key table.
type KeyMap struct {
	Global   GlobalKeys
	Composer ComposerKeys
	Chat     ChatKeys
	Agents   AgentKeys
	Tasks    TaskKeys
	Contexts ContextKeys
}

// GlobalKeys work in every pane. None is a bare letter, so typing in the
// composer never triggers them.
type GlobalKeys struct {
	NextPane key.Binding
	PrevPane key.Binding
	Help     key.Binding
	Contexts key.Binding
	Wire     key.Binding
	Panes    key.Binding // narrow terminals: swap chat and lists
	Stop     key.Binding
	Quit     key.Binding
}

// ComposerKeys edit and send the message.
type ComposerKeys struct {
	Send     key.Binding
	Newline  key.Binding
	Attach   key.Binding
	Complete key.Binding
	HistPrev key.Binding
	HistNext key.Binding
	Example  key.Binding
}

// ChatKeys move through the transcript and act on its items.
type ChatKeys struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Copy     key.Binding
	Save     key.Binding
	Open     key.Binding
	Details  key.Binding
	// Allow and Deny answer a tool call the agent asks to confirm.
	Allow key.Binding
	Deny  key.Binding
}

// AgentKeys manage the agent directory.
type AgentKeys struct {
	Up      key.Binding
	Down    key.Binding
	Select  key.Binding
	Add     key.Binding
	Remove  key.Binding
	Rename  key.Binding
	Save    key.Binding
	Example key.Binding
	// SkillsDown and SkillsUp scroll the selected agent's skills.
	SkillsDown key.Binding
	SkillsUp   key.Binding
}

// TaskKeys act on the selected task.
type TaskKeys struct {
	Up          key.Binding
	Down        key.Binding
	Open        key.Binding
	Cancel      key.Binding
	Refresh     key.Binding
	Resubscribe key.Binding
	CopyID      key.Binding
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

// DefaultKeyMap is parley's standard layout.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Global: GlobalKeys{
			NextPane: bind("next pane", "tab"),
			PrevPane: bind("previous pane", "shift+tab"),
			Help:     bind("help", "f1", "ctrl+_"),
			Contexts: bind("conversations", "ctrl+o"),
			Wire:     bind("wire view", "ctrl+w"),
			Panes:    bind("agents/tasks (narrow)", "ctrl+l"),
			Stop:     bind("stop streaming", "esc"),
			Quit:     bind("quit", "ctrl+c"),
		},
		Composer: ComposerKeys{
			Send:     bind("send", "enter"),
			Newline:  bind("newline", "alt+enter", "ctrl+j"),
			Attach:   bind("attach", "ctrl+f"),
			Complete: bind("complete path (attach)", "tab"),
			HistPrev: bind("previous input", "ctrl+p"),
			HistNext: bind("next input", "ctrl+n"),
			Example:  bind("example", "ctrl+e"),
		},
		Chat: ChatKeys{
			Up:       bind("up", "up", "k"),
			Down:     bind("down", "down", "j"),
			PageUp:   bind("page up", "pgup", "b"),
			PageDown: bind("page down", "pgdown", "space", "f"),
			Top:      bind("top", "home", "g"),
			Bottom:   bind("bottom", "end", "G"),
			Copy:     bind("copy item", "y"),
			Save:     bind("save file", "s"),
			Open:     bind("open file", "o"),
			Details:  bind("fold or unfold an item", "enter"),
			Allow:    bind("allow tool call", "a"),
			Deny:     bind("deny tool call", "x"),
		},
		Agents: AgentKeys{
			Up:         bind("up", "up", "k"),
			Down:       bind("down", "down", "j"),
			Select:     bind("use agent", "enter"),
			Add:        bind("add agent", "a"),
			Remove:     bind("remove", "d"),
			Rename:     bind("rename", "r"),
			Save:       bind("save to config", "w"),
			Example:    bind("use example", "e"),
			SkillsDown: bind("next skills", "pgdown", "]"),
			SkillsUp:   bind("earlier skills", "pgup", "["),
		},
		Tasks: TaskKeys{
			Up:          bind("up", "up", "k"),
			Down:        bind("down", "down", "j"),
			Open:        bind("open", "enter"),
			Cancel:      bind("cancel task", "c"),
			Refresh:     bind("refresh", "r"),
			Resubscribe: bind("resubscribe", "s"),
			CopyID:      bind("copy id", "y"),
		},
		Contexts: defaultContextKeys(),
	}
}

// bindings lists every binding by its config name ("chat.copy"), so
// config overrides and the README table walk one list.
func (k *KeyMap) bindings() map[string]*key.Binding {
	return map[string]*key.Binding{
		"global.next_pane": &k.Global.NextPane, "global.prev_pane": &k.Global.PrevPane,
		"global.help": &k.Global.Help, "global.contexts": &k.Global.Contexts, "global.wire": &k.Global.Wire, "global.panes": &k.Global.Panes,
		"global.stop": &k.Global.Stop, "global.quit": &k.Global.Quit,
		"composer.send": &k.Composer.Send, "composer.newline": &k.Composer.Newline,
		"composer.attach": &k.Composer.Attach, "composer.complete": &k.Composer.Complete,
		"composer.history_prev": &k.Composer.HistPrev, "composer.history_next": &k.Composer.HistNext, "composer.example": &k.Composer.Example,
		"chat.up": &k.Chat.Up, "chat.down": &k.Chat.Down, "chat.page_up": &k.Chat.PageUp,
		"chat.page_down": &k.Chat.PageDown, "chat.top": &k.Chat.Top, "chat.bottom": &k.Chat.Bottom,
		"chat.copy": &k.Chat.Copy, "chat.save": &k.Chat.Save, "chat.open": &k.Chat.Open, "chat.details": &k.Chat.Details,
		"chat.allow": &k.Chat.Allow, "chat.deny": &k.Chat.Deny,
		"agents.up": &k.Agents.Up, "agents.down": &k.Agents.Down, "agents.select": &k.Agents.Select,
		"agents.add": &k.Agents.Add, "agents.remove": &k.Agents.Remove, "agents.rename": &k.Agents.Rename,
		"agents.save": &k.Agents.Save, "agents.example": &k.Agents.Example,
		"agents.skills_down": &k.Agents.SkillsDown, "agents.skills_up": &k.Agents.SkillsUp,
		"tasks.up": &k.Tasks.Up, "tasks.down": &k.Tasks.Down, "tasks.open": &k.Tasks.Open,
		"tasks.cancel": &k.Tasks.Cancel, "tasks.refresh": &k.Tasks.Refresh,
		"tasks.resubscribe": &k.Tasks.Resubscribe, "tasks.copy_id": &k.Tasks.CopyID,
		"contexts.up": &k.Contexts.Up, "contexts.down": &k.Contexts.Down, "contexts.open": &k.Contexts.Open,
		"contexts.rename": &k.Contexts.Rename, "contexts.delete": &k.Contexts.Delete, "contexts.export": &k.Contexts.Export,
		"contexts.search": &k.Contexts.Search, "contexts.new": &k.Contexts.New, "contexts.scope": &k.Contexts.AllAgent,
		"contexts.close": &k.Contexts.Close,
	}
}

// Override replaces bindings from the config's [keys] table, e.g.
// `"chat.copy" = ["c"]`. Unknown names are an error naming the known ones.
func (k *KeyMap) Override(keys map[string][]string) error {
	all := k.bindings()
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
		return fmt.Errorf("unknown key binding %s in [keys]; known: %s", strings.Join(unknown, ", "), strings.Join(k.Names(), ", "))
	}
	return nil
}

// Names lists binding names in a stable order.
func (k *KeyMap) Names() []string {
	var names []string
	for n := range k.bindings() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// MarkdownTable renders the key table for the README, grouped by pane.
func (k *KeyMap) MarkdownTable() string {
	groups := []struct {
		title string
		keys  []key.Binding
	}{
		{"Everywhere", []key.Binding{k.Global.NextPane, k.Global.PrevPane, k.Global.Contexts, k.Global.Help, k.Global.Wire, k.Global.Panes, k.Global.Stop, k.Global.Quit}},
		{"Composer", []key.Binding{k.Composer.Send, k.Composer.Newline, k.Composer.Attach, k.Composer.Complete, k.Composer.HistPrev, k.Composer.HistNext, k.Composer.Example}},
		{"Chat", []key.Binding{k.Chat.Up, k.Chat.Down, k.Chat.PageUp, k.Chat.PageDown, k.Chat.Top, k.Chat.Bottom, k.Chat.Copy, k.Chat.Save, k.Chat.Open, k.Chat.Details, k.Chat.Allow, k.Chat.Deny}},
		{"Agents", []key.Binding{k.Agents.Up, k.Agents.Down, k.Agents.Select, k.Agents.Add, k.Agents.Remove, k.Agents.Rename, k.Agents.Save, k.Agents.Example, k.Agents.SkillsDown, k.Agents.SkillsUp}},
		{"Tasks", []key.Binding{k.Tasks.Up, k.Tasks.Down, k.Tasks.Open, k.Tasks.Cancel, k.Tasks.Refresh, k.Tasks.Resubscribe, k.Tasks.CopyID}},
		{"Contexts", []key.Binding{k.Contexts.Up, k.Contexts.Down, k.Contexts.Open, k.Contexts.Search, k.Contexts.Rename, k.Contexts.Delete, k.Contexts.Export, k.Contexts.New, k.Contexts.AllAgent, k.Contexts.Close}},
	}
	var b strings.Builder
	b.WriteString("| Where | Keys | Action |\n|---|---|---|\n")
	for _, g := range groups {
		for _, kb := range g.keys {
			if !kb.Enabled() {
				continue
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", g.title, "`"+strings.Join(kb.Keys(), "` `")+"`", kb.Help().Desc)
		}
	}
	return b.String()
}
