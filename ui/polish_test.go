package ui

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/styles"
)

// Issue 15's rough edges, each seen through the whole program.

// Sending while scrolled up jumps to the bottom, so your message and the
// reply are on screen.
func TestFlowSendWhileScrolledUpJumpsToBottom(t *testing.T) {
	a := startApp(t, appOptions{w: 100, h: 24})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd)
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
	a.key("tab", "g") // the chat, its top
	a.waitState("the chat scrolled up", func(m *Model) bool { return !m.chat.Following() })
	a.key("shift+tab") // back to the composer
	a.typeText("ping")
	a.key("enter")
	a.waitScreen("pong: ping")
	a.inspect(func(m *Model) {
		if !m.chat.Following() {
			t.Error("the chat does not follow the bottom after sending")
		}
	})
}

// y in the chat says what it copied, as the tasks pane does.
func TestFlowChatCopySaysCopied(t *testing.T) {
	a := startApp(t, appOptions{})
	a.pinged()
	a.key("tab", "G", "y")
	a.waitFrame("the status line", func(string) bool {
		for _, f := range a.frames.frames() {
			if strings.Contains(f, "Copied the agent's message (1 line).") {
				return true
			}
		}
		return false
	})
}

// "Too small" fits the smallest terminal, wrapped at word boundaries
// rather than cut mid-word.
func TestFlowTooSmallFits(t *testing.T) {
	a := startApp(t, appOptions{w: 20, h: 6})
	screen := a.waitScreen("20×6")
	var words []string
	for _, line := range strings.Split(screen, "\n") {
		if n := len([]rune(strings.TrimRight(line, " "))); n > 20 {
			t.Errorf("line %q is %d cells, wider than 20", line, n)
		}
		words = append(words, strings.Fields(line)...)
	}
	want := "parley needs at least 40×10; this terminal is 20×6."
	if got := strings.Join(words, " "); got != want {
		t.Errorf("the screen reads %q, want %q", got, want)
	}
}

// An empty search does not claim there are no conversations.
func TestFlowEmptySearchIsNotNoConversations(t *testing.T) {
	a := startApp(t, appOptions{store: openStore(t)})
	a.pingedContexts()
	a.key("ctrl+s")
	screen := a.waitScreen("Search · 0 hits", "Type words to search")
	if strings.Contains(screen, "No conversations yet") {
		t.Errorf("an empty search says there are no conversations:\n%s", screen)
	}
}

// At 120 columns or less the footer keeps help and quit while typing,
// dropping the least important hints instead.
func TestFlowFooterKeepsHelpAndQuit(t *testing.T) {
	for _, w := range []int{120, 80} {
		a := startApp(t, appOptions{w: w, h: 30})
		a.ready()
		a.typeText("Hello")
		screen := a.waitScreen("> Hello")
		lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
		footer := lines[len(lines)-1]
		for _, want := range []string{"f1/ctrl+_ help", "ctrl+c quit", "enter send"} {
			if !strings.Contains(footer, want) {
				t.Errorf("at %d columns the footer %q lacks %q", w, footer, want)
			}
		}
	}
}

// ctrl+x puts an example in the composer without losing the draft:
// ctrl+p brings it back.
func TestFlowExampleKeepsTheDraft(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("my own draft")
	a.waitScreen("> my own draft")
	a.key("ctrl+x")
	a.waitScreen("> Write some markdown", "ctrl+p brings your draft back")
	a.key("ctrl+p")
	a.waitScreen("> my own draft")
}

// ctrl+x from another pane than the composer, as the welcome offers it,
// puts the example in the composer and moves there.
func TestFlowExampleFromAnotherPane(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab") // the chat
	a.key("ctrl+x")
	a.waitScreen("> Write some markdown")
	a.inspect(func(m *Model) {
		if m.focus != focusComposer {
			t.Errorf("after ctrl+x the focus is %v, want the composer", m.focus)
		}
	})
}

// Esc during a stream: the dialog, the chat's line and the status all
// name the task by one short form, and the status reads as a sentence.
func TestFlowEscOneShortForm(t *testing.T) {
	a := startApp(t, appOptions{store: openStore(t)})
	a.ready()
	a.typeText("Try a slow task")
	a.key("enter")
	task := a.taskState(a2aclient.StateWorking)
	a.key("esc")
	short := styles.ShortID(task.ID)
	a.waitScreen("Task "+short+" may still be running", "agent too?")
	a.key("y")
	// The chat's line, once the dialog no longer covers it (its
	// progress is one line now, so the line sits behind the dialog).
	a.waitScreen("Stopped following task " + short + ";")
	a.waitFrame("the status line", func(string) bool {
		for _, f := range a.frames.frames() {
			if strings.Contains(f, "Canceled task "+short+" on the agent.") {
				return true
			}
		}
		return false
	})
}
