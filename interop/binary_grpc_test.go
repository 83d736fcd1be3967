package interop

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The real parley binary against a2a-go's gRPC servers: built once with
// `go build`, run as a person would, in an empty home (XDG dirs in a
// temporary directory).

// buildParley builds the binary into a temporary directory.
func buildParley(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	goTool := os.Getenv("GO")
	if goTool == "" {
		goTool = "go"
	}
	bin := filepath.Join(t.TempDir(), "parley")
	cmd := exec.Command(goTool, "build", "-o", bin, "github.com/parley-a2a/parley")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

type binRun struct {
	code           int
	stdout, stderr string
}

// runParley runs the binary with a fresh config, data, state and cache.
func runParley(t *testing.T, bin string, args ...string) binRun {
	t.Helper()
	return runParleyIn(t, bin, t.TempDir(), nil, args...)
}

// runParleyIn runs the binary with its XDG dirs under home and more
// environment variables.
func runParleyIn(t *testing.T, bin, home string, env []string, args ...string) binRun {
	t.Helper()
	cmd := exec.CommandContext(clCtx(t), bin, args...)
	cmd.Env = append(append(os.Environ(), env...),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_DATA_HOME="+filepath.Join(home, "data"),
		"XDG_STATE_HOME="+filepath.Join(home, "state"), "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"HOME="+home, "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := binRun{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("run parley %v: %v", args, err)
	}
	return r
}

func (r binRun) want(t *testing.T, code int, in string, texts ...string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
	out := r.stdout
	if in == "stderr" {
		out = r.stderr
	}
	for _, s := range texts {
		if !strings.Contains(out, s) {
			t.Errorf("%s lacks %q:\n%s", in, s, out)
		}
	}
}

func TestBinaryOverGRPC(t *testing.T) {
	t.Parallel()
	bin := buildParley(t)
	v2, v03 := startGRPCGoV2(t), startGRPCGoV03(t)
	trust := func(p peer) []string { return []string{"--trust-origin", "http://" + p.grpc.Addr().String()} }

	t.Run("card", func(t *testing.T) {
		// A gRPC-only card, shown whole: both services on one port.
		r := runParley(t, bin, "card", v2.CardURL)
		r.want(t, clExitOK, "stdout",
			"Dialect:      v1.0 gRPC",
			"Endpoint:     "+v2.GRPC10,
			"Transport:    GRPC (protocol 1.0)",
			"Also at:      "+v2.GRPC03+" (GRPC 0.3)",
			// Another port is another origin: said, not hidden.
			"The endpoint "+v2.GRPC10+" is on another origin")
		r = runParley(t, bin, append([]string{"card", v03.CardURL}, trust(v03)...)...)
		r.want(t, clExitOK, "stdout", "Dialect:      v0.3 gRPC", "Endpoint:     "+v03.GRPC03, "Transport:    GRPC (protocol 0.3")
		if strings.Contains(r.stdout, "Warnings:") {
			t.Errorf("warnings on a trusted, well-formed card:\n%s", r.stdout)
		}
	})

	t.Run("send", func(t *testing.T) {
		r := runParley(t, bin, "send", v2.CardURL, scenarioStream)
		r.want(t, clExitOK, "stdout", wantAnswer(streamChunks))
		// Forced to v0.3 over gRPC, as JSON lines.
		r = runParley(t, bin, "send", v2.CardURL, scenarioBook, "--dialect", "v0.3-grpc", "--json")
		r.want(t, clExitNeedsInput, "stdout", bookQuestion)
		var last map[string]any
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
			t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
		}
		clWant(t, "result dialect", last["dialect"], any("v0.3-grpc"))
		clWant(t, "result state", last["state"], any("input-required"))
		// a2a-go v0.3.15's own server: a failed task.
		r = runParley(t, bin, append([]string{"send", v03.CardURL, scenarioFail}, trust(v03)...)...)
		r.want(t, clExitTaskFailed, "stdout", failText)
	})

	t.Run("config", func(t *testing.T) {
		// The config's dialect field forces gRPC v0.3; its token goes to
		// the gRPC origin the entry trusts.
		home := t.TempDir()
		conf := filepath.Join(home, "config", "parley", "config.toml")
		if err := os.MkdirAll(filepath.Dir(conf), 0o700); err != nil {
			t.Fatal(err)
		}
		toml := "[[agents]]\nname = \"grpc03\"\nurl = \"" + v2.CardURL + "\"\ndialect = \"v0.3-grpc\"\nauth = \"bearer\"\ntoken = \"env:GRPC_TOKEN\"\ntrusted_origins = [\"http://" + v2.GRPC03 + "\"]\n"
		if err := os.WriteFile(conf, []byte(toml), 0o600); err != nil {
			t.Fatal(err)
		}
		r := runParleyIn(t, bin, home, []string{"GRPC_TOKEN=" + authToken}, "send", "grpc03", scenarioMessage, "--json")
		r.want(t, clExitOK, "stdout", replyText(scenarioMessage), `"dialect":"v0.3-grpc"`)
		reqs := v2.Requests()
		clWant(t, "last call", reqs[len(reqs)-1].Path, "/a2a.v1.A2AService/SendStreamingMessage")
		mds := v2.grpc.metadata()
		if got := mds[len(mds)-1].Get("authorization"); len(got) != 1 || got[0] != "Bearer "+authToken {
			t.Errorf("the config's token: authorization %q", got)
		}
	})

	t.Run("credentials stay home", func(t *testing.T) {
		// A credential given for the card's origin does not go to the
		// gRPC port, another origin, until the user trusts it.
		before := len(v2.grpc.metadata())
		r := runParley(t, bin, "send", v2.CardURL, scenarioMessage, "--header", "Authorization: Bearer "+authToken)
		r.want(t, 6, "stderr", "not trusted", "--trust-origin http://"+v2.GRPC10)
		if n := len(v2.grpc.metadata()) - before; n != 0 {
			t.Errorf("%d gRPC calls reached the untrusted endpoint", n)
		}
		r = runParley(t, bin, append([]string{"send", v2.CardURL, scenarioMessage, "--header", "Authorization: Bearer " + authToken}, trust(v2)...)...)
		r.want(t, clExitOK, "stdout", replyText(scenarioMessage))
		mds := v2.grpc.metadata()
		if got := mds[len(mds)-1].Get("authorization"); len(got) != 1 || got[0] != "Bearer "+authToken {
			t.Errorf("trusted gRPC endpoint got authorization %q", got)
		}
	})
}
