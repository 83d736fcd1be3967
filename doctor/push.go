package doctor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// maxPushWait bounds the wait for a push notification; the check's
// timeout bounds it too.
const maxPushWait = 10 * time.Second

// push checks what the card says of push notifications: declared, a message sent with a push config makes
// a task, a config can be created for that task (and is deleted after),
// and, when the interface is on loopback where parley's receiver can
// listen, the agent delivers a notification to it with the config's
// token.
func (o *on) push(ctx context.Context) {
	if !o.agent.Capabilities.PushNotifications {
		o.result("push", Skip, "The card declares no push notifications.", 0)
		return
	}
	if !o.sends("push") {
		return
	}
	token := "parley-doctor-" + a2aclient.NewID()
	var rcv *receiver
	if onLoopback(o.i.URL) {
		var err error
		if rcv, err = listen(token); err != nil {
			o.result("push", Skip, clean(fmt.Sprintf("Parley could not listen for push notifications on loopback: %v.", err)), 0)
			return
		}
		defer rcv.close()
	}
	// .invalid never resolves (RFC 2606): an agent not on loopback
	// cannot reach parley, and is given an address nobody has.
	target := "https://parley-doctor.invalid/push"
	if rcv != nil {
		target = rcv.url
	}
	var detail string
	status := Pass
	took := o.within(ctx, func(ctx context.Context) {
		req := o.request()
		req.PushConfig = &a2aclient.PushConfig{URL: target, Token: token}
		res, err := o.c.Send(ctx, req)
		switch {
		case errors.Is(err, a2aclient.ErrPushNotSupported):
			status, detail = Fail, fmt.Sprintf("The card declares push notifications but a message with a push config was refused: %v (%s).", err, o.cite(specPushConfig))
			return
		case err != nil:
			status, detail = Fail, fmt.Sprintf("Sending a message with a push config failed: %v (%s).", err, o.cite(specSend))
			return
		case res.Task == nil:
			status, detail = Skip, "The agent replied with a message, so there is no task to push about."
			return
		}
		cfg, err := o.c.SetPushConfig(ctx, a2aclient.PushConfig{TaskID: res.Task.ID, URL: target, Token: token})
		if err != nil {
			status, detail = Fail, fmt.Sprintf("The card declares push notifications but creating a push config for task %s failed: %v (%s).", res.Task.ID, err, o.cite(specPushConfig))
			return
		}
		if cfg != nil && cfg.ID != "" {
			_ = o.c.DeletePushConfig(ctx, res.Task.ID, cfg.ID)
		}
		if rcv == nil {
			detail = "A push config was created; delivery is not checked, as the agent is not on loopback where parley's receiver listens."
			return
		}
		wait := min(maxPushWait, o.o.Timeout)
		select {
		case n := <-rcv.got:
			ev, err := a2aclient.DecodePush(n.body, o.i.Dialect)
			switch {
			case err != nil:
				status, detail = Fail, fmt.Sprintf("A notification was delivered to parley's receiver, but parley cannot read it: %v (%s).", err, o.cite(specPushPayload))
			case ev.TaskID() != res.Task.ID:
				status, detail = Fail, fmt.Sprintf("A notification was delivered to parley's receiver for task %s, not the task %s it was configured for (%s).", ev.TaskID(), res.Task.ID, o.cite(specPushPayload))
			default:
				detail = fmt.Sprintf("A push config was created, and a notification (%s) delivered to parley's receiver with its token.", ev.Kind())
			}
		case <-time.After(wait):
			if n := rcv.refused.Load(); n > 0 {
				status, detail = Warn, fmt.Sprintf("%s reached parley's receiver, none with the config's token in %s or %s (%s).", plural(int(n), "notification"), a2aclient.PushTokenHeader, a2aclient.PushTokenHeaderV03, o.cite(specPushToken))
				return
			}
			status, detail = Warn, fmt.Sprintf("A push config was created, but no notification reached parley's receiver on loopback within %s (an agent may refuse to push to private addresses).", wait)
		case <-ctx.Done():
			status, detail = Warn, "A push config was created, but no notification reached parley's receiver before the check's timeout."
		}
	})
	o.result("push", status, clean(detail), took)
}

// receiver is a loopback listener for push notifications. Any process
// on the machine can reach it, so only a notification with the
// config's token is taken; the others are refused and counted.
type receiver struct {
	url     string
	srv     *http.Server
	got     chan notification
	refused atomic.Int64
}

type notification struct {
	body []byte
}

func listen(token string) (*receiver, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &receiver{url: "http://" + l.Addr().String() + "/parley-doctor/push", got: make(chan notification, 16)}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /parley-doctor/push", func(w http.ResponseWriter, req *http.Request) {
		got := req.Header.Get(a2aclient.PushTokenHeader)
		if got == "" {
			got = req.Header.Get(a2aclient.PushTokenHeaderV03)
		}
		if got != token {
			r.refused.Add(1)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		body, _ := io.ReadAll(io.LimitReader(req.Body, 1<<20))
		n := notification{body: body}
		select {
		case r.got <- n:
		default:
		}
		w.WriteHeader(http.StatusNoContent)
	})
	r.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = r.srv.Serve(l) }()
	return r, nil
}

func (r *receiver) close() { _ = r.srv.Close() }

// onLoopback says the interface's host is a loopback address (a gRPC
// interface may be written host:port, with no scheme).
func onLoopback(raw string) bool {
	host := raw
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		host = u.Hostname()
	} else if h, _, err := net.SplitHostPort(strings.TrimPrefix(raw, "dns:///")); err == nil {
		host = h
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
