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
// read-back check.
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

// splice replaces src[start:end] with text.
func (d *Doc) splice(start, end int, text string) []byte {
	out := make([]byte, 0, len(d.src)-(end-start)+len(text))
	out = append(out, d.src[:start]...)
	out = append(out, text...)
	return append(out, d.src[end:]...)
}

// lineIndent is the blanks at the start of the line holding offset p.
func (d *Doc) lineIndent(p int) string {
	start := bytes.LastIndexByte(d.src[:p], '\n') + 1
	end := start
	for end < len(d.src) && (d.src[end] == ' ' || d.src[end] == '\t') {
		end++
	}
	return string(d.src[start:end])
}

// keyStmts lists the statements that hold key in entry i: its key = value
// lines (key or key.sub) and its sub-tables [agents.key…] with their
// bodies, as spans of whole lines.
func (d *Doc) keyStmts(i int, key string) (spans []span, oneLine int) {
	e := d.entries[i]
	oneLine = -1
	for j := e.header + 1; j < e.mainEnd; j++ {
		st := d.stmts[j]
		if st.kind == stmtKeyVal && st.key[0] == key {
			spans = append(spans, span{st.start, st.end})
			if len(st.key) == 1 {
				oneLine = j
			}
		}
	}
	for j := e.mainEnd; j < e.end; j++ {
		st := d.stmts[j]
		if st.header() && len(st.key) > 1 && st.key[1] == key {
			k := j + 1
			for k < e.end && !d.stmts[k].header() {
				k++
			}
			spans = append(spans, span{st.start, d.stmts[d.lastContent(j, k)].end})
			j = k - 1
		}
	}
	if len(spans) != 1 {
		oneLine = -1
	}
	return spans, oneLine
}

// cut removes spans (in file order, not overlapping) from the text.
func cut(src []byte, spans []span) []byte {
	out := make([]byte, 0, len(src))
	prev := 0
	for _, s := range spans {
		out = append(out, src[prev:s.start]...)
		prev = s.end
	}
	return append(out, src[prev:]...)
}

func (d *Doc) setKey(i int, key string, value any) error {
	text, v, err := renderDecoded(value)
	if err != nil {
		return err
	}
	want, agents := d.want()
	agents[i][key] = v
	spans, one := d.keyStmts(i, key)
	if one >= 0 {
		st := d.stmts[one]
		return d.apply(d.splice(st.val.start, st.val.end, text), want)
	}
	// Insert the new line first (its place does not move when the old
	// lines go: they are all after it or inside the entry's own keys).
	e := d.entries[i]
	at, indent := d.stmts[e.header].end, d.lineIndent(d.stmts[e.header].start)
	for j := e.header + 1; j < e.mainEnd; j++ {
		if st := d.stmts[j]; st.kind == stmtKeyVal && (len(st.key) > 1 || st.key[0] != key) {
			at, indent = st.end, d.lineIndent(st.start)
		}
	}
	line := indent + renderKey(key) + " = " + text + d.nl
	if at > 0 && d.src[at-1] != '\n' {
		line = d.nl + line
	}
	src := cut(d.src, spans)
	shift := 0
	for _, s := range spans {
		if s.end <= at {
			shift += s.end - s.start
		}
	}
	at -= shift
	src = append(src[:at:at], append([]byte(line), src[at:]...)...)
	return d.apply(src, want)
}

func (d *Doc) removeKey(i int, key string) error {
	spans, _ := d.keyStmts(i, key)
	if len(spans) == 0 {
		return nil
	}
	want, agents := d.want()
	delete(agents[i], key)
	return d.apply(cut(d.src, spans), want)
}

// listStrings reads a list key of entry i: nil when absent.
func (d *Doc) listStrings(i int, key string) ([]string, bool, error) {
	v, ok := d.agentTrees()[i][key]
	if !ok {
		return nil, false, nil
	}
	list, isList := v.([]any)
	if !isList {
		return nil, true, fmt.Errorf("%s is not a list in the config file", key)
	}
	out := make([]string, len(list))
	for j, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, true, fmt.Errorf("%s holds something other than strings in the config file", key)
		}
		out[j] = s
	}
	return out, true, nil
}

