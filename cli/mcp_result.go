package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
)

// A tool result of `parley mcp` is bounded whatever the agent answers: a
// coding agent reads it whole into its context, and the server would
// otherwise hold the answer several times over while encoding it. The
// result holds a window of the answer's text, the data parts that fit
// beside it and a list of the artifacts; "more" says how to get the rest.
const (
	// mcpTextBound is the most of the answer's text and data parts one
	// result holds: 64 KiB, about 16,000 words.
	mcpTextBound = 64 << 10
	// mcpStatusBound is the most of the status message's text it holds.
	mcpStatusBound = 8 << 10
	// mcpArtifactsListed and mcpPartsListed bound the artifact list.
	mcpArtifactsListed = 20
	mcpPartsListed     = 50
	// mcpNameBound is the most of an id, name, type or address kept.
	mcpNameBound = 256
)

// mcpResult is what send_message and get_task return: the --json result
// line's fields, bounded.
type mcpResult struct {
	Type       string `json:"type"` // "result"
	Dialect    string `json:"dialect"`
	ContextID  string `json:"contextId"`
	TaskID     string `json:"taskId"`
	State      string `json:"state"`
	Text       string `json:"text"`
	TextBytes  int    `json:"textBytes"`            // the whole text's size
	TextOffset int    `json:"textOffset,omitempty"` // where Text starts in it
	StatusText string `json:"statusText"`
	// Artifacts lists the artifacts; ArtifactsNotListed counts the rest.
	Artifacts          []mcpArtifact `json:"artifacts"`
	ArtifactsNotListed int           `json:"artifactsNotListed,omitempty"`
	StoreID            int64         `json:"storeId,omitempty"`
	// More says what the result leaves out and how to get it.
	More string `json:"more,omitempty"`
	// Next says what to do about a task that waits (send_message).
	Next string `json:"next,omitempty"`
}

type mcpArtifact struct {
	ID             string    `json:"artifactId,omitempty"`
	Name           string    `json:"name,omitempty"`
	Parts          []mcpPart `json:"parts"`
	PartsNotListed int       `json:"partsNotListed,omitempty"`
}

// mcpPart is one part, described: its text is in the result's text, a
// data part is whole when it fits, a file is named and sized.
type mcpPart struct {
	Kind     string          `json:"kind"`
	Bytes    int             `json:"bytes"`
	Data     json.RawMessage `json:"data,omitempty"`
	Name     string          `json:"name,omitempty"`
	MimeType string          `json:"mimeType,omitempty"`
	URI      string          `json:"uri,omitempty"`
}

// boundedResult builds the result of o with the text from offset on.
func boundedResult(o *jsonout.Outcome, storeID int64, offset int) *mcpResult {
	res, _ := wholeResult(o, storeID).bounded(offset) // held whole: nothing to read back
	return res
}

// bounded builds the result with the text from offset on, reading from
// the store only the window and the artifacts listed. Its strings are
// copies: a window of a 16 MiB answer would keep all of it.
func (h *heldResult) bounded(offset int) (*mcpResult, error) {
	o := h.o
	text, offset, err := h.text.window(offset)
	if err != nil {
		return nil, err
	}
	res := &mcpResult{Type: "result", Dialect: string(o.Dialect), ContextID: cut(o.ContextID, mcpNameBound),
		TaskID: cut(o.TaskID, mcpNameBound), State: cut(o.State, mcpNameBound),
		Text: text, TextBytes: h.text.size, TextOffset: offset,
		StatusText: cut(o.StatusText, mcpStatusBound), StoreID: h.storeID, Artifacts: []mcpArtifact{}}
	l := artifactLister{res: res, budget: mcpTextBound - len(text), cut: h.cut}
	if h.leading != nil {
		if err := h.leading(func(a *a2aclient.Artifact) error { l.add(a); return nil }); err != nil {
			return nil, err
		}
	}
	for i := range o.Artifacts {
		l.add(&o.Artifacts[i])
	}
	res.more(offset+len(text) < h.text.size, l.left || res.ArtifactsNotListed > 0 || len(o.StatusText) > mcpStatusBound)
	return res, nil
}

