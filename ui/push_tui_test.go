package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/push"
	"github.com/parley-a2a/parley/ui/styles"
)

// A task of the conversation on screen, followed by push and finished
// elsewhere: the push reaches the receiver, and the running TUI shows it
// on the task's line, in the chat and on the status line.
func TestFlowPushIntoOpenConversation(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, store: openStore(t)})
	a.ready()
	task := a.send("Book a flight to Lisbon", a2aclient.StateInputRequired)
	a.key("shift+tab")
	a.waitScreen("? input        Book a flig") // the pane has it
	a.key("p")
	a.waitScreen("Following task " + styles.ShortID(task.ID) + " by push")
	answerTask(t, a.url, &a2aclient.Task{ID: task.ID, ContextID: task.ContextID}, "From Berlin")
	screen := a.waitScreen("Task "+styles.ShortID(task.ID)+" pushed: completed", "Your flight is booked.", "✓ completed    Book a flig")
	if strings.Contains(screen, "changed while you were away") {
		t.Fatalf("a push for the conversation on screen is told as news from elsewhere:\n%s", screen)
	}
	a.inspect(func(m *Model) {
		if m.pushes.svc.Stats().Accepted == 0 {
			t.Error("the receiver accepted no push; the screen changed some other way")
		}
	})
}

// A task parley does not show, followed by push from the agent's
// listing: its push is stored, the status line tells of it, and the
// listing marks it.
func TestFlowPushWhileAway(t *testing.T) {
	store := openStore(t)
	a, task := listedAgentTask(t, store)
	a.key("p")
	a.waitScreen("Following task " + styles.ShortID(task.ID) + " by push")
	answerTask(t, a.url, task, "From Berlin")
	a.waitScreen("Task "+styles.ShortID(task.ID)+" changed while you were away: now completed (• in Tasks).", "✓ completed    • ")
	a.waitState("the push stored with its task", func(*Model) bool {
		rows, err := store.HistoryTasks(nil, session.TaskFilter{})
		return err == nil && len(rows) == 1 && rows[0].TaskID == task.ID && rows[0].State == a2aclient.StateCompleted
	})
}

// An agent whose card offers no push notifications is not asked; the
// user is told so in one sentence.
func TestFlowFollowByPushUnsupported(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, wrap: cardRewrite(`"pushNotifications":true`, `"pushNotifications":false`)})
	a.ready()
	a.send("Book a flight to Lisbon", a2aclient.StateInputRequired)
	a.key("shift+tab")
	a.waitScreen("? input        Book a flig")
	a.key("p")
	a.waitScreen("does not send push notifications, so parley cannot follow task")
}

// cardRewrite serves the demo's cards with old replaced by new, to make
// the agent declare what a test needs.
func cardRewrite(old, new string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.Contains(r.URL.Path, "/.well-known/") {
				h.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			body := strings.ReplaceAll(rec.Body.String(), old, new)
			for k, v := range rec.Header() {
				if k != "Content-Length" {
					w.Header()[k] = v
				}
			}
			w.WriteHeader(rec.Code)
			_, _ = w.Write([]byte(body))
		})
	}
}

// What a push carries is the agent's: its status text and the agent's
// name reach the status line cleaned, with no escape sequence, control
// or bidi override left.
func TestPushNoteTextIsCleaned(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	evil := "done\x1b]0;pwned\x07\x1b[2J\u202eevil"
	for _, live := range []bool{true, false} {
		var status string
		a.inspect(func(m *Model) {
			if live {
				m.current.Conv.ApplyPush(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t-evil", ContextID: "c"}})
			}
			m.onPushNote(pushNoteMsg{note: push.Note{
				TaskID: "t-evil", Agent: agentOf(m.current), AgentRef: "http://127.0.0.1:1/\x1b[31m\u202e", Live: live, State: a2aclient.StateCompleted,
				Event: a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t-evil", Status: a2aclient.TaskStatus{
					State: a2aclient.StateCompleted, Message: &a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart(evil)}}}}},
			}})
			status = m.status
		})
		if strings.ContainsAny(status, "\x1b\x07\u202e") {
			t.Errorf("live=%v: the status line carries the agent's controls: %q", live, status)
		}
		if live && !strings.Contains(status, "done") {
			t.Errorf("live=%v: the status line lost the agent's text: %q", live, status)
		}
	}
}
