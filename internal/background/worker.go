package background

import "sync"

// Worker runs functions one at a time on one goroutine of its own,
// lowered (Lower), started by the first Do and kept for the life of
// the process: work that many long-lived owners do now and then (each
// conversation's recorder) shares one lowered thread, instead of each
// owner's goroutine keeping a thread of its own while it waits.
type Worker struct {
	once sync.Once
	work chan func()
}

// Do runs f on the worker and returns when f has. Calls from several
// goroutines run one after the other. f must not call Do on the same
// worker: it would wait for itself.
func (w *Worker) Do(f func()) {
	w.once.Do(func() {
		w.work = make(chan func())
		go w.run()
	})
	done := make(chan struct{})
	w.work <- func() {
		defer close(done)
		f()
	}
	<-done
}

func (w *Worker) run() {
	Lower()
	for f := range w.work {
		f()
	}
}
