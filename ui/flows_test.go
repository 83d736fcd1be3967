package ui

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/styles"
)

// The whole program against the demo agent, driven by keys as a person
// would, asserting on what the screen shows and on the conversation.

const answerEnd = "That is all. Thanks for trying parley!"

func TestFlowSendAndStream(t *testing.T) {
	// A little pacing so the answer arrives in pieces over many frames.
	a := startApp(t, appOptions{demo: demoagent.Options{ChunkDelay: 3 * time.Millisecond}})
	a.ready()
	a.key("ctrl+x") // the first example prompt
	a.waitScreen("> Write some markdown")
	a.key("enter")
	screen := a.waitScreen(answerEnd, "✓ completed · ", "Answered in 42 chunks.")

	task := a.taskState(a2aclient.StateCompleted)
	if task.Title != "Write some markdown" {
		t.Errorf("task title = %q, want the prompt", task.Title)
	}
	if !strings.Contains(screen, "✓ completed    Write some") {
		t.Errorf("the Tasks pane does not list the completed task:\n%s", screen)
	}
	if !strings.Contains(screen, "context "+styles.ShortID(task.ContextID)) {
		t.Errorf("the chat title does not name context %s:\n%s", task.ContextID, screen)
	}
	// Streamed: some frame showed the start of the answer before its end.
	partial := false
	for _, f := range a.frames.frames() {
		if strings.Contains(f, "This answer is streamed") && !strings.Contains(f, answerEnd) {
			partial = true
			break
		}
	}
	if !partial {
		t.Error("no frame showed the answer while it streamed; it appeared all at once")
	}
	// The composer is empty again and remembers the prompt.
	if !strings.Contains(screen, "> Message the agent…") {
		t.Errorf("the composer was not cleared after sending:\n%s", screen)
	}
	a.key("ctrl+p")
	a.waitScreen("> Write some markdown")
}

func TestFlowInputRequiredRoundTrip(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("Book a flight to Lisbon")
	a.key("enter")
	task := a.taskState(a2aclient.StateInputRequired)
	title := "answering task " + styles.ShortID(task.ID) + " (input-required)"
	screen := a.waitScreen("Where are you flying from, and when?", title, "? input ")
	if !strings.Contains(screen, "╭─ "+title) {
		t.Errorf("the composer's title should say which task it answers:\n%s", screen)
	}

	a.typeText("From Berlin on the 10th")
	a.key("enter")
	a.waitScreen("Your flight is booked.", "✓ completed    Book a flig", "╭─ message parley demo ")

	tasks := a.tasks()
	if len(tasks) != 1 || tasks[0].ID != task.ID || tasks[0].State != a2aclient.StateCompleted {
		t.Fatalf("tasks = %+v, want the one task %s completed", tasks, task.ID)
	}
	var answer *session.Item
	a.inspect(func(m *Model) {
		for _, it := range m.current.Conv.Items() {
			if it.Kind == session.ItemUser && it.Text == "From Berlin on the 10th" {
				answer = &it
			}
		}
	})
	if answer == nil || answer.TaskID != task.ID {
		t.Fatalf("the answer did not go to task %s: %+v", task.ID, answer)
	}
}

