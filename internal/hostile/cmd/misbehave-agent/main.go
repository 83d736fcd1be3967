// Command misbehave-agent serves the misbehaving agents of the waiting
// and text-safety cases of scripts/redteam.sh, each on its own loopback
// port, until it is stopped. It prints one "name=URL" line per agent,
// then "ready":
//
//	spoof      bidi overrides and zero-width characters in every string
//	evil       terminal escape sequences in every string
//	trickle    a card sent one byte a second
//	stalled    starts the task, then sends nothing, ever
//	stallonce  the same for the first stream; resubscribing works
//	silent     never answers a message, not even with headers
//	keepalive  a stream of keep-alives only
//	busy       HTTP 429 with Retry-After: 1 for the first stream, then healthy
//	html       HTTP 502 with a long HTML page
//	healthy    task-1 in ctx-1, answered "Hello world"
//	pusher     pushes its task-1 failed, "B was here", once given a push config
//	ones       answers in context "1", an id like parley's number for a conversation
//	reflect    HTTP 500 for the card and every message, quoting the credential headers sent
//	widths     an answer of VS16 emoji replaced by a draft, then by "The final answer."
//	turns      two artifacts at once, named once with 64 KB of escapes each, replaced a byte at a time
package main

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/parley-a2a/parley/internal/hostile"
)

func main() {
	page := "<!DOCTYPE html><html><head><title>Oops</title><style>body{}</style></head><body><h1>502 Bad Gateway</h1><p>upstream</p>" +
		strings.Repeat("<p>Lorem ipsum dolor sit amet.</p>", 500) + "</body></html>"
	agents := []struct {
		name   string
		faults []hostile.Fault
	}{
		{"spoof", []hostile.Fault{{Mode: hostile.Spoof, Methods: []string{"card", "message/stream", "message/send", "tasks/get"}}}},
		{"evil", []hostile.Fault{{Mode: hostile.Hostile, Methods: []string{"card", "message/stream", "message/send", "tasks/get"}}}},
		{"trickle", []hostile.Fault{{Mode: hostile.Trickle, Methods: []string{"card"}, Pause: time.Second}}},
		{"stalled", []hostile.Fault{{Mode: hostile.SlowStream, Methods: []string{"message/stream", "tasks/resubscribe"}, Pause: time.Hour}}},
		{"stallonce", []hostile.Fault{{Mode: hostile.SlowStream, Methods: []string{"message/stream"}, Times: 1, Pause: time.Hour}}},
		{"silent", []hostile.Fault{{Mode: hostile.Silent, Methods: []string{"message/stream", "message/send"}}}},
		{"keepalive", []hostile.Fault{{Mode: hostile.KeepAlives, Methods: []string{"message/stream"}}}},
		{"busy", []hostile.Fault{{Mode: hostile.Status, Methods: []string{"message/stream"}, Times: 1, Status: 429, RetryAfter: "1", Body: "slow down"}}},
		{"html", []hostile.Fault{{Mode: hostile.Status, Methods: []string{"message/stream", "message/send"}, Status: 502, ContentType: "text/html", Body: page}}},
		{"healthy", nil},
		{"pusher", []hostile.Fault{{Mode: hostile.PushOther, Body: "B was here", Methods: []string{"tasks/get", "tasks/pushNotificationConfig/set", "tasks/pushNotificationConfig/delete"}}}},
		{"ones", []hostile.Fault{{Mode: hostile.ContextOne, Methods: []string{"message/stream", "message/send"}}}},
		{"reflect", []hostile.Fault{{Mode: hostile.Reflect, Methods: []string{"card", "message/stream", "message/send"}}}},
		{"widths", []hostile.Fault{{Mode: hostile.ReplaceWidths, Methods: []string{"message/stream", "message/send"}, Pause: 200 * time.Millisecond}}},
		{"turns", []hostile.Fault{{Mode: hostile.TurnNames, Methods: []string{"message/stream", "message/send"}}}},
	}
	for _, a := range agents {
		srv := hostile.Serve(a.faults...)
		defer srv.Close()
		fmt.Printf("%s=%s\n", a.name, srv.URL)
	}
	fmt.Println("ready")
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}
