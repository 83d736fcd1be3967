package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
)

// The ctrl+o list counts one message as "1 msg", not "1 msgs"; and the
// status after a resume counts one task as "1 unfinished task".
func TestContextsListCountsOneMessage(t *testing.T) {
	store := openStore(t)
	a := startApp(t, appOptions{noWelcome: true, store: store, demo: demoagent.Options{ChunkDelay: 20 * time.Millisecond},
		prepare: func(url string) int64 {
			leaveRunning(t, store, url+"/", url+"/")
			return 0
		}})
	a.waitScreen("Resumed 1 unfinished task from last time.")
	a.key("ctrl+o")
	screen := a.waitScreen("Contexts · 1 ·", "Tell me a story", " 1 msg")
	if strings.Contains(screen, "1 msgs") {
		t.Errorf("the list says 1 msgs:\n%s", screen)
	}
}
