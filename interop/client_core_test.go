package interop

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// a2aclient against every binding of every peer: the operations a user
// of parley relies on, each checked for what came back.

func TestClientResolve(t *testing.T) {
	t.Parallel()
	targets := append(clTargets(t), clV03OnlyTargets(t)...)
	for _, tg := range targets {
		t.Run(tg.Name, func(t *testing.T) {
			for _, url := range []string{tg.Peer.CardURL, tg.Peer.BaseURL, tg.Peer.BaseURL + "/"} {
				c, err := a2aclient.Resolve(clCtx(t), url, clOptions(tg))
				if err != nil {
					t.Fatalf("resolve %s: %v", url, err)
				}
				clWant(t, "dialect from "+url, c.Dialect(), tg.Dialect)
				clWant(t, "endpoint from "+url, c.Endpoint().URL, tg.Endpoint)
				a := c.Agent()
				clWant(t, "card URL", a.CardURL, tg.Peer.CardURL)
				clWant(t, "name", a.Name, "parley interop peer ("+tg.Peer.Name+")")
				clWant(t, "streaming", a.Capabilities.Streaming, true)
				if len(a.Skills) != 1 || a.Skills[0].ID != peerScenarioSkill || len(a.Skills[0].Examples) != len(scenarioExamples()) {
					t.Errorf("skills = %+v", a.Skills)
				}
				if len(a.Warnings) != 0 {
					t.Errorf("warnings on a well-formed card: %q", a.Warnings)
				}
			}
			if tg.Force {
				// Left to itself parley follows the card, which prefers
				// another binding: that is why this one is forced.
				c, err := a2aclient.Resolve(clCtx(t), tg.Peer.CardURL, a2aclient.Options{HTTPClient: tg.Peer.Client()})
				if err != nil {
					t.Fatal(err)
				}
				if c.Dialect() == tg.Dialect {
					t.Errorf("the card's first choice is already %s; nothing is forced", tg.Dialect)
				}
			}
			// The choice holds once the agent has answered in it.
			c := clClient(t, tg)
			if _, err := c.Send(clCtx(t), clSay(scenarioMessage)); err != nil {
				t.Fatal(err)
			}
			if !c.Confirmed() || c.Dialect() != tg.Dialect {
				t.Errorf("after a reply: confirmed %v, dialect %s", c.Confirmed(), c.Dialect())
			}
		})
	}
}

func TestClientStreamsChunkedArtifact(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			st, err := c.Stream(clCtx(t), clSay(scenarioStream))
			if err != nil {
				t.Fatal(err)
			}
			var tr a2aclient.Tracker
			evs := clDrain(t, st, &tr)

			// Each chunk arrives as its own event, in order, opening the
			// artifact first and appending after; the last is marked.
			var chunks []*a2aclient.ArtifactUpdate
			for _, ev := range evs {
				if ev.Artifact != nil {
					chunks = append(chunks, ev.Artifact)
				}
			}
			if len(chunks) != streamChunks {
				t.Fatalf("%d artifact events, want %d", len(chunks), streamChunks)
			}
			for i, u := range chunks {
				if got := u.Artifact.Text(); got != chunkText(i) || u.Append != (i > 0) || u.LastChunk != (i == streamChunks-1) ||
					u.Artifact.ID != chunks[0].Artifact.ID {
					t.Errorf("chunk %d: text %q append %v last %v id %q", i, got, u.Append, u.LastChunk, u.Artifact.ID)
				}
			}

			task := tr.Task()
			clWant(t, "state", tr.State(), a2aclient.StateCompleted)
			clWant(t, "text", tr.Text(), wantAnswer(streamChunks))
			clWant(t, "stream task id", st.TaskID(), task.ID)
			if len(task.Artifacts) != 1 || task.Artifacts[0].Name != answerArtifactName || !tr.Sealed(task.Artifacts[0].ID) {
				t.Errorf("artifacts = %+v", task.Artifacts)
			}
			if task.ID == "" || task.ContextID == "" {
				t.Errorf("task %q context %q", task.ID, task.ContextID)
			}
			if last := evs[len(evs)-1]; last.Status == nil && last.Task == nil {
				t.Errorf("the stream ended on a %s event, not the completed status", last.Kind())
			}

			// The agent kept the same artifact.
			got, err := c.Get(clCtx(t), task.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			var again a2aclient.Tracker
			again.Apply(a2aclient.Event{Task: got})
			clWant(t, "state from get", again.State(), a2aclient.StateCompleted)
			clWant(t, "text from get", again.Text(), wantAnswer(streamChunks))
		})
	}
}

