package cli

import (
	"strings"
	"testing"
)

// contexts --agent takes an agent as every other command does (a config
// name, a URL however it is spelled) and as the list shows it (the
// card's name), whichever of them the conversation was recorded under;
// nothing found says which of the two it is: no conversations with a
// known agent, or no such agent.
func TestContextsListAgentTakesEveryNameOfIt(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	id := storedID(t, e.run("send", base, "Tell me about pelicans"))
	// Saved to the config after the conversation, as the TUI's w does.
	e.writeConfig("[[agents]]\nname = \"mine\"\nurl = \"" + base + "\"\n\n[[agents]]\nname = \"idle\"\nurl = \"http://127.0.0.1:1/\"\n")

	for _, name := range []string{"mine", base, base + "/", strings.Replace(base, "http://", "HTTP://", 1), "parley demo"} {
		r := e.run("contexts", "list", "--agent", name)
		wantCode(t, r, exitOK)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[1], id+" ") {
			t.Errorf("--agent %q:\n%s", name, r.stdout)
		}
	}

	r := e.run("contexts", "list", "--agent", "idle")
	wantCode(t, r, exitOK)
	if strings.TrimSpace(r.stdout) != "No conversations with idle." {
		t.Errorf("--agent idle: %q", r.stdout)
	}
	r = e.run("contexts", "list", "--agent", "http://127.0.0.1:2/a")
	wantCode(t, r, exitOK)
	if strings.TrimSpace(r.stdout) != "No conversations with http://127.0.0.1:2/a." {
		t.Errorf("--agent URL without conversations: %q", r.stdout)
	}
	r = e.run("contexts", "list", "--agent", "nobody")
	wantCode(t, r, exitUsage)
	if r.stdout != "" || !strings.Contains(r.stderr, `parley: no agent "nobody"`) || !strings.Contains(r.stderr, "parley contexts") {
		t.Errorf("--agent nobody: stdout %q stderr %q", r.stdout, r.stderr)
	}
}
