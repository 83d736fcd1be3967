package wire

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// View is the wire log as a dialog, full screen: one entry per
// request, response, stream event or note, newest last. The cursor picks
// an entry; enter expands it to every header and its pretty-printed body,
// y copies it. It reads the log when it opens and when the log says it
// changed, so the log costs the UI nothing while the view is closed.
type View struct {
	log  *Log
	keys *keys.Map

	recs   []a2aclient.WireRecord
	open   map[string]bool // expanded entries, by wireID
	sel    int             // the cursor's entry
	follow bool            // the cursor is on the newest entry and stays there
	top    int             // first line shown
	reveal bool            // scroll to the cursor's entry at the next draw
	flash  string          // what the last action did, shown until the next key

	sw, sh int // the screen's size (SetSize)
	// The layout of the last draw: each entry's lines for that width and
	// styles, and where each entry starts among all lines.
	st     *styles.Styles
	w, h   int
	cache  map[string][]string
	starts []int
	lines  []string
}

func NewView(log *Log, km *keys.Map) *View {
	v := &View{log: log, keys: keys.Or(km), open: map[string]bool{}, follow: true, reveal: true}
	v.refresh()
	return v
}

// wireViewID names the wire view on the overlay.
const wireViewID = "wire"

func (v *View) Full() bool { return true }

func (v *View) ID() string { return wireViewID }

func (v *View) SetSize(w, h int) { v.sw, v.sh = w, h }

// Update takes a key, the wheel, and the log's news that it changed.
func (v *View) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return v.key(msg)
	case tea.MouseWheelMsg:
		v.wheel(msg)
	case ChangedMsg:
		v.refresh()
	}
	return nil, nil
}

// refresh re-reads the log, keeping the cursor on its entry (or on the
// newest one, when it was there). It re-arms the log's notification: one
// covers every record until the view reads them, so a stream costs a
// closed view one message.
func (v *View) refresh() {
	v.log.seen()
	var selID string
	if v.sel < len(v.recs) {
		selID = wireID(v.recs[v.sel])
	}
	v.recs = v.log.Records()
	v.lines = nil // laid out again at the next draw
	switch {
	case v.follow || selID == "":
		v.sel = max(len(v.recs)-1, 0)
		v.reveal = v.follow
	default:
		v.sel = 0
		for i := len(v.recs) - 1; i >= 0; i-- {
			if wireID(v.recs[i]) == selID {
				v.sel = i
				break
			}
		}
	}
}

func (v *View) key(msg tea.KeyPressMsg) (tea.Cmd, component.Action) {
	k := v.keys.Wire
	v.flash = ""
	switch {
	case key.Matches(msg, k.Close), key.Matches(msg, v.keys.Global.Wire):
		return nil, component.Close{}
	case key.Matches(msg, k.Up):
		v.move(v.sel - 1)
	case key.Matches(msg, k.Down):
		v.move(v.sel + 1)
	case key.Matches(msg, k.Top):
		v.move(0)
	case key.Matches(msg, k.Bottom):
		v.move(len(v.recs) - 1)
	case key.Matches(msg, k.PageUp):
		v.scroll(-v.page())
	case key.Matches(msg, k.PageDown):
		v.scroll(v.page())
	case key.Matches(msg, k.Expand):
		if len(v.recs) > 0 {
			id := wireID(v.recs[v.sel])
			v.open[id] = !v.open[id]
			v.lines, v.reveal = nil, true
		}
	case key.Matches(msg, k.Copy):
		if len(v.recs) == 0 {
			v.flash = "Nothing to copy yet."
			return nil, nil
		}
		r := v.recs[v.sel]
		text := wireCopy(r)
		n := strings.Count(text, "\n")
		v.flash = "Copied the " + r.Time.Format("15:04:05.000") + " " + wireNoun(r.Kind) + " (" + styles.Plural(n, "line") + ")."
		return tea.SetClipboard(text), nil
	}
	return nil, nil
}

// wheel scrolls WheelRows lines a notch, as the chat does.
func (v *View) wheel(msg tea.MouseWheelMsg) {
	switch msg.Button {
	case tea.MouseWheelUp:
		v.scroll(component.WheelStep(true))
	case tea.MouseWheelDown:
		v.scroll(component.WheelStep(false))
	}
}

