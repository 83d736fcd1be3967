package dialog

import (
	"context"
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// The raw console sends one request at a time to one agent, written as
// its binding has it (as parley raw takes it), and keeps the last few
// with their replies, drawn as the wire view draws an entry: a line
// each, enter expands the body pretty-printed, a key copies it. The
// replies come redacted from a2aclient; nothing is recorded.

// RawSend sends a request on the agent's interface, handing each stream
// event to event (valid only during the call); the root gives
// a2aclient.Client.Raw.
type RawSend func(ctx context.Context, req a2aclient.RawRequest, event func([]byte)) (*a2aclient.RawReply, error)

// rawID names the raw console on the overlay.
const rawID = "raw"

// rawKept is how many requests the console keeps, newest last.
const rawKept = 8

// rawMaxEvents is how many events of one stream are kept; the count goes
// on.
const rawMaxEvents = 200

// rawExchange is one request sent and what came back.
type rawExchange struct {
	method, body string // as written
	reply        *a2aclient.RawReply
	events       [][]byte
	err          error
	done, open   bool
	// said and shown are the summary and the expanded lines of a done
	// exchange, read from its reply once: a frame draws them, and a
	// reply may be megabytes.
	said  string
	shown []string
}

// rawMsg is what a send said: an event, or the end with its reply or
// error. It names the exchange it belongs to: one the console no longer
// waits for (closed, or another agent's) is dropped.
type rawMsg struct {
	agent int
	ex    *rawExchange
	event []byte
	done  bool
	reply *a2aclient.RawReply
	err   error
}

func (rawMsg) Redraws() component.Redraw { return component.RedrawAll }
func (rawMsg) To() string                { return rawID }

// Raw fields, in the order tab moves through them.
const (
	rawMethod = iota
	rawBody
	rawReplies
)

// Raw is the raw console of one agent.
type Raw struct {
	keys     *keys.Map
	agent    int // the workspace's id of the agent
	label    string
	dialect  a2aclient.Dialect
	methods  []string
	send     RawSend
	method   textinput.Model
	body     textinput.Model
	focus    int
	pick     int // the method offered last (up/down), -1 before any
	kept     []*rawExchange
	cursor   int // among kept
	scroll   int // the first line of the open reply drawn
	bodyRows int // the lines View last had for the open reply
	inflight *rawExchange
	cancel   context.CancelFunc
	feed     *feed[rawMsg]
	note     string // why the request as written cannot be sent
	w, h     int
}

// NewRaw builds the raw console of the agent the workspace knows as
// agent, named label, speaking dialect, offering methods (its binding's
// requests: a2aclient.RawMethods, or the gRPC service's).
func NewRaw(st *styles.Styles, km *keys.Map, agent int, label string, dialect a2aclient.Dialect, methods []string, send RawSend) *Raw {
	d := &Raw{keys: km, agent: agent, label: label, dialect: dialect, methods: methods, send: send, pick: -1,
		method: newInput(st, ""), body: newInput(st, "")}
	d.method.Placeholder = "↑/↓ offers " + dialect.Label() + "'s requests"
	d.body.Placeholder = "{} (JSON)"
	d.body.Blur()
	return d
}

func (d *Raw) Full() bool { return false }

func (d *Raw) ID() string { return rawID }

func (d *Raw) SetSize(w, h int) {
	d.w, d.h = w, h
	iw := max(min(max(w-6, 40), 120)-14, 10)
	d.method.SetWidth(iw)
	d.body.SetWidth(iw)
}

// Update takes what a send says, the keys, and a paste into the field
// that has the focus.
func (d *Raw) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	switch msg := msg.(type) {
	case rawMsg:
		if msg.agent != d.agent || msg.ex == nil || msg.ex != d.inflight {
			return nil, nil // not the send this console waits for
		}
		return d.onSend(msg), nil
	case tea.KeyPressMsg:
		return d.key(msg)
	case tea.PasteMsg:
		return d.toField(msg), nil
	case tea.MouseWheelMsg:
		if ex := d.selected(); ex != nil && ex.open {
			d.scrollBy(map[bool]int{true: -rawWheel, false: rawWheel}[msg.Button == tea.MouseWheelUp])
		}
	}
	return nil, nil
}

