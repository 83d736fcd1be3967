package a2ui_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session/a2ui"
)

// TestActivationAndRoundTripOnEveryBinding: against the demo agent, whose
// card declares A2UI v0.8 and v0.9, parley activates the newest it
// offers (the extensions header, gRPC metadata), every message carries
// a2uiClientCapabilities, the agent answers "book a table" with a form,
// and the form's action, filled in through the model, completes the task.
func TestActivationAndRoundTripOnEveryBinding(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	base, err := demoagent.New(demoagent.Options{}).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	targets := []struct {
		url string
		d   a2aclient.Dialect
	}{
		{base, a2aclient.DialectV10}, {base, a2aclient.DialectV10REST}, {base, a2aclient.DialectV10GRPC},
		{base, a2aclient.DialectV03}, {base, a2aclient.DialectV03REST}, {base + "/v0.2/", a2aclient.DialectV02},
	}
	offers := map[string]a2aclient.ExtensionOffer{
		"newest":    a2ui.Offer(),
		"v0.8 only": {URIs: []string{a2ui.ExtensionV08}, Metadata: a2ui.Capabilities},
	}
	for _, tg := range targets {
		for name, offer := range offers {
			want := a2ui.ExtensionV09
			if name == "v0.8 only" {
				want = a2ui.ExtensionV08
			}
			t.Run(string(tg.d)+" "+name, func(t *testing.T) {
				c, err := a2aclient.Resolve(ctx, tg.url, a2aclient.Options{Dialect: tg.d, Offers: []a2aclient.ExtensionOffer{offer}})
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				if c.Dialect() != tg.d {
					t.Fatalf("dialect %s, want %s", c.Dialect(), tg.d)
				}
				if got := c.Extensions(); !slices.Equal(got, []string{want}) {
					t.Fatalf("activates %v, want %s", got, want)
				}
				res, err := c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("book a table")}}})
				if err != nil {
					t.Fatal(err)
				}
				if got := c.ActivatedExtensions(); !slices.Contains(got, want) {
					t.Errorf("the agent confirmed %v, want %s", got, want)
				}
				task := res.Task
				if task == nil || task.Status.State != a2aclient.StateInputRequired || task.Status.Message == nil {
					t.Fatalf("reply %+v", res)
				}
				ss := a2ui.New(a2ui.Limits{})
				for _, p := range task.Status.Message.Parts {
					if errs := ss.ApplyPart(p); len(errs) > 0 {
						t.Fatal(errs)
					}
				}
				s := ss.Get("booking")
				if s == nil || string(s.Version) != strings.TrimPrefix(want, "https://a2ui.org/a2a-extension/a2ui/") {
					t.Fatalf("surface %+v", s)
				}
				root := s.Layout(a2ui.Limits{})
				if root == nil {
					t.Fatal("the form is not ready to draw")
				}
				if err := s.Enter(root.Find("name"), "Ada"); err != nil {
					t.Fatal(err)
				}
				if err := s.Enter(root.Find("guests"), []any{"6"}); err != nil {
					t.Fatal(err)
				}
				part, err := s.Action(s.Layout(a2ui.Limits{}).Find("book"), time.Now())
				if err != nil {
					t.Fatal(err)
				}
				parts := []a2aclient.Part{part}
				if c.Dialect().DataMustBeObject() {
					parts = a2ui.OneObjectEach(part)
				}
				res, err = c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{TaskID: task.ID, ContextID: task.ContextID, Parts: parts}})
				if err != nil {
					t.Fatal(err)
				}
				if res.Task == nil || res.Task.Status.State != a2aclient.StateCompleted || !strings.Contains(res.Task.Status.Message.Text(), "table for 6, inside, under the name Ada") {
					t.Fatalf("answer %+v", res.Task)
				}
			})
		}
	}
}
