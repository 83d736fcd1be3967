package chat

import (
	"strings"
	"unicode/utf8"
)

// sgrLines turns renderer output (glamour's, chroma's) into lines that
// carry nothing but text and SGR colour sequences.
//
// Agent text is cleaned before it reaches glamour, yet glamour itself
// writes escape sequences built from agent input: every Markdown link and
// image becomes an OSC 8 hyperlink to an agent-chosen URL. Keeping only
// SGR (ESC [ digits m) here is a whitelist on the output, so nothing a
// renderer emits can move the cursor, retitle the window, write the
// clipboard or hand the user a disguised link.
//
// It also compacts: glamour pads every line to the wrap width with one
// styled space per cell. Trailing blanks and styles that colour nothing
// are dropped, which shrinks the cached lines several times over and makes
// measuring them cheap. Each line that uses colour ends with a reset, so
// lines can be cut, padded and reordered independently.
func sgrLines(s string) []string {
	lines := make([]string, 0, strings.Count(s, "\n")+1)
	var out, pending []byte
	lastVisible := 0 // len(out) after the last non-blank cell
	firstSGR := -1   // where the first style went into out
	bg := false      // a background colour is on: its blanks are visible
	emit := func(text string, blank bool) {
		if len(pending) > 0 {
			if firstSGR < 0 {
				firstSGR = len(out)
			}
			out = append(out, pending...)
			pending = pending[:0]
		}
		out = append(out, text...)
		if !blank {
			lastVisible = len(out)
		}
	}
	endLine := func() {
		line := out[:lastVisible]
		if firstSGR >= 0 && firstSGR < lastVisible {
			line = append(line, "\x1b[m"...)
		}
		lines = append(lines, string(line))
		out, pending, lastVisible, firstSGR = out[:0], pending[:0], 0, -1
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			endLine()
			i++
		case c == 0x1b:
			end, sgr, reset := escapeEnd(s, i)
			switch {
			case reset:
				// A reset makes every style pending before it moot, and
				// is itself moot while the line has no style yet.
				pending = pending[:0]
				if firstSGR >= 0 {
					pending = append(pending, "\x1b[m"...)
				}
				bg = false
			case sgr:
				pending = append(pending, s[i:end]...)
				bg = sgrBackground(s[i+2:end-1], bg)
			}
			i = end
		case c == '\t' || c == ' ':
			emit(" ", !bg)
			i++
		case c < 0x20 || c == 0x7f:
			i++
		case c < utf8.RuneSelf:
			emit(s[i:i+1], false)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size <= 1 || r >= 0x80 && r <= 0x9f {
				i += size // C1 controls and broken bytes never reach the screen
				continue
			}
			emit(s[i:i+size], false)
			i += size
		}
	}
	if len(out) > 0 || len(lines) == 0 {
		endLine()
	}
	return lines
}

// escapeEnd returns the index just past the escape sequence starting at
// s[i] (an ESC), whether it is an SGR sequence to keep, and whether that
// SGR is a plain reset.
func escapeEnd(s string, i int) (end int, sgr, reset bool) {
	j := i + 1
	if j >= len(s) {
		return j, false, false
	}
	switch s[j] {
	case '[':
		j++
		start := j
		for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
			j++
		}
		params := s[start:j]
		inter := j
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j >= len(s) || s[j] < 0x40 || s[j] > 0x7e {
			return j, false, false // malformed: drop what was read
		}
		final := s[j]
		j++
		if final != 'm' || inter != j-1 || !sgrParams(params) {
			return j, false, false
		}
		return j, true, params == "" || params == "0"
	case ']', 'P', 'X', '^', '_':
		// Control strings (OSC 8 links among them) run to BEL or ST.
		for j++; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1, false, false
			}
			if s[j] == 0x1b {
				if j+1 < len(s) && s[j+1] == '\\' {
					return j + 2, false, false
				}
				return j, false, false
			}
		}
		return j, false, false
	}
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++
	}
	if j < len(s) {
		j++
	}
	return j, false, false
}

func sgrParams(p string) bool {
	for i := 0; i < len(p); i++ {
		if c := p[i]; (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	return true
}

// sgrBackground tells whether a background colour is on after the SGR
// parameters p, given whether one was on before.
func sgrBackground(p string, on bool) bool {
	params := strings.FieldsFunc(p, func(r rune) bool { return r == ';' || r == ':' })
	if len(params) == 0 {
		return false
	}
	for i := 0; i < len(params); i++ {
		switch n := params[i]; {
		case n == "0":
			on = false
		case n == "49":
			on = false
		case n == "48":
			on = true
			i = len(params) // its colour arguments follow
		case n == "38" || n == "58":
			// A foreground or underline colour: skip its arguments.
			if i+1 < len(params) && params[i+1] == "5" {
				i += 2
			} else if i+1 < len(params) && params[i+1] == "2" {
				i += 4
			}
		case len(n) == 2 && n[0] == '4' && n[1] >= '0' && n[1] <= '7',
			len(n) == 3 && n[0] == '1' && n[1] == '0' && n[2] >= '0' && n[2] <= '7':
			on = true
		}
	}
	return on
}
