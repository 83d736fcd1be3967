package ui

import (
	"context"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/ui/styles"
)

// The setup the tasks-pane and push flows share: a task on the demo agent
// that parley did not start, and one it did.

// behindParley sends msg to the demo agent as another client (or another
// machine) would: no stream of parley's follows it, and parley's history
// does not hold it.
func behindParley(t *testing.T, baseURL string, msg a2aclient.Message) *a2aclient.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), flowTimeout)
	defer cancel()
	c, err := a2aclient.Resolve(ctx, baseURL+"/", a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Send(ctx, a2aclient.SendRequest{Message: msg})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// agentTask starts a task on the demo agent behind parley's back.
func agentTask(t *testing.T, baseURL, text string) *a2aclient.Task {
	t.Helper()
	res := behindParley(t, baseURL, a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart(text)}})
	if res.Task == nil {
		t.Fatalf("start a task on the demo agent: %+v", res)
	}
	return res.Task
}

// answerTask answers a task that asks for input, behind parley's back.
func answerTask(t *testing.T, baseURL string, task *a2aclient.Task, text string) {
	t.Helper()
	behindParley(t, baseURL, a2aclient.Message{TaskID: task.ID, ContextID: task.ContextID, Parts: []a2aclient.Part{a2aclient.TextPart(text)}})
}

// listedAgentTask starts the app over store, starts a booking (which asks
// for input) on the agent behind parley's back, and shows it in the tasks
// pane's view of the agent's tasks, the pane focused.
func listedAgentTask(t *testing.T, store *store.Store) (*app, *a2aclient.Task) {
	t.Helper()
	a := startApp(t, appOptions{noWelcome: true, store: store})
	a.ready()
	task := agentTask(t, a.url, "Book a flight to Lisbon")
	a.key("shift+tab", "v")
	a.waitScreen("? input        task " + styles.ShortID(task.ID)[:4])
	return a, task
}

// send types text in the composer, sends it and waits until its task
// is in state.
func (a *app) send(text string, state a2aclient.State) session.TaskInfo {
	a.t.Helper()
	a.typeText(text)
	a.key("enter")
	return a.taskState(state)
}