func (v *View) move(i int) {
	v.sel = min(max(i, 0), max(len(v.recs)-1, 0))
	v.follow = v.sel == len(v.recs)-1
	v.reveal = true
}

func (v *View) page() int { return max(v.h-1, 1) }

// scroll moves the view by n lines. The cursor stays on its entry while
// any of it shows (reading a long body page by page), else it goes to the
// entry at the top of the view.
func (v *View) scroll(n int) {
	v.layout()
	v.top = min(max(v.top+n, 0), max(len(v.lines)-v.h, 0))
	if len(v.recs) == 0 {
		return
	}
	start, end := v.span(v.sel)
	if end <= v.top || start >= v.top+v.h {
		v.sel = v.entryAt(v.top)
		if n > 0 && v.top+v.h >= len(v.lines) {
			v.sel = len(v.recs) - 1
		}
		v.follow = v.sel == len(v.recs)-1
	}
}

// span is the first line of entry i and the line after its last.
func (v *View) span(i int) (int, int) {
	if i+1 < len(v.starts) {
		return v.starts[i], v.starts[i+1]
	}
	return v.starts[i], len(v.lines)
}

func (v *View) entryAt(line int) int {
	i := 0
	for i+1 < len(v.starts) && v.starts[i+1] <= line {
		i++
	}
	return i
}

// layout lays every entry out for the last drawn size, reusing each
// entry's lines while its width, styles and fold stay the same.
func (v *View) layout() {
	if v.lines != nil || v.st == nil {
		return
	}
	if v.cache == nil {
		v.cache = map[string][]string{}
	}
	v.starts = v.starts[:0]
	v.lines = []string{}
	seen := make(map[string][]string, len(v.recs))
	for _, r := range v.recs {
		id := wireID(r)
		key := id
		if v.open[id] {
			key += " open"
		}
		ls, ok := v.cache[key]
		if !ok {
			ls = wireLines(v.st, r, v.w, v.open[id])
		}
		seen[key] = ls
		v.starts = append(v.starts, len(v.lines))
		v.lines = append(v.lines, ls...)
	}
	v.cache = seen // records gone from the log leave the cache too
}

func (v *View) View(st *styles.Styles) string {
	w, h := v.sw, v.sh
	cw, ch := max(w-5, 10), max(h-3, 1) // borders, the cursor's gutter, the keys line
	if st != v.st || cw != v.w {
		v.cache, v.lines = nil, nil
	}
	v.st, v.w, v.h = st, cw, ch
	v.layout()
	var body string
	if len(v.recs) == 0 {
		body = st.Muted.Render(" No traffic yet. Requests, responses and stream events appear here, secrets redacted.")
	} else {
		if v.reveal {
			start, end := v.span(v.sel)
			if start < v.top || end-start > v.h {
				v.top = start
			} else if end > v.top+v.h {
				v.top = end - v.h
			}
			v.reveal = false
		}
		v.top = min(max(v.top, 0), max(len(v.lines)-v.h, 0))
		start, end := v.span(v.sel)
		shown := v.lines[v.top:min(v.top+v.h, len(v.lines))]
		out := make([]string, len(shown))
		for i, l := range shown {
			gutter := "   "
			if n := v.top + i; n == start {
				gutter = st.Accent.Render(" ▸ ")
			} else if n > start && n < end {
				gutter = st.Accent.Render(" ┆ ")
			}
			out[i] = gutter + l
		}
		body = strings.Join(out, "\n")
	}
	title := fmt.Sprintf("Wire · %d %s · newest last · secrets redacted", len(v.recs), styles.Pick(len(v.recs), "entry", "entries"))
	return styles.Box(st, title, "", body, w, h-1, true) + "\n " + styles.Clip(v.footer(st), w-2)
}

// footer is the flash of the last action, else the view's keys from the
// registry.
func (v *View) footer(st *styles.Styles) string {
	if v.flash != "" {
		return st.Info.Render(v.flash)
	}
	k := v.keys.Wire
	return st.Muted.Render(keys.JoinNotes(
		keys.FirstKey(k.Up)+"/"+keys.FirstKey(k.Down)+" entry",
		keys.Note(k.Expand, "expand"),
		keys.Note(k.Copy, "copy"),
		keys.FirstKey(k.PageUp)+"/"+keys.FirstKey(k.PageDown)+" scroll",
		keys.Note(k.Close, "close"),
	))
}
