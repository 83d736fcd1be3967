// Package ansisvg draws a terminal screen, as tmux capture-pane -e
// writes it (text with SGR colour and attribute sequences), as an SVG
// picture: the README's screenshot of the real binary (make
// screenshot). Each cell is one column of a monospaced grid; a run of
// cells in one style is one text element stretched to its columns, so
// box drawing and wide characters stay on the grid whatever the font.
package ansisvg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Options shape the picture.
type Options struct {
	Title string // drawn in the window's title bar; "" draws none
}

// The window's colours are the dark theme's (themes.Dark): its text on
// its background.
const (
	defaultFG = "#d8dee9"
	defaultBG = "#2e3440"
	cellW     = 8.4
	lineH     = 17.0
	fontSize  = 14.0
	pad       = 16.0
	titleH    = 30.0
)

// style is the look of a cell.
type style struct {
	fg, bg                             string // "" is the default
	bold, faint, italic, under, invert bool
}

// cell is one column of a line: a character (or, after a wide one, "").
type cell struct {
	ch string
	st style
}

// Render draws screen as SVG.
func Render(screen string, o Options) []byte {
	lines := parse(screen)
	cols := 0
	for _, l := range lines {
		cols = max(cols, len(l))
	}
	top := pad
	if o.Title != "" {
		top += titleH
	}
	w := float64(cols)*cellW + 2*pad
	h := top + float64(len(lines))*lineH + pad
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" rx="8" fill="%s"/>`+"\n", defaultBG)
	if o.Title != "" {
		for i, c := range []string{"#bf616a", "#ebcb8b", "#a3be8c"} {
			fmt.Fprintf(&b, `<circle cx="%.0f" cy="%.0f" r="6" fill="%s"/>`+"\n", pad+6+float64(i)*20, pad+4, c)
		}
		fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" fill="#7b8496" font-family="sans-serif" font-size="13" text-anchor="middle">%s</text>`+"\n",
			w/2, pad+8, escape(o.Title))
	}
	fmt.Fprintf(&b, `<g font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace" font-size="%.0f">`+"\n", fontSize)
	for row, l := range lines {
		y := top + float64(row)*lineH
		for _, r := range runs(l) {
			fg, bg := r.st.fg, r.st.bg
			if r.st.invert {
				fg, bg = or(bg, defaultBG), or(fg, defaultFG)
			}
			x := pad + float64(r.col)*cellW
			if bg != "" {
				fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"/>`+"\n", x, y, float64(r.cols)*cellW, lineH, bg)
			}
			if strings.TrimSpace(r.text) == "" {
				continue
			}
			attrs := fmt.Sprintf(`fill="%s"`, or(fg, defaultFG))
			if r.st.bold {
				attrs += ` font-weight="bold"`
			}
			if r.st.faint {
				attrs += ` opacity="0.6"`
			}
			if r.st.italic {
				attrs += ` font-style="italic"`
			}
			if r.st.under {
				attrs += ` text-decoration="underline"`
			}
			fmt.Fprintf(&b, `<text %s xml:space="preserve" x="%.2f" y="%.2f" textLength="%.2f" lengthAdjust="spacingAndGlyphs">%s</text>`+"\n",
				attrs, x, y+lineH*0.78, float64(r.cols)*cellW, escape(r.text))
		}
	}
	b.WriteString("</g>\n</svg>\n")
	return []byte(b.String())
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// run is cells of one style side by side.
type run struct {
	col, cols int
	text      string
	st        style
}

func runs(l []cell) []run {
	var out []run
	for i, c := range l {
		if c.ch == "" && i > 0 { // the second column of a wide character
			out[len(out)-1].cols++
			continue
		}
		if n := len(out); n > 0 && out[n-1].st == c.st {
			out[n-1].cols++
			out[n-1].text += c.ch
			continue
		}
		out = append(out, run{col: i, cols: 1, text: c.ch, st: c.st})
	}
	return out
}

