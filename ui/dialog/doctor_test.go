package dialog

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

var update = flag.Bool("update", false, "rewrite the dialogs' goldens")

// requireGolden compares got with testdata/golden/<name>.golden;
// -update rewrites it.
func requireGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run `go test ./ui/dialog -run %s -update` to create it)", err, t.Name())
	}
	if string(want) != got {
		t.Fatalf("%s differs (rerun with -update if the change is intended)\nwant:\n%s\ngot:\n%s", path, want, got)
	}
}

const doctorCard = "http://127.0.0.1:4141/.well-known/agent-card.json"

// doctorResults is a run of a small agent: one interface of each kind
// of result.
func doctorResults() []doctor.Result {
	const rpc = "http://127.0.0.1:4141/v1.0"
	return []doctor.Result{
		{Check: "card", Interface: doctorCard, Status: doctor.Pass, Detail: "Fetched (1.2 KB), v1.0.", Duration: 3 * time.Millisecond},
		{Check: "card fields", Interface: doctorCard, Status: doctor.Pass},
		{Check: "card signature", Interface: doctorCard, Status: doctor.Skip, Detail: "The card is not signed."},
		{Check: "binding", Interface: rpc, Binding: "JSONRPC", Version: "1.0", Status: doctor.Pass},
		{Check: "streaming", Interface: rpc, Binding: "JSONRPC", Version: "1.0", Status: doctor.Fail,
			Detail: "The card declares streaming but SendStreamingMessage was refused with -32601 (method not found); expected a stream of events ending in a terminal state (spec §3.3.2).", Duration: 41 * time.Millisecond},
		{Check: "push", Interface: rpc, Binding: "JSONRPC", Version: "1.0", Status: doctor.Warn, Detail: "Push is declared, but no notification reached parley's receiver on loopback."},
	}
}

// doctorWith is a view fed results as a finished run would have.
func doctorWith(results []doctor.Result) *Doctor {
	d := NewDoctor(keys.Or(nil), 7, "Demo", 3, nil)
	d.feed = newFeed[doctorMsg]()
	d.Update(doctorMsg{agent: 7, seq: 3, ifaces: []string{doctorCard, "http://127.0.0.1:4141/v1.0"}})
	for i := range results {
		d.Update(doctorMsg{agent: 7, seq: 3, result: &results[i]})
	}
	d.Update(doctorMsg{agent: 7, seq: 3, done: true})
	return d
}

// The view at 80 and 120 columns: the checks in a column each, the
// failed one's detail whole on enter.
func TestGoldenDoctorView(t *testing.T) {
	st := styles.New(themes.Dark)
	for _, w := range []int{80, 120} {
		d := doctorWith(doctorResults())
		d.cursor = 4
		d.Update(uitest.Key("enter"))
		requireGolden(t, "doctor-"+map[int]string{80: "80", 120: "120"}[w], ansi.Strip(drawnDialog(d, st, w, 30)))
	}
}

// A late result of an earlier run (the view closed and opened again) or
// of another agent is dropped; the current run's is listed.
func TestDoctorDropsAStaleRunsResults(t *testing.T) {
	d := NewDoctor(keys.Or(nil), 7, "Demo", 3, nil)
	d.feed, d.running = newFeed[doctorMsg](), true
	stale := doctor.Result{Check: "card", Status: doctor.Fail, Detail: "from the earlier run"}
	for _, m := range []doctorMsg{{agent: 7, seq: 2, result: &stale}, {agent: 8, seq: 3, result: &stale}, {agent: 7, seq: 2, done: true}} {
		if cmd, _ := d.Update(m); cmd != nil {
			t.Errorf("a stale message %+v asked for more of its run", m)
		}
	}
	if len(d.results) != 0 || !d.running {
		t.Fatalf("a stale run's messages changed the view: %d results, running %v", len(d.results), d.running)
	}
	cur := doctor.Result{Check: "card", Status: doctor.Pass}
	if cmd, _ := d.Update(doctorMsg{agent: 7, seq: 3, result: &cur}); cmd == nil || len(d.results) != 1 {
		t.Fatalf("the current run's result was not taken (or it stopped listening): %d results", len(d.results))
	}
	if strings.Contains(ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 80, 24)), "earlier run") {
		t.Error("the earlier run's detail is on screen")
	}
}