func (d *Doc) addValues(i int, key string, values []string) error {
	have, present, err := d.listStrings(i, key)
	if err != nil {
		return err
	}
	var add []string
	for _, v := range values {
		if !slices.Contains(have, v) && !slices.Contains(add, v) {
			add = append(add, v)
		}
	}
	if len(add) == 0 {
		return nil
	}
	if !present {
		return d.setKey(i, key, add)
	}
	_, one := d.keyStmts(i, key)
	if one < 0 || d.stmts[one].arr == nil || len(d.stmts[one].arr.elems) == 0 {
		return d.setKey(i, key, append(have, add...))
	}
	want, agents := d.want()
	list := agents[i][key].([]any)
	var texts []string
	for _, v := range add {
		list = append(list, v)
		texts = append(texts, quoteTOML(v))
	}
	agents[i][key] = list

	arr := d.stmts[one].arr
	last := arr.elems[len(arr.elems)-1]
	between := d.src[last.end:arr.close]
	nl := bytes.IndexByte(between, '\n')
	if nl < 0 {
		// The list closes on its last element's line: ["a", "b"].
		return d.apply(d.splice(last.end, last.end, ", "+joinStr(texts, ", ")), want)
	}
	// One element a line: add lines after the last element's line, with
	// its indentation, and a comma after it when it has none.
	indent := d.lineIndent(last.start)
	var b bytes.Buffer
	for _, t := range texts {
		b.WriteString(indent + t + "," + d.nl)
	}
	at := last.end + nl + 1
	src := d.splice(at, at, b.String())
	if comma := bytes.IndexByte(between[:nl], ','); comma < 0 {
		src = append(src[:last.end:last.end], append([]byte(","), src[last.end:]...)...)
	}
	return d.apply(src, want)
}

func joinStr(s []string, sep string) string {
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(x)
	}
	return b.String()
}

func (d *Doc) removeValues(i int, key string, values []string) error {
	have, present, err := d.listStrings(i, key)
	if err != nil || !present {
		return err
	}
	var keep []any
	for _, v := range have {
		if !slices.Contains(values, v) {
			keep = append(keep, v)
		}
	}
	if len(keep) == len(have) {
		return nil
	}
	_, one := d.keyStmts(i, key)
	if one < 0 || d.stmts[one].arr == nil {
		return d.setKey(i, key, stringsOf(keep))
	}
	want, agents := d.want()
	if keep == nil {
		keep = []any{}
	}
	agents[i][key] = keep
	arr := d.stmts[one].arr
	var spans []span
	for j, el := range arr.elems {
		v, err := decodeValue(string(d.src[el.start:el.end]))
		if s, _ := v.(string); err != nil || !slices.Contains(values, s) {
			continue
		}
		spans = append(spans, d.elemSpan(arr, j))
	}
	return d.apply(cut(d.src, mergeSpans(spans)), want)
}

func stringsOf(l []any) []string {
	out := make([]string, len(l))
	for i, v := range l {
		out[i], _ = v.(string)
	}
	return out
}

// elemSpan is what to cut to remove element j: its whole line when it is
// alone there (with its comma and comment), else the element and the
// comma after it (or, for the last, the comma before it).
func (d *Doc) elemSpan(arr *arrayVal, j int) span {
	el := arr.elems[j]
	lineStart := bytes.LastIndexByte(d.src[:el.start], '\n') + 1
	p := el.end
	for p < len(d.src) && (d.src[p] == ' ' || d.src[p] == '\t') {
		p++
	}
	if p < len(d.src) && d.src[p] == ',' {
		p++
	}
	for p < len(d.src) && (d.src[p] == ' ' || d.src[p] == '\t') {
		p++
	}
	if p < len(d.src) && d.src[p] == '#' {
		for p < len(d.src) && d.src[p] != '\n' {
			p++
		}
	}
	alone := len(bytes.TrimLeft(d.src[lineStart:el.start], " \t")) == 0 && lineStart > arr.open
	if alone && p < len(d.src) && d.src[p] == '\n' {
		return span{lineStart, p + 1}
	}
	if alone && p+1 < len(d.src) && d.src[p] == '\r' && d.src[p+1] == '\n' {
		return span{lineStart, p + 2}
	}
	if j+1 < len(arr.elems) {
		return span{el.start, arr.elems[j+1].start}
	}
	if j > 0 {
		return span{arr.elems[j-1].end, el.end}
	}
	// The only element: keep a trailing comma and comment as they are.
	return span{el.start, el.end}
}

// mergeSpans sorts spans and joins overlapping ones.
func mergeSpans(s []span) []span {
	slices.SortFunc(s, func(a, b span) int { return a.start - b.start })
	var out []span
	for _, x := range s {
		if n := len(out); n > 0 && x.start <= out[n-1].end {
			out[n-1].end = max(out[n-1].end, x.end)
			continue
		}
		out = append(out, x)
	}
	return out
}

func (d *Doc) appendAgent(a Agent) error {
	indent, hdrIndent := "", ""
	at := len(d.src)
	if n := len(d.entries); n > 0 {
		e := d.entries[n-1]
		hdrIndent = d.lineIndent(d.stmts[e.header].start)
		indent = hdrIndent
		for j := e.header + 1; j < e.mainEnd; j++ {
			if d.stmts[j].kind == stmtKeyVal {
				indent = d.lineIndent(d.stmts[j].start)
				break
			}
		}
		// After the last line that holds a setting of the entry.
		for j := e.end - 1; j >= e.header; j-- {
			if d.stmts[j].kind != stmtTrivia {
				at = d.stmts[j].end
				break
			}
		}
	}
	var b bytes.Buffer
	if at > 0 && d.src[at-1] != '\n' {
		b.WriteString(d.nl)
	}
	if at > 0 {
		b.WriteString(d.nl)
	}
	b.WriteString(hdrIndent + "[[agents]]" + d.nl)
	for _, f := range agentFields(&a) {
		if f.empty() {
			continue
		}
		text, err := renderValue(f.plain())
		if err != nil {
			return err
		}
		b.WriteString(indent + f.key + " = " + text + d.nl)
	}
	block := b.String()
	if at < len(d.src) && !bytes.HasPrefix(d.src[at:], []byte(d.nl+d.nl)) && !bytes.HasPrefix(d.src[at:], []byte(d.nl)) {
		block += d.nl
	}
	var m map[string]any
	if _, err := toml.Decode(block, &m); err != nil {
		return err
	}
	want, agents := d.want()
	want["agents"] = append(agents, m["agents"].([]map[string]any)...)
	return d.apply(d.splice(at, at, block), want)
}