func TestClientBlockingSend(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			res, err := c.Send(clCtx(t), clSay(scenarioStream))
			if err != nil {
				t.Fatal(err)
			}
			if res.Task == nil {
				t.Fatalf("blocking send returned %+v, want the task", res)
			}
			var tr a2aclient.Tracker
			tr.Apply(a2aclient.Event{Task: res.Task})
			clWant(t, "state", tr.State(), a2aclient.StateCompleted)
			clWant(t, "text", tr.Text(), wantAnswer(streamChunks))

			s := clExchange(t, c, clSay(scenarioFail), session.FollowOptions{NoStream: true})
			clWant(t, "fail state", s.State, string(a2aclient.StateFailed))
			clWant(t, "fail status text", s.StatusText, failText)
		})
	}
}

func TestClientInputRequiredRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			for _, noStream := range []bool{false, true} {
				o := session.FollowOptions{NoStream: noStream}
				first := clExchange(t, c, clSay(scenarioBook), o)
				clWant(t, "state", first.State, string(a2aclient.StateInputRequired))
				clWant(t, "question", first.StatusText, bookQuestion)
				if first.TaskID == "" || first.ContextID == "" {
					t.Fatalf("no task or context to answer: %+v", first)
				}
				second := clExchange(t, c, clReply("Paris", first.TaskID, first.ContextID), o)
				clWant(t, "answered state", second.State, string(a2aclient.StateCompleted))
				clWant(t, "same task", second.TaskID, first.TaskID)
				clWant(t, "same context", second.ContextID, first.ContextID)
				clWant(t, "booking", second.Text, bookingText("Paris"))
			}
		})
	}
}

func TestClientCancel(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			ctx := clCtx(t)
			st, err := c.Stream(ctx, clSay(scenarioSlow))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var tr a2aclient.Tracker
			for tr.State() != a2aclient.StateWorking {
				ev, err := st.Next()
				if err != nil {
					t.Fatalf("before working: %v", err)
				}
				tr.Apply(ev)
			}
			id := tr.Task().ID

			task, err := c.Cancel(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			clWant(t, "task id", task.ID, id)
			clWant(t, "state after cancel", task.Status.State, a2aclient.StateCanceled)

			// The open stream hears the cancel and ends there.
			for {
				ev, err := st.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("stream after cancel: %v", err)
				}
				tr.Apply(ev)
			}
			clWant(t, "streamed state", tr.State(), a2aclient.StateCanceled)

			got, err := c.Get(ctx, id, nil)
			if err != nil {
				t.Fatal(err)
			}
			clWant(t, "state from get", got.Status.State, a2aclient.StateCanceled)

			// Cancelling again is harmless (both SDKs answer with the
			// canceled task); a task that ended otherwise cannot be.
			again, err := c.Cancel(ctx, id)
			if err != nil || again.Status.State != a2aclient.StateCanceled {
				t.Errorf("cancelling again: %v, %+v", err, again)
			}
			res, err := c.Send(ctx, clSay(scenarioFail))
			if err != nil || res.Task == nil {
				t.Fatalf("send %q: %v %+v", scenarioFail, err, res)
			}
			_, err = c.Cancel(ctx, res.Task.ID)
			if !errors.Is(err, a2aclient.ErrTaskNotCancelable) {
				t.Errorf("cancelling a failed task: %v, want %v", err, a2aclient.ErrTaskNotCancelable)
			} else {
				clOneSentence(t, err)
			}
		})
	}
}

