package chat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/styles"
)

// Caps on what one data part may cost to show; the copy command still
// has the whole value.
const (
	maxDataRows  = 2000 // table rows or JSON lines
	maxDataDepth = 32
	maxCellWidth = 32
	maxColumns   = 24
)

// dataLines shows a data part: an array of flat objects as an aligned
// table, anything else as indented JSON with coloured keys and values.
// Every key and value is agent text and is cleaned to one line.
func dataLines(st *styles.Styles, v any, order []string) []string {
	if rows, ok := flatRows(v); ok {
		return dataTable(st, rows, order)
	}
	j := jsonLines{st: st}
	j.value("", v, 0, "")
	if j.full {
		j.lines = append(j.lines, st.Muted.Render(fmt.Sprintf("… truncated after %d lines", maxDataRows)))
	}
	return j.lines
}

// flatRows returns v as rows when it is a non-empty array of objects
// whose values are all scalars.
func flatRows(v any) ([]map[string]any, bool) {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return nil, false
	}
	rows := make([]map[string]any, 0, len(arr))
	for _, e := range arr {
		obj, ok := e.(map[string]any)
		if !ok {
			return nil, false
		}
		for _, x := range obj {
			switch x.(type) {
			case map[string]any, []any:
				return nil, false
			}
		}
		rows = append(rows, obj)
	}
	return rows, true
}

func dataTable(st *styles.Styles, rows []map[string]any, order []string) []string {
	seen := map[string]bool{}
	var cols []string
	for _, r := range rows {
		for k := range r {
			if !seen[k] {
				seen[k] = true
				cols = append(cols, k)
			}
		}
	}
	// Columns in the order the agent sent them; keys it did not report
	// (there should be none) go last, sorted, so they stay put.
	rank := map[string]int{}
	for i, k := range order {
		rank[k] = i + 1
	}
	sort.SliceStable(cols, func(i, j int) bool {
		ri, rj := rank[cols[i]], rank[cols[j]]
		switch {
		case ri > 0 && rj > 0:
			return ri < rj
		case ri > 0 || rj > 0:
			return ri > 0
		}
		return cols[i] < cols[j]
	})
	more := 0
	if len(cols) > maxColumns {
		more = len(cols) - maxColumns
		cols = cols[:maxColumns]
	}
	shown := rows
	if len(shown) > maxDataRows {
		shown = shown[:maxDataRows]
	}
	head := make([]string, len(cols))
	widths := make([]int, len(cols))
	numeric := make([]bool, len(cols))
	cells := make([][]string, len(shown))
	for i, c := range cols {
		head[i] = cellText(c)
		widths[i] = ansi.StringWidth(head[i])
		numeric[i] = true
	}
	for r, row := range shown {
		cells[r] = make([]string, len(cols))
		for i, c := range cols {
			x, ok := row[c]
			if !ok {
				continue
			}
			if _, isNum := x.(float64); !isNum && x != nil {
				numeric[i] = false
			}
			cells[r][i] = cellText(scalarText(x))
			widths[i] = max(widths[i], ansi.StringWidth(cells[r][i]))
		}
	}
	lines := make([]string, 0, len(shown)+2)
	lines = append(lines, tableRow(st.Muted, head, widths, numeric))
	for _, r := range cells {
		lines = append(lines, tableRow(st.Text, r, widths, numeric))
	}
	if more > 0 {
		lines = append(lines, st.Muted.Render("  … "+styles.Plural(more, "more column")+" not shown"))
	}
	if n := len(rows) - len(shown); n > 0 {
		lines = append(lines, st.Muted.Render("  … truncated: "+styles.Plural(n, "more row")))
	}
	return lines
}

func tableRow(style lipgloss.Style, cells []string, widths []int, right []bool) string {
	var b strings.Builder
	b.WriteString("  ")
	for i, c := range cells {
		pad := strings.Repeat(" ", widths[i]-ansi.StringWidth(c))
		if right[i] {
			c = pad + c
		} else if i < len(cells)-1 {
			c += pad
		}
		if i > 0 {
			b.WriteString("  ")
		}
		b.WriteString(c)
	}
	return style.Render(b.String())
}

// cellText is one table cell: cleaned, one line, at most maxCellWidth.
func cellText(s string) string {
	return ansi.Truncate(termsafe.Line(s), maxCellWidth, "…")
}

func scalarText(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case float64:
		return numberText(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

func numberText(f float64) string {
	if math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// jsonLines writes a value as indented JSON, one styled line at a time,
// stopping at maxDataRows lines.
type jsonLines struct {
	st    *styles.Styles
	lines []string
	full  bool // maxDataRows reached: the rest is left out
}

func (j *jsonLines) add(line string) {
	if len(j.lines) >= maxDataRows {
		j.full = true
		return
	}
	j.lines = append(j.lines, line)
}

// value writes v after prefix (indent and key) and before suffix (",").
func (j *jsonLines) value(prefix string, v any, depth int, suffix string) {
	indent := strings.Repeat("  ", depth)
	if depth >= maxDataDepth {
		j.add(prefix + j.st.Muted.Render("…") + suffix)
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			j.add(prefix + "{}" + suffix)
			return
		}
		j.add(prefix + "{")
		km := make([]string, 0, len(x))
		for k := range x {
			km = append(km, k)
		}
		sort.Strings(km)
		for i, k := range km {
			if j.full {
				break
			}
			p := indent + "  " + j.st.Key.Render(jsonQuote(k)) + ": "
			j.value(p, x[k], depth+1, comma(i, len(km)))
		}
		j.add(indent + "}" + suffix)
	case []any:
		if len(x) == 0 {
			j.add(prefix + "[]" + suffix)
			return
		}
		j.add(prefix + "[")
		for i, e := range x {
			if j.full {
				break
			}
			j.value(indent+"  ", e, depth+1, comma(i, len(x)))
		}
		j.add(indent + "]" + suffix)
	case string:
		j.add(prefix + j.st.String.Render(jsonQuote(x)) + suffix)
	case float64:
		j.add(prefix + j.st.Number.Render(numberText(x)) + suffix)
	case bool, nil:
		j.add(prefix + j.st.Info.Render(scalarText(x)) + suffix)
	default:
		j.add(prefix + j.st.Text.Render(jsonQuote(fmt.Sprint(x))) + suffix)
	}
}

func comma(i, n int) string {
	if i < n-1 {
		return ","
	}
	return ""
}

// jsonQuote quotes s as JSON. Control characters come out as \u escapes,
// visible text rather than anything a terminal would act on; what
// remains is cleaned anyway (C1 controls, broken UTF-8).
func jsonQuote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return `""`
	}
	return termsafe.Line(strings.TrimSuffix(b.String(), "\n"))
}
