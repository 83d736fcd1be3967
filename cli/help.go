package cli

import (
	"fmt"
	"strings"
)

func mainHelp(configPath string) string {
	return strings.ReplaceAll(`parley talks to AI agents over the A2A (Agent2Agent) protocol.

Usage:
  parley                                the terminal UI, with the agents in CONFIG
                                        (or the built-in demo agent when there are none)
  parley --agent AGENT [--theme T]      the terminal UI, opened on AGENT (repeatable)
  parley --demo                         the terminal UI on the built-in demo agent
  parley --demo --headless              a scripted tour against the demo agent, no UI
  parley --context ID                   the terminal UI, continuing a stored conversation
  parley card AGENT [--json]            show an agent's card
  parley login AGENT                    sign in once and save the credential
  parley send AGENT TEXT [flags]        send a message and follow the task to its end
  parley task get AGENT TASK_ID         show a task
  parley task cancel AGENT TASK_ID      cancel a task
  parley task watch AGENT TASK_ID       follow a running task to its end
  parley contexts [SUBCOMMAND]          stored conversations: list, show, search,
                                        export, rename, rm, resume
  parley demo-agent [--addr HOST:PORT] [--chunk-delay D]  serve the built-in demo agent
  parley help COMMAND                   help for one command
  parley --version

AGENT is an http(s) URL (the agent's base URL or its card's URL) or the
name of an [[agents]] entry in CONFIG.

Exit codes:
  0  completed, or the agent replied with a message
  3  the task failed, was canceled or was rejected
  4  the task needs input or authentication (continue with --task and --context)
  5  the agent refused authentication or authorization (HTTP 401 or 403)
  6  the agent's card sends messages to an origin not trusted with its
     credentials; nothing was sent (trust it with --trust-origin URL)
  2  usage error
  1  any other error
  130 interrupted (Ctrl-C); the task keeps running on the agent
`, "CONFIG", configPath)
}

