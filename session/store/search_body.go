package store

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/a2ui"
)

// What search indexes of a data part is its words as the chat shows
// them, so an excerpt reads as text: an agent's form (A2UI) by its texts,
// labels, values and options, laid out as every front end lays it out;
// other data by its keys and values, without JSON's quotes and brackets.

// dataText is the words of data part p, "" for none, up to what search
// keeps of an item (maxBody): an agent's form is laid out a surface at a
// time until then, since a small part can lay out as megabytes of texts
// (a template repeating a long one, within the limits).
func dataText(p a2aclient.Part) string {
	var b strings.Builder
	add := func(w string) {
		if w = strings.TrimSpace(w); w == "" || b.Len() >= maxBody {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if room := maxBody - b.Len(); len(w) > room {
			w = w[:runeStartBefore(w, room)]
		}
		b.WriteString(w)
	}
	if a2ui.IsPart(p) {
		ss := a2ui.New(a2ui.Limits{})
		ss.ApplyPartOf("", p)
		for _, s := range ss.List() {
			if b.Len() >= maxBody {
				break
			}
			s.Layout(ss.Limits()).Walk(func(n *a2ui.Node) {
				add(n.Text)
				add(n.Title)
				add(n.Label)
				add(n.Value)
				for _, o := range n.Options {
					add(o.Label)
				}
			})
		}
	} else {
		for _, w := range dataWords(p.Data, nil, 0) {
			add(w)
		}
	}
	return b.String()
}

// runeStartBefore is the index at or before i where a rune of s starts
// (0 if none does within a rune's length: bytes that are not UTF-8).
func runeStartBefore(s string, i int) int {
	for j := i; j > 0 && j > i-utf8.UTFMax; j-- {
		if utf8.RuneStart(s[j]) {
			return j
		}
	}
	return 0
}

// dataWords appends the keys and values in v, keys in order, to words;
// depth bounds a nesting no chat draws anyway.
func dataWords(v any, words []string, depth int) []string {
	if depth > 32 || len(words) > maxBody/8 {
		return words
	}
	switch v := v.(type) {
	case string:
		return append(words, v)
	case float64:
		return append(words, strconv.FormatFloat(v, 'f', -1, 64))
	case bool:
		return append(words, strconv.FormatBool(v))
	case []any:
		for _, x := range v {
			words = dataWords(x, words, depth+1)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			words = dataWords(v[k], append(words, k), depth+1)
		}
	}
	return words
}
