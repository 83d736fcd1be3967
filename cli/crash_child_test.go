package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// The crash tests run parley as a child process (the test binary acting
// as parley: crashChild in contexts_main_test.go), kill it or starve it,
// and check the store it leaves. What each test does to the child
// differs; starting it and reading what it reports committed is shared
// here.

// crashCmd is a child parley that runs args (a parley command line)
// with its store at store; env adds to the environment.
func crashCmd(store string, args []string, env ...string) *exec.Cmd {
	argJSON, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashChildEnv+"=1", "PARLEY_CRASH_ARGS="+string(argJSON), "PARLEY_CRASH_STORE="+store)
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// runReporting starts cmd with the pipe (fd 3) the child reports each
// committed item on, calls started once it runs, then each for every
// report until the child is gone, and returns cmd.Wait's error.
func runReporting(t *testing.T, cmd *exec.Cmd, started func(), each func(key string, r reported)) error {
	t.Helper()
	rd, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.ExtraFiles = []*os.File{wr}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wr.Close()
	if started != nil {
		started()
	}
	lines := bufio.NewScanner(rd)
	for lines.Scan() {
		if key, r, ok := parseReport(lines.Text()); ok {
			each(key, r)
		}
	}
	err = cmd.Wait()
	rd.Close()
	return err
}

// killed says whether the child that ran args died of a signal; a child
// that ended by itself must have succeeded.
func killed(t *testing.T, cmd *exec.Cmd, args []string, stderr string) bool {
	t.Helper()
	ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ws.Signaled() && cmd.ProcessState.ExitCode() != 0 {
		t.Fatalf("%q failed by itself: exit %d\n%s", args, cmd.ProcessState.ExitCode(), stderr)
	}
	return ws.Signaled()
}
