//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The other A2A terminal client measured on the same stream: the `a2a`
// command of a2a-go (github.com/a2aproject/a2a-go/v2/cmd/a2a), at the
// version parley's interop tests use. It speaks v1.0 only, prints events
// and does not record, so it does less than `parley send`.
const peerModule = "github.com/a2aproject/a2a-go/v2"

// buildPeer builds a2a-go's CLI in a module of its own under the
// harness's temporary directory (its dependencies, cobra among them, are
// not parley's) and returns the binary's path, or why it could not.
func (h *harness) buildPeer() (string, error) {
	if h.peer != "" || h.peerErr != nil {
		return h.peer, h.peerErr
	}
	h.peer, h.peerErr = h.buildPeerOnce()
	return h.peer, h.peerErr
}

func (h *harness) buildPeerOnce() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", peerModule).Output()
	if err != nil {
		return "", fmt.Errorf("find the a2a-go version parley uses: %w", err)
	}
	version := strings.TrimSpace(string(out))
	dir := filepath.Join(h.tmp, "a2a-cli")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	files := map[string]string{
		"go.mod":   "module parleybench/a2acli\n\ngo 1.26\n",
		"tools.go": "//go:build tools\n\npackage tools\n\nimport _ \"" + peerModule + "/cmd/a2a\"\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	bin := filepath.Join(dir, "a2a")
	h.progress("building a2a-go's CLI %s (the other A2A terminal client)", version)
	for _, args := range [][]string{
		{"get", peerModule + "/cmd/a2a@" + version},
		{"build", "-o", bin, peerModule + "/cmd/a2a"},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go %s: %w: %s", args[0], err, lastLine(out))
		}
	}
	return bin, nil
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}
