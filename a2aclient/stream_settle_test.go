package a2aclient

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// A stream that ended at a settling event leaves its connection to the
// next request rather than cutting it: gemini-cli's agent cancels a turn
// (and the tool call awaiting the user's approval) when the connection
// that started it closes. Three exchanges in a row use one connection.
func TestSettledStreamKeepsItsConnection(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		id := protoReadRPC(t, body).ID
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, `data: {"jsonrpc":"2.0","id":%s,"result":{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":"working"}}}`+"\n\n", id)
		w.(http.Flusher).Flush()
		fmt.Fprintf(w, `data: {"jsonrpc":"2.0","id":%s,"result":{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":"input-required"},"final":true}}`+"\n\n", id)
	}))
	srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	c := protoClient(t, Interface{URL: srv.URL, Dialect: DialectV03, Binding: BindingJSONRPC})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for range 3 {
		st, err := c.Stream(ctx, SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
		if err != nil {
			t.Fatal(err)
		}
		var last Event
		for {
			ev, err := st.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			last = ev
		}
		st.Close()
		if last.Status == nil || last.Status.Status.State != StateInputRequired {
			t.Fatalf("last event %+v", last)
		}
		// The next request comes once the connection is released, as
		// it would from a person typing the next message.
		st.mu.Lock()
		settled := st.settled
		st.mu.Unlock()
		if settled == nil {
			t.Fatal("the settled stream cut its connection")
		}
		<-settled
	}
	if n := conns.Load(); n != 1 {
		t.Fatalf("%d connections for three exchanges, want 1", n)
	}
}
