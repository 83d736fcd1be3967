// Package realservers runs parley against A2A servers people run, not
// SDK test servers: Google's gemini-cli A2A server, VoltAgent's and
// Mastra's, each installed from npm at a pinned version
// (interop/node/package.json) and started on loopback with a fake model
// (internal/fakemodel on loopback, or the AI SDK's mock), and a Google
// ADK for Go agent (interop/adk).
//
// They need node and about 900 MB of node modules, so they run under
// `make interop`, which installs the modules and sets PARLEY_INTEROP_NODE;
// `make test` skips them.
package realservers

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/fakemodel"
)

// nodeDir is interop/node, where the servers' launchers and modules are.
func nodeDir(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "node")
}

// needNode skips the test unless make interop asked for it, and fails it
// when it did but the modules are missing.
func needNode(t *testing.T) string {
	t.Helper()
	dir := nodeDir(t)
	if os.Getenv("PARLEY_INTEROP_NODE") == "" {
		t.Skip("real A2A servers (gemini-cli, VoltAgent) run under 'make interop', which installs them from npm")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@google", "gemini-cli-a2a-server")); err != nil {
		t.Fatalf("the servers' node modules are missing in %s: run 'make interop' (npm ci there)", dir)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not installed; the real-server tests need node 20 or newer")
	}
	return dir
}

// server is a node A2A server started for one test.
type server struct {
	URL   string // base URL (gemini-cli) or card URL (VoltAgent)
	Model *fakemodel.Server
}

// startNode runs a launcher from interop/node with env and waits for its
// "LISTENING <port>" line. The process (and any it starts) is killed,
// by its process group, when the test ends.
func startNode(t *testing.T, script string, env []string) int {
	t.Helper()
	dir := needNode(t)
	cmd := exec.Command("node", script)
	cmd.Dir = dir
	return startListening(t, cmd, script, env)
}

// startListening runs cmd with env and waits for its "LISTENING <port>"
// line; script names its log. The process (and any it starts) is killed,
// by its process group, when the test ends.
func startListening(t *testing.T, cmd *exec.Cmd, script string, env []string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	home := t.TempDir()
	// A clean environment: nothing of the user's (keys, proxies,
	// settings) reaches the server; HOME is a fresh directory.
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "NO_COLOR=1"}, env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	logFile, err := os.Create(filepath.Join(home, script+".log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		_ = cmd.Wait()
		logFile.Close()
		if t.Failed() {
			if b, err := os.ReadFile(logFile.Name()); err == nil {
				t.Logf("%s log:\n%s", script, logLines(string(b), 60))
			}
		}
	})
	ports := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 4<<20)
		sent := false
		for sc.Scan() {
			fmt.Fprintln(logFile, sc.Text()) // gemini-cli logs to stdout
			var port int
			if _, err := fmt.Sscanf(sc.Text(), "LISTENING %d", &port); err == nil && !sent {
				ports <- port
				sent = true
			}
		}
	}()
	select {
	case port := <-ports:
		return port
	case <-ctx.Done():
		t.Fatalf("%s did not start listening", script)
	}
	return 0
}

// logLines is the end of a server's log, its one-line records only
// (gemini-cli logs every event as pages of JSON).
func logLines(log string, n int) string {
	var keep []string
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(l, "[") && !strings.Contains(l, "[EventBus event]") {
			keep = append(keep, tail(l, 240))
		}
	}
	return strings.Join(keep[max(len(keep)-n, 0):], "\n")
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// startGemini starts gemini-cli's A2A server with a fake Gemini API.
func startGemini(t *testing.T) *server {
	t.Helper()
	needNode(t)
	model := fakemodel.Gemini()
	t.Cleanup(model.Close)
	ws := t.TempDir()
	port := startNode(t, "gemini-a2a.mjs", []string{
		"GOOGLE_GEMINI_BASE_URL=" + model.URL,
		"GEMINI_API_KEY=fake-key-for-a-fake-model",
		"CODER_AGENT_WORKSPACE_PATH=" + ws,
	})
	return &server{URL: fmt.Sprintf("http://127.0.0.1:%d/", port), Model: model}
}

// startVoltAgent starts a VoltAgent agent ("helper") behind its A2A
// server, with a fake OpenAI-compatible model. URL is the card's URL.
func startVoltAgent(t *testing.T) *server {
	t.Helper()
	needNode(t)
	model := fakemodel.OpenAI()
	t.Cleanup(model.Close)
	port := freePort(t)
	startNode(t, "voltagent-a2a.mjs", []string{
		"FAKE_OPENAI_URL=" + model.URL + "/v1",
		fmt.Sprintf("VOLTAGENT_PORT=%d", port),
	})
	return &server{URL: fmt.Sprintf("http://127.0.0.1:%d/.well-known/helper/agent-card.json", port), Model: model}
}

// freePort is a loopback port free a moment ago. VoltAgent takes a port
// number, not a listener; another process could take it in between,
// which fails the start loudly, not the test's assertions.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
