package interop

import (
	"errors"
	"slices"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// The optional operations: task listing, push-notification configs and
// the extended card. The plain peers do not offer them and must be
// reported with a named error; the full peers (client_fullpeer_test.go)
// offer them and must work.

// clSignedIn is a client for a full peer that sends the bearer token.
func clSignedIn(t *testing.T, tg clTarget) *a2aclient.Client {
	t.Helper()
	o := clOptions(tg)
	o.Auth = []a2aclient.Authenticator{a2aclient.BearerToken{Token: clToken}}
	return clClientWith(t, tg, o)
}

// clFullTargets lists every binding of both full peers.
func clFullTargets(t *testing.T) []clTarget {
	return clTargetsOf(startGoV03Full(t), startGoV2Full(t))
}

// clHasListing reports whether the target's binding has a task listing:
// v1.0, and the v0.3 REST binding (GET /v1/tasks), which a2a-go/v2's
// compat layer serves; v0.3 JSON-RPC has no such method.
func clHasListing(tg clTarget) bool { return tg.Dialect != a2aclient.DialectV03 }

func TestClientListTasks(t *testing.T) {
	t.Parallel()
	for _, tg := range clFullTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clSignedIn(t, tg)
			ctx := clCtx(t)
			if !clHasListing(tg) {
				before := len(tg.Peer.Requests())
				_, err := c.ListTasks(ctx, a2aclient.ListTasksRequest{})
				if !errors.Is(err, a2aclient.ErrUnsupportedOperation) {
					t.Fatalf("listing over %s: %v, want %v", tg.Dialect, err, a2aclient.ErrUnsupportedOperation)
				}
				clOneSentence(t, err)
				clWant(t, "requests sent for a listing the dialect lacks", len(tg.Peer.Requests())-before, 0)
				return
			}
			// Two tasks in a context of their own: one waiting, one done.
			waiting, err := c.Send(ctx, clSay(scenarioBook))
			if err != nil {
				t.Fatal(err)
			}
			contextID := waiting.Task.ContextID
			done, err := c.Send(ctx, clReply(scenarioStream, "", contextID))
			if err != nil {
				t.Fatal(err)
			}
			clWant(t, "second task's context", done.Task.ContextID, contextID)

			page, err := c.ListTasks(ctx, a2aclient.ListTasksRequest{ContextID: contextID})
			if err != nil {
				t.Fatal(err)
			}
			states := map[string]a2aclient.State{}
			for _, task := range page.Tasks {
				states[task.ID] = task.Status.State
			}
			want := map[string]a2aclient.State{waiting.Task.ID: a2aclient.StateInputRequired, done.Task.ID: a2aclient.StateCompleted}
			if len(states) != 2 || states[waiting.Task.ID] != want[waiting.Task.ID] || states[done.Task.ID] != want[done.Task.ID] {
				t.Errorf("listed %v, want %v", states, want)
			}

			// One per page: the token leads to the other task.
			first, err := c.ListTasks(ctx, a2aclient.ListTasksRequest{ContextID: contextID, PageSize: 1})
			if err != nil {
				t.Fatal(err)
			}
			if len(first.Tasks) != 1 || first.NextPageToken == "" {
				t.Fatalf("first page: %d tasks, next %q", len(first.Tasks), first.NextPageToken)
			}
			second, err := c.ListTasks(ctx, a2aclient.ListTasksRequest{ContextID: contextID, PageSize: 1, PageToken: first.NextPageToken})
			if err != nil {
				t.Fatal(err)
			}
			if len(second.Tasks) != 1 || second.Tasks[0].ID == first.Tasks[0].ID {
				t.Errorf("second page: %+v after %s", second.Tasks, first.Tasks[0].ID)
			}
		})
	}
}

// TestClientListTasksNeedsSignIn: a2a-go/v2 lists only a signed-in user's
// tasks and refuses anyone else; parley says so by name.
func TestClientListTasksNeedsSignIn(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargetsOf(startGoV2(t)) {
		t.Run(tg.Name, func(t *testing.T) {
			_, err := clClient(t, tg).ListTasks(clCtx(t), a2aclient.ListTasksRequest{})
			if !errors.Is(err, a2aclient.ErrUnauthenticated) {
				t.Fatalf("listing without signing in: %v, want %v", err, a2aclient.ErrUnauthenticated)
			}
			clOneSentence(t, err)
		})
	}
}