// TestClientResumesCutStream cuts the TCP connection of a live stream the
// way a network failure would; session.Exchange resubscribes and the
// answer comes out whole, each chunk exactly once.
func TestClientResumesCutStream(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			tg.Peer.WaitStreamsEnded(t)
			halfway := make(chan struct{})
			var resumes []session.Resume
			var repairs []session.Repair
			o := session.FollowOptions{ResumeDelay: -1, OnUpdate: func(u session.Update) {
				// An update carries one of Resume, Repair or Event; the
				// others are nil.
				switch {
				case u.Resume != nil:
					resumes = append(resumes, *u.Resume)
				case u.Repair != nil:
					repairs = append(repairs, *u.Repair)
				case u.Event.Artifact != nil && u.Tracker.Text() == wantAnswer(cutChunksBefore) && len(resumes) == 0:
					close(halfway)
				}
			}}
			type outcome struct {
				s   *session.Summary
				err error
			}
			done := make(chan outcome, 1)
			go func() {
				s, err := session.Exchange(clCtx(t), c, clSay(scenarioCut), o)
				done <- outcome{s, err}
			}()

			id := tg.Peer.Script.WaitCutParked(t)
			// Cut only once parley has every chunk sent so far: v0.3
			// servers do not replay what a resubscriber missed.
			clWait(t, halfway, "the first chunks")
			if n := tg.Peer.CutStreams(); n != 1 {
				t.Fatalf("cut %d streams, want 1", n)
			}
			tg.Peer.WaitResubscribed(t, id)
			tg.Peer.Script.ReleaseCut(id)

			var got outcome
			select {
			case got = <-done:
			case <-clCtx(t).Done():
				t.Fatal("the exchange did not end")
			}
			if got.err != nil {
				t.Fatalf("exchange: %v", got.err)
			}
			clWant(t, "task", got.s.TaskID, id)
			clWant(t, "state", got.s.State, string(a2aclient.StateCompleted))
			clWant(t, "text", got.s.Text, wantAnswer(cutChunksBefore+cutChunksAfter))
			if len(repairs) > 0 {
				t.Logf("repairs = %+v", repairs)
			}
			if len(resumes) != 1 || resumes[0].TaskID != id || resumes[0].Cause == nil {
				t.Errorf("resumes = %+v, want one for %s after a broken stream", resumes, id)
			}
		})
	}
}

func TestClientMessageReply(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			text := scenarioMessage + " over " + tg.Name
			res, err := c.Send(clCtx(t), clSay(text))
			if err != nil {
				t.Fatal(err)
			}
			if res.Task != nil || res.Message == nil {
				t.Fatalf("send returned %+v, want a message", res)
			}
			clWant(t, "reply", res.Message.Text(), replyText(text))
			clWant(t, "role", res.Message.Role, a2aclient.RoleAgent)

			st, err := c.Stream(clCtx(t), clSay(text))
			if err != nil {
				t.Fatal(err)
			}
			var tr a2aclient.Tracker
			evs := clDrain(t, st, &tr)
			if len(evs) != 1 || evs[0].Message == nil {
				t.Fatalf("stream gave %d events, want one message", len(evs))
			}
			clWant(t, "streamed reply", tr.Text(), replyText(text))

			s := clExchange(t, c, clSay(text), session.FollowOptions{})
			clWant(t, "summary state", s.State, session.StateMessage)
			clWant(t, "summary text", s.Text, replyText(text))
		})
	}
}

