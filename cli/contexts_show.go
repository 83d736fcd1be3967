package cli

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// writeTranscript shows a stored context to a person: a header naming
// the agent by its label (session.StoredLabels), then one entry per
// item with its time, multi-line text indented under it.
// Everything from the agent is cleaned of control sequences. Items are
// written as they are read from the store, so a context of any length
// is shown in bounded memory.
func writeTranscript(w io.Writer, st *store.Store, c session.ContextInfo, agentLabel string) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "Context %d: %s\n", c.ID, termsafe.Line(c.Label()))
	agent := termsafe.Line(agentLabel)
	if u := cmp.Or(c.Agent.Ref, c.Agent.URL); u != "" {
		agent += " (" + termsafe.Line(u) + ")"
	}
	fmt.Fprintf(bw, "Agent: %s\n", agent)
	if c.ContextID != "" {
		fmt.Fprintf(bw, "contextId: %s\n", termsafe.Line(c.ContextID))
	}
	fmt.Fprintf(bw, "Started %s, last activity %s, %s, %s\n", c.Created.Local().Format("2006-01-02 15:04"),
		c.Updated.Local().Format("2006-01-02 15:04"), cmp.Or(termsafe.Line(c.LastState), "no state"), messages(c.Messages))
	var forms session.FormText
	err := st.EachItem(c.ID, func(it session.Item) error {
		bw.WriteString("\n")
		writeItem(bw, it, &forms)
		return nil
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// writeItem writes one item; forms draws the agent's forms in place of
// their A2UI messages.
func writeItem(w *bufio.Writer, it session.Item, forms *session.FormText) {
	head := it.Time.Local().Format("15:04:05") + "  "
	task := ""
	if it.TaskID != "" {
		task = "task " + shortID(it.TaskID) + " "
	}
	switch it.Kind {
	case session.ItemUser:
		head += "you"
	case session.ItemAgent:
		head += "agent"
	case session.ItemStatus:
		head += task + "[" + termsafe.Line(string(it.State)) + "]"
	case session.ItemArtifact:
		head += task + "artifact"
		if it.Name != "" {
			head += " " + termsafe.Line(it.Name)
		}
		if !it.Done {
			head += " (incomplete)"
		}
	case session.ItemError:
		head += "error"
	case session.ItemNotice:
		head += "note"
	case session.ItemThought:
		head += task + "thought"
	case session.ItemTool:
		head += task + "tool"
	}
	w.WriteString(head + "\n")
	indentLines(w, it.Text)
	if it.Detail != "" {
		indentLines(w, it.Detail)
	}
	form, hasForm := forms.Item(it, surfaceWidth)
	for _, l := range form {
		indentLines(w, l)
	}
	for _, p := range it.Parts {
		if hasForm && a2ui.IsPart(p) {
			continue // drawn above
		}
		switch p.Kind {
		case a2aclient.PartText:
			indentLines(w, p.Text)
		case a2aclient.PartData:
			b, _ := json.Marshal(p.Data)
			indentLines(w, jsonout.IndentedJSON(b, "", "  "))
		case a2aclient.PartFile:
			f := p.File
			if f == nil {
				f = &a2aclient.File{}
			}
			desc := "file " + cmp.Or(termsafe.Line(f.Name), "(unnamed)")
			if f.MimeType != "" {
				desc += ", " + termsafe.Line(f.MimeType)
			}
			if f.URI != "" {
				desc += ", " + termsafe.Line(f.URI)
			} else {
				desc += ", " + plural(len(f.Bytes), "byte")
			}
			indentLines(w, desc)
		default:
			if s, ok := jsonout.PartText(p); ok {
				indentLines(w, s)
			}
		}
	}
	writeTurn(w, it.Turn)
}

func indentLines(w *bufio.Writer, s string) {
	s = strings.TrimRight(termsafe.Clean(s), "\n")
	if strings.TrimSpace(s) == "" {
		return
	}
	for _, line := range strings.Split(s, "\n") {
		w.WriteString("    " + line + "\n")
	}
}

func shortID(id string) string {
	id = termsafe.Line(id)
	if r := []rune(id); len(r) > 8 {
		return string(r[:8]) + "…"
	}
	return id
}

// messages counts messages: "1 message", "2 messages".
func messages(n int) string {
	if n == 1 {
		return "1 message"
	}
	return fmt.Sprintf("%d messages", n)
}
