package a2ui

import (
	"strconv"
	"strings"
)

// The words every front end draws a node's pieces with, so that the text
// output, stored conversations and the TUI read alike.

// OneLine is s with its runs of white space, line breaks included, made
// one space.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// MediaLine stands for an image, video or audio that parley never
// fetches: its kind, its description and where it is.
func MediaLine(kind, desc, url string) string {
	s := "[" + kind
	if desc != "" {
		s += ": " + desc
	}
	if url != "" {
		s += " <" + url + ">"
	}
	return s + "]"
}

// FieldLabel is an input's label followed by ": ", or def's when the
// agent gave none.
func FieldLabel(l, def string) string {
	if l == "" {
		l = def
	}
	return l + ": "
}

// Number writes a slider's bound as briefly as it reads.
func Number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ChoiceMark is an option's mark: round for one of many, square for any.
func ChoiceMark(n *Node, o Option) string {
	switch {
	case o.Chosen && n.Multiple:
		return "[x]"
	case o.Chosen:
		return "(•)"
	case n.Multiple:
		return "[ ]"
	}
	return "( )"
}

// Choices is a choice's options on one line, each with its mark.
func Choices(n *Node) string {
	parts := make([]string, 0, len(n.Options))
	for _, o := range n.Options {
		parts = append(parts, ChoiceMark(n, o)+" "+o.Label)
	}
	return strings.Join(parts, "  ")
}
