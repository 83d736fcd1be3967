package config

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/BurntSushi/toml"
)

// Doc is the settings file as text, edited in place: an edit changes the
// lines of the [[agents]] entry or the top-level key it concerns and
// nothing else, so the person's comments, order, spacing and line endings
// stay as they wrote them. Each edit is checked by reading the result back
// with the TOML library: everything but the edited setting must read
// exactly as before, or the edit is refused and the text left unchanged.
//
// An agent entry is picked by ref: its url, or its name when no entry has
// that url. A ref that picks no entry or several is an error.
//
// No TOML library for Go both keeps a document's comments and layout and
// is published where parley can fetch it, so this is a small textual
// editor over the statement boundaries of doc_scan.go, guarded by the
// read-back check. The edits are one kind a file: one key (doc_keys.go),
// a list's strings (doc_lists.go), whole entries (doc_entries.go), made
// of doc_text.go's cuts and splices, with values written by doc_value.go.
type Doc struct {
	src     []byte
	nl      string // the file's line ending, "\n" or "\r\n"
	stmts   []stmt
	tree    map[string]any // the file as the TOML library reads it
	entries []entry
	changed bool
}

// entry is one [[agents]] entry: its header statement, the end of its own
// keys (the next header) and the end of its sub-tables ([agents.headers]).
type entry struct{ header, mainEnd, end int }

// ErrNoAgent is returned when a ref picks no [[agents]] entry.
var ErrNoAgent = errors.New("no such agent in the config file")

// errLayout: the edit would have changed more than it should. It means a
// file laid out in a way the editor does not handle; nothing is written.
var errLayout = errors.New("parley cannot edit this file's layout safely; edit it by hand")

// ParseDoc reads a settings file's text for editing. The text must be a
// valid TOML document (Edit also checks it is a valid parley config).
func ParseDoc(src []byte) (*Doc, error) {
	d := &Doc{src: slices.Clone(src), nl: "\n"}
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		d.nl = "\r\n"
	}
	if err := d.parse(); err != nil {
		return nil, err
	}
	return d, nil
}

// Bytes is the document's text now.
func (d *Doc) Bytes() []byte { return slices.Clone(d.src) }

// Changed reports whether any edit changed the text.
func (d *Doc) Changed() bool { return d.changed }

func (d *Doc) parse() error {
	d.tree = nil
	if _, err := toml.Decode(string(d.src), &d.tree); err != nil {
		return err
	}
	stmts, err := scanDoc(d.src)
	if err != nil {
		return fmt.Errorf("%w (%v)", errLayout, err)
	}
	d.stmts, d.entries = stmts, nil
	for i, st := range stmts {
		if !st.header() {
			continue
		}
		if n := len(d.entries); n > 0 && d.entries[n-1].mainEnd < 0 {
			d.entries[n-1].mainEnd = i
		}
		inAgents := len(st.key) > 1 && st.key[0] == "agents"
		if n := len(d.entries); n > 0 && d.entries[n-1].end < 0 && !inAgents {
			d.entries[n-1].end = i
		}
		if st.kind == stmtArrayTable && len(st.key) == 1 && st.key[0] == "agents" {
			if n := len(d.entries); n > 0 && d.entries[n-1].end < 0 {
				d.entries[n-1].end = i
			}
			d.entries = append(d.entries, entry{header: i, mainEnd: -1, end: -1})
		}
	}
	if n := len(d.entries); n > 0 {
		if d.entries[n-1].mainEnd < 0 {
			d.entries[n-1].mainEnd = len(stmts)
		}
		if d.entries[n-1].end < 0 {
			d.entries[n-1].end = len(stmts)
		}
	}
	if len(d.entries) != len(d.agentTrees()) {
		return fmt.Errorf("%w (agents are not written as [[agents]] entries)", errLayout)
	}
	return nil
}

func (d *Doc) agentTrees() []map[string]any {
	switch a := d.tree["agents"].(type) {
	case []map[string]any:
		return a
	case []any:
		out := make([]map[string]any, 0, len(a))
		for _, e := range a {
			if m, ok := e.(map[string]any); ok {
				out = append(out, m)
			}
		}
		return out
	}
	return nil
}

