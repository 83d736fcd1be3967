package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
)

// Edit changes the settings file at path in place: it reads the file
// (none is an empty one), lets edit change its text through a Doc, checks
// the result is a config parley loads, and writes it atomically through a
// symlink (see writeFileAtomic). Edits by other parley processes are not
// lost: the read, the edit and the write hold a lock on the directory.
// Nothing is written when edit changes nothing or returns an error. Edit
// returns the config as written.
func Edit(path string, edit func(*Doc) error) (*Config, error) {
	target, err := resolveLink(path)
	if err != nil {
		return nil, &Error{Path: path, Msg: "cannot follow its symlink: " + describeFSErr(err)}
	}
	unlock, err := lockDir(target)
	if err != nil {
		return nil, &Error{Path: path, Msg: "cannot create its directory: " + describeFSErr(err)}
	}
	defer unlock()
	raw, err := os.ReadFile(target)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{Path: path, Msg: "cannot read it: " + describeFSErr(err)}
	}
	if _, err := Parse(path, raw); err != nil {
		return nil, notSaved(err)
	}
	doc, err := ParseDoc(raw)
	if err != nil {
		return nil, &Error{Path: path, Msg: "not saved: " + err.Error()}
	}
	if err := edit(doc); err != nil {
		return nil, &Error{Path: path, Msg: "not saved: " + err.Error()}
	}
	cfg, err := Parse(path, doc.src)
	if err != nil {
		return nil, notSaved(err)
	}
	if !doc.Changed() {
		return cfg, nil
	}
	if err := writeFileAtomic(target, doc.src); err != nil {
		return nil, &Error{Path: path, Msg: "cannot write it: " + describeFSErr(err)}
	}
	return cfg, nil
}

func notSaved(err error) error {
	var ce *Error
	if errors.As(err, &ce) {
		return &Error{Path: ce.Path, Line: ce.Line, Msg: "not saved: " + ce.Msg}
	}
	return err
}

// Save makes the file at path hold cfg's theme, key bindings and agents,
// by editing it in place (see Edit): an entry whose name, else url,
// matches one of cfg's agents keeps its place, comments and layout, and
// only the settings that differ change; entries cfg does not have are
// removed, and new ones appended. A new file is private to the user
// (0600): it names which variables hold secrets and which agents a person
// uses.
func Save(path string, cfg *Config) error {
	if err := cfg.check(); err != nil {
		return &Error{Path: path, Msg: "not saved: " + err.Error()}
	}
	_, err := Edit(path, func(d *Doc) error { return d.SetConfig(cfg) })
	return err
}

// SetConfig edits the document to hold cfg's theme, key bindings and
// agents, changing no more than that (see Save).
func (d *Doc) SetConfig(cfg *Config) error {
	var cur Config
	if _, err := decodeInto(d.src, &cur); err != nil {
		return err
	}
	if cur.Theme != cfg.Theme {
		if err := d.setTop("theme", cfg.Theme); err != nil {
			return err
		}
	}
	if !reflect.DeepEqual(normKeys(cur.Keys), normKeys(cfg.Keys)) {
		var keys map[string][]string
		for a, k := range cfg.Keys {
			if keys == nil {
				keys = map[string][]string{}
			}
			keys[a] = k
		}
		if err := d.setTop("keys", keys); err != nil {
			return err
		}
	}
	return d.SetAgents(cfg.Agents)
}

func normKeys(k KeyMap) KeyMap {
	if len(k) == 0 {
		return nil
	}
	return k
}

// SetAgents makes the [[agents]] entries those of agents: an entry whose
// name matches (else whose url matches, for a renamed agent) is updated
// setting by setting, where it is; others are removed; new ones are
// appended in order.
func (d *Doc) SetAgents(agents []Agent) error {
	var cur Config
	if _, err := decodeInto(d.src, &cur); err != nil {
		return err
	}
	match := make([]int, len(agents))
	taken := make([]bool, len(cur.Agents))
	for j := range agents {
		match[j] = -1
		for i, a := range cur.Agents {
			if !taken[i] && a.Name == agents[j].Name {
				match[j], taken[i] = i, true
				break
			}
		}
	}
	for j := range agents {
		if match[j] >= 0 {
			continue
		}
		for i, a := range cur.Agents {
			if !taken[i] && a.URL == agents[j].URL {
				match[j], taken[i] = i, true
				break
			}
		}
	}
	// Indexes stay valid while settings change; appends go after every
	// old entry and removals run last, from the end.
	for j, i := range match {
		if i < 0 {
			continue
		}
		old, now := agentFields(&cur.Agents[i]), agentFields(&agents[j])
		for k := range now {
			if reflect.DeepEqual(old[k].v.Interface(), now[k].v.Interface()) || (old[k].empty() && now[k].empty()) {
				continue
			}
			var err error
			if now[k].empty() {
				err = d.removeKey(i, now[k].key)
			} else {
				err = d.setKey(i, now[k].key, now[k].plain())
			}
			if err != nil {
				return fmt.Errorf("agent %q, %s: %w", agents[j].Name, now[k].key, err)
			}
		}
	}
	for j, i := range match {
		if i < 0 {
			if err := d.appendAgent(agents[j]); err != nil {
				return fmt.Errorf("agent %q: %w", agents[j].Name, err)
			}
		}
	}
	for i := len(cur.Agents) - 1; i >= 0; i-- {
		if !taken[i] {
			if err := d.removeAgent(i); err != nil {
				return fmt.Errorf("agent %q: %w", cur.Agents[i].Name, err)
			}
		}
	}
	return nil
}
