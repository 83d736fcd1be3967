package dialog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// The doctor view runs parley doctor's checks on one agent and lists
// them as they come: a spinner while the run lasts, a detail on enter,
// esc closes it and cancels the run.

// DoctorRun runs the checks: interfaces hears once the URLs the results
// will name (to size the interface column), emit hears each result. It
// blocks until the run ends or ctx is cancelled; the view runs it in a
// command.
type DoctorRun func(ctx context.Context, interfaces func(urls []string), emit func(doctor.Result)) error

// doctorID names the doctor view on the overlay.
const doctorID = "doctor"

// doctorMsg is one thing a run said, tagged with the agent (its
// workspace id) and the run's sequence number: a message of a run that
// is not the view's current one is dropped.
type doctorMsg struct {
	agent, seq int
	ifaces     []string       // the card's interfaces, once
	result     *doctor.Result // one check's result
	done       bool
	err        error // what stopped the run (no card), with done
}

func (doctorMsg) Redraws() component.Redraw { return component.RedrawAll }
func (doctorMsg) To() string                { return doctorID }

// doctorTickMsg turns the spinner while the run lasts.
type doctorTickMsg struct{ agent, seq int }

func (doctorTickMsg) Redraws() component.Redraw { return component.RedrawAll }
func (doctorTickMsg) To() string                { return doctorID }

// doctorTick is how often the spinner turns.
const doctorTick = 120 * time.Millisecond

// spinnerFrames are the spinner's frames.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// Doctor is the doctor view of one agent.
type Doctor struct {
	keys    *keys.Map
	agent   int // the workspace's id of the agent
	label   string
	seq     int
	run     DoctorRun
	cancel  context.CancelFunc
	feed    *feed[doctorMsg]
	results []doctor.Result
	ifaceW  int // the interface column's width, from the card's interfaces
	running bool
	err     error
	cursor  int
	open    bool // the detail of the result under the cursor is shown whole
	frame   int
	rows    int // the rows View last had room for
	w, h    int
}

// NewDoctor builds the doctor view of the agent the workspace knows as
// agent, named label; seq numbers the run among the root's. Start runs it.
func NewDoctor(km *keys.Map, agent int, label string, seq int, run DoctorRun) *Doctor {
	return &Doctor{keys: km, agent: agent, label: label, seq: seq, run: run}
}

// Start runs the checks in a command; what the run says comes back
// through the feed, one message at a time.
func (d *Doctor) Start() tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel, d.running, d.feed = cancel, true, newFeed[doctorMsg]()
	feed, agent, seq, run := d.feed, d.agent, d.seq, d.run
	work := func() tea.Msg {
		defer cancel()
		err := run(ctx, func(urls []string) {
			feed.push(doctorMsg{agent: agent, seq: seq, ifaces: urls})
		}, func(r doctor.Result) {
			feed.push(doctorMsg{agent: agent, seq: seq, result: &r})
		})
		feed.push(doctorMsg{agent: agent, seq: seq, done: true, err: err})
		return nil
	}
	return tea.Batch(work, feed.next, d.tick())
}

func (d *Doctor) tick() tea.Cmd {
	agent, seq := d.agent, d.seq
	return tea.Tick(doctorTick, func(time.Time) tea.Msg { return doctorTickMsg{agent: agent, seq: seq} })
}

func (d *Doctor) Full() bool { return false }

func (d *Doctor) ID() string { return doctorID }

func (d *Doctor) SetSize(w, h int) { d.w, d.h = w, h }

// Update takes the run's messages (a stale run's are dropped), turns the
// spinner, and moves, opens and closes.
func (d *Doctor) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	switch msg := msg.(type) {
	case doctorMsg:
		if msg.agent != d.agent || msg.seq != d.seq {
			return nil, nil // another run's
		}
		return d.onRun(msg), nil
	case doctorTickMsg:
		if msg.agent != d.agent || msg.seq != d.seq || !d.running {
			return nil, nil
		}
		d.frame++
		return d.tick(), nil
	case tea.KeyPressMsg:
		return d.key(msg)
	}
	return nil, nil
}

func (d *Doctor) onRun(msg doctorMsg) tea.Cmd {
	switch {
	case msg.done:
		d.running, d.err = false, msg.err
		return nil
	case msg.result != nil:
		follow := !d.open && d.cursor >= len(d.results)-1
		d.results = append(d.results, *msg.result)
		if follow {
			d.cursor = len(d.results) - 1
		}
	case msg.ifaces != nil:
		for _, u := range msg.ifaces {
			d.ifaceW = max(d.ifaceW, styles.CellWidth(termsafe.Line(u)))
		}
	}
	return d.feed.next
}

func (d *Doctor) key(msg tea.KeyPressMsg) (tea.Cmd, component.Action) {
	k := d.keys.Doctor
	switch {
	case key.Matches(msg, k.Close):
		if d.cancel != nil {
			d.cancel()
		}
		d.running = false
		return nil, component.Close{}
	case key.Matches(msg, k.Up):
		d.cursor = max(d.cursor-1, 0)
	case key.Matches(msg, k.Down):
		d.cursor = max(min(d.cursor+1, len(d.results)-1), 0)
	case key.Matches(msg, k.PageUp):
		d.cursor = max(d.cursor-d.page(), 0)
	case key.Matches(msg, k.PageDown):
		d.cursor = max(min(d.cursor+d.page(), len(d.results)-1), 0)
	case key.Matches(msg, k.Top):
		d.cursor = 0
	case key.Matches(msg, k.Bottom):
		d.cursor = max(len(d.results)-1, 0)
	case key.Matches(msg, k.Details):
		d.open = !d.open && len(d.results) > 0
	}
	return nil, nil
}

