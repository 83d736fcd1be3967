package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

type sendFlags struct {
	agentFlags
	noStream  bool
	stored    string // --context: parley's number for a stored conversation
	contextID string // --context-id: the agent's own id for a conversation
	taskID    string
	files     []string
	data      string
	async     bool
	outputDir string
	action    string         // --action: the A2UI button to press (send_action.go)
	sets      []string       // --set PATH=VALUE: the form's inputs before it
	metadata  map[string]any // the message's metadata (--action's data model)
	// approve and refuse answer the tool call the task waits on
	// (send_approve.go).
	approve, refuse bool
}

// send is `parley send AGENT TEXT`.
func (r *runner) send(ctx context.Context, f *sendFlags, pos []string) int {
	defer r.bufferOutput()()
	r.useRaw(f.raw)
	if f.approve || f.refuse {
		return r.sendApproval(ctx, f, pos)
	}
	if f.action != "" || len(f.sets) > 0 {
		return r.sendAction(ctx, f, pos)
	}
	ref, parts, err := r.sendInput(f, pos)
	if err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	if f.outputDir != "" {
		if err := checkWritable(f.outputDir); err != nil {
			return r.report(exitUsage, err, f.json, "")
		}
	}
	ctx, cancel := r.withTimeout(ctx, &f.agentFlags)
	defer cancel()
	return r.recordedSend(ctx, ref, parts, f)
}

// sendInput reads what `parley send` sends, and to whom: the agent ("":
// the stored context's), then the text (the argument; standard input
// when it is "-", or when it is left out and input is piped), the
// --file parts and the --data part, in that order.
func (r *runner) sendInput(f *sendFlags, pos []string) (string, []a2aclient.Part, error) {
	attached := len(f.files) > 0 || f.data != ""
	piped := r.env.Stdin != nil && r.stdinPiped()
	var ref, text string
	haveText := false
	switch {
	case len(pos) == 2:
		ref, text, haveText = pos[0], pos[1], true
	case len(pos) == 1 && f.stored != "":
		text, haveText = pos[0], true // the agent of the stored context
	case len(pos) == 1 && f.contextID != "" && !piped && !attached:
		return "", nil, usagef("send", "--context-id is the agent's own id for a conversation, which means something only with that agent: name it (parley send AGENT TEXT --context-id %s)", termsafe.ShellWord(f.contextID))
	case len(pos) == 1 && (piped || attached):
		ref = pos[0]
	case len(pos) == 0 && f.stored != "" && (piped || attached):
	default:
		return "", nil, usagef("send", "the send command takes an agent and the text to send (quote text with spaces; - or a pipe reads it from standard input), got %s", plural(len(pos), "argument"))
	}
	if text == "-" || !haveText && piped {
		s, err := r.readStdinText()
		if err != nil {
			return "", nil, err
		}
		text, haveText = s, true
	}
	var parts []a2aclient.Part
	if haveText && (text != "" || !attached) {
		if strings.TrimSpace(text) == "" {
			return "", nil, inputf("the text to send is empty")
		}
		parts = append(parts, a2aclient.TextPart(text))
	}
	files, err := r.fileParts(f.files)
	if err != nil {
		return "", nil, err
	}
	parts = append(parts, files...)
	if f.data != "" {
		p, err := dataPart(f.data)
		if err != nil {
			return "", nil, err
		}
		parts = append(parts, p)
	}
	return ref, parts, nil
}

// exchange sends req to the agent and follows it, printing as it goes.
// It returns the exit code and how the exchange ended (nil if the agent
// could not be reached).
func (r *runner) exchange(ctx context.Context, ref string, f *sendFlags, req a2aclient.SendRequest) (int, *session.Summary) {
	c, err := r.client(ctx, ref, &f.agentFlags)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, ""), f.json, ""), nil
	}
	out := r.follower(f.json, nil)
	if out.text != nil && f.outputDir == "" {
		out.text.saveHint = saveHint
	}
	s, err := session.Exchange(ctx, c, req, r.followOptions(f.noStream, out.update))
	if r.dir != nil {
		r.dir.Remember(c)
	}
	return r.conclude(ctx, ref, s, err, f.json, out), s
}

// saveHint says, on a send's first file line, how to save the file.
const saveHint = "save with --output-dir DIR"

// output receives what following an exchange produces.
type output struct {
	update func(session.Update)
	text   *textPrinter // nil with --json
	// storeID is the stored context's id, added to the result line.
	storeID int64
	// stored, when set, holds the artifacts the exchange let go of
	// (session.Summary.Released), for the result line to read back.
	stored *store.Store
	// async: the exchange stopped once the task was known (--async).
	async bool
}