func TestClientErrors(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			ctx := clCtx(t)
			const unknown = "no-such-task"
			_, errGet := c.Get(ctx, unknown, nil)
			_, errCancel := c.Cancel(ctx, unknown)
			for what, err := range map[string]error{"get": errGet, "cancel": errCancel} {
				if !errors.Is(err, a2aclient.ErrTaskNotFound) {
					t.Errorf("%s of an unknown task: %v, want %v", what, err, a2aclient.ErrTaskNotFound)
					continue
				}
				clOneSentence(t, err)
			}
			// Following an unknown task ends with the same error, whether
			// the client resubscribes or polls.
			st, err := c.Resubscribe(ctx, unknown)
			if err == nil {
				_, err = st.Next()
				st.Close()
			}
			if !errors.Is(err, a2aclient.ErrTaskNotFound) {
				t.Errorf("resubscribe to an unknown task: %v", err)
			}
			// A message for an unknown task is refused, not taken as new.
			_, err = c.Send(ctx, clReply("hello", unknown, ""))
			if !errors.Is(err, a2aclient.ErrTaskNotFound) {
				t.Errorf("message to an unknown task: %v", err)
			}
		})
	}
}

// TestClientDialectFallback points parley at the wrong JSON-RPC dialect
// of a real server: it must hear "method not found" and move on to the
// dialect the server speaks, or, when the user forced the dialect, say
// clearly that the server does not have the method.
func TestClientDialectFallback(t *testing.T) {
	t.Parallel()
	v03, v2 := startGoV03(t), startGoV2(t)
	for _, tc := range []struct {
		name   string
		p      peer
		url    string
		card   a2aclient.Dialect
		wantD  a2aclient.Dialect
		method string // the method the server did not know
	}{
		{"v1.0 card, v0.3 server", v03, v03.JSONRPC03, a2aclient.DialectV10, a2aclient.DialectV03, "SendStreamingMessage"},
		{"v0.3 card, v1.0 server", v2, v2.JSONRPC10, a2aclient.DialectV03, a2aclient.DialectV10, "message/stream"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			version := map[a2aclient.Dialect]string{a2aclient.DialectV10: "1.0", a2aclient.DialectV03: "0.3.0"}[tc.card]
			agent := &a2aclient.Agent{
				Name: "mislabelled", CardDialect: tc.card, Capabilities: a2aclient.Capabilities{Streaming: true},
				Interfaces: []a2aclient.Interface{{URL: tc.url, Binding: a2aclient.BindingJSONRPC, ProtocolVersion: version, Dialect: tc.card}},
			}
			c, err := a2aclient.NewClient(agent, a2aclient.Options{HTTPClient: tc.p.Client()})
			if err != nil {
				t.Fatal(err)
			}
			before := tc.p.CountRPC(tc.method)
			s := clExchange(t, c, clSay(scenarioStream), session.FollowOptions{})
			clWant(t, "text", s.Text, wantAnswer(streamChunks))
			clWant(t, "dialect", c.Dialect(), tc.wantD)
			clWant(t, "confirmed", c.Confirmed(), true)
			clWant(t, "requests in the wrong dialect", tc.p.CountRPC(tc.method)-before, 1)

			// Forced, parley does not second-guess the user.
			forced, err := a2aclient.Resolve(clCtx(t), tc.p.CardURL, a2aclient.Options{HTTPClient: tc.p.Client(), Dialect: tc.card})
			if err != nil {
				t.Fatal(err)
			}
			_, err = forced.Send(clCtx(t), clSay(scenarioMessage))
			if !errors.Is(err, a2aclient.ErrMethodNotFound) {
				t.Fatalf("forced %s: %v, want %v", tc.card, err, a2aclient.ErrMethodNotFound)
			}
			clOneSentence(t, err)
			clWant(t, "dialect still forced", forced.Dialect(), tc.card)
		})
	}
}

// clOneSentence checks that an error reads as one line a person
// understands, without Go's wrapping noise.
func clOneSentence(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if strings.ContainsAny(msg, "\n\r") || len(msg) > 300 || strings.Contains(msg, "%!") || strings.Contains(msg, "&{") {
		t.Errorf("error does not read as one sentence: %q", msg)
	}
}

// clWait waits for ch to close, bounded by the test's patience.
func clWait(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-clCtx(t).Done():
		t.Fatalf("gave up waiting for %s", what)
	}
}
