package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
)

// The compare view through the root, against the demo agent at two
// (or three) of its paths: marked in the agents pane, one message, the
// answers side by side, each recorded as its own conversation.

// compareApp starts parley on the demo agent at paths, with a store, and
// waits until every agent is ready.
func compareApp(t *testing.T, w, h int, paths ...string) *app {
	t.Helper()
	return compareAppWith(t, appOptions{w: w, h: h}, paths...)
}

// compareAppWith is compareApp with the demo agent's options of o.
func compareAppWith(t *testing.T, o appOptions, paths ...string) *app {
	t.Helper()
	o.noWelcome, o.store = true, openStore(t)
	o.agents = func(demo string) []string {
		out := make([]string, len(paths))
		for i, p := range paths {
			out[i] = demo + p
		}
		return out
	}
	a := startApp(t, o)
	a.waitState("every agent to be ready", func(m *Model) bool {
		if len(m.entries) != len(paths) {
			return false
		}
		for _, e := range m.entries {
			if e.Conv == nil {
				return false
			}
		}
		return true
	})
	return a
}

// markAll marks every agent in the agents pane with m, moving down with j.
func (a *app) markAll(n int) {
	a.t.Helper()
	narrow := false
	a.inspect(func(m *Model) { narrow = m.narrow() })
	if narrow {
		a.key("ctrl+l") // the lists in place of the chat, the agents focused
	} else {
		a.key("tab", "tab") // composer → chat → agents
	}
	a.waitState("the agents pane to have the keys", func(m *Model) bool { return m.focus == focusAgents })
	for i := range n {
		if i > 0 {
			a.key("j")
		}
		a.key("m")
	}
	a.waitState(fmt.Sprintf("%d agents to be marked", n), func(m *Model) bool {
		marked, _ := m.markedEntries()
		return len(marked) == n
	})
}

func TestFlowCompareTwoAgents(t *testing.T) {
	a := compareApp(t, 120, 36, "/", "/v0.3/")
	a.key("tab", "tab") // composer → chat → agents
	a.waitState("the agents pane to have the keys", func(m *Model) bool { return m.focus == focusAgents })
	a.key("m", "j", "m")
	screen := a.waitScreen("2 marked")
	if n := strings.Count(screen, "◆"); n < 2 {
		t.Errorf("the agents pane shows %d compare marks, want 2:\n%s", n, screen)
	}
	a.key("c")
	a.waitScreen("message all 2:")
	a.typeText("ping")
	a.key("enter")
	screen = a.waitFrame("both columns to answer and settle", func(s string) bool {
		return strings.Count(s, "pong: ping") == 2 && strings.Count(s, "done in") == 2
	})
	if n := strings.Count(screen, "✓ answered"); n != 2 {
		t.Errorf("%d columns show their turn answered, want 2:\n%s", n, screen)
	}
	if n := strings.Count(screen, "first token"); n != 2 {
		t.Errorf("%d columns show the first token's time, want 2:\n%s", n, screen)
	}
	// Each column is its agent's own conversation, stored as any.
	var convs int
	a.inspect(func(m *Model) {
		for _, c := range m.compare.cols {
			if c.conv != c.entry.Conv {
				t.Errorf("column %s does not show its agent's conversation", c.entry.Label())
			}
			convs++
		}
	})
	if convs != 2 {
		t.Fatalf("the view has %d columns, want 2", convs)
	}
	// Each stored context is named as part of the set, so the contexts
	// view lists the set together and its filter finds it.
	a.waitState("both conversations to be stored, named as a compare set", func(m *Model) bool {
		list, err := m.opts.Store.ListContexts("", "compare ")
		if err != nil || len(list) != 2 {
			return false
		}
		for _, c := range list {
			if !strings.HasPrefix(c.Name, m.compare.set+" · parley demo") {
				return false
			}
		}
		return true
	})
	// esc leaves the view: the panes come back, the marks stay.
	a.key("esc")
	screen = a.waitScreen("╭─ Agents")
	if strings.Contains(screen, "message all") {
		t.Errorf("the composer still sends to all after esc:\n%s", screen)
	}
	a.inspect(func(m *Model) {
		if m.compare.open {
			t.Error("the compare view is still open after esc")
		}
	})
}