func (d *Raw) onSend(msg rawMsg) tea.Cmd {
	ex := msg.ex
	if msg.done {
		ex.done, ex.reply, ex.err = true, msg.reply, msg.err
		d.inflight, d.cancel = nil, nil
		return nil
	}
	if len(ex.events) < rawMaxEvents {
		ex.events = append(ex.events, msg.event)
	}
	return d.feed.next
}

func (d *Raw) key(msg tea.KeyPressMsg) (tea.Cmd, component.Action) {
	k := d.keys.Raw
	switch {
	case key.Matches(msg, k.Close):
		if d.cancel != nil {
			d.cancel()
		}
		d.inflight = nil
		return nil, component.Close{}
	case key.Matches(msg, k.Send):
		return d.start(), nil
	case key.Matches(msg, k.Next):
		d.setFocus(d.focus + 1)
	case key.Matches(msg, k.Prev):
		d.setFocus(d.focus - 1)
	case key.Matches(msg, k.Copy):
		return d.copyReply(), nil
	case key.Matches(msg, k.Reuse):
		if ex := d.selected(); ex != nil {
			d.method.SetValue(ex.method)
			d.body.SetValue(ex.body)
			d.setFocus(rawBody)
		}
	case key.Matches(msg, k.Up) && d.focus == rawMethod:
		d.offer(-1)
	case key.Matches(msg, k.Down) && d.focus == rawMethod:
		d.offer(+1)
	case d.focus == rawReplies && d.scrollKey(msg):
	case key.Matches(msg, k.Expand):
		// In the method field enter goes on to the body; elsewhere it
		// expands (or folds) the reply under the cursor, as the border
		// says, the replies taking the focus to scroll it.
		if d.focus == rawMethod {
			d.setFocus(rawBody)
		} else if ex := d.selected(); ex != nil {
			d.setFocus(rawReplies)
			d.expand(ex)
		}
	default:
		return d.toField(msg), nil
	}
	return nil, nil
}

// rawWheel is how many lines a notch of the wheel scrolls a reply.
const rawWheel = 3

// scrollKey moves among the replies, or through the one expanded: ↑/↓ by
// a line, pgup/pgdown by a page, home/end to its ends; it reports
// whether msg was one of those keys.
func (d *Raw) scrollKey(msg tea.KeyPressMsg) bool {
	k := d.keys.Raw
	page := max(d.bodyRows-2, 1)
	if ex := d.selected(); ex != nil && ex.open {
		switch {
		case key.Matches(msg, k.Up):
			d.scrollBy(-1)
		case key.Matches(msg, k.Down):
			d.scrollBy(1)
		case key.Matches(msg, k.PageUp):
			d.scrollBy(-page)
		case key.Matches(msg, k.PageDown):
			d.scrollBy(page)
		case key.Matches(msg, k.Top):
			d.scroll = 0
		case key.Matches(msg, k.Bottom):
			d.scroll = len(ex.lines()) // View stops it at the last page
		default:
			return false
		}
		return true
	}
	last := max(len(d.kept)-1, 0)
	switch {
	case key.Matches(msg, k.Up):
		d.cursor = max(d.cursor-1, 0)
	case key.Matches(msg, k.Down):
		d.cursor = min(d.cursor+1, last)
	case key.Matches(msg, k.Top), key.Matches(msg, k.PageUp):
		d.cursor = 0
	case key.Matches(msg, k.Bottom), key.Matches(msg, k.PageDown):
		d.cursor = last
	default:
		return false
	}
	return true
}

// scrollBy scrolls the expanded reply by n lines; View keeps it within
// the reply.
func (d *Raw) scrollBy(n int) {
	d.scroll = max(d.scroll+n, 0)
}

// expand opens the reply at its top, folding the others so the one
// open has the room, or folds it.
func (d *Raw) expand(ex *rawExchange) {
	open := !ex.open
	for _, o := range d.kept {
		o.open = false
	}
	ex.open, d.scroll = open, 0
}

// toField gives typing and pastes to the field with the focus.
func (d *Raw) toField(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch d.focus {
	case rawMethod:
		d.method, cmd = d.method.Update(msg)
	case rawBody:
		d.body, cmd = d.body.Update(msg)
	}
	return cmd
}