func (d *Doc) removeAgent(i int) error {
	e := d.entries[i]
	start := d.stmts[e.header].start
	// The comment lines right above the header describe the entry, when a
	// blank line (or the file's start) sets them apart from what is above.
	j := e.header - 1
	for j >= 0 && d.stmts[j].kind == stmtTrivia && !d.blank(j) {
		j--
	}
	if j < 0 || d.blank(j) {
		start = d.stmts[j+1].start
	}
	// Up to the last line that holds a setting; trailing comments may be
	// about what follows.
	end := d.stmts[e.header].end
	for k := e.end - 1; k > e.header; k-- {
		if d.stmts[k].kind != stmtTrivia {
			end = d.stmts[k].end
			break
		}
	}
	// One blank line before goes too, so no gap is left doubled.
	if j >= 0 && d.blank(j) && start == d.stmts[j+1].start {
		start = d.stmts[j].start
	} else if end < len(d.src) && e.end > 0 {
		for k := e.header + 1; k < len(d.stmts); k++ {
			if d.stmts[k].start == end && d.blank(k) {
				end = d.stmts[k].end
				break
			}
		}
	}
	want, agents := d.want()
	agents = append(agents[:i:i], agents[i+1:]...)
	if len(agents) == 0 {
		delete(want, "agents")
	} else {
		want["agents"] = agents
	}
	return d.apply(d.splice(start, end, ""), want)
}

func (d *Doc) blank(j int) bool {
	st := d.stmts[j]
	return st.kind == stmtTrivia && len(bytes.TrimSpace(d.src[st.start:st.end])) == 0
}

// setTop sets (or, for an empty value, removes) a top-level key: theme,
// or the keys table.
func (d *Doc) setTop(key string, value any) error {
	want, _ := d.want()
	var spans []span
	one := -1
	first := len(d.stmts)
	for j := 0; j < len(d.stmts); j++ {
		st := d.stmts[j]
		if st.header() && first == len(d.stmts) {
			first = j
		}
		switch {
		case j < first && st.kind == stmtKeyVal && st.key[0] == key:
			spans = append(spans, span{st.start, st.end})
			if len(st.key) == 1 {
				one = j
			}
		case st.header() && st.key[0] == key:
			k := j + 1
			for k < len(d.stmts) && !d.stmts[k].header() {
				k++
			}
			spans = append(spans, span{st.start, d.stmts[d.lastContent(j, k)].end})
			j = k - 1
		}
	}
	if len(spans) != 1 {
		one = -1
	}
	if reflect.ValueOf(value).IsZero() || (reflect.ValueOf(value).Kind() == reflect.Map && reflect.ValueOf(value).Len() == 0) {
		delete(want, key)
		return d.apply(cut(d.src, spans), want)
	}
	text, v, err := renderDecoded(value)
	if err != nil {
		return err
	}
	want[key] = v
	if one >= 0 {
		st := d.stmts[one]
		return d.apply(d.splice(st.val.start, st.val.end, text), want)
	}
	at, after := len(d.src), ""
	for j := 0; j < first; j++ {
		if st := d.stmts[j]; st.kind == stmtKeyVal && st.key[0] != key {
			at = st.end
		}
	}
	if at == len(d.src) && first < len(d.stmts) {
		// Before the first table, above the comments that introduce it.
		j := first - 1
		for j >= 0 && d.stmts[j].kind == stmtTrivia && !d.blank(j) {
			j--
		}
		at, after = d.stmts[j+1].start, d.nl
	}
	line := renderKey(key) + " = " + text + d.nl + after
	if at > 0 && d.src[at-1] != '\n' {
		line = d.nl + line
	}
	src := cut(d.src, spans)
	for _, s := range spans {
		if s.end <= at {
			at -= s.end - s.start
		}
	}
	src = append(src[:at:at], append([]byte(line), src[at:]...)...)
	return d.apply(src, want)
}

func decodeInto(src []byte, v any) (toml.MetaData, error) {
	return toml.Decode(string(src), v)
}

// lastContent is the last statement in [from, to) that is not a comment
// or blank line: comments at a table's end may be about what follows.
func (d *Doc) lastContent(from, to int) int {
	for k := to - 1; k > from; k-- {
		if d.stmts[k].kind != stmtTrivia {
			return k
		}
	}
	return from
}
