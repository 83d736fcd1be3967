package wire

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// A gRPC reply has no HTTP status a person can use: the wire view names
// its grpc-status (OK, NOT_FOUND, …), never "← 200" for a call that
// failed.
func TestWireViewShowsGRPCStatus(t *testing.T) {
	l := NewLog()
	url := "http://127.0.0.1:4141/lf.a2a.v1.A2AService/GetTask"
	l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireResponse, Time: time.Now(), URL: url, Status: http.StatusOK,
		Header: http.Header{"Grpc-Status": {"NOT_FOUND"}}, Body: []byte(`{"code":"NotFound"}`)})
	l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireResponse, Time: time.Now(), URL: url, Status: http.StatusOK,
		Header: http.Header{"Grpc-Status": {"OK"}}})
	l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireResponse, Time: time.Now(), URL: "http://127.0.0.1:4141/v1.0/jsonrpc", Status: http.StatusOK})
	screen := ansi.Strip(drawnView(NewView(l, nil), styles.New(themes.Dark), 100, 30))
	for _, want := range []string{"← grpc NOT_FOUND " + url, "← grpc OK " + url, "← 200 http://127.0.0.1:4141/v1.0/jsonrpc"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the wire view lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "← 200 "+url) {
		t.Errorf("a gRPC reply shows as HTTP 200:\n%s", screen)
	}
}
