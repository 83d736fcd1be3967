package config

import (
	"bytes"
	"fmt"
	"slices"
)

// Adding strings to and removing them from a list key of an entry, in
// the list's own layout.

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
