package session

import (
	"strings"
	"testing"
)

// mustPanic runs f and returns what it panicked with, failing when it
// did not.
func mustPanic(t *testing.T, f func()) (msg string) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatal("no panic")
		}
		msg, _ = r.(string)
	}()
	f()
	return ""
}

// A Directory without credentials machinery is a program put together
// wrongly: it says so at once, naming the field and what to pass, instead
// of failing at the first agent with a nil interface.
func TestNewDirectoryWithoutAuthSaysWhatToPass(t *testing.T) {
	msg := mustPanic(t, func() { NewDirectory(DirectoryOptions{}) })
	if !strings.Contains(msg, "DirectoryOptions.Auth") || !strings.Contains(msg, "cli.Credentials") {
		t.Fatalf("the panic does not say what to pass: %q", msg)
	}
}

func TestNewWorkspaceWithoutDirectorySaysWhatToPass(t *testing.T) {
	msg := mustPanic(t, func() { NewWorkspace(WorkspaceOptions{}, nil) })
	if !strings.Contains(msg, "WorkspaceOptions.Directory") {
		t.Fatalf("the panic does not say what to pass: %q", msg)
	}
}