func TestFlowAuthRequiredWithCredential(t *testing.T) {
	const secret = "s3cr3t-xyzzy-42"
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("Sign in first")
	a.key("enter")
	a.waitScreen("parley demo needs you to sign in", "Please sign in to continue", "/demo-auth", "Or paste the bearer token here")

	a.typeText(secret)
	masked := a.waitScreen("> " + strings.Repeat("•", len(secret)))
	if strings.Contains(masked, secret) {
		t.Fatalf("the secret is visible while typed:\n%s", masked)
	}
	a.key("enter")
	screen := a.waitScreen("Thanks, you are signed in.", "🔒 You signed in; parley asked the agent to go on", "✓ completed")
	if strings.Contains(screen, "needs you to sign in") {
		t.Errorf("the sign-in prompt stayed open:\n%s", screen)
	}

	// The secret is in no frame, not in what reached the terminal, and
	// not in the transcript or the wire view.
	a.expandWire()
	for i, f := range a.frames.frames() {
		if strings.Contains(f, secret) {
			t.Fatalf("frame %d shows the secret:\n%s", i, f)
		}
	}
	raw, _ := io.ReadAll(a.tm.Output())
	if strings.Contains(string(raw), secret) {
		t.Fatal("the secret was written to the terminal")
	}
	a.inspect(func(m *Model) {
		for _, it := range m.current.Conv.Items() {
			if strings.Contains(it.Text, secret) {
				t.Errorf("transcript item %q holds the secret", it.Key)
			}
		}
	})
	for _, r := range a.wire.Records() {
		if strings.Contains(string(r.Body), secret) || strings.Contains(r.Header.Get("Authorization"), secret) {
			t.Fatalf("the wire log holds the secret: %+v", r)
		}
	}
}

func TestFlowUnauthorizedSignInAndRetry(t *testing.T) {
	a := startApp(t, appOptions{path: "/secure/"})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	screen := a.waitScreen("needs you to sign in", "The agent accepts:", "HTTP bearer", `realm="parley-demo"`)
	if a.taskCount() != 0 {
		t.Fatalf("a task started before signing in")
	}
	_ = screen

	a.typeText("demo-token")
	prompt := a.waitScreen("> ••••••••••")
	for _, l := range strings.Split(prompt, "\n") {
		if strings.Contains(l, "> demo-token") {
			t.Fatalf("the token is shown as typed: %q", l)
		}
	}
	a.key("enter")
	a.waitScreen(answerEnd, "✓ completed")
	a.taskState(a2aclient.StateCompleted)
}

func TestFlowCancelFromTasksPane(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	// An earlier, finished task: the newest one is what the pane offers.
	a.typeText("Hello")
	a.key("enter")
	a.taskState(a2aclient.StateCompleted)
	a.typeText("Try a slow task")
	a.key("enter")
	task := a.taskState(a2aclient.StateWorking)
	a.waitScreen("working      Try a slow")

	a.key("tab", "tab", "tab") // composer → chat → agents → tasks
	a.waitScreen("╭─ Tasks ", "enter open • c cancel task")
	a.key("c")
	a.waitScreen("Cancel task", "Ask the agent to cancel task "+styles.ShortID(task.ID), "y yes · n no")
	a.key("y")
	a.waitScreen("⊘ canceled     Try a slow")
	if got := a.taskState(a2aclient.StateCanceled); got.ID != task.ID {
		t.Errorf("canceled %s, want %s", got.ID, task.ID)
	}
}

func TestFlowEscStopsStreaming(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("Try a slow task")
	a.key("enter")
	task := a.taskState(a2aclient.StateWorking)

	a.key("esc")
	a.waitScreen("Stopped streaming", "Task "+styles.ShortID(task.ID)+" may still be running on parley demo.", "agent too?")
	a.waitState("the stream to stop", func(m *Model) bool { return !m.current.Conv.Busy() })

	a.key("y")
	a.waitScreen("⊘ canceled     Try a slow")
	a.taskState(a2aclient.StateCanceled)
}

func TestFlowEscWithoutCancelLeavesTheTask(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("Try a slow task")
	a.key("enter")
	task := a.taskState(a2aclient.StateWorking)
	a.key("esc")
	a.waitScreen("Stopped streaming", "y yes · n no")
	a.key("n")
	a.waitGone("Stopped streaming")
	a.waitState("the stream to stop", func(m *Model) bool { return !m.current.Conv.Busy() })
	// Still running on the agent; resubscribing from Tasks follows it again.
	a.key("tab", "tab", "tab", "s")
	a.waitState("following the task again", func(m *Model) bool { return m.current.Conv.Busy() })
	for _, ti := range a.tasks() {
		if ti.ID == task.ID && ti.State.Settled() {
			t.Fatalf("task %s settled: %s", ti.ID, ti.State)
		}
	}
}