// A hostile agent's words in a detail, an interface URL and a check
// name are drawn, opened or not, without driving the terminal.
func TestHostileDoctorDetail(t *testing.T) {
	evil := "\x1b]52;c;aGk=\a\x1b[2J\u202eevil\x9b31m\u200b"
	d := doctorWith([]doctor.Result{
		{Check: "card" + evil, Interface: "http://127.0.0.1:1/" + evil, Binding: "JSONRPC" + evil, Version: "1.0" + evil, Status: doctor.Fail, Detail: "seen " + evil},
	})
	d.err = errors.New("stopped " + evil)
	st := styles.New(themes.Dark)
	for _, w := range []int{40, 80, 120} {
		uitest.AssertTerminalSafe(t, drawnDialog(d, st, w, 20))
		d.Update(uitest.Key("enter"))
		uitest.AssertTerminalSafe(t, drawnDialog(d, st, w, 20))
		d.Update(uitest.Key("enter"))
	}
}

// runUntil runs a command as Bubble Tea would, batches included, and
// hands every message it makes to the view, until stop says so.
func runUntil(t *testing.T, d Dialog, cmd tea.Cmd, stop func() bool) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	deadline := time.After(10 * time.Second)
	msgs := make(chan tea.Msg, 64)
	for !stop() {
		for _, c := range queue {
			go func(c tea.Cmd) {
				if m := c(); m != nil {
					msgs <- m
				}
			}(c)
		}
		queue = nil
		select {
		case m := <-msgs:
			if b, ok := m.(tea.BatchMsg); ok {
				queue = append(queue, b...)
				continue
			}
			if _, tick := m.(doctorTickMsg); tick {
				continue // the spinner would keep the test going
			}
			if c, _ := d.Update(m); c != nil {
				queue = append(queue, c)
			}
		case <-deadline:
			t.Fatal("the run said nothing for 10s")
		}
	}
}

// The view lists each result as the run emits it and says when it is
// done; esc while a run goes on closes the view and cancels the run.
func TestDoctorRunsAndEscCancels(t *testing.T) {
	results := doctorResults()
	run := func(ctx context.Context, interfaces func([]string), emit func(doctor.Result)) error {
		interfaces([]string{doctorCard})
		for _, r := range results {
			emit(r)
		}
		return nil
	}
	d := NewDoctor(keys.Or(nil), 1, "Demo", 1, run)
	runUntil(t, d, d.Start(), func() bool { return !d.running })
	if len(d.results) != len(results) || d.err != nil {
		t.Fatalf("after the run: %d results (want %d), err %v", len(d.results), len(results), d.err)
	}
	if s := ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 120, 30)); !strings.Contains(s, "6 checks: 3 passed, 1 warning, 1 failed, 1 skipped") {
		t.Errorf("the summary does not count the results:\n%s", s)
	}

	cancelled := make(chan struct{})
	started := make(chan struct{})
	block := func(ctx context.Context, interfaces func([]string), emit func(doctor.Result)) error {
		emit(doctor.Result{Check: "card", Status: doctor.Pass})
		close(started)
		<-ctx.Done()
		close(cancelled)
		return ctx.Err()
	}
	d = NewDoctor(keys.Or(nil), 1, "Demo", 2, block)
	for _, c := range d.Start()().(tea.BatchMsg) {
		go c() // what they send back is not read: the view is closed by then
	}
	<-started
	if s := ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 80, 24)); !strings.Contains(s, "checking…") {
		t.Errorf("a running view shows no progress:\n%s", s)
	}
	if _, act := d.Update(uitest.Key("esc")); act != (component.Close{}) {
		t.Fatalf("esc: %#v, want Close", act)
	}
	select {
	case <-cancelled:
	case <-time.After(10 * time.Second):
		t.Fatal("esc did not cancel the run")
	}
}

// At every size the root draws dialogs at (40×10 and up), the doctor
// view and the raw console fit the screen, a detail or a reply open.
func TestDoctorAndRawFitTheScreen(t *testing.T) {
	st := styles.New(themes.Dark)
	doc := doctorWith(doctorResults())
	doc.cursor = 4
	doc.Update(uitest.Key("enter"))
	raw := newTestRaw(nil)
	raw.kept = []*rawExchange{{method: "GetTask", done: true, open: true, reply: &a2aclient.RawReply{Status: 200, Body: []byte(strings.Repeat(`{"a":[1,2,3]}`, 40))}}}
	raw.note = strings.Repeat("why it cannot be sent ", 10)
	for _, d := range []Dialog{doc, raw} {
		for _, size := range [][2]int{{40, 10}, {60, 15}, {80, 24}, {200, 60}} {
			screen := drawnDialog(d, st, size[0], size[1])
			lines := strings.Split(screen, "\n")
			if len(lines) > size[1] {
				t.Errorf("%s at %dx%d: %d lines", d.ID(), size[0], size[1], len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Errorf("%s at %dx%d: a line of %d cells: %q", d.ID(), size[0], size[1], w, ansi.Strip(l))
					break
				}
			}
		}
	}
}

