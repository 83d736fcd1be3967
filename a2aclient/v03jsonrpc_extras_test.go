package a2aclient

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"testing"
)

// The optional v0.2/v0.3 JSON-RPC operations: push-notification configs
// and the extended card, with their fallbacks on older agents.

func TestV03PushConfigMethods(t *testing.T) {
	cfg := `{"taskId":"t1","pushNotificationConfig":{"id":"cfg-1","url":"https://client.example.com/webhook/a2a-notifications","token":"secure-client-token-for-task-aaa","authentication":{"schemes":["Bearer"]}}}`
	f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{
		"tasks/pushNotificationConfig/set":    cfg,
		"tasks/pushNotificationConfig/get":    cfg,
		"tasks/pushNotificationConfig/list":   `[` + cfg + `,{"taskId":"t1","pushNotificationConfig":{"id":"cfg-2","url":"https://other.example/hook"}}]`,
		"tasks/pushNotificationConfig/delete": `null`,
	}))
	c := taggedRPCClient(t, f.URL, DialectV03)
	ctx := hostileCtx(t)
	want := &PushConfig{ID: "cfg-1", TaskID: "t1", URL: "https://client.example.com/webhook/a2a-notifications", Token: "secure-client-token-for-task-aaa", AuthSchemes: []string{"Bearer"}}

	got, err := c.SetPushConfig(ctx, *want)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("set = %+v, %v", got, err)
	}
	assertJSON(t, "set params", assertEnvelope(t, f.call(t, 0), "tasks/pushNotificationConfig/set"), cfg)

	got, err = c.GetPushConfig(ctx, "t1", "cfg-1")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("get = %+v, %v", got, err)
	}
	assertJSON(t, "get params", assertEnvelope(t, f.call(t, 1), "tasks/pushNotificationConfig/get"), `{"id":"t1","pushNotificationConfigId":"cfg-1"}`)

	list, err := c.ListPushConfigs(ctx, "t1")
	if err != nil || len(list) != 2 || list[1].ID != "cfg-2" || list[1].TaskID != "t1" {
		t.Errorf("list = %+v, %v", list, err)
	}
	assertJSON(t, "list params", assertEnvelope(t, f.call(t, 2), "tasks/pushNotificationConfig/list"), `{"id":"t1"}`)

	if err := c.DeletePushConfig(ctx, "t1", "cfg-1"); err != nil {
		t.Errorf("delete with a null result: %v", err)
	}
	assertJSON(t, "delete params", assertEnvelope(t, f.call(t, 3), "tasks/pushNotificationConfig/delete"), `{"id":"t1","pushNotificationConfigId":"cfg-1"}`)
}

func TestV02PushConfigWithoutListOrDelete(t *testing.T) {
	// A v0.2.0 agent: set and get only, get by task id.
	f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{
		"tasks/pushNotificationConfig/get": `{"taskId":"t1","pushNotificationConfig":{"url":"https://hook.example/a"}}`,
	}))
	c := taggedRPCClient(t, f.URL, DialectV02)
	ctx := hostileCtx(t)
	list, err := c.ListPushConfigs(ctx, "t1")
	if err != nil || len(list) != 1 || list[0].URL != "https://hook.example/a" {
		t.Errorf("list = %+v, %v", list, err)
	}
	assertJSON(t, "get params", f.call(t, 1).Params, `{"id":"t1"}`)
	err = c.DeletePushConfig(ctx, "t1", "x")
	if !errors.Is(err, ErrUnsupportedOperation) || errors.Is(err, ErrMethodNotFound) {
		t.Errorf("delete = %v, want an unsupported operation, not a missing method", err)
	}
	if got := f.methods(); !reflect.DeepEqual(got, []string{"tasks/pushNotificationConfig/list", "tasks/pushNotificationConfig/get", "tasks/pushNotificationConfig/delete"}) || c.Dialect() != DialectV02 {
		t.Errorf("methods %v, dialect %s: the client should stay with v0.2", got, c.Dialect())
	}
}

const v03ExtendedCard = `{"protocolVersion":"0.3.0","name":"Extended Agent","description":"More skills once signed in.","url":"%s","preferredTransport":"JSONRPC","version":"1.0.0","capabilities":{"streaming":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"secret","name":"Secret skill","description":"Only for members.","tags":["x"]}]}`

func TestV03ExtendedCard(t *testing.T) {
	var base string
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		taggedRPCResult(w, c, fmt.Sprintf(v03ExtendedCard, base))
	})
	base = f.URL
	agent, err := taggedRPCClient(t, f.URL, DialectV03).ExtendedCard(hostileCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	call := f.call(t, 0)
	assertEnvelope(t, call, "agent/getAuthenticatedExtendedCard")
	if call.Params != nil {
		t.Errorf("params = %s, want none", call.Params)
	}
	if agent.Name != "Extended Agent" || len(agent.Skills) != 1 {
		t.Errorf("agent = %+v", agent)
	}
}

func TestExtendedCardOverHTTPGet(t *testing.T) {
	for _, tc := range []struct {
		name    string
		d       Dialect
		rpcPath string
		cardAt  string
		methods []string
	}{
		{"v0.2 at the root", DialectV02, "/", "/agent/authenticatedExtendedCard", []string{""}},
		{"v0.2 under a prefix, the spec's reading", DialectV02, "/a2a", "/agent/authenticatedExtendedCard", []string{""}},
		{"v0.2 under a prefix, the example's reading", DialectV02, "/a2a", "/a2a/agent/authenticatedExtendedCard", []string{"", ""}},
		{"v0.3 without the method", DialectV03, "/", "/agent/authenticatedExtendedCard", []string{"agent/getAuthenticatedExtendedCard", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var base string
			f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
				switch {
				case r.Method == http.MethodGet && r.URL.Path == tc.cardAt:
					w.Header().Set("Content-Type", "application/json")
					fmt.Fprintf(w, v03ExtendedCard, base)
				case r.Method == http.MethodGet:
					http.NotFound(w, r)
				default:
					taggedRPCError(w, c, -32601, "Method not found")
				}
			})
			base = f.URL + tc.rpcPath
			c := taggedRPCClient(t, base, tc.d)
			agent, err := c.ExtendedCard(hostileCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			if agent.Name != "Extended Agent" || c.Dialect() != tc.d {
				t.Errorf("agent %q, dialect %s", agent.Name, c.Dialect())
			}
			if got := f.methods(); !reflect.DeepEqual(got, tc.methods) {
				t.Errorf("requests = %q, want %q", got, tc.methods)
			}
		})
	}
}

func TestExtendedCardMissingIsNotADialectMismatch(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		http.NotFound(w, r)
	})
	c := taggedRPCClient(t, f.URL+"/a2a", DialectV02)
	_, err := c.ExtendedCard(hostileCtx(t))
	var he *HTTPError
	if !errors.Is(err, ErrExtendedCardUnavailable) || !errors.As(err, &he) || he.StatusCode != 404 {
		t.Errorf("err = %v, want a 404 marked as no extended card", err)
	}
	if c.Dialect() != DialectV02 || len(f.methods()) != 2 {
		t.Errorf("dialect %s after %d requests: the client should stay with v0.2", c.Dialect(), len(f.methods()))
	}
}
