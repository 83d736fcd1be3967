package push

import (
	"testing"
	"time"

	"github.com/parley-a2a/parley/session/store"
)

// The push service prunes when it starts: the TUI and 'task watch
// --push' each start one.
func TestPushServicePrunesAtStart(t *testing.T) {
	s := openTestStore(t)
	if err := s.SavePushRoute(store.PushRoute{ConfigID: "stale", TaskID: "gone", Created: time.Now().Add(-60 * 24 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	svc, err := StartService(s, ReceiverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close(t.Context())
	if _, ok, _ := s.LoadPushRoute("stale"); ok {
		t.Fatal("a config idle for two months outlived the service's start")
	}
}
