//go:build linux

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// The long answer of issue 30, goal 1: this many chunks of longChunk
// bytes, one artifact (100 MB of text).
const (
	longChunks = 1000000
	longChunk  = 100
)

// scaleLong is `parley send` (text and --json) taking the 1,000,000-chunk
// answer, against the same bound as the 100,000 artifacts.
func (h *harness) scaleLong(g string, runs int) error {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: longChunks, ChunkSize: longChunk})
	if err != nil {
		return err
	}
	defer srv.Close()
	dir, err := os.MkdirTemp(h.tmp, "scale-long-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	env := []string{"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}
	h.detail("scale: a %d-chunk answer of %d bytes a chunk in one artifact, %s of SSE", longChunks, longChunk, mb(int64(len(srv.StreamBody()))))
	for _, asJSON := range []bool{false, true} {
		argv := []string{h.parley, "send", srv.URL, "go"}
		name := "parley send (text), 1,000,000 chunks"
		if asJSON {
			argv = []string{h.parley, "send", "--json", srv.URL, "go"}
			name = "parley send --json, 1,000,000 chunks"
		}
		var wall, rss series
		for i := 0; i < runs; i++ {
			p, err := longSend(argv, env, dir, asJSON)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			wall, rss = append(wall, p.wall), append(rss, time.Duration(p.rss))
		}
		peak := int64(slicesMax(rss))
		h.add(g, name+": peak RSS", fmt.Sprintf("%s (max %s, %.2f× bound)", mb(int64(rss.median())), mb(peak), float64(rss.median())/scaleSendRSS),
			"≤ 64 MB", pass(peak <= scaleSendRSS))
		h.detail("scale: %s: wall %s, peak RSS %s", name, wall, mbSeries(rss))
	}
	return nil
}

// longSend runs one send of the long answer and checks its output ends
// as the whole exchange does: the answer's end and the task completed,
// or (--json) a last line that is a completed result with the stored
// context's id, read at its head and its end (it is hundreds of MB).
func longSend(argv, env []string, dir string, asJSON bool) (procRun, error) {
	outPath := filepath.Join(dir, "out")
	out, err := os.Create(outPath)
	if err != nil {
		return procRun{}, err
	}
	defer out.Close()
	p, _, err := runProc(argv, env, nil, out)
	if err != nil {
		return p, err
	}
	st, err := out.Stat()
	if err != nil {
		return p, err
	}
	size := st.Size()
	head := int64(0) // where the last line starts
	if asJSON {
		if head, err = lastLineStart(outPath); err != nil {
			return p, err
		}
	}
	read := func(at, n int64) []byte {
		b := make([]byte, max(min(n, size-at), 0))
		_, _ = out.ReadAt(b, at)
		return b
	}
	checks := map[string][]byte{"completed": read(max(size-4096, 0), 4096), loopback.EndMarker: read(max(size-4096, 0), 4096)}
	if asJSON {
		checks = map[string][]byte{`{"type":"result"`: read(head, 200), `"state":"completed"`: read(head, 200), `"storeId":`: read(max(size-200, head), 200)}
	}
	for w, b := range checks {
		if !bytes.Contains(b, []byte(w)) {
			return p, fmt.Errorf("its output (%d bytes) does not end as a completed exchange (no %s)", size, w)
		}
	}
	return p, nil
}

// lastLineStart is the offset of the last line of the file at path.
func lastLineStart(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var at, start int64
	for {
		b, err := r.ReadSlice('\n')
		at += int64(len(b))
		if len(b) > 0 && b[len(b)-1] == '\n' && err == nil {
			if _, perr := r.Peek(1); perr == nil {
				start = at
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
		case err == io.EOF:
			return start, nil
		case err != nil:
			return 0, err
		}
	}
}