// page is how far pgup and pgdown move: the rows View last listed.
func (d *Doctor) page() int { return max(d.rows-1, 1) }

// tally counts the results by status.
func (d *Doctor) tally() map[doctor.Status]int {
	n := map[doctor.Status]int{}
	for _, r := range d.results {
		n[r.Status]++
	}
	return n
}

// summary is the line under the heading: the spinner while it runs, the
// count by status when done, what stopped it.
func (d *Doctor) summary(st *styles.Styles) string {
	n := d.tally()
	counts := fmt.Sprintf("%d passed, %s, %d failed, %d skipped", n[doctor.Pass], styles.Plural(n[doctor.Warn], "warning"), n[doctor.Fail], n[doctor.Skip])
	switch {
	case d.running:
		return st.Accent.Render(spinnerFrames[d.frame%len(spinnerFrames)]) + st.Text.Render(" checking… "+styles.Plural(len(d.results), "check")+" so far: "+counts)
	case d.err != nil:
		return st.Error.Render("Stopped: " + styles.Sentence(termsafe.Line(d.err.Error())))
	case n[doctor.Fail] > 0:
		return st.Error.Render(styles.Plural(len(d.results), "check") + ": " + counts)
	}
	return st.Success.Render(styles.Plural(len(d.results), "check") + ": " + counts)
}

// mark is a status's glyph and tone, as parley doctor prints them.
func mark(st *styles.Styles, s doctor.Status) string {
	switch s {
	case doctor.Pass:
		return st.Success.Render("✓")
	case doctor.Warn:
		return st.Warning.Render("!")
	case doctor.Fail:
		return st.Error.Render("✗")
	}
	return st.Muted.Render("–")
}

// took is how long a check took, in milliseconds under a second.
func took(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return styles.DurationShort(d)
}

// checkW is the check column's width: the longest check's name.
const checkW = len("card signature")

func (d *Doctor) View(st *styles.Styles) string {
	bw := min(max(d.w-6, 30), 120)
	inner := bw - 4
	verb := "Checked "
	if d.running {
		verb = "Checking "
	}
	origin := sharedOrigin(d.results)
	at := ""
	if origin != "" {
		at = " at " + termsafe.Line(origin)
	}
	head := styles.WrapStyle(st.Text, verb+termsafe.Line(d.label)+at+" against its card and the A2A spec on every interface it declares (sends one short message on each; records nothing).", inner, 3)
	lines := append(head, d.summary(st), "")
	// Two fifths of the row: room for an origin and the end of its path.
	ifaceW := min(max(d.ifaceW, whereWidth(d.results, origin)), max(inner*2/5, 10))
	if origin != "" {
		ifaceW = min(whereWidth(d.results, origin), max(inner*2/5, 10))
	}
	var detail []string
	if d.open && d.cursor < len(d.results) {
		r := d.results[d.cursor]
		text := termsafe.Line(r.Detail)
		if text == "" {
			text = "No detail."
		}
		where := termsafe.Line(r.Interface)
		if r.Binding != "" {
			where += " (" + termsafe.Line(r.Binding) + " " + termsafe.Line(r.Version) + ")"
		}
		detail = append(styles.WrapStyle(st.Muted, "on "+where+", "+took(r.Duration), inner-4, 2),
			styles.WrapStyle(st.Text, text, inner-4, max(d.h/3, 3))...)
	}
	rows := max(min(d.h-4, len(d.results)+len(lines)+len(detail)+2)-len(lines)-len(detail)-2, 1)
	// The room holds the rows and the notes of those hidden above and below.
	d.rows = rows
	first, end := styles.CenteredWindow(len(d.results), d.cursor, rows)
	above, below := styles.HiddenNotes(st, len(d.results), first, end, inner)
	if above != "" {
		lines = append(lines, above)
	}
	for i := first; i < end; i++ {
		r := d.results[i]
		cur := " "
		if i == d.cursor {
			cur = "›"
		}
		row := styles.Fit(termsafe.Line(r.Check), checkW) + "  " + styles.Fit(styles.ClipURL(where(r, origin), ifaceW), ifaceW)
		if r.Status == doctor.Warn || r.Status == doctor.Fail || r.Status == doctor.Skip {
			row += "  " + termsafe.Line(r.Detail)
		}
		row = styles.Clip(row, inner-4)
		if i == d.cursor {
			row = st.Selected.Render(styles.Fit(row, inner-4))
		} else {
			row = st.Text.Render(row)
		}
		lines = append(lines, cur+mark(st, r.Status)+"  "+row)
		if i == d.cursor {
			for _, l := range detail {
				lines = append(lines, "    "+l)
			}
		}
	}
	if below != "" {
		lines = append(lines, below)
	}
	k := d.keys.Doctor
	note := keys.JoinNotes(keys.FirstKey(k.Up)+"/"+keys.FirstKey(k.Down)+" pick", keys.Note(k.Details, "detail"), keys.FirstKey(k.Top)+"/"+keys.FirstKey(k.Bottom)+" ends", keys.Note(k.Close, ""))
	content := " " + strings.Join(lines, "\n ")
	return styles.Box(st, "Doctor · "+termsafe.Line(d.label), note, content, bw, min(len(lines)+2, d.h), true)
}
