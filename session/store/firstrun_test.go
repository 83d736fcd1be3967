package store

import (
	"path/filepath"
	"sync"
	"testing"
)

// Parleys opening a new store at the same moment each set it up or find
// it set up: before, all but the first to take the write lock ran the
// first schema step again and failed ("table contexts already exists").
// cli: TestConcurrentFirstRunsRecordEverything does the same with
// processes.
func TestStoreConcurrentFirstOpens(t *testing.T) {
	for round := range 5 {
		path := filepath.Join(t.TempDir(), "parley.db")
		const n = 8
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, n)
		stores := make([]*Store, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				stores[i], errs[i] = Open(path)
			}()
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, opener %d: %v", round, i, err)
			}
		}
		for _, s := range stores {
			if _, err := s.ListContexts("", ""); err != nil {
				t.Error(err)
			}
			s.Close()
		}
	}
}
