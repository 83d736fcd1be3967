// Package demoagent is parley's built-in A2A agent: a deterministic,
// scripted peer served in every A2A dialect at once, so a new user can try
// parley without an agent of their own and tests have a known server.
//
// Its wire encoding is written here, independently of parley's client, so
// that the two check each other.
//
// # Paths
//
// All URLs in cards are absolute, built from the request's Host and
// X-Forwarded-Proto (or TLS).
//
//	/.well-known/agent-card.json   v1.0 card; supportedInterfaces in preference order:
//	/.well-known/agent.json        (same card)
//	                                 /v1.0/jsonrpc  JSONRPC   1.0
//	                                 /v1.0/rest     HTTP+JSON 1.0
//	                                 /v0.3/jsonrpc  JSONRPC   0.3
//	                                 /v0.3/rest     HTTP+JSON 0.3
//	                                 (the origin)   GRPC      1.0   when run with Serve
//	                               It also carries the v0.3 fields url, preferredTransport,
//	                               protocolVersion and additionalInterfaces (a hybrid card),
//	                               so v0.3-only clients land on /v0.3/jsonrpc.
//
//	/v0.1/.well-known/agent.json   v0.1 card (url, authentication, capabilities)
//	/v0.1/                         JSON-RPC: tasks/send, tasks/sendSubscribe, tasks/get,
//	                               tasks/cancel, tasks/resubscribe,
//	                               tasks/pushNotification/set|get, agent/getCard
//
//	/v0.2/.well-known/agent.json   v0.2.5 card (protocolVersion, securitySchemes)
//	/v0.2/                         JSON-RPC: message/send, message/stream, tasks/get,
//	                               tasks/cancel, tasks/resubscribe,
//	                               tasks/pushNotificationConfig/set|get|list|delete
//
//	/v0.3/.well-known/agent-card.json  v0.3.0 card (preferredTransport JSONRPC,
//	                                   additionalInterfaces JSONRPC + HTTP+JSON)
//	/v0.3/jsonrpc                  JSON-RPC: as /v0.2/ plus agent/getAuthenticatedExtendedCard
//	/v0.3/rest/v1/...              HTTP+JSON: POST message:send, POST message:stream,
//	                               GET tasks/{id}, POST tasks/{id}:cancel,
//	                               POST|GET tasks/{id}:subscribe,
//	                               POST|GET tasks/{id}/pushNotificationConfigs,
//	                               GET|DELETE tasks/{id}/pushNotificationConfigs/{configId},
//	                               GET card
//
//	/v1.0/.well-known/agent-card.json  v1.0 card (supportedInterfaces /v1.0/jsonrpc, /v1.0/rest)
//	/v1.0/jsonrpc                  JSON-RPC: SendMessage, SendStreamingMessage, GetTask,
//	                               ListTasks, CancelTask, SubscribeToTask,
//	                               Create|Get|Delete TaskPushNotificationConfig,
//	                               ListTaskPushNotificationConfigs, GetExtendedAgentCard
//	/v1.0/rest/...                 HTTP+JSON: POST message:send, POST message:stream,
//	                               GET tasks, GET tasks/{id}, POST tasks/{id}:cancel,
//	                               POST|GET tasks/{id}:subscribe, push configs as in v0.3,
//	                               GET extendedAgentCard
//
//	/gateway/.well-known/agent-card.json  gateway card (url → …/agents/demo/message:send,
//	                               capabilities taskManagement, agentDiscovery)
//	/gateway/v1/a2a/agents         GET: the agent list ({"agents":[{id,name,url,…}]})
//	/gateway/v1/a2a/agents/demo/agent-card       GET
//	/gateway/v1/a2a/agents/demo/message:send     POST {input|message, taskId?, contextId?} → 202
//	/gateway/v1/a2a/agents/demo/tasks/{id}       GET: poll
//	/gateway/v1/a2a/agents/demo/tasks/{id}:cancel  POST → 202
//
//	/secure/.well-known/agent-card.json  v0.3 card declaring bearer and apiKey schemes (public)
//	/secure/                       the v0.3 JSON-RPC agent; every call needs
//	                               "Authorization: Bearer demo-token" or "X-API-Key: demo-key",
//	                               else 401 with WWW-Authenticate: Bearer realm="parley-demo"
//
//	/grpc/.well-known/agent-card.json  v1.0 card named "… gRPC", signed, whose one
//	                               interface is gRPC at the server's own origin (protocolBinding GRPC)
//	lf.a2a.v1.A2AService/...       gRPC (HTTP/2, application/grpc) on the same port, when
//	                               run with Serve: every v1.0 method, translated onto
//	                               the v1.0 JSON-RPC binding (grpc.go)
//
//	/demo-auth                     the pretend sign-in page the auth scenario links to
//
// # Scenarios
//
// The first message of a task picks a script by keyword (case-insensitive,
// matched at the start of words, first match wins in this order):
//
//	reject            → rejected
//	fail              → working → failed ("The demo agent was asked to fail.")
//	slow, long        → working, a progress update every max(StepDelay, 1s) for 60 steps,
//	                    then completed; meant to be canceled
//	auth, secret, sign in, log in, login
//	                  → working → auth-required (text + data {"authorizationUrl"});
//	                    the next message on the task completes it
//	table, form, a2ui (from a client that activated A2UI: its message
//	                  metadata carries a2uiClientCapabilities)
//	                  → working → input-required with a booking form as A2UI data parts
//	                    (mimeType application/json+a2ui; v0.9 or v0.8 as the capabilities
//	                    say); the userAction/action its Book button sends completes the
//	                    task, Cancel cancels it, anything else asks again (a2ui.go)
//	book, flight, input
//	                  → working → input-required ("Where are you flying from, and when?");
//	                    the next message on the task completes it with a booking artifact
//	data, itinerary   → working → data artifact (flights) → file artifact itinerary.csv → completed
//	message, ping     → a Message reply "pong: …" with no task (a completed task in v0.1
//	                    and the gateway, which have no message replies)
//	anything else     → working → artifact "answer": a Markdown answer echoing the text,
//	                    streamed in 30–80 chunks (append after the first, lastChunk on the
//	                    last) → completed
//
// # Dialect notes
//
//   - Blocking: v0.1 sends always wait; v0.2/v0.3 JSON-RPC wait unless
//     configuration.blocking is false; v0.3 HTTP+JSON waits only when
//     blocking is true (a proto bool, absent = false); v1.0 waits unless
//     returnImmediately. Waiting ends at a terminal or interrupted state.
//   - Streams open with the Task (v0.1: its status event) or the single
//     Message, then status and artifact updates, and close at a terminal or
//     interrupted state; "final" is true on that last status event where the
//     dialect has it. Resubscribing sends the current snapshot first.
//   - v0.1 has no auth-required or rejected state: they go out as
//     input-required and failed.
//   - Data parts must be objects before v1.0, so the flight list goes out
//     as {"flights":[…]} there and as a bare array in v1.0.
//   - v0.3 HTTP+JSON double-base64-encodes fileWithBytes, as v0.3 SDKs do;
//     both forms are accepted on input.
//   - Errors: JSON-RPC codes -32700, -32600, -32601 (unknown method, so
//     clients can probe dialects), -32602, -32001 (task or push config not
//     found), -32002 (not cancelable), -32004 (message to a finished or busy
//     task; v1.0 subscribe to a finished task), with a google.rpc.ErrorInfo
//     data array in v1.0. Errors found before a stream starts are plain
//     JSON-RPC error responses, not events. HTTP+JSON errors use the
//     google.rpc.Status shape {"error":{code,status,message,details}}; the
//     gateway answers {"error":"…"} with 400 or 404.
//   - Gateway task status words: submitted, running, input_required,
//     auth_required, done, failed (also for rejected, with terminationCode
//     "rejected"), canceled.
//   - Push notification configs are stored and returned, never called.
//   - Tasks live in memory; past 1000 the oldest finished ones are dropped.
package demoagent