// find picks the entry a ref names: by url, else by name.
func (d *Doc) find(ref string) (int, error) {
	for _, field := range []string{"url", "name"} {
		var hits []int
		for i, a := range d.agentTrees() {
			if s, _ := a[field].(string); s == ref {
				hits = append(hits, i)
			}
		}
		switch len(hits) {
		case 0:
			continue
		case 1:
			return hits[0], nil
		}
		return 0, fmt.Errorf("%d agents in the config file have the %s %q; pick one by name", len(hits), field, ref)
	}
	return 0, fmt.Errorf("%w: %q", ErrNoAgent, ref)
}

// Agent returns the entry a ref picks, as a map of its settings as read
// from the file, to look at a key the Agent type does not hold.
func (d *Doc) Agent(ref string) (map[string]any, error) {
	i, err := d.find(ref)
	if err != nil {
		return nil, err
	}
	return deepCopy(d.agentTrees()[i]).(map[string]any), nil
}

// SetAgentKey sets one key of an entry. An existing one-line setting has
// its value replaced where it stands (a comment after it stays); a key
// written as a table or dotted keys is rewritten as one line; a new key is
// added after the entry's last setting.
func (d *Doc) SetAgentKey(ref, key string, value any) error {
	i, err := d.find(ref)
	if err != nil {
		return err
	}
	return d.setKey(i, key, value)
}

// RemoveAgentKey removes one key of an entry, with its lines.
func (d *Doc) RemoveAgentKey(ref, key string) error {
	i, err := d.find(ref)
	if err != nil {
		return err
	}
	return d.removeKey(i, key)
}

// AddAgentValues adds strings to a list key of an entry, each once: they
// go after the list's last element, in the list's own layout.
func (d *Doc) AddAgentValues(ref, key string, values ...string) error {
	i, err := d.find(ref)
	if err != nil {
		return err
	}
	return d.addValues(i, key, values)
}

// RemoveAgentValues removes strings from a list key of an entry; an
// element alone on its line goes with its line. The key stays, even when
// its list ends empty.
func (d *Doc) RemoveAgentValues(ref, key string, values ...string) error {
	i, err := d.find(ref)
	if err != nil {
		return err
	}
	return d.removeValues(i, key, values)
}

// AppendAgent adds an [[agents]] entry after the last one (or at the end
// of the file), with the settings a has that are not empty.
func (d *Doc) AppendAgent(a Agent) error {
	return d.appendAgent(a)
}

// RemoveAgent removes an entry: its header, keys and sub-tables, and the
// comment lines right above its header.
func (d *Doc) RemoveAgent(ref string) error {
	i, err := d.find(ref)
	if err != nil {
		return err
	}
	return d.removeAgent(i)
}

// apply checks an edit's result: it must read as the old document with
// exactly the change meant (want), else nothing changes.
func (d *Doc) apply(src []byte, want map[string]any) error {
	nd := &Doc{src: src, nl: d.nl}
	if err := nd.parse(); err != nil {
		return fmt.Errorf("%w (%v)", errLayout, err)
	}
	if want == nil {
		want = map[string]any{}
	}
	if !reflect.DeepEqual(nd.tree, want) {
		return errLayout
	}
	nd.changed = d.changed || !bytes.Equal(src, d.src)
	*d = *nd
	return nil
}

// want is a copy of the document as read, to change the way an edit
// should change it.
func (d *Doc) want() (map[string]any, []map[string]any) {
	t, _ := deepCopy(d.tree).(map[string]any)
	if t == nil {
		t = map[string]any{}
	}
	var agents []map[string]any
	switch a := t["agents"].(type) {
	case []map[string]any:
		agents = a
	}
	return t, agents
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = deepCopy(e)
		}
		return out
	case []map[string]any:
		out := make([]map[string]any, len(v))
		for i, e := range v {
			out[i] = deepCopy(e).(map[string]any)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}

func decodeInto(src []byte, v any) (toml.MetaData, error) {
	return toml.Decode(string(src), v)
}
