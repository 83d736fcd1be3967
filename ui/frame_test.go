package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/keys"
)

// TestStreamedChangesWaitForTheFrame: what streams in draws the panes
// at most once a frame, and a key the composer takes never draws them:
// it shows at once over the panes as last drawn. The clock is the
// test's, so nothing here depends on how fast the machine is.
func TestStreamedChangesWaitForTheFrame(t *testing.T) {
	now := time.Unix(1000, 0)
	clock := Env{Now: func() time.Time { return now }}

	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark", Env: clock})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.composer.Focus()
	m.View()
	draws := m.frame.draws
	var screen string
	step := func(what string, msg tea.Msg, wantDraw bool) tea.Cmd {
		t.Helper()
		_, cmd := m.Update(msg)
		screen = ansi.Strip(m.View().Content)
		if got := m.frame.draws - draws; got != map[bool]int{false: 0, true: 1}[wantDraw] {
			t.Errorf("%s: the panes were drawn %d times, want draw=%v", what, got, wantDraw)
		}
		draws = m.frame.draws
		if !strings.Contains(screen, "╭─ Agents") {
			t.Errorf("%s: the screen lost its panes:\n%s", what, screen)
		}
		return cmd
	}

	now = now.Add(time.Millisecond)
	if cmd := step("a change within the frame", tickMsg{}, false); cmd == nil {
		t.Error("a change within the frame asks for no frame to draw it")
	}
	step("a key the composer takes", tea.KeyPressMsg{Code: 'q', Text: "q"}, false)
	if !strings.Contains(screen, "> q") {
		t.Error("the key typed is not on screen")
	}
	if cmd := step("a second change within the frame", tickMsg{}, false); cmd != nil {
		t.Error("a second frame was asked for while one is on its way")
	}
	step("the frame", frameMsg{}, true)
	now = now.Add(frameInterval)
	step("a change a frame after the last drawing", tickMsg{}, true)
	step("a key outside the composer", tea.KeyPressMsg{Code: tea.KeyTab}, true)
	step("the frame with nothing new", frameMsg{}, false)
}

// TestSlowDrawingsSpaceOutWhatStreamsIn: on a machine slow enough that
// drawing the panes for a streamed change took 20 ms, the next change
// waits three times that before the panes are drawn again (so a key is
// seldom behind a drawing), a key still shows at once, and however slow
// the drawing the stream is drawn at least every maxFrameGap.
func TestSlowDrawingsSpaceOutWhatStreamsIn(t *testing.T) {
	now, per := time.Unix(1000, 0), time.Duration(0)
	clock := Env{Now: func() time.Time { now = now.Add(per); return now }}

	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark", Env: clock})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.composer.Focus()
	m.View()
	draws := m.frame.draws
	step := func(what string, msg tea.Msg, wantDraw bool) tea.Cmd {
		t.Helper()
		_, cmd := m.Update(msg)
		screen := ansi.Strip(m.View().Content)
		if got := m.frame.draws - draws; got != map[bool]int{false: 0, true: 1}[wantDraw] {
			t.Errorf("%s: the panes were drawn %d times, want draw=%v", what, got, wantDraw)
		}
		draws = m.frame.draws
		if !strings.Contains(screen, "╭─ Agents") {
			t.Errorf("%s: the screen lost its panes:\n%s", what, screen)
		}
		return cmd
	}

	now = now.Add(time.Second)
	per = 10 * time.Millisecond // Update, the frame's check, the drawing's end: 20 ms in all
	step("a change long after the last drawing", tickMsg{}, true)
	per, drawn := 0, now
	now = drawn.Add(2 * frameInterval)
	if cmd := step("a change two frames after a 20 ms drawing", tickMsg{}, false); cmd == nil {
		t.Error("the change waiting for the next drawing asks for no frame")
	}
	m.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, "> q") || m.frame.draws != draws {
		t.Errorf("a key during the wait: drawn %d times, on screen %v", m.frame.draws-draws, strings.Contains(screen, "> q"))
	}
	now = drawn.Add(3 * 20 * time.Millisecond)
	step("the frame asked for, three drawings' time later", frameMsg{}, true)

	per = 100 * time.Millisecond // a drawing of 200 ms
	now = now.Add(time.Second)
	step("a change after a pause", tickMsg{}, true)
	per, drawn = 0, now
	now = drawn.Add(maxFrameGap)
	step("a change maxFrameGap after a 200 ms drawing", tickMsg{}, true)
}