func TestFlowCompareStreamsEachColumn(t *testing.T) {
	// A little pacing so the answers arrive in pieces over many frames.
	a := compareAppWith(t, appOptions{w: 120, h: 36, demo: demoagent.Options{ChunkDelay: 10 * time.Millisecond}}, "/", "/v0.3/")
	a.markAll(2)
	a.key("c")
	a.typeText("Write some markdown")
	a.key("enter")
	screen := a.waitFrame("both answers to end", func(s string) bool {
		return strings.Count(s, answerEnd) == 2 && strings.Count(s, "✓ completed · first token") == 2
	})
	if n := strings.Count(screen, "done in"); n != 2 {
		t.Errorf("%d columns say when their turn was done, want 2:\n%s", n, screen)
	}
	partial := false
	for _, f := range a.frames.frames() {
		if strings.Contains(f, "This answer is streamed") && strings.Count(f, answerEnd) < 2 {
			partial = true
			break
		}
	}
	if !partial {
		t.Error("no frame showed the answers while they streamed; they appeared all at once")
	}
}

func TestFlowCompareLeavesTheWelcomeToTheChat(t *testing.T) {
	a := compareAppWith(t, appOptions{w: 120, h: 36}, "/", "/v0.3/")
	a.inspect(func(m *Model) { m.current.Conv.Notice("Welcome to parley.") })
	a.markAll(2)
	a.key("c")
	screen := a.waitScreen("message all 2:")
	if strings.Contains(screen, "Welcome to parley") {
		t.Errorf("a column shows the chat's welcome:\n%s", screen)
	}
}

func TestFlowCompareOpensOnSendWithTwoMarked(t *testing.T) {
	a := compareApp(t, 120, 36, "/", "/v0.3/")
	a.markAll(2)
	a.key("shift+tab", "shift+tab") // agents → chat → composer
	a.waitState("the composer to have the keys", func(m *Model) bool { return m.focus == focusComposer })
	a.typeText("ping")
	a.key("enter")
	a.waitFrame("both columns to answer", func(s string) bool { return strings.Count(s, "pong: ping") == 2 })
}

func TestFlowCompareNeedsTwoMarked(t *testing.T) {
	a := compareApp(t, 120, 36, "/", "/v0.3/")
	a.markAll(1)
	a.key("c")
	a.waitScreen("Compare needs two agents")
	a.inspect(func(m *Model) {
		if m.compare.open {
			t.Error("the compare view opened with one agent marked")
		}
	})
	a.key("m") // unmarks the only one
	a.waitScreen("Unmarked")
	a.inspect(func(m *Model) {
		for _, e := range m.entries {
			if e.Marked {
				t.Errorf("%s is still marked", e.Label())
			}
		}
	})
}

// timingsRE masks a column's timings, which change from run to run,
// cell for cell up to the box's border.
var (
	timingsRE = regexp.MustCompile(`first (token )?[^│]*`)
	portRE    = regexp.MustCompile(`demo :\d+`)
)

func stableCompare(screen string) string {
	screen = portRE.ReplaceAllStringFunc(stable(screen), func(s string) string {
		return "demo :" + strings.Repeat("P", len(s)-len("demo :"))
	})
	return timingsRE.ReplaceAllStringFunc(screen, func(s string) string {
		n := len([]rune(s))
		return "timings" + strings.Repeat(" ", max(n-len("timings"), 0))
	})
}