var commandHelp = map[string]string{
	"tui": `Usage: parley [--agent AGENT]... [--demo] [--theme NAME]

Opens the terminal UI. Agents come from CONFIG and --agent; with none, or
with --demo, the built-in demo agent starts on a loopback port.

  --agent AGENT   open on this agent (URL or config name); repeatable
  --demo          add the built-in demo agent and open on it
  --headless      with --demo: the scripted tour on standard output, no UI
  --context ID    open on a stored conversation (see 'parley contexts')
  --theme NAME    auto (default), dark, light, high-contrast, or a theme
                  file NAME.toml in the themes folder beside CONFIG
`,
	"card": `Usage: parley card AGENT [--json] [--header 'Name: value']... [--dialect D]

Fetches and shows the agent's card: name, description, version, provider,
the dialect parley detected, the endpoint and transport it will use,
capabilities, skills, security schemes, and warnings about problems in the
card. It also checks that the endpoint answers in the declared transport.

  --json          print the card as one JSON object
  --raw           with --json, keep the agent's strings as sent (see below)
  --timeout D     give up after D (30s, 10m; 0 for never); default: the
                  config's timeout, else 10m
  --header H      add an HTTP header to every request (repeatable)
  --dialect D     force a dialect instead of detecting it
                  (v0.1, v0.2, v0.3, v0.3-rest, v1.0, v1.0-rest, gateway)
  --trust-origin URL
                  also send credentials to URL's origin (repeatable)

An endpoint on another origin than the agent you named gets no credential;
the warnings say so.

What the agent wrote is shown without escape sequences and controls;
bidi overrides and invisible characters in names show as ⟨U+202E⟩. JSON
strings hold the same cleaned text, so 'jq -r' cannot hand the agent your
terminal; --raw keeps the agent's bytes (still escaped in the JSON).
`,
	"login": `Usage: parley login AGENT [--flow device|browser|client] [--client-id ID] [--no-open]

Signs in to an agent once and saves the credential in the credentials file
(credentials.toml next to CONFIG, kept private: mode 0600), so that later
commands and the terminal UI start signed in. The agent's card says how:

  OAuth 2.0 / OpenID Connect   a device code to enter on another device, or a
                               browser sign-in that returns to a loopback port
                               (the URL is printed; a browser opens if it can);
                               tokens are refreshed when they expire
  bearer token, API key,       typed without echo (or piped on standard input)
  basic password

  --flow F        device, browser or client (client credentials); default:
                  the config's oauth_flow, else the card's first OAuth flow
  --client-id ID  the OAuth client id, when the config entry names none
  --no-open       print the browser sign-in URL without opening a browser
  --header H      add an HTTP header to the card fetch (repeatable)
`,
	"send": `Usage: parley send AGENT TEXT [flags]
       parley send --context ID TEXT [flags]

Sends TEXT as one message and follows the task until it completes, fails,
is canceled or rejected, or needs input or authentication. Streamed text is
printed as it arrives, then the final state. A cut stream is resumed.
The conversation is kept in the context store, and its id is printed on
stderr: continue it with 'parley send --context ID TEXT' or in the TUI.

  --json          one JSON object per line for each event, then a result line:
                  {"type":"result","dialect","contextId","taskId","state",
                   "text","statusText","artifacts","storeId"}
  --raw           with --json, keep the agent's strings as sent rather than
                  cleaned of controls and invisible characters
  --timeout D     give up after D (30s, 10m; 0 for never), naming the task
                  and the command that picks it up; default: the config's
                  timeout, else 10m
  --no-stream     send with one blocking call instead of streaming
  --context ID    continue a conversation: a stored context's id (then AGENT
                  may be left out) or the agent's contextId
  --task ID       answer this task (after input-required or auth-required)
  --header H      add an HTTP header 'Name: value' to every request (repeatable)
  --dialect D     force a dialect instead of detecting it
  --trust-origin URL
                  let the agent's credentials go to URL's origin too, when
                  its card names an endpoint there (repeatable)

Exit codes: 0 completed or message, 3 failed/canceled/rejected,
4 input-required/auth-required, 5 HTTP 401/403, 6 endpoint on an origin
not trusted with the credentials, 2 usage, 1 other errors,
130 interrupted (the task keeps running; its id is printed).
`,
	"task": `Usage: parley task get|cancel|watch AGENT TASK_ID [--json] [--header H]... [--dialect D] [--trust-origin URL]

  get     fetch the task and show its state, status and artifacts
  cancel  ask the agent to cancel the task and show the task afterwards
  watch   follow the task until it settles (streaming, or polling where
          the agent cannot stream)

--timeout D gives up after D (default: the config's timeout, else 10m).
With --json, watch prints one JSON object per event; every subcommand ends
with the same result line as 'parley send --json' (--raw keeps the agent's
strings as sent). Exit codes are those of 'parley send', except that
'task cancel' exits 0 once the task is canceled.
`,
	"contexts": `Usage: parley contexts [SUBCOMMAND] [--json]

Every conversation, in the TUI or with 'parley send', is kept in the
context store, parley.db in $XDG_DATA_HOME/parley (~/.local/share/parley
by default). ID is the number in the list's first column, or the agent's
contextId.

  parley contexts [--agent AGENT]     list contexts, most recent first
  parley contexts show ID             the whole transcript
  parley contexts search WORDS...     find messages and artifacts with every
                                      word (the last one also as a prefix)
  parley contexts export ID [--format md|json]
                                      the transcript as Markdown (files as
                                      name, type and size) or JSON (with bytes)
  parley contexts rename ID NAME      show NAME instead of the first message
  parley contexts rm ID [--yes]       delete a context; asks first, and needs
                                      --yes when there is no terminal to ask on
  parley contexts resume [ID]         follow the tasks left running when parley
                                      stopped until they settle (resubscribing,
                                      or polling where the agent cannot stream)

  --json          list, show and search print JSON lines: one context, the
                  transcript, or one hit per line (matches between ** **)
  --raw           JSON keeps the agent's strings as sent (escaped), rather
                  than cleaned of controls and invisible characters
`,
	"demo-agent": `Usage: parley demo-agent [--addr HOST:PORT] [--chunk-delay D]

Serves the built-in demo agent, in every A2A dialect, until Ctrl-C.
The default address is 127.0.0.1:4141. --chunk-delay paces the streamed
answer (default 40ms a chunk; e.g. 1s to watch a crash and a resume). The root card is at
/.well-known/agent-card.json; each dialect also has its own prefix:
/v0.1/ /v0.2/ /v0.3/ /v1.0/ /gateway/ and /secure/ (needs credentials).

Keywords pick what the agent does: "book" or "flight" asks a question
(input-required), "data" returns data and a file, "ping" replies with a
message, "fail" fails, "reject" rejects, "slow" runs for a minute,
"sign in" asks for authentication; anything else streams a Markdown answer.
`,
	"demo": `Usage: parley --demo

Starts the demo agent in-process on a loopback port, shows its card, then
sends a few of its example prompts and prints the answers as they stream
in, answering its question when it asks one.
`,
}

func (r *runner) help(cmd string) int {
	cmd = strings.TrimPrefix(strings.TrimPrefix(cmd, "-"), "-")
	if h, ok := commandHelp[cmd]; ok {
		fmt.Fprint(r.env.Stdout, h)
		return exitOK
	}
	return r.report(exitUsage, usagef("", "no help for %q: it is not a command", cmd), false, "")
}
