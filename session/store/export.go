package store

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// ContextToJSON converts a context's description.
func ContextToJSON(c session.ContextInfo) jsonout.ContextJSON {
	return jsonout.ContextJSON{ID: c.ID, Title: c.Title, Name: c.Name, Agent: c.Agent.Name, AgentRef: c.Agent.Ref, AgentURL: c.Agent.URL,
		CardURL: c.Agent.CardURL, Dialect: string(c.Agent.Dialect), ContextID: c.ContextID,
		Created: c.Created, Updated: c.Updated, LastState: c.LastState, Messages: c.Messages}
}

// ItemToJSON converts an item; file bytes are included.
func ItemToJSON(it session.Item) jsonout.ItemJSON {
	out := jsonout.ItemJSON{Key: it.Key, Seq: it.Seq, Kind: it.Kind.String(), Time: it.Time, TaskID: it.TaskID, State: string(it.State),
		Text: it.Text, Detail: it.Detail, Name: it.Name, Version: it.Version, Done: it.Done, Secret: it.Secret}
	if len(it.Parts) > 0 {
		out.Parts = jsonout.PartsToJSON(it.Parts)
	}
	if it.Turn != nil {
		out.Turn = it.Turn.JSON()
	}
	return out
}

// TaskInfoToJSON converts a task of the task list.
func TaskInfoToJSON(t session.TaskInfo) jsonout.TaskInfoJSON {
	return jsonout.TaskInfoJSON{ID: t.ID, ContextID: t.ContextID, Title: t.Title, State: string(t.State), StatusText: t.StatusText,
		Started: t.Started, Updated: t.Updated}
}

// Transcript loads a whole context in its JSON form.
func (s *Store) Transcript(id int64) (*jsonout.TranscriptJSON, error) {
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		return nil, err
	}
	out := &jsonout.TranscriptJSON{Type: "context", Context: ContextToJSON(oc.Info), Tasks: []jsonout.TaskInfoJSON{}, Items: []jsonout.ItemJSON{}}
	for _, t := range oc.Tasks {
		out.Tasks = append(out.Tasks, TaskInfoToJSON(t))
	}
	for _, it := range oc.Items {
		out.Items = append(out.Items, ItemToJSON(it))
	}
	return out, nil
}

// ExportJSON writes a context as one indented JSON document, streamed
// from the store (see WriteTranscriptJSON).
func (s *Store) ExportJSON(w io.Writer, id int64) error {
	return s.WriteTranscriptJSON(w, id, TranscriptOptions{Indent: true})
}

// ExportMarkdown writes a context as a Markdown document: who said what,
// each state change, artifacts with their text, data as JSON code blocks
// and files as name, type and size (their bytes are in the JSON export).
// Terminal control sequences from the agent are removed. Items are
// written as they are read from the store.
func (s *Store) ExportMarkdown(w io.Writer, id int64) error {
	c, err := s.Context(id)
	if err != nil {
		return err
	}
	md := &mdWriter{w: bufio.NewWriterSize(w, 64<<10)}
	md.line("# " + oneLine(c.Label()))
	md.blank()
	md.line(fmt.Sprintf("- Agent: %s (%s)", oneLine(c.Agent.Name), oneLine(cmp.Or(c.Agent.URL, c.Agent.Ref))))
	if c.ContextID != "" {
		md.line("- Context: `" + oneLine(c.ContextID) + "`")
	}
	md.line("- Started: " + c.Created.Format(time.RFC3339))
	md.line("- Last activity: " + c.Updated.Format(time.RFC3339))
	if c.LastState != "" {
		md.line("- State: " + c.LastState)
	}
	err = s.EachItem(id, func(it session.Item) error {
		md.blank()
		md.item(it)
		return nil
	})
	if err != nil {
		return err
	}
	return md.w.Flush()
}

// mdWriter writes Markdown as it goes, remembering only its last two
// bytes, to separate blocks by one empty line.
type mdWriter struct {
	w     *bufio.Writer
	last  [2]byte
	n     int
	forms session.FormText // the agent's forms, drawn as text
}

// formWidth is the width the Markdown export draws forms at.
const formWidth = 80

