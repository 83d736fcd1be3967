package renderpause

import (
	"io"
	"os"
)

// A frame drawn while the renderer is still writing the one before waits
// for that write: Bubble Tea takes it only once the write is done. A
// terminal that stops reading (a stalled ssh link, a paused multiplexer)
// holds that write up for as long as it likes, so the pause watches the
// program's writes: it never stops the ticker while one is under way,
// and counts the end of one as a frame drawn.

// Output wraps w, the terminal the program writes to, so that the pause
// sees its writes; give it to tea.WithOutput. A terminal file stays one
// (its Fd is the file's), so Bubble Tea still finds the terminal.
func (tp *Pause) Output(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok {
		return &watchedFile{File: f, tp: tp}
	}
	return &watchedWriter{w: w, tp: tp}
}

type watchedFile struct {
	*os.File
	tp *Pause
}

func (f *watchedFile) Write(p []byte) (int, error) {
	defer f.tp.writing()()
	return f.File.Write(p)
}

func (f *watchedFile) WriteString(s string) (int, error) {
	defer f.tp.writing()()
	return f.File.WriteString(s)
}

func (f *watchedFile) ReadFrom(r io.Reader) (int64, error) {
	defer f.tp.writing()()
	return io.Copy(struct{ io.Writer }{f.File}, r)
}

type watchedWriter struct {
	w  io.Writer
	tp *Pause
}

func (w *watchedWriter) Write(p []byte) (int, error) {
	defer w.tp.writing()()
	return w.w.Write(p)
}

// writing notes a write begun, and returns what notes its end.
func (tp *Pause) writing() func() {
	tp.mu.Lock()
	tp.writes++
	tp.mu.Unlock()
	return func() {
		tp.mu.Lock()
		tp.writes--
		if tp.now != nil {
			tp.lastWrite = tp.now()
		}
		tp.mu.Unlock()
	}
}
