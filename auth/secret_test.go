package auth

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCmdSecretRunsOnce(t *testing.T) {
	count := filepath.Join(t.TempDir(), "count")
	s := &secrets{}
	ref := "cmd:echo run >> " + count + "; printf 'hunter2\\n'"
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := s.resolve(context.Background(), ref)
			if err != nil || v != "hunter2" {
				t.Errorf("resolve = %q, %v", v, err)
			}
		}()
	}
	wg.Wait()
	raw, _ := os.ReadFile(count)
	if n := strings.Count(string(raw), "run"); n != 1 {
		t.Errorf("the command ran %d times, want once", n)
	}
}

func TestCmdSecretErrorsNeverShowOutput(t *testing.T) {
	s := &secrets{timeout: 200 * time.Millisecond}
	ctx := context.Background()
	_, err := s.resolve(ctx, "cmd:printf '%s-%s' leaked secret1; echo 'vault is locked' >&2; exit 3")
	if err == nil || strings.Contains(err.Error(), "leaked-secret1") || !strings.Contains(err.Error(), "status 3") || !strings.Contains(err.Error(), "vault is locked") {
		t.Errorf("failing command: %v", err)
	}
	_, err = s.resolve(ctx, "cmd:exec sleep 5")
	if err == nil || !strings.Contains(err.Error(), "did not finish within 200ms") {
		t.Errorf("slow command: %v", err)
	}
	_, err = s.resolve(ctx, "cmd:true")
	if err == nil || !strings.Contains(err.Error(), "printed nothing") {
		t.Errorf("silent command: %v", err)
	}
	// A failure is not remembered: fixed, the next try works.
	flag := filepath.Join(t.TempDir(), "unlocked")
	ref := "cmd:test -f " + flag + " && echo ok"
	if _, err := s.resolve(ctx, ref); err == nil {
		t.Fatal("the locked command succeeded")
	}
	_ = os.WriteFile(flag, nil, 0o600)
	if v, err := s.resolve(ctx, ref); err != nil || v != "ok" {
		t.Errorf("after unlocking: %q, %v", v, err)
	}
}

func TestEnvSecret(t *testing.T) {
	s := &secrets{getenv: func(k string) string { return map[string]string{"A": "x"}[k] }}
	if v, err := s.resolve(context.Background(), "env:A"); v != "x" || err != nil {
		t.Errorf("env:A = %q, %v", v, err)
	}
	if _, err := s.resolve(context.Background(), "env:B"); err == nil || !strings.Contains(err.Error(), "B is not set") {
		t.Errorf("env:B = %v", err)
	}
}
