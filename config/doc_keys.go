package config

import "reflect"

// Setting and removing one key: of an [[agents]] entry, or at the top
// level of the file.

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