func (d *Raw) setFocus(f int) {
	n := 2
	if len(d.kept) > 0 {
		n = 3
	}
	d.focus = (f + n) % n
	d.method.Blur()
	d.body.Blur()
	switch d.focus {
	case rawMethod:
		d.method.Focus()
	case rawBody:
		d.body.Focus()
		if strings.TrimSpace(d.body.Value()) == "" {
			if b := rawSendBody(d.dialect, d.method.Value()); b != "" {
				d.body.SetValue(b)
				d.body.CursorEnd()
			}
		}
	}
}

// offer puts the next (or previous) of the binding's methods in the
// method field.
func (d *Raw) offer(step int) {
	if len(d.methods) == 0 {
		return
	}
	if d.pick < 0 && step < 0 {
		d.pick = 0
	}
	d.pick = (d.pick + step + len(d.methods)) % len(d.methods)
	d.method.SetValue(d.methods[d.pick])
	d.method.CursorEnd()
}

// selected is the kept exchange under the cursor, nil for none.
func (d *Raw) selected() *rawExchange {
	if d.cursor < len(d.kept) {
		return d.kept[d.cursor]
	}
	return nil
}

// start sends the request as written, in a command; what it says comes
// back through the feed.
func (d *Raw) start() tea.Cmd {
	if d.inflight != nil {
		d.note = "A request is on its way; wait for its reply (or esc to stop it)."
		return nil
	}
	req, why := rawRequest(d.dialect, d.method.Value(), d.body.Value())
	if why != "" {
		d.note = why
		return nil
	}
	d.note = ""
	ex := &rawExchange{method: strings.TrimSpace(d.method.Value()), body: strings.TrimSpace(d.body.Value())}
	d.kept = append(d.kept, ex)
	if len(d.kept) > rawKept {
		d.kept = d.kept[len(d.kept)-rawKept:]
	}
	d.cursor, d.inflight = len(d.kept)-1, ex
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel, d.feed = cancel, newFeed[rawMsg]()
	f, agent, send := d.feed, d.agent, d.send
	work := func() tea.Msg {
		defer cancel()
		reply, err := send(ctx, req, func(b []byte) {
			f.push(rawMsg{agent: agent, ex: ex, event: append([]byte(nil), b...)})
		})
		f.push(rawMsg{agent: agent, ex: ex, done: true, reply: reply, err: err})
		return nil
	}
	return tea.Batch(work, f.next)
}

// rawRequest reads the request as written: a JSON-RPC or gRPC method,
// or a REST "METHOD /path", and the body; why says, in a sentence for
// the user, why it cannot be sent ("" when it can).
func rawRequest(dl a2aclient.Dialect, method, body string) (req a2aclient.RawRequest, why string) {
	method, body = strings.TrimSpace(method), strings.TrimSpace(body)
	if method == "" {
		return a2aclient.RawRequest{}, "Write a method first; ↑/↓ in its field offers the binding's."
	}
	req = a2aclient.RawRequest{Method: method}
	if dl.Binding() == a2aclient.BindingREST {
		verb, path, ok := strings.Cut(method, " ")
		path = strings.TrimSpace(path)
		if !ok || !strings.HasPrefix(path, "/") {
			return a2aclient.RawRequest{}, "A REST request is an HTTP method and a path, as GET /tasks/abc."
		}
		req.Method, req.Path = strings.ToUpper(verb), path
		method = path
	}
	if strings.ContainsAny(method, "{}") {
		return a2aclient.RawRequest{}, "Put the id in place of the {…} in the method's path."
	}
	if body != "" {
		if dl.Binding() != a2aclient.BindingREST && !json.Valid([]byte(body)) {
			return a2aclient.RawRequest{}, "The body is not valid JSON; write the params (or the gRPC message) as one JSON object."
		}
		req.Body = []byte(body)
	}
	return req, ""
}

// copyReply copies the selected exchange, request and reply, as drawn
// expanded.
func (d *Raw) copyReply() tea.Cmd {
	ex := d.selected()
	if ex == nil {
		return nil
	}
	text := strings.Join(append([]string{ex.request()}, ex.lines()...), "\n")
	return tea.Batch(tea.SetClipboard(text), component.Status("Copied the request and its reply (secrets redacted).", false))
}
