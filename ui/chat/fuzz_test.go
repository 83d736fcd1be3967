package chat

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	bad "github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/internal/uitest"
)

// FuzzChatView puts whatever the fuzzer makes wherever an agent's text
// reaches the chat: answer text (Markdown), a status line, an artifact's
// name, a file's name and type, data keys and values, an error. The
// frame may carry nothing but colour, and copying an item nothing that
// could drive a terminal.
func FuzzChatView(f *testing.F) {
	for _, s := range []string{bad.Evil, "# title\n\n- a\n- b\n\n```go\nx\n```\n", "| a | b |\n|---|---|\n| 1 | 2 |\n",
		"[link](http://x.example/)", "\x1b]8;;http://x/\x07y\x1b]8;;\x07", "<b>html</b>", "\u202eevil", "a\r\nb\x00c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := newTestChat(60, 40)
		var b testItems
		b.add(session.Item{Kind: session.ItemAgent, Time: at(0), Text: s, Done: true})
		b.add(session.Item{Kind: session.ItemStatus, TaskID: "t", Time: at(1), State: a2aclient.State(s), Text: s, Done: true})
		b.add(session.Item{Kind: session.ItemArtifact, TaskID: "t", Time: at(2), Name: s, Done: true, Parts: []a2aclient.Part{
			a2aclient.TextPart(s),
			{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: s, MimeType: s, URI: s}},
			{Kind: a2aclient.PartData, Data: map[string]any{s: s, "list": []any{s, map[string]any{s: 1.0}}}},
		}})
		b.add(session.Item{Kind: session.ItemError, Time: at(3), Text: s, Detail: s, Done: true})
		c.Reset(b.items, s)
		c.Focus()
		for i := range b.items {
			c.sel = i
			if why := uitest.NotOnlySGR(c.View(c.st)); why != "" {
				t.Fatalf("item %d: the frame carries %s", i, why)
			}
			if text := c.copyText(c.items[i]); strings.ContainsAny(text, "\x1b\x07\x08\u009b\u009d") {
				t.Fatalf("item %d copies %q", i, text)
			}
		}
	})
}
