package cli

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// termScreen is the screen a terminal of a given size shows after the
// bytes the text printer writes: printable text wrapping at the width
// (a wide character that does not fit goes to the next row whole; a
// row filled to its last cell wraps only when more is printed), a
// newline going to the start of the next row (the tty's onlcr), CR, a
// tab, cursor up (CUU), erase below (ED) and erase to the end of the
// row (EL). Rows scrolled off the top are kept, as a terminal's
// scrollback. Any other control or sequence fails the test: the
// printer must not send it.
type termScreen struct {
	t             *testing.T
	width, height int
	scrollback    [][]string
	rows          [][]string // height rows of width cells; "" is blank, a wide character's second cell is "\x00"
	x, y          int        // x == width: the last cell is filled, the wrap pending
	// runeWidth, when set, makes this a terminal that advances the
	// cursor per code point by the width runeWidth gives (as xterm,
	// tmux and VTE do, each with its own table) instead of per grapheme.
	runeWidth func(r rune) int
}

func newTermScreen(t *testing.T, width, height int) *termScreen {
	s := &termScreen{t: t, width: width, height: height}
	for range height {
		s.rows = append(s.rows, make([]string, width))
	}
	return s
}

// write interprets b.
func (s *termScreen) write(b string) {
	s.t.Helper()
	for b != "" {
		switch c := b[0]; {
		case c == '\n':
			s.lineFeed()
			s.x = 0
			b = b[1:]
		case c == '\r':
			s.x = 0
			b = b[1:]
		case c == '\t': // to the next stop, every 8 cells; never past the last cell
			if s.x < s.width {
				s.x = min((s.x/8+1)*8, s.width-1)
			}
			b = b[1:]
		case c == 0x1b:
			b = s.sequence(b)
		case c < 0x20 || c == 0x7f:
			s.t.Fatalf("the printer sent control %#x", c)
		case s.runeWidth != nil:
			r, n := utf8.DecodeRuneInString(b)
			s.put(b[:n], s.runeWidth(r))
			b = b[n:]
		default:
			g, w := ansi.FirstGraphemeCluster(b, ansi.GraphemeWidth)
			s.put(g, w)
			b = b[len(g):]
		}
	}
}

func (s *termScreen) sequence(b string) string {
	s.t.Helper()
	if len(b) < 2 || b[1] != '[' {
		s.t.Fatalf("the printer sent an escape sequence this screen does not know: %q", b)
	}
	i := 2
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	if i == len(b) {
		s.t.Fatalf("an unfinished sequence: %q", b)
	}
	n := 0
	if i > 2 {
		n, _ = strconv.Atoi(b[2:i])
	}
	switch b[i] {
	case 'A':
		n = max(n, 1)
		if n > s.y {
			s.t.Fatalf("the cursor went up %d rows from row %d of the screen: into the scrollback", n, s.y)
		}
		s.y -= n
		s.x = min(s.x, s.width-1)
	case 'J':
		if n != 0 {
			s.t.Fatalf("the printer erased with ED %d", n)
		}
		s.eraseRow(s.y, s.x)
		for y := s.y + 1; y < s.height; y++ {
			s.eraseRow(y, 0)
		}
	case 'K':
		if n != 0 {
			s.t.Fatalf("the printer erased with EL %d", n)
		}
		s.eraseRow(s.y, s.x)
	default:
		s.t.Fatalf("the printer sent a sequence this screen does not know: %q", b[:i+1])
	}
	return b[i+1:]
}

func (s *termScreen) eraseRow(y, from int) {
	for x := min(from, s.width); x < s.width; x++ {
		s.rows[y][x] = ""
	}
}

func (s *termScreen) put(g string, w int) {
	if w == 0 {
		return // joins the cell before it; nothing moves
	}
	if s.x+w > s.width {
		s.lineFeed()
		s.x = 0
	}
	s.rows[s.y][s.x] = g
	for i := 1; i < w; i++ {
		s.rows[s.y][s.x+i] = "\x00"
	}
	s.x += w
}

func (s *termScreen) lineFeed() {
	if s.y < s.height-1 {
		s.y++
		return
	}
	s.scrollback = append(s.scrollback, s.rows[0])
	s.rows = append(s.rows[1:], make([]string, s.width))
}

// lines is every row, scrollback first, each without its trailing
// blanks, without the blank rows at the end.
func (s *termScreen) lines() []string {
	var out []string
	for _, r := range append(append([][]string{}, s.scrollback...), s.rows...) {
		var b strings.Builder
		for _, c := range r {
			switch c {
			case "":
				b.WriteByte(' ')
			case "\x00":
			default:
				b.WriteString(c)
			}
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

func (s *termScreen) String() string { return strings.Join(s.lines(), "\n") }