func TestClientPushConfigs(t *testing.T) {
	t.Parallel()
	t.Run("unsupported", func(t *testing.T) {
		for _, tg := range clTargets(t) {
			t.Run(tg.Name, func(t *testing.T) {
				c := clClient(t, tg)
				ctx := clCtx(t)
				if c.Agent().Capabilities.PushNotifications {
					t.Fatal("the plain peer's card claims push notifications")
				}
				res, err := c.Send(ctx, clSay(scenarioBook))
				if err != nil {
					t.Fatal(err)
				}
				id := res.Task.ID
				_, errSet := c.SetPushConfig(ctx, a2aclient.PushConfig{TaskID: id, URL: "https://example.com/hook"})
				_, errGet := c.GetPushConfig(ctx, id, "any")
				_, errList := c.ListPushConfigs(ctx, id)
				errDelete := c.DeletePushConfig(ctx, id, "any")
				for what, err := range map[string]error{"set": errSet, "get": errGet, "list": errList, "delete": errDelete} {
					if !errors.Is(err, a2aclient.ErrPushNotSupported) {
						t.Errorf("%s: %v, want %v", what, err, a2aclient.ErrPushNotSupported)
						continue
					}
					clOneSentence(t, err)
				}
			})
		}
	})
	t.Run("supported", func(t *testing.T) {
		for _, tg := range clFullTargets(t) {
			t.Run(tg.Name, func(t *testing.T) {
				c := clSignedIn(t, tg)
				ctx := clCtx(t)
				if !c.Agent().Capabilities.PushNotifications {
					t.Fatal("the full peer's card does not claim push notifications")
				}
				res, err := c.Send(ctx, clSay(scenarioBook))
				if err != nil {
					t.Fatal(err)
				}
				id := res.Task.ID
				want := a2aclient.PushConfig{TaskID: id, URL: "https://example.com/hooks/parley", Token: "push-token"}
				set, err := c.SetPushConfig(ctx, want)
				if err != nil {
					t.Fatal(err)
				}
				if set.ID == "" || set.TaskID != id || set.URL != want.URL || set.Token != want.Token {
					t.Fatalf("set returned %+v", set)
				}
				got, err := c.GetPushConfig(ctx, id, set.ID)
				if err != nil {
					t.Fatal(err)
				}
				if got.ID != set.ID || got.URL != want.URL || got.Token != want.Token {
					t.Errorf("get returned %+v, want %+v", got, set)
				}
				list, err := c.ListPushConfigs(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if len(list) != 1 || list[0].ID != set.ID || list[0].URL != want.URL {
					t.Errorf("list returned %+v", list)
				}
				if err := c.DeletePushConfig(ctx, id, set.ID); err != nil {
					t.Fatal(err)
				}
				list, err = c.ListPushConfigs(ctx, id)
				if err != nil || len(list) != 0 {
					t.Errorf("list after delete: %+v, %v", list, err)
				}
			})
		}
	})
}

func TestClientExtendedCard(t *testing.T) {
	t.Parallel()
	t.Run("not configured", func(t *testing.T) {
		for _, tg := range clTargets(t) {
			t.Run(tg.Name, func(t *testing.T) {
				_, err := clClient(t, tg).ExtendedCard(clCtx(t))
				if !errors.Is(err, a2aclient.ErrExtendedCardUnavailable) {
					t.Fatalf("extended card: %v, want %v", err, a2aclient.ErrExtendedCardUnavailable)
				}
				clOneSentence(t, err)
			})
		}
	})
	t.Run("configured", func(t *testing.T) {
		for _, tg := range clFullTargets(t) {
			t.Run(tg.Name, func(t *testing.T) {
				c := clSignedIn(t, tg)
				if !c.Agent().Capabilities.ExtendedCard {
					t.Fatal("the full peer's card does not offer an extended card")
				}
				ext, err := c.ExtendedCard(clCtx(t))
				if err != nil {
					t.Fatal(err)
				}
				clWant(t, "name", ext.Name, c.Agent().Name)
				ids := make([]string, len(ext.Skills))
				for i, s := range ext.Skills {
					ids[i] = s.ID
				}
				if !slices.Equal(ids, []string{peerScenarioSkill, clExtSkillID}) {
					t.Errorf("extended skills %v, want the public one and %q", ids, clExtSkillID)
				}
				// The extended card does not change how parley talks.
				clWant(t, "dialect", c.Dialect(), tg.Dialect)
			})
		}
	})
}