// The doctor's checks, scrolled to the middle: the count hidden above on
// the list's first line, the count below on its last.
func TestDoctorCountsHiddenAboveOnTopAndBelowAtBottom(t *testing.T) {
	var results []doctor.Result
	for i := 0; i < 30; i++ {
		results = append(results, doctor.Result{Check: fmt.Sprintf("row-%02d", i), Interface: "http://127.0.0.1:4141/", Status: doctor.Pass})
	}
	d := doctorWith(results)
	d.cursor = 15
	noteLines(t, ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 80, 16)))
}

// An interface's URL too long for its column keeps its start, the
// scheme and host that say which server it is, and is cut after them.
func TestDoctorURLColumnKeepsTheOrigin(t *testing.T) {
	const url = "https://agents.example.com/tenants/acme/a2a/v1.0/jsonrpc"
	// Two origins: the rows name theirs (one origin goes in the header).
	d := doctorWith([]doctor.Result{
		{Check: "binding", Interface: url, Status: doctor.Pass},
		{Check: "card", Interface: "https://cards.example.org/agent-card.json", Status: doctor.Pass},
	})
	screen := ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 120, 20))
	var row string
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "binding") {
			row = l
		}
	}
	if strings.Contains(row, url) {
		t.Fatalf("the test needs a column too narrow for the URL:\n%s", screen)
	}
	if !strings.Contains(row, "https://agents.example.com") || !strings.Contains(row, "…") {
		t.Fatalf("the URL's scheme and host are cut:\n%s", screen)
	}
}

// The doctor's list jumps to its ends (home/end, g/G) and moves by a page
// (pgup/pgdown), as the chat does.
func TestDoctorJumpsAndPages(t *testing.T) {
	var many []doctor.Result
	for range 10 {
		many = append(many, doctorResults()...)
	}
	d := doctorWith(many)
	d.SetSize(100, 20)
	d.cursor = 0
	d.View(styles.New(themes.Dark))
	for _, c := range []struct {
		key  string
		want func(int) bool
	}{
		{"G", func(c int) bool { return c == len(many)-1 }},
		{"g", func(c int) bool { return c == 0 }},
		{"end", func(c int) bool { return c == len(many)-1 }},
		{"home", func(c int) bool { return c == 0 }},
		{"pgdown", func(c int) bool { return c > 3 }},
		{"pgup", func(c int) bool { return c == 0 }},
	} {
		d.Update(uitest.Key(c.key))
		if !c.want(d.cursor) {
			t.Errorf("%s left the cursor on %d of %d", c.key, d.cursor, len(many))
		}
	}
}

// At 80 columns two interfaces of one origin stay told apart: the rows
// show what differs (the path and the binding), the header the origin
// they share.
func TestDoctorRowsTellInterfacesOfOneOriginApart(t *testing.T) {
	const o = "http://127.0.0.1:4141"
	d := doctorWith([]doctor.Result{
		{Check: "binding", Interface: o + "/v0.3/jsonrpc", Binding: "JSONRPC", Version: "0.3", Status: doctor.Pass},
		{Check: "binding", Interface: o + "/v1.0/jsonrpc", Binding: "JSONRPC", Version: "1.0", Status: doctor.Pass},
		{Check: "binding", Interface: o, Binding: "GRPC", Version: "1.0", Status: doctor.Pass},
	})
	screen := ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 80, 20))
	var rows []string
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "binding") {
			rows = append(rows, l)
		}
	}
	if len(rows) != 3 {
		t.Fatalf("%d binding rows:\n%s", len(rows), screen)
	}
	for i, want := range []string{"v0.3", "v1.0", "GRPC"} {
		if !strings.Contains(rows[i], want) {
			t.Errorf("row %d does not say %q, what tells it apart:\n%s", i, want, screen)
		}
	}
	if !strings.Contains(screen, o) {
		t.Errorf("the origin the interfaces share is shown nowhere:\n%s", screen)
	}
}