// parse reads the screen into lines of cells, interpreting SGR
// sequences and dropping every other escape sequence and control
// character.
func parse(screen string) [][]cell {
	var lines [][]cell
	var st style
	for _, text := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
		var l []cell
		for len(text) > 0 {
			if text[0] == 0x1b {
				seq, n := escapeAt(text)
				if strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m") {
					st = sgr(st, seq[2:len(seq)-1])
				}
				text = text[n:]
				continue
			}
			g, width := ansi.FirstGraphemeCluster(text, ansi.GraphemeWidth)
			if g == "" {
				break
			}
			text = text[len(g):]
			if g[0] < 0x20 || g == "\x7f" {
				continue
			}
			l = append(l, cell{ch: g, st: st})
			for range width - 1 {
				l = append(l, cell{st: st})
			}
		}
		lines = append(lines, l)
	}
	return lines
}

// escapeAt is the escape sequence text starts with and its length: a
// CSI sequence up to its final byte, else the escape and one byte.
func escapeAt(text string) (string, int) {
	if len(text) > 1 && text[1] == '[' {
		for i := 2; i < len(text); i++ {
			if text[i] >= 0x40 && text[i] <= 0x7e {
				return text[:i+1], i + 1
			}
		}
		return text, len(text)
	}
	return text[:min(2, len(text))], min(2, len(text))
}

// sgr applies one SGR sequence's parameters to st.
func sgr(st style, params string) style {
	if params == "" {
		return style{}
	}
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		if strings.Contains(p, ":") { // 38:2::r:g:b, 38:5:n
			sub := strings.Split(p, ":")
			if c, ok := extColor(sub[1:], true); ok && (sub[0] == "38" || sub[0] == "48") {
				if sub[0] == "38" {
					st.fg = c
				} else {
					st.bg = c
				}
			}
			continue
		}
		n, _ := strconv.Atoi(p)
		switch {
		case n == 0:
			st = style{}
		case n == 1:
			st.bold = true
		case n == 2:
			st.faint = true
		case n == 3:
			st.italic = true
		case n == 4:
			st.under = true
		case n == 7:
			st.invert = true
		case n == 22:
			st.bold, st.faint = false, false
		case n == 23:
			st.italic = false
		case n == 24:
			st.under = false
		case n == 27:
			st.invert = false
		case n >= 30 && n <= 37:
			st.fg = palette(n - 30)
		case n >= 90 && n <= 97:
			st.fg = palette(n - 90 + 8)
		case n >= 40 && n <= 47:
			st.bg = palette(n - 40)
		case n >= 100 && n <= 107:
			st.bg = palette(n - 100 + 8)
		case n == 39:
			st.fg = ""
		case n == 49:
			st.bg = ""
		case n == 38 || n == 48:
			c, used := "", 0
			if i+1 < len(ps) && ps[i+1] == "5" && i+2 < len(ps) {
				c, _ = extColor(ps[i+1:i+3], false)
				used = 2
			} else if i+1 < len(ps) && ps[i+1] == "2" && i+4 < len(ps) {
				c, _ = extColor(ps[i+1:i+5], false)
				used = 4
			}
			if n == 38 {
				st.fg = c
			} else {
				st.bg = c
			}
			i += used
		}
	}
	return st
}

// extColor reads an extended colour: 5;n (the 256-colour palette) or
// 2;r;g;b; colon says the colon form, whose 2 has a colour space first.
func extColor(p []string, colon bool) (string, bool) {
	if len(p) < 2 {
		return "", false
	}
	switch p[0] {
	case "5":
		n, err := strconv.Atoi(p[1])
		return palette(n), err == nil
	case "2":
		rgb := p[1:]
		if colon && len(rgb) == 4 {
			rgb = rgb[1:]
		}
		if len(rgb) < 3 {
			return "", false
		}
		var v [3]int
		for k := range v {
			v[k], _ = strconv.Atoi(rgb[k])
		}
		return fmt.Sprintf("#%02x%02x%02x", v[0]&255, v[1]&255, v[2]&255), true
	}
	return "", false
}

// basic are the 16 colours of the palette's start, xterm's.
var basic = [16]string{"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
	"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"}

// palette is colour n of the 256-colour palette.
func palette(n int) string {
	switch {
	case n < 0 || n > 255:
		return ""
	case n < 16:
		return basic[n]
	case n < 232:
		n -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + v*40
		}
		return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
	}
	g := 8 + (n-232)*10
	return fmt.Sprintf("#%02x%02x%02x", g, g, g)
}

// escape writes text for XML.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
