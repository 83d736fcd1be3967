package chat

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
)

// storedNotes is a stored transcript of numbered notes ("note 0" …,
// key item:N, Seq N) read as the store reads it.
type storedNotes struct {
	items []session.Item
	reads int
}

func (s *storedNotes) LoadBefore(_ int64, seq, n int) ([]session.Item, error) {
	s.reads++
	end := min(max(seq, 0), len(s.items))
	return append([]session.Item(nil), s.items[max(end-n, 0):end]...), nil
}

func (s *storedNotes) LoadAfter(_ int64, seq, n int) ([]session.Item, error) {
	s.reads++
	from := min(max(seq+1, 0), len(s.items))
	return append([]session.Item(nil), s.items[from:min(from+n, len(s.items))]...), nil
}

func (s *storedNotes) FirstOfTask(_ int64, taskID string) (string, error) {
	s.reads++
	for _, it := range s.items {
		if it.TaskID == taskID {
			return it.Key, nil
		}
	}
	return "", fmt.Errorf("no task %q", taskID)
}

func (s *storedNotes) LoadAround(_ int64, key string, n int) ([]session.Item, int, error) {
	s.reads++
	for i, it := range s.items {
		if it.Key == key {
			from := max(i-n/2, 0)
			return append([]session.Item(nil), s.items[from:min(from+n, len(s.items))]...), i - from, nil
		}
	}
	return nil, 0, fmt.Errorf("no item %q", key)
}

// windowedChat shows the last session.OpenWindow of n stored notes, as
// the root shows a stored conversation opened with --context.
func windowedChat(t *testing.T, n int) (*Pane, *storedNotes, *[]session.Item) {
	t.Helper()
	st := &storedNotes{items: notices(n)}
	tail := append([]session.Item(nil), st.items[n-session.OpenWindow:]...)
	c := newTestChat(40, 12)
	conv := new(int)
	c.ResetFor(conv, tail, "agent")
	c.SetWindow(conv, Window{Src: st, ID: 1, Before: true, Tail: func() []session.Item { return tail }})
	return c, st, &tail
}

// scrollKey gives the chat a key and runs the commands it starts to their
// end, window reads included, as the program would.
func scrollKey(c *Pane, k string) {
	cmd, _ := c.Update(keyPress(k))
	drive(c, cmd)
}

func drive(c *Pane, cmd tea.Cmd) {
	for cmd != nil {
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			for _, sub := range msg {
				drive(c, sub)
			}
			return
		case windowMsg:
			cmd, _ = c.Update(msg)
		default:
			return
		}
	}
}

// shownNotes are the numbers of the notes on screen, top to bottom.
func shownNotes(c *Pane) []int {
	var out []int
	for _, l := range visible(c) {
		if n, err := strconv.Atoi(strings.TrimPrefix(l, "note ")); err == nil && strings.HasPrefix(l, "note ") {
			out = append(out, n)
		}
	}
	return out
}

// heldInOrder fails unless the pane holds a run of consecutive notes.
func heldInOrder(t *testing.T, c *Pane) {
	t.Helper()
	for i := 1; i < len(c.items); i++ {
		if c.items[i].it.Seq != c.items[i-1].it.Seq+1 {
			t.Fatalf("held items %d and %d are notes %d and %d", i-1, i, c.items[i-1].it.Seq, c.items[i].it.Seq)
		}
	}
}

const heldBound = keepItems + windowItems // a few windows

// Scrolling a 10,000-item stored transcript from its first item to its
// last, then jumping to a search hit, holds a few windows at every step,
// and shows every note once, in order.
func TestWindowedChatHoldsAFewWindowsFromTopToBottom(t *testing.T) {
	c, st, _ := windowedChat(t, 10000)
	scrollKey(c, "g")
	if got := shownNotes(c); len(got) == 0 || got[0] != 0 {
		t.Fatalf("after top: notes %v shown, want note 0 first", got)
	}
	next := 0 // the next note not shown yet
	for steps := 0; ; steps++ {
		for _, n := range shownNotes(c) {
			if n < next {
				continue // still on screen from the page before
			}
			if n != next {
				t.Fatalf("step %d: note %d shown after note %d", steps, n, next-1)
			}
			next++
		}
		if held := c.Held(); held > heldBound {
			t.Fatalf("step %d: the chat holds %d items, more than %d", steps, held, heldBound)
		}
		heldInOrder(t, c)
		if next == 10000 || steps > 10000 {
			break
		}
		scrollKey(c, "pgdown")
	}
	if next != 10000 {
		t.Fatalf("scrolled down to note %d of 10,000", next-1)
	}
	if st.reads < 10000/windowItems {
		t.Errorf("%d window reads for 10,000 items", st.reads)
	}
	drive(c, c.Jump("item:5000"))
	if got := shownNotes(c); len(got) == 0 || got[0] != 5000 || c.Held() > heldBound {
		t.Fatalf("search jump: notes %v shown, %d held", got, c.Held())
	}
	heldInOrder(t, c)
}

