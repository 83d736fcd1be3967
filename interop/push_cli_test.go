package interop

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/session/store"
)

// `parley task watch --push` against a2a-go: no stream is held; the rest
// of a parked task arrives by a2a-go's push sender into parley's
// receiver, is printed as a stream would be, stored with the task, and
// the config is removed at the end.
func TestCLITaskWatchPush(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargetsOf(startGoV2Push(t)) {
		t.Run(tg.Name, func(t *testing.T) {
			ctx := clCtx(t)
			client := clSignedIn(t, tg)
			st, err := client.Stream(ctx, clSay(scenarioCut))
			if err != nil {
				t.Fatal(err)
			}
			taskID := tg.Peer.Script.WaitCutParked(t)
			st.Close()
			c := newCLCLI(t, tg)
			sets := func() int {
				return tg.Peer.CountRPC("CreateTaskPushNotificationConfig") + tg.Peer.CountRPC("tasks/pushNotificationConfig/set") + countPath(tg.Peer, "pushNotificationConfigs")
			}
			before := sets()
			_, done := c.start(ctx, "task", "watch", "--push", tg.Peer.CardURL, taskID, "--json",
				"--header", "Authorization: Bearer "+clToken)
			waitFor(t, "parley to wait for pushes", func() bool {
				select {
				case r := <-done:
					t.Fatalf("parley ended before waiting: %d\n%s\n%s", r.code, r.stdout, r.stderr)
				default:
				}
				if sets() == before {
					return false
				}
				list, err := client.ListPushConfigs(ctx, taskID)
				return err == nil && len(list) == 1
			})
			tg.Peer.Script.ReleaseCut(taskID)
			var r clRun
			select {
			case r = <-done:
			case <-ctx.Done():
				t.Fatal("parley task watch --push never ended")
			}
			stderr := r.stderr
			r.wantCode(t, clExitOK)
			res, _ := r.result(t)
			clWant(t, "state", clField(res, "state"), "completed")
			if !strings.Contains(stderr, "waiting for push notifications at http://127.0.0.1:") {
				t.Errorf("stderr: %s", stderr)
			}
			if list, err := client.ListPushConfigs(ctx, taskID); err != nil || len(list) != 0 {
				t.Errorf("configs left on the agent: %+v (%v)", list, err)
			}
			store, err := store.Open(c.store)
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			id, ok, err := store.ContextOfTask(client.ID(), taskID)
			if err != nil || !ok {
				t.Fatalf("the pushed task is not stored (%v)", err)
			}
			if text, state := storedAnswer(t, store, id, taskID); state != "completed" || !strings.HasSuffix(text, wantAnswer(cutChunksBefore + cutChunksAfter)[len(wantAnswer(cutChunksBefore)):]) {
				t.Errorf("stored %q, %s", text, state)
			}
		})
	}
}

func countPath(p peer, part string) int {
	n := 0
	for _, r := range p.Requests() {
		if r.HTTPMethod == "POST" && strings.Contains(r.Path, part) {
			n++
		}
	}
	return n
}

// `parley task list` and `task push set|get|list|rm` as a user runs them.
func TestCLITaskListAndPushConfigs(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargetsOf(startGoV2Full(t)) {
		if tg.Peer.grpc != nil && tg.Dialect != "v1.0-grpc" {
			continue
		}
		t.Run(tg.Name, func(t *testing.T) {
			ctx := clCtx(t)
			client := clSignedIn(t, tg)
			res, err := client.Send(ctx, clSay(scenarioBook))
			if err != nil {
				t.Fatal(err)
			}
			taskID, contextID := res.Task.ID, res.Task.ContextID
			c := newCLCLI(t, tg)
			auth := []string{"--header", "Authorization: Bearer " + clToken}
			r := c.run(append([]string{"task", "list", tg.Peer.CardURL, "--context-id", contextID, "--json"}, auth...)...)
			r.wantCode(t, clExitOK)
			lines := r.lines(t)
			last := lines[len(lines)-1]
			if !clHasListing(tg) {
				clWant(t, "listing", clField(last, "listing"), "history")
				if !strings.Contains(r.stderr, "has no task listing") {
					t.Errorf("stderr: %s", r.stderr)
				}
			} else {
				clWant(t, "listing", clField(last, "listing"), "server")
				if len(lines) != 2 || clField(lines[0], "taskId") != taskID || clField(lines[0], "state") != "input-required" || clField(lines[0], "where") != "server" {
					t.Fatalf("listed %v", lines)
				}
			}
			r = c.run(append([]string{"task", "list", "--all", tg.Peer.CardURL, "--state", "input-required", "--json"}, auth...)...)
			r.wantCode(t, clExitOK)
			if clHasListing(tg) && !strings.Contains(r.stdout, taskID) {
				t.Errorf("--all left out %s: %s", taskID, r.stdout)
			}
			r = c.run(append([]string{"task", "list", tg.Peer.CardURL, "--state", "bogus"}, auth...)...)
			r.wantCode(t, 2)

			r = c.run(append([]string{"task", "push", "set", tg.Peer.CardURL, taskID, "--push-url", "http://127.0.0.1:1/hook", "--json"}, auth...)...)
			r.wantCode(t, clExitOK)
			set := r.lines(t)[0]
			cfgID := clField(set, "id")
			if cfgID == "" || set["parley"] != true || set["hasToken"] != true || !strings.HasPrefix(clField(set, "url"), "http://127.0.0.1:1/hook/push/") {
				t.Fatalf("set printed %v", set)
			}
			r = c.run(append([]string{"task", "push", "list", tg.Peer.CardURL, taskID}, auth...)...)
			r.wantCode(t, clExitOK)
			if !strings.Contains(r.stdout, cfgID) || !strings.Contains(r.stdout, "(token set)") || !strings.Contains(r.stdout, "parley's receiver: 0 received") {
				t.Errorf("list printed %s", r.stdout)
			}
			configs, err := client.ListPushConfigs(ctx, taskID)
			if err != nil || len(configs) != 1 || configs[0].Token == "" {
				t.Fatalf("configs %+v (%v)", configs, err)
			}
			for _, out := range []string{r.stdout, r.stderr} {
				if strings.Contains(out, configs[0].Token) {
					t.Fatal("the token was printed")
				}
			}
			r = c.run(append([]string{"task", "push", "get", tg.Peer.CardURL, taskID, cfgID, "--json"}, auth...)...)
			r.wantCode(t, clExitOK)
			if strings.Contains(r.stdout, configs[0].Token) || clField(r.lines(t)[0], "id") != cfgID {
				t.Errorf("get printed %s", r.stdout)
			}
			r = c.run(append([]string{"task", "push", "rm", tg.Peer.CardURL, taskID, cfgID}, auth...)...)
			r.wantCode(t, clExitOK)
			if configs, _ := client.ListPushConfigs(ctx, taskID); len(configs) != 0 {
				t.Errorf("configs after rm: %+v", configs)
			}
			store, err := store.Open(c.store)
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			if routes, _ := store.PushRoutes(client.ID(), taskID); len(routes) != 0 {
				t.Errorf("parley's receiver still takes %+v", routes)
			}
		})
	}
}