func (m *mdWriter) write(s string) {
	m.w.WriteString(s)
	m.n += len(s)
	if len(s) >= 2 {
		m.last = [2]byte{s[len(s)-2], s[len(s)-1]}
	} else if len(s) == 1 {
		m.last = [2]byte{m.last[1], s[0]}
	}
}

func (m *mdWriter) line(s string) { m.write(s + "\n") }

// blank separates blocks, never with more than one empty line.
func (m *mdWriter) blank() {
	if m.n > 0 && m.last != [2]byte{'\n', '\n'} {
		m.write("\n")
	}
}

func (m *mdWriter) item(it session.Item) {
	when := it.Time.Format("2006-01-02 15:04:05")
	about := "_(" + when + ")_"
	if it.TaskID != "" {
		about = "_(task `" + oneLine(it.TaskID) + "`, " + when + ")_"
	}
	switch it.Kind {
	case session.ItemUser:
		m.line("## You · " + when)
		m.blank()
		m.text(it.Text)
		m.turn(it.Turn)
	case session.ItemAgent:
		m.line("## Agent · " + when)
		m.blank()
		m.text(it.Text)
	case session.ItemStatus:
		line := "**[" + oneLine(string(it.State)) + "]**"
		if t := strings.TrimSpace(it.Text); t != "" {
			line += " " + oneLine(t)
		}
		m.line(line + " " + about)
	case session.ItemArtifact:
		title := "### Artifact"
		if it.Name != "" {
			title += ": " + oneLine(it.Name)
		}
		if !it.Done {
			title += " (incomplete)"
		}
		m.line(title)
		m.blank()
		m.line(about)
	case session.ItemError:
		m.line("> **Error:** " + oneLine(it.Text))
		if it.Detail != "" {
			m.line("> " + oneLine(it.Detail))
		}
	case session.ItemNotice:
		m.line("_" + oneLine(it.Text) + "_")
	case session.ItemThought:
		m.line("> _Thought:_ " + oneLine(it.Text))
	case session.ItemTool:
		m.line("**[tool]** " + oneLine(it.Text) + " " + about)
		if it.Detail != "" {
			m.line("> " + oneLine(it.Detail))
		}
	}
	m.blank()
	form, hasForm := m.forms.Item(it, formWidth)
	if len(form) > 0 {
		m.fence("text", termsafe.Clean(strings.Join(form, "\n")))
	}
	for _, p := range it.Parts {
		if hasForm && a2ui.IsPart(p) {
			continue // drawn above
		}
		m.part(p)
	}
}

func (m *mdWriter) text(s string) {
	s = strings.TrimRight(termsafe.Clean(s), "\n")
	if s != "" {
		m.line(s)
		m.blank()
	}
}

func (m *mdWriter) part(p a2aclient.Part) {
	switch p.Kind {
	case a2aclient.PartText:
		m.text(p.Text)
	case a2aclient.PartData:
		b, err := json.Marshal(p.Data)
		if err != nil {
			b = []byte("null")
		}
		m.fence("json", termsafe.Clean(jsonout.IndentedJSON(b, "", "  ")))
	case a2aclient.PartFile:
		f := p.File
		if f == nil {
			f = &a2aclient.File{}
		}
		desc := "- File: " + cmp.Or(oneLine(f.Name), "(unnamed)")
		var facts []string
		if f.MimeType != "" {
			facts = append(facts, oneLine(f.MimeType))
		}
		if f.URI != "" {
			facts = append(facts, "<"+oneLine(f.URI)+">")
		} else {
			facts = append(facts, fmt.Sprintf("%d bytes", len(f.Bytes)))
		}
		m.line(desc + " (" + strings.Join(facts, ", ") + ")")
		m.blank()
	default:
		if s, ok := jsonout.PartText(p); ok {
			m.text(s)
		}
	}
}

// fence writes a code block whose fence is longer than any backtick run
// inside, so the content cannot close it.
func (m *mdWriter) fence(lang, s string) {
	fence := "```"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	m.line(fence + lang)
	m.line(strings.TrimRight(s, "\n"))
	m.line(fence)
	m.blank()
}

func oneLine(s string) string { return termsafe.Line(s) }
