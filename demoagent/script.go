package demoagent

import (
	"context"
	"fmt"
	"time"
)

// Messages the scripts say; tests and docs refer to them.
const (
	questionText = "Where are you flying from, and when?"
	failText     = "The demo agent was asked to fail."
	rejectText   = "The demo agent declines this request (you asked it to reject)."
	authText     = "Please sign in to continue: open the link, then send any message."
	signedInText = "Thanks, you are signed in."
	canceledText = "Canceled at your request."
)

// slowSteps and slowMinStep make the slow scenario last about a minute even
// with StepDelay 0, so a test always has time to cancel it.
const (
	slowSteps   = 60
	slowMinStep = time.Second
)

func agentText(s string) *message {
	return &message{id: newID(), role: roleAgent, parts: []part{textPart(s)}}
}

// pause sleeps d or until ctx ends; zero d only checks ctx.
func pause(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// runner drives one task through its script. Every step goes through the
// store, which refuses once the task is terminal, so a cancel wins cleanly.
type runner struct {
	a    *Agent
	t    *task
	ctx  context.Context
	base string // absolute URL of the server, for links in messages
	ui   string // the A2UI version the client renders, "" for none
}

func (r runner) status(st state, msg *message) bool {
	return r.ctx.Err() == nil && r.a.store.setStatus(r.t, st, msg)
}

func (r runner) step() bool { return pause(r.ctx, r.a.opts.StepDelay) }

// start runs the opening script of a new task.
func (r runner) start(userText string) {
	if !r.step() || !r.status(stateWorking, agentText("Working on it…")) || !r.step() {
		return
	}
	switch r.t.scenario {
	case scenarioAnswer:
		r.streamAnswer(userText)
	case scenarioData:
		r.data()
	case scenarioInput:
		r.status(stateInputRequired, agentText(questionText))
	case scenarioAuth:
		msg := agentText(authText)
		msg.parts = append(msg.parts, part{kind: partData, data: map[string]any{"authorizationUrl": r.base + "/demo-auth"}})
		r.status(stateAuthRequired, msg)
	case scenarioFail:
		r.status(stateFailed, agentText(failText))
	case scenarioMessage:
		r.status(stateCompleted, agentText(pong(userText)))
	case scenarioSlow:
		r.slow()
	case scenarioReject:
		r.status(stateRejected, agentText(rejectText))
	case scenarioForm:
		r.status(stateInputRequired, formMessage(r.ui))
	}
}

// resume continues an interrupted task with the client's reply.
func (r runner) resume(reply string) {
	if !r.step() {
		return
	}
	switch r.t.scenario {
	case scenarioInput:
		text := fmt.Sprintf("Booked: a flight to Lisbon. Your travel details: %s", echo(reply))
		if !r.artifact(artifact{id: newID(), name: "booking", description: "Your booking confirmation", parts: []part{textPart(text)}}, false, true) {
			return
		}
		r.status(stateCompleted, agentText("Your flight is booked."))
	case scenarioAuth:
		r.status(stateCompleted, agentText(signedInText))
	default:
		r.status(stateCompleted, agentText("Done."))
	}
}

func (r runner) artifact(a artifact, appendParts, last bool) bool {
	return r.ctx.Err() == nil && r.a.store.addArtifact(r.t, a, appendParts, last)
}

func (r runner) streamAnswer(userText string) {
	pieces := chunk(markdownAnswer(userText), targetChunks)
	id := newID()
	for i, p := range pieces {
		if i > 0 && !pause(r.ctx, r.a.opts.ChunkDelay) {
			return
		}
		a := artifact{id: id, name: "answer", description: "The demo agent's Markdown answer", parts: []part{textPart(p)}}
		if !r.artifact(a, i > 0, i == len(pieces)-1) {
			return
		}
	}
	if r.step() {
		r.status(stateCompleted, agentText(fmt.Sprintf("Answered in %d chunks.", len(pieces))))
	}
}

func (r runner) data() {
	table := artifact{
		id: newID(), name: "itinerary", description: "Flights as structured data",
		parts: []part{{kind: partData, data: itineraryData(), wrapKey: "flights"}},
	}
	file := artifact{
		id: newID(), name: "itinerary.csv", description: "The same flights as a CSV file",
		parts: []part{{kind: partFile, file: fileContent{name: "itinerary.csv", mimeType: "text/csv", bytes: itineraryCSV()}}},
	}
	if !r.artifact(table, false, true) || !r.step() || !r.artifact(file, false, true) || !r.step() {
		return
	}
	r.status(stateCompleted, agentText("Here is your itinerary."))
}

func (r runner) slow() {
	interval := max(r.a.opts.StepDelay, slowMinStep)
	for i := 1; i <= slowSteps; i++ {
		r.a.store.mu.Lock()
		r.t.step = i
		r.a.store.mu.Unlock()
		if !r.status(stateWorking, agentText(fmt.Sprintf("Step %d of %d…", i, slowSteps))) || !pause(r.ctx, interval) {
			return
		}
	}
	r.status(stateCompleted, agentText("The slow task finished."))
}

func pong(userText string) string {
	return "pong: " + echo(userText)
}
