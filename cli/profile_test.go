package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// PARLEY_MEMPROFILE writes a heap profile (gzipped protobuf) while the
// process runs, once the live heap has grown, and stops when asked.
func TestMemProfileIsWrittenAtThePeak(t *testing.T) {
	rate := runtime.MemProfileRate
	t.Cleanup(func() { runtime.MemProfileRate = rate })
	path := filepath.Join(t.TempDir(), "heap.prof")
	stop := startProfile(func(k string) string {
		if k == "PARLEY_MEMPROFILE" {
			return path
		}
		return ""
	})
	held := make([]byte, 4<<20)
	runtime.GC()
	var data []byte
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if data, _ = os.ReadFile(path); len(data) > 2 {
			break
		}
	}
	stop()
	runtime.KeepAlive(held)
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		t.Fatalf("no heap profile written to %s (%d bytes)", path, len(data))
	}
}

// Without PARLEY_MEMPROFILE nothing reads the heap profile, so it is not
// sampled: each sample walks a stack through the binary's function
// tables and keeps a record in the heap.
func TestNoHeapProfileSamplingUnlessAsked(t *testing.T) {
	rate := runtime.MemProfileRate
	t.Cleanup(func() { runtime.MemProfileRate = rate })
	runtime.MemProfileRate = 512 * 1024
	stop := startProfile(func(string) string { return "" })
	defer stop()
	if runtime.MemProfileRate != 0 {
		t.Fatalf("heap profile sampled every %d bytes with no PARLEY_MEMPROFILE, want off", runtime.MemProfileRate)
	}
}
