package cli

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/termsafe"
)

// printTask shows a whole task as `parley task get` does: one
// "Label: value" field per line (task, context, state, status, history,
// artifacts), then a block per artifact, closed by a blank line. Every
// value from the agent goes through termsafe.
func printTask(w io.Writer, t *a2aclient.Task, agentRef string) {
	field := func(label, value string) {
		fmt.Fprintf(w, "%-10s %s\n", label+":", value)
	}
	field("Task", termsafe.Line(t.ID))
	field("Context", cmp.Or(termsafe.Line(t.ContextID), "-"))
	field("State", cmp.Or(termsafe.Line(string(t.Status.State)), "unknown"))
	if note := strings.TrimSpace(termsafe.Clean(t.Status.Message.Text())); note != "" {
		field("Status", strings.ReplaceAll(note, "\n", "\n"+strings.Repeat(" ", 11)))
	}
	if !t.Status.Timestamp.IsZero() {
		field("Updated", t.Status.Timestamp.Local().Format("2006-01-02 15:04:05"))
	}
	field("History", messages(len(t.History)))
	field("Artifacts", fmt.Sprint(len(t.Artifacts)))
	for _, a := range t.Artifacts {
		head := "Artifact " + cmp.Or(termsafe.Line(a.Name), termsafe.Line(a.ID), "(unnamed)")
		if a.Name != "" && a.ID != "" {
			head += " (" + termsafe.Line(a.ID) + ")"
		}
		fmt.Fprintf(w, "\n%s:\n", head)
		for _, p := range a.Parts {
			writePart(w, p)
		}
	}
	if len(t.Artifacts) > 0 {
		fmt.Fprintln(w)
	}
	form := writeTaskSurfaces(w, t, agentRef)
	if t.Status.Message != nil && t.Status.State.Interrupted() {
		showInterruption(w, t.Status.State, t.Status.Message, replyCommand(agentRef, t.ID, t.ContextID, 0), form)
	}
}

// writePart writes one part of a block, indented: text as text, data as
// indented JSON, a file by name, type and size (or address).
func writePart(w io.Writer, p a2aclient.Part) {
	indent := func(s string) {
		s = strings.TrimRight(termsafe.Clean(s), "\n")
		for _, line := range strings.Split(s, "\n") {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	switch p.Kind {
	case a2aclient.PartText:
		indent(p.Text)
	case a2aclient.PartData:
		b, err := json.Marshal(jsonout.PartToJSON(p).Data)
		if err == nil {
			indent(jsonout.IndentedJSON(b, "", "  "))
		}
	case a2aclient.PartFile:
		if p.File == nil {
			return
		}
		f := p.File
		facts := []string{cmp.Or(termsafe.Line(f.MimeType), "no type")}
		if f.URI != "" && len(f.Bytes) == 0 {
			facts = append(facts, termsafe.Line(f.URI))
		} else {
			facts = append(facts, size(int64(len(f.Bytes))))
		}
		fmt.Fprintf(w, "  [file] %s (%s)\n", cmp.Or(termsafe.Line(f.Name), "(unnamed)"), strings.Join(facts, ", "))
	default:
		if s, ok := jsonout.PartText(p); ok {
			indent(s)
		}
	}
}

// replyCommand is the shortest command that sends a waiting task the
// user's answer: parley's number for the conversation it was saved in
// (stored, 0 for none), which send resolves to the agent, its contextId
// and the waiting task; else the agent, the task and the contextId.
func replyCommand(agentRef, taskID, contextID string, stored int64) string {
	if stored != 0 {
		return fmt.Sprintf("parley send --context %d", stored)
	}
	return fmt.Sprintf("parley send %s --task %s --context-id %s", shellQuote(agentRef), shellQuote(taskID), shellQuote(contextID))
}

// showInterruption says what the agent waits for and the one way to go
// on, next (replyCommand) with the answer. An auth-required turn shows
// where the agent asks the user to sign in (its links and data) and how
// to continue the task afterwards; an input-required turn how to answer,
// unless formShown: the form's own line (a2uiText.write) said so.
func showInterruption(w io.Writer, state a2aclient.State, msg *a2aclient.Message, next string, formShown bool) {
	if state != a2aclient.StateAuthRequired {
		if !formShown {
			fmt.Fprintf(w, "Reply with: %s 'your answer'\n", next)
		}
		return
	}
	for _, link := range authLinks(msg) {
		fmt.Fprintf(w, "Sign in at: %s\n", link)
	}
	if msg != nil {
		for _, p := range msg.Parts {
			if p.Kind == a2aclient.PartData {
				b, err := json.Marshal(jsonout.PartToJSON(p).Data)
				if err == nil {
					fmt.Fprintf(w, "The agent sent: %s\n", termsafe.Line(truncate(string(b), 500)))
				}
			}
		}
	}
	fmt.Fprintf(w, "The agent needs you to sign in where it says, outside parley. Then continue the task with: %s 'signed in'\n", next)
}

// authLinks are the http(s) addresses in an auth-required message: in
// its text, and as string values of its data parts.
func authLinks(msg *a2aclient.Message) []string {
	if msg == nil {
		return nil
	}
	var links []string
	seen := map[string]bool{}
	add := func(s string) {
		s = strings.TrimRight(s, ".,;:)]}>'\"")
		if (strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")) && !seen[s] {
			seen[s] = true
			links = append(links, termsafe.Line(s))
		}
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			add(v)
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, p := range msg.Parts {
		switch p.Kind {
		case a2aclient.PartText:
			for _, f := range strings.Fields(p.Text) {
				add(f)
			}
		case a2aclient.PartData:
			walk(p.Data)
		}
	}
	return links
}