func TestGoldenCompare(t *testing.T) {
	for _, c := range []struct {
		w, h  int
		paths []string
	}{
		{80, 24, []string{"/", "/v0.3/"}},
		{80, 24, []string{"/", "/v0.3/", "/v1.0/"}},
		{120, 36, []string{"/", "/v0.3/"}},
		{120, 36, []string{"/", "/v0.3/", "/v1.0/"}},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.w, len(c.paths)), func(t *testing.T) {
			a := compareApp(t, c.w, c.h, c.paths...)
			a.markAll(len(c.paths))
			a.key("c")
			a.typeText("ping")
			a.key("enter")
			screen := a.waitFrame("every column to settle", func(s string) bool {
				return strings.Count(s, "pong: ping") == len(c.paths) && strings.Count(s, "done ") == len(c.paths)
			})
			requireGolden(t, fmt.Sprintf("compare-%d-%dcols", c.w, len(c.paths)), stableCompare(screen)+"\n")
		})
	}
}

func TestFlowCompareStartsFreshContexts(t *testing.T) {
	a := compareApp(t, 120, 36, "/", "/v0.3/")
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd)
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
	var before *session.Conversation
	a.inspect(func(m *Model) { before = m.current.Conv })
	a.markAll(2)
	a.key("c")
	screen := a.waitScreen("message all 2:")
	if strings.Contains(screen, answerEnd) {
		t.Errorf("the first column shows the chat before the compare; want a fresh context:\n%s", screen)
	}
	a.inspect(func(m *Model) {
		if m.compare.cols[0].conv == before {
			t.Error("the first column kept the agent's earlier conversation")
		}
	})
	a.typeText("ping")
	a.key("enter")
	a.waitFrame("both columns to answer", func(s string) bool { return strings.Count(s, "pong: ping") == 2 })
	// The chat before the compare stays in the store beside the set.
	a.waitState("three stored contexts", func(m *Model) bool {
		list, err := m.opts.Store.ListContexts("", "")
		return err == nil && len(list) == 3
	})
}

// Leaving the compare view gives each agent back the chat it had: a
// message sent alone afterwards never joins the set's conversations,
// which stay a comparison when reopened.
func TestFlowLeavingCompareKeepsTheSetApart(t *testing.T) {
	a := compareApp(t, 120, 36, "/", "/v0.3/")
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd)
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
	var before *session.Conversation
	a.inspect(func(m *Model) { before = m.current.Conv })
	a.markAll(2)
	a.key("c")
	a.waitScreen("message all 2:", "Message all 2 agents…")
	a.typeText("ping")
	a.key("enter")
	a.waitFrame("both columns to answer and settle", func(s string) bool {
		return strings.Count(s, "pong: ping") == 2 && strings.Count(s, "done in") == 2
	})
	var set []*session.Conversation
	a.inspect(func(m *Model) {
		for _, c := range m.compare.cols {
			set = append(set, c.conv)
		}
	})
	a.key("esc")
	a.waitScreen("╭─ Agents", "Message the agent…")
	a.inspect(func(m *Model) {
		if m.current.Conv != before {
			t.Error("after esc the chat is not the one the agent had before the compare")
		}
		for _, e := range m.entries {
			for _, c := range set {
				if e.Conv == c {
					t.Errorf("after esc %s still chats in the set's conversation", e.Label())
				}
			}
		}
	})
	a.waitState("the composer to have the keys", func(m *Model) bool { return m.focus == focusComposer })
	a.inspect(func(m *Model) {
		for _, e := range m.entries {
			if e.Marked {
				t.Errorf("after esc %s is still marked: the next message would go to the set again", e.Label())
			}
		}
	})
	a.typeText("ping alone")
	a.key("enter")
	a.waitScreen("pong: ping alone")
	a.inspect(func(m *Model) {
		if m.compare.open {
			t.Error("the message sent after esc opened the compare again: it went to every agent, not the one the composer names")
		}
	})
	for _, c := range set {
		for _, it := range c.Items() {
			if strings.Contains(fmt.Sprint(it), "ping alone") {
				t.Errorf("the message sent alone joined the set's conversation: %+v", it)
			}
		}
	}
}