// artifactLister lists artifacts in a result, up to its bounds, with
// the data parts that fit in what the text left of the budget.
type artifactLister struct {
	res    *mcpResult
	budget int
	parts  int
	left   bool // something is left out
	cut    func(id string) int
}

func (l *artifactLister) add(a *a2aclient.Artifact) {
	res := l.res
	if len(res.Artifacts) == mcpArtifactsListed {
		res.ArtifactsNotListed++
		return
	}
	ma := mcpArtifact{ID: cut(a.ID, mcpNameBound), Name: cut(a.Name, mcpNameBound), Parts: []mcpPart{}}
	for j, p := range a.Parts {
		if l.parts == mcpPartsListed {
			ma.PartsNotListed = len(a.Parts) - j
			break
		}
		l.parts++
		pj := jsonout.PartToJSON(p)
		mp := mcpPart{Kind: cut(pj.Kind, mcpNameBound), Bytes: len(pj.Text) + len(pj.Bytes),
			Name: cut(pj.Name, mcpNameBound), MimeType: cut(pj.MimeType, mcpNameBound), URI: cut(pj.URI, mcpNameBound)}
		if j == 0 && p.Kind == a2aclient.PartText && l.cut != nil {
			mp.Bytes += l.cut(a.ID) // the front the exchange let go of
		}
		if pj.Data != nil {
			if b, err := json.Marshal(pj.Data); err == nil {
				mp.Bytes = len(b)
				if len(b) <= l.budget {
					mp.Data, l.budget = b, l.budget-len(b)
				} else {
					l.left = true
				}
			}
		}
		l.left = l.left || len(pj.Bytes) > 0 || len(pj.URI) > mcpNameBound
		ma.Parts = append(ma.Parts, mp)
	}
	l.left = l.left || ma.PartsNotListed > 0
	res.Artifacts = append(res.Artifacts, ma)
}

// more says what the result leaves out, and how to get it: get_task
// pages through the text by offset; the stored conversation has it all.
func (res *mcpResult) more(textLeft, partsLeft bool) {
	if !textLeft && !partsLeft {
		return
	}
	var say []string
	if textLeft {
		say = append(say, fmt.Sprintf("The answer's text is %d bytes; this result holds %d of them, from byte %d.",
			res.TextBytes, len(res.Text), res.TextOffset))
	}
	if partsLeft {
		say = append(say, fmt.Sprintf("Parts over %d KiB, files' contents and what is not listed are left out.", mcpTextBound>>10))
	}
	var ways []string
	if textLeft && res.TaskID != "" {
		ways = append(ways, fmt.Sprintf("get_task with this taskId and offset %d returns the next part", res.TextOffset+len(res.Text)))
	}
	if res.StoreID != 0 {
		ways = append(ways, fmt.Sprintf("the command parley contexts show %d prints the whole conversation", res.StoreID))
	}
	if len(ways) == 0 {
		say = append(say, "parley kept no copy of the rest: ask the agent for a shorter answer.")
	} else {
		say = append(say, "To read the rest: "+strings.Join(ways, "; ")+".")
	}
	res.More = strings.Join(say, " ")
}

// toolResult is res as a tool result, its strings cleaned as --json
// prints them (jsonout.AppendCleanJSON).
func (res *mcpResult) toolResult() *mcp.CallToolResult {
	b, _ := json.Marshal(res)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(jsonout.AppendCleanJSON(nil, b))}}}
}

// cut is a copy of s, at most n bytes of it, cut where a rune starts.
func cut(s string, n int) string {
	if len(s) <= n {
		return strings.Clone(s)
	}
	return strings.Clone(s[:runeStart(s, n)])
}

// runeStart moves i back to where the rune it falls in starts (or
// leaves it where no rune starts near enough: bytes that are not UTF-8).
func runeStart(s string, i int) int {
	for j := i; j >= 0 && j > i-utf8.UTFMax; j-- {
		if j == len(s) || j == 0 || utf8.RuneStart(s[j]) {
			return j
		}
	}
	return i
}
