package cli

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session/store"
)

// firstRunGoEnv names a file a child parley waits for before it starts,
// so that all the children of TestConcurrentFirstRunsRecordEverything
// open the new store at the same moment.
const firstRunGoEnv = "PARLEY_FIRSTRUN_GO"

func init() {
	goFile := os.Getenv(firstRunGoEnv)
	if goFile == "" {
		return
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(200 * time.Microsecond) {
		if _, err := os.Stat(goFile); err == nil {
			return
		}
	}
}

// Eight `parley send` processes started together on a machine with no
// store yet each record their conversation. Before, all but the first to
// create the schema could fail with "table contexts already exists" and
// record nothing (7 of 24 conversations were lost).
func TestConcurrentFirstRunsRecordEverything(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 24 processes")
	}
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	const procs, rounds = 8, 3
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	for round := range rounds {
		dir := t.TempDir()
		dbPath := filepath.Join(dir, "data", "parley.db")
		goFile := filepath.Join(dir, "go")
		cmds := make([]*exec.Cmd, procs)
		outs := make([]*bytes.Buffer, procs)
		for i := range cmds {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), crashChildEnv+"=1", firstRunGoEnv+"="+goFile,
				fmt.Sprintf(`PARLEY_CRASH_ARGS=["send", %q, "hello %d"]`, srv.URL+"/", i),
				"PARLEY_CRASH_STORE="+dbPath)
			outs[i] = &bytes.Buffer{}
			cmd.Stdout, cmd.Stderr = outs[i], outs[i]
			cmd.ExtraFiles = []*os.File{devnull}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds[i] = cmd
		}
		if err := os.WriteFile(goFile, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		for i, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Errorf("round %d, process %d: %v\n%s", round, i, err, outs[i])
			}
			if bytes.Contains(outs[i].Bytes(), []byte("not recording")) || bytes.Contains(outs[i].Bytes(), []byte("already exists")) ||
				bytes.Contains(outs[i].Bytes(), []byte("not fully recorded")) {
				t.Errorf("round %d, process %d did not record:\n%s", round, i, outs[i])
			}
		}
		st, err := store.Open(dbPath)
		if err != nil {
			t.Fatal(err)
		}
		list, err := st.ListContexts("", "")
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != procs {
			t.Errorf("round %d: %d of %d conversations recorded", round, len(list), procs)
			for i := range outs {
				t.Logf("process %d said:\n%s", i, outs[i])
			}
		}
	}
}
