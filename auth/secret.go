package auth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/termsafe"
)

// DefaultCmdTimeout bounds a cmd: credential command. Password managers
// may wait for an unlock, so it is generous, but a hung command must not
// hang parley.
const DefaultCmdTimeout = 30 * time.Second

// maxSecret caps what a credential command may print.
const maxSecret = 64 << 10

// secrets resolves env:VAR and cmd:COMMAND references. A command runs
// once; its output is kept in memory for the life of the process, so a
// password manager is asked once per session, not once per request.
type secrets struct {
	getenv  func(string) string
	timeout time.Duration

	mu   sync.Mutex
	cmds map[string]*cmdResult
}

type cmdResult struct {
	done  chan struct{}
	value string
	err   error
}

// resolve returns the secret ref points to. ref must be env: or cmd:.
func (s *secrets) resolve(ctx context.Context, ref string) (string, error) {
	switch {
	case strings.HasPrefix(ref, "env:"):
		return config.Expand(ref, s.getenv)
	case config.IsCmdRef(ref):
		return s.run(ctx, strings.TrimSpace(strings.TrimPrefix(ref, "cmd:")))
	}
	return "", fmt.Errorf("%q is not an env:VAR or cmd:COMMAND reference", ref)
}

func (s *secrets) run(ctx context.Context, command string) (string, error) {
	s.mu.Lock()
	if s.cmds == nil {
		s.cmds = map[string]*cmdResult{}
	}
	r := s.cmds[command]
	if r == nil {
		r = &cmdResult{done: make(chan struct{})}
		s.cmds[command] = r
		s.mu.Unlock()
		r.value, r.err = s.exec(ctx, command)
		if r.err != nil {
			// A failure is not remembered: the person may fix it (unlock
			// the password manager) and try again.
			s.mu.Lock()
			delete(s.cmds, command)
			s.mu.Unlock()
		}
		close(r.done)
		return r.value, r.err
	}
	s.mu.Unlock()
	select {
	case <-r.done:
		return r.value, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// exec runs command with sh and returns its output without the final
// newline. The output never appears in an error; stderr's first line may.
func (s *secrets) exec(ctx context.Context, command string) (string, error) {
	timeout := s.timeout
	if timeout <= 0 {
		timeout = DefaultCmdTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = maxSecret, 4<<10
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// A child that keeps the pipes open must not keep parley waiting.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return "", fmt.Errorf("the command %q did not finish within %s", command, timeout)
	case err != nil:
		var ee *exec.ExitError
		msg := err.Error()
		if errors.As(err, &ee) {
			msg = fmt.Sprintf("exited with status %d", ee.ExitCode())
		}
		if line := firstLine(stderr.String()); line != "" {
			msg += ": " + line
		}
		return "", fmt.Errorf("the command %q failed (%s)", command, msg)
	case stdout.over:
		return "", fmt.Errorf("the command %q printed more than %d KiB; it should print only the secret", command, maxSecret>>10)
	}
	v := strings.TrimRight(stdout.String(), "\r\n")
	if strings.TrimSpace(v) == "" {
		return "", fmt.Errorf("the command %q printed nothing", command)
	}
	return v, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = termsafe.Line(s)
	if r := []rune(s); len(r) > 160 {
		s = string(r[:160]) + "…"
	}
	return s
}

type limitedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); len(p) > room {
		b.over = true
		if room > 0 {
			b.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return b.Buffer.Write(p)
}
