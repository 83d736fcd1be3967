package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/adrg/xdg"

	"github.com/parley-a2a/parley/session"
)

// crashChildEnv makes the test binary act as a parley process for the
// crash test: it runs the command line in PARLEY_CRASH_ARGS (JSON) with
// the store at PARLEY_CRASH_STORE, reporting each committed group on
// file descriptor 3.
const crashChildEnv = "PARLEY_CRASH_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(crashChildEnv) != "" {
		os.Exit(crashChild())
	}
	if os.Getenv(asParleyEnv) != "" {
		Main() // the test binary as the parley command (completion_test.go)
	}
	// Commands that record (send) must never touch the real store of the
	// person running the tests.
	dir, err := os.MkdirTemp("", "parley-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_DATA_HOME", dir)
	xdg.Reload()
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func crashChild() int {
	var args []string
	if err := json.Unmarshal([]byte(os.Getenv("PARLEY_CRASH_ARGS")), &args); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	report := os.NewFile(3, "report")
	onFlush := func(f session.Flush) {
		var b strings.Builder
		for _, it := range f.Items {
			text := 0
			for _, p := range it.Parts {
				text += len(p.Text)
			}
			fmt.Fprintf(&b, "item %d %s %d %d %t\n", f.Context, it.Key, it.Version, text, it.Done)
		}
		report.WriteString(b.String()) // one write per group
	}
	return Run(context.Background(), args, Env{
		Stdout: os.Stdout, Stderr: os.Stderr, Getenv: func(string) string { return "" },
		ConfigPath: os.Getenv("PARLEY_CRASH_STORE") + ".toml", StorePath: os.Getenv("PARLEY_CRASH_STORE"),
		PollInterval: 5 * time.Millisecond, ResumeDelay: -1,
		onFlush: onFlush,
	})
}