func TestFlowResizeKeepsContent(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd, "✓ completed")

	for _, size := range []struct{ w, h int }{{100, 30}, {140, 44}, {80, 24}, {120, 36}} {
		a.tm.Send(tea.WindowSizeMsg{Width: size.w, Height: size.h})
		screen := a.waitFrame(fmt.Sprintf("a %d-line frame", size.h), func(s string) bool {
			return strings.Count(s, "\n") == size.h-1
		})
		if !strings.Contains(screen, answerEnd) {
			t.Fatalf("at %dx%d the answer's end is gone:\n%s", size.w, size.h, screen)
		}
		lines := strings.Split(screen, "\n")
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != size.w {
				t.Fatalf("at %dx%d line %d is %d cells wide: %q", size.w, size.h, i, w, l)
			}
		}
		narrow := size.w < narrowWidth
		if hasAgents := strings.Contains(screen, "╭─ Agents "); hasAgents == narrow {
			t.Fatalf("at %dx%d the Agents pane shown = %v:\n%s", size.w, size.h, hasAgents, screen)
		}
	}
}

func TestFlowNarrowTerminalSwapsToLists(t *testing.T) {
	a := startApp(t, appOptions{w: 80, h: 24})
	a.ready()
	screen := a.waitScreen("parley demo · v1.0 JSON-RPC", "ctrl+l lists")
	if strings.Contains(screen, "╭─ Agents ") {
		t.Fatalf("the side panes should fold away at 80x24:\n%s", screen)
	}
	a.key("ctrl+l")
	screen = a.waitScreen("╭─ Agents ", "╭─ Tasks ", "● ▸parley demo")
	if strings.Contains(screen, "Welcome to parley") {
		t.Fatalf("the lists should replace the chat:\n%s", screen)
	}
	a.key("tab")
	a.waitScreen("i write • enter open")
	a.key("ctrl+l")
	a.waitScreen("Welcome to parley", "enter send")
}

func TestFlowHelpOverlay(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("f1")
	a.waitScreen("parley · keys", "Everywhere", "ctrl+c", "mark for compare", "f1 or esc close")
	a.key("pgdown") // the tasks' keys are below the agents'
	a.waitScreen("cancel task")
	a.key("esc")
	a.waitScreen("Welcome to parley", "╭─ Agents ")
}

func TestFlowWireView(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("ping")
	a.key("enter")
	a.waitScreen("pong: ping")
	a.key("f2")
	a.waitScreen("Wire · ", " newest last · secrets redacted", "→ POST "+a.url+"/v1.0/jsonrpc", "← 200",
		"↑/↓ entry · enter expand · y copy · pgup/pgdown scroll · esc close")
	// The newest entries are the answer's; the request that sent "ping"
	// is found counting from the oldest (entries never move that way),
	// and expands to its pretty-printed body.
	sent := -1
	for i, r := range a.wire.Records() {
		if r.Method == "POST" && strings.Contains(string(r.Body), "ping") {
			sent = i
		}
	}
	if sent < 0 {
		t.Fatal("the wire log has no request that sent ping")
	}
	a.key("g")
	for range sent {
		a.key("j")
	}
	a.key("enter")
	a.waitScreen(`"method": "SendStreamingMessage",`, `"text": "ping"`)
	a.key("y")
	a.waitScreen("Copied the ", " request (")
	if !a.outputShows("\x1b]52;c;") {
		t.Error("y put nothing on the clipboard")
	}
	a.key("esc")
	a.waitScreen("pong: ping", "parley demo · v1.0 JSON-RPC")
	a.key("f2")
	a.waitScreen("Wire · ")
	a.key("f2") // the key that opens it closes it
	a.waitGone("Wire · ")
}