// follower prints to stdout, or to gated when it is not nil.
func (r *runner) follower(asJSON bool, gated io.Writer) *output {
	stdout := r.env.Stdout
	if gated != nil {
		stdout = gated
		if isRaw(r.env.Stdout) {
			stdout = rawOutput{gated} // --raw holds through the gate
		}
	}
	if asJSON {
		var line []byte // reused: a stream is thousands of lines
		// Encoded clean (or, with --raw, terminal-safe) as it is written,
		// so the line needs no second pass, and the ids of an answer's
		// chunks encoded once.
		var lines jsonout.EventLines
		appendLine := lines.AppendClean
		if isRaw(r.env.Stdout) {
			appendLine = lines.AppendTerminalSafe
		}
		return &output{update: func(u session.Update) {
			if u.Event == nil {
				return
			}
			var ok bool
			if line, ok = appendLine(line[:0], *u.Event); ok {
				_, _ = stdout.Write(line)
				return
			}
			_ = writeJSONLine(stdout, jsonout.EventToJSON(*u.Event))
		}}
	}
	p := newTextPrinter(stdout)
	if t, ok := r.stdoutTerminal(); ok {
		p.onTerminal(t)
	}
	return &output{update: p.update, text: p}
}

func (r *runner) followOptions(noStream bool, onEvent func(session.Update)) session.FollowOptions {
	return session.FollowOptions{
		NoStream:    noStream,
		ResumeDelay: r.env.ResumeDelay,
		OnUpdate: func(u session.Update) {
			if u.Resume != nil {
				cause := "it closed early"
				if u.Resume.Cause != nil {
					cause = u.Resume.Cause.Error()
				}
				fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: the stream broke (%s); resuming task %s (attempt %d of %d)",
					cause, u.Resume.TaskID, u.Resume.Attempt, u.Resume.Max)))
				return
			}
			if u.Repair != nil {
				fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+u.Repair.Describe()))
				return
			}
			onEvent(u)
		},
	}
}

// conclude prints the outcome of an exchange and picks the exit code.
func (r *runner) conclude(ctx context.Context, ref string, s *session.Summary, err error, asJSON bool, out *output) int {
	if out.text != nil && err != nil {
		out.text.stopped()
	} else if out.text != nil {
		out.text.endLine()
	}
	if err != nil {
		code := errorExit(ctx, err)
		if code == exitInterrupted {
			err = interrupted(ref, s.TaskID)
		}
		err = timedOut(ctx, err, ref, s.TaskID)
		return r.report(code, err, asJSON, s.TaskID)
	}
	if asJSON && r.env.takeResult != nil {
		r.env.takeResult(heldResultOf(s, out.stored, out.storeID))
	} else if asJSON {
		// Written in pieces and made clean (or terminal-safe) as it is
		// encoded: the line of a long answer is megabytes.
		line, err := jsonout.NewResultLine(outcome(s), out.storeID)
		readBack := out.stored != nil && (s.Released != nil || s.TextCut != nil)
		if err == nil && out.stored != nil && s.Released != nil {
			line.Leading = releasedArtifacts(out.stored, out.storeID, s)
		}
		if err == nil && out.stored != nil && s.TextCut != nil {
			line.Text, line.PartText = cutText(out.stored, out.storeID, s), cutPart(out.stored, out.storeID, s)
		}
		if err == nil && isRaw(r.env.Stdout) {
			err = line.WriteTerminalSafe(r.env.Stdout)
		} else if err == nil {
			err = line.WriteClean(r.env.Stdout)
		} else {
			if readBack && s.Released != nil {
				if s, err = withReleased(out.stored, out.storeID, s); err != nil {
					r.warn(err)
				}
			}
			if readBack && s.TextCut != nil {
				if s, err = withWhole(out.stored, out.storeID, s); err != nil {
					r.warn(err)
				}
			}
			err = writeJSONLine(r.env.Stdout, storedResult{jsonout.ResultToJSON(outcome(s)), out.storeID})
		}
		if err != nil && readBack {
			r.warn(fmt.Errorf("the result line was cut short: %w", err))
		}
	} else if out.async {
		out.text.printAsync(s, ref)
		r.noteTrace(s.TraceID)
	} else {
		out.text.finish(s, ref)
		r.noteTurn(s)
	}
	return stateExit(s.State)
}

// outcome is what the result line shows of an exchange's summary.
func outcome(s *session.Summary) *jsonout.Outcome { return &s.Outcome }

// storedResult is the result with the stored context's id, when recorded:
// the general way to write it, for what jsonout.NewResultLine cannot.
type storedResult struct {
	jsonout.ResultJSON
	StoreID int64 `json:"storeId,omitempty"`
}

// interruptedError is Ctrl-C during an exchange: parley stops following,
// the agent keeps working.
type interruptedError struct{ ref, taskID string }

func (e *interruptedError) Error() string {
	if e.taskID == "" {
		return "interrupted before the agent started a task"
	}
	return fmt.Sprintf("interrupted; task %s keeps running on the agent: follow it with 'parley task watch %s %s'",
		e.taskID, shellQuote(e.ref), shellQuote(e.taskID))
}

func interrupted(ref, taskID string) error { return &interruptedError{ref: ref, taskID: taskID} }
