package a2ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// ActionOf reads the action a press sent from its part, in either
// version's shape (v0.8 {"userAction": …}, v0.9 [{"action": …}] or one
// such object): its name and its context; ok is false for a part that
// carries no action.
func ActionOf(p a2aclient.Part) (name string, context map[string]any, ok bool) {
	body := actionBody(p)
	if body == nil {
		return "", nil, false
	}
	name, _ = body["name"].(string)
	context, _ = body["context"].(map[string]any)
	return name, context, true
}

// summaryValueBytes bounds one value in a press's summary.
const summaryValueBytes = 40

// ActionSummary is a press as the transcript shows the user's turn: the
// button's face and the values its action sent, by name ("Book ·
// guests=4, name=Ada, terrace=true"); lists join with "+". Every value
// is cleaned for the terminal and cut short.
func ActionSummary(face string, p a2aclient.Part) string {
	out := termsafe.Line(face)
	_, ctx, _ := ActionOf(p)
	keys := make([]string, 0, len(ctx))
	for k := range ctx {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var kv []string
	for _, k := range keys {
		kv = append(kv, short(termsafe.Line(k))+"="+short(summaryValue(ctx[k])))
	}
	if len(kv) > 0 {
		out += " · " + strings.Join(kv, ", ")
	}
	return out
}

func summaryValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return termsafe.Line(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		var parts []string
		for _, e := range x {
			parts = append(parts, summaryValue(e))
		}
		return strings.Join(parts, "+")
	case map[string]any:
		return "{…}"
	}
	return termsafe.Line(fmt.Sprint(v))
}

// short cuts s to summaryValueBytes, on a rune boundary, marking the cut.
func short(s string) string {
	if len(s) <= summaryValueBytes {
		return s
	}
	cut := summaryValueBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