func TestFlowAddAgentBehindSignIn(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab") // agents
	a.waitScreen("╭─ Agents ", "enter use agent • a add agent")
	a.key("a")
	a.waitScreen("Add an agent")
	a.typeText(a.url + "/secure/")
	a.key("enter")
	a.waitScreen("+ add agent", "! HTTP bearer", "! API key in header X-API-Key")
	a.key("enter") // use it: focus goes to the composer
	a.waitScreen("enter send")
	a.typeText("ping")
	a.key("enter")
	a.waitScreen("needs you to sign in")
	a.typeText("demo-token")
	a.key("enter")
	a.waitScreen("pong: ping")
}

// A URL pasted after a scheme typed by habit, or typed without one, is
// the agent's URL; text that cannot be a URL adds nothing and says why.
func TestFlowAddAgentTakesAnyURLForm(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab", "a")
	a.waitScreen("Add an agent")
	a.typeText("not a url at all")
	a.key("enter")
	a.waitScreen("Not added: that is not a URL")
	a.waitState("no agent added", func(m *Model) bool { return len(m.entries) == 1 })
	a.key("a")
	a.waitScreen("Add an agent")
	a.typeText("https://" + a.url + "/v0.3/") // the doubled scheme counts once
	a.key("enter")
	a.waitScreen("v0.3")
	a.waitState("the agent added with its own URL", func(m *Model) bool {
		return len(m.entries) == 2 && m.entries[1].Ref == a.url+"/v0.3/"
	})
	a.key("tab", "tab", "a") // adding focused the composer
	a.waitScreen("Add an agent")
	a.typeText(strings.TrimPrefix(a.url, "http://") + "/v0.2/") // no scheme: loopback is http
	a.key("enter")
	a.waitState("the agent added over http", func(m *Model) bool {
		return len(m.entries) == 3 && m.entries[2].Ref == a.url+"/v0.2/"
	})
}

// Adding an agent puts the cursor, the chat and the focus on it; adding
// one that is listed already (its URL spelled another way) adds nothing,
// says so, and does the same for the listed one.
func TestFlowAddListedAgentSelectsIt(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab", "a")
	a.waitScreen("Add an agent")
	a.typeText(a.url + "/v0.3/")
	a.key("enter")
	a.waitState("the new agent under the cursor, in the chat, and the composer focused", func(m *Model) bool {
		return len(m.entries) == 2 && m.agents.Selected() == m.entries[1] && m.current == m.entries[1] && m.focus == focusComposer
	})
	a.typeText("hi") // goes to the composer, not the agents pane's keys
	a.waitState("typed text in the composer", func(m *Model) bool { return m.composer.Value() == "hi" })
	a.key("backspace", "backspace")
	a.key("tab", "tab", "a")
	a.waitScreen("Add an agent")
	a.typeText(strings.TrimPrefix(a.url, "http://")) // the demo, listed as URL + "/"
	a.key("enter")
	a.waitScreen("is already in the list")
	a.waitState("the listed agent under the cursor and in the chat, once", func(m *Model) bool {
		return len(m.entries) == 2 && m.agents.Selected() == m.entries[0] && m.current == m.entries[0] && m.focus == focusComposer
	})
}

func TestFlowQuitFromAPrompt(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab", "a")
	a.waitScreen("Add an agent")
	a.key("ctrl+c")
	a.tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
}

func TestFlowStatusLineGivesWayToKeys(t *testing.T) {
	// Longer than the composer's last cursor blink (0.53 s), the last
	// redraw that would otherwise come by itself.
	a := startApp(t, appOptions{env: Env{StatusFor: time.Second}})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	task := a.taskState(a2aclient.StateCompleted)
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
	// The conversation tells the UI a frame later: y acts on the task
	// list the pane holds.
	a.waitState("the task listed", func(m *Model) bool { return m.tasks.Count() > 0 })
	a.key("tab", "tab", "tab", "y")
	a.waitFrame("the status line", func(string) bool {
		for _, f := range a.frames.frames() {
			if strings.Contains(f, "Copied task id "+task.ID) {
				return true
			}
		}
		return false
	})
	// No key, no event: the keys come back by themselves.
	a.waitScreen("i write • enter open")
}

func (a *app) taskCount() int { return len(a.tasks()) }