// Scrolling up from the end across window boundaries shows the notes
// before in order, none missing, none twice, holding a few windows.
func TestWindowedChatScrollsUpAcrossWindows(t *testing.T) {
	c, _, _ := windowedChat(t, 3000)
	shown := shownNotes(c)
	if len(shown) == 0 || shown[len(shown)-1] != 2999 {
		t.Fatalf("opened on notes %v, want the last, 2999, at the bottom", shown)
	}
	prev := shown[0] // the note shown highest so far
	for steps := 0; prev > 0 && steps < 10000; steps++ {
		scrollKey(c, "pgup")
		got := shownNotes(c)
		for i := len(got) - 1; i >= 0; i-- {
			n := got[i]
			if n >= prev {
				continue
			}
			if n != prev-1 {
				t.Fatalf("step %d: note %d shown above note %d", steps, n, prev)
			}
			prev = n
		}
		if held := c.Held(); held > heldBound {
			t.Fatalf("step %d: the chat holds %d items", steps, held)
		}
		heldInOrder(t, c)
	}
	if prev != 0 {
		t.Fatalf("scrolled up to note %d", prev)
	}
}

// A live item arriving while the pane let go of the end waits in the
// store; the end key joins the conversation's end again and shows it
// last, once.
func TestWindowedChatContinuesAtTheEnd(t *testing.T) {
	c, _, tail := windowedChat(t, 3000)
	scrollKey(c, "g")
	live := session.Item{Key: "user:new", Seq: 3000, Kind: session.ItemUser, Text: "one more", Done: true, Version: 1}
	*tail = append(*tail, live)
	c.Upsert([]session.Item{live})
	if _, ok := c.byKey["user:new"]; ok {
		t.Fatal("an item past the end let go of was put after note 255")
	}
	heldInOrder(t, c)
	scrollKey(c, "G")
	if !c.Following() || c.Held() != session.OpenWindow+1 {
		t.Fatalf("after the end key: following %v, %d held", c.Following(), c.Held())
	}
	if last := c.items[len(c.items)-1].it; last.Key != "user:new" || c.items[len(c.items)-2].it.Seq != 2999 {
		t.Fatalf("last items: %q after %d", last.Key, c.items[len(c.items)-2].it.Seq)
	}
	reply := session.Item{Key: "agent:reply", Seq: 3001, Kind: session.ItemAgent, Text: "sure", Done: true, Version: 1}
	c.Upsert([]session.Item{reply})
	if c.items[len(c.items)-1].it.Key != "agent:reply" {
		t.Fatal("the reply did not follow the end")
	}
}

// A task opened from the task list whose items are far above the window
// held is read from the store around its first item, which is selected.
func TestWindowedChatOpensATaskFarUp(t *testing.T) {
	c, st, _ := windowedChat(t, 3000)
	for i := 100; i < 104; i++ {
		st.items[i].TaskID = "task-far"
	}
	drive(c, c.JumpTask("task-far"))
	if got := shownNotes(c); len(got) == 0 || got[0] != 100 {
		t.Fatalf("notes %v shown, want the task's first, note 100, at the top", got)
	}
	if it, ok := c.Selected(); !ok || it.Key != "item:100" {
		t.Fatalf("selected %q", it.Key)
	}
	heldInOrder(t, c)
}

// A window that starts after a task's first items still times the task
// from its start, as the task list gives it.
func TestWindowedChatTimesATaskFromItsStart(t *testing.T) {
	c := newTestChat(40, 6)
	done := session.Item{Key: "status:t", Seq: 5000, Kind: session.ItemStatus, TaskID: "t", State: "completed", Time: at(90), Done: true, Version: 1}
	c.Reset([]session.Item{done}, "agent")
	c.SetTasks([]session.TaskInfo{{ID: "t", State: "completed", Started: at(0)}})
	if view := strings.Join(visible(c), "\n"); !strings.Contains(view, "completed · 1m30s") {
		t.Fatalf("the task's time is not counted from its start:\n%s", view)
	}
}
