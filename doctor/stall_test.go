package doctor_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/session"
)

// An interface that takes requests and never answers costs one timeout:
// once its GetTask ran out of time, the doctor does not go on to probe
// the binding's other versions there (each another timeout), and says
// it did not answer in time.
func TestDoctorStalledInterfaceCostsOneTimeout(t *testing.T) {
	var rpc atomic.Int64
	stop := make(chan struct{})
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "agent-card.json") {
			_, _ = fmt.Fprintf(w, `{"name":"Stall","description":"d","url":%q,"version":"1","protocolVersion":"0.3.0","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`, srv.URL+"/rpc")
			return
		}
		rpc.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	defer srv.Close()
	defer close(stop)
	cfgPath := filepath.Join(t.TempDir(), "config.toml")
	getenv := func(string) string { return "" }
	dir := session.NewDirectory(session.DirectoryOptions{ConfigPath: cfgPath, Getenv: getenv,
		Auth: auth.ForSession(auth.NewManager(auth.Options{Getenv: getenv, CredentialsPath: config.CredentialsPathFor(cfgPath)}))})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var rs []doctor.Result
	err := doctor.Run(ctx, doctor.Options{Directory: dir, Ref: srv.URL, ReadOnly: true, Timeout: 200 * time.Millisecond}, func(r doctor.Result) { rs = append(rs, r) })
	if err != nil {
		t.Fatal(err)
	}
	want(t, find(t, rs, "binding", "/rpc"), doctor.Fail, "within 200ms")
	if n := rpc.Load(); n != 1 {
		t.Errorf("the stalled interface got %d requests, want 1", n)
	}
}
