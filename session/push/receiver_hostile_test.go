package push

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// pushLog keeps what a receiver delivered.
type pushLog struct {
	mu  sync.Mutex
	got []Delivery
}

func (l *pushLog) take(d Delivery) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, d)
	return nil
}

func (l *pushLog) all() []Delivery {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Delivery(nil), l.got...)
}

func startTestReceiver(t *testing.T, o ReceiverOptions) (*Receiver, *pushLog) {
	t.Helper()
	log := &pushLog{}
	if o.OnPush == nil {
		o.OnPush = log.take
	}
	r, err := StartReceiver(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r, log
}

// statusPush is a v1.0 notification that task is working.
func statusPush(task string) string {
	return `{"statusUpdate":{"taskId":"` + task + `","contextId":"c1","status":{"state":"TASK_STATE_WORKING","message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"on it"}]}}}}`
}

// post sends a notification with the given headers and returns the status.
func post(t *testing.T, url, body string, headers map[string]string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	c := &http.Client{Timeout: 30 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("post %s: %v", url, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func tokenHeader(tok string) map[string]string {
	return map[string]string{a2aclient.PushTokenHeader: tok}
}

// A push with a wrong token, no token, or another config's token is
// refused before its body is read, counted as forged, and never reaches
// the inbox.
func TestPushReceiverRefusesForgedPushes(t *testing.T) {
	r, log := startTestReceiver(t, ReceiverOptions{})
	a, err := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-b")
	if err != nil {
		t.Fatal(err)
	}
	forgeries := []map[string]string{
		nil,
		tokenHeader("guess"),
		tokenHeader(a.Token + "x"),
		tokenHeader(a.Token[:len(a.Token)-1]),
		tokenHeader(b.Token), // b's token on a's URL
		{a2aclient.PushTokenHeaderV03: b.Token},
		{"Authorization": "Bearer " + b.Token},
		{"Authorization": "Basic " + a.Token},
	}
	for i, h := range forgeries {
		if code := post(t, a.URL, statusPush("task-a"), h); code != http.StatusUnauthorized {
			t.Errorf("forgery %d: answered %d, want 401", i, code)
		}
	}
	if got := r.Stats(); got.Forged != int64(len(forgeries)) || got.Accepted != 0 {
		t.Errorf("stats %+v, want %d forged and none accepted", got, len(forgeries))
	}
	if n := len(log.all()); n != 0 {
		t.Fatalf("%d forged pushes reached the inbox", n)
	}
	// The real token, in either version's header or as a bearer
	// credential, is taken.
	for _, h := range []map[string]string{tokenHeader(a.Token), {a2aclient.PushTokenHeaderV03: a.Token}, {"Authorization": "Bearer " + a.Token}} {
		if code := post(t, a.URL, statusPush("task-a"), h); code != http.StatusNoContent {
			t.Errorf("the real token (%v) was answered %d", h, code)
		}
	}
	if n := len(log.all()); n != 3 {
		t.Fatalf("%d pushes delivered, want 3", n)
	}
}

// A push with the right token that speaks of another task (one captured
// and replayed at another config, or an agent confusing its tasks) is
// refused: a config's token vouches for its own task only.
func TestPushReceiverRefusesAnotherTasksPush(t *testing.T) {
	r, log := startTestReceiver(t, ReceiverOptions{})
	a, _ := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-a")
	for _, body := range []string{statusPush("task-b"), statusPush(""), `{"task":{"id":"task-b","status":{"state":"TASK_STATE_COMPLETED"}}}`} {
		if code := post(t, a.URL, body, tokenHeader(a.Token)); code == http.StatusNoContent {
			t.Errorf("%.60s: accepted", body)
		}
	}
	if st := r.Stats(); st.WrongTask != 2 || st.Malformed != 1 {
		t.Errorf("stats %+v, want 2 for another task and 1 malformed (no task)", st)
	}
	if n := len(log.all()); n != 0 {
		t.Fatalf("%d pushes for other tasks reached the inbox", n)
	}
}

// Unknown and forgotten configs, other paths and methods are refused.
func TestPushReceiverRefusesUnknownConfigs(t *testing.T) {
	r, log := startTestReceiver(t, ReceiverOptions{})
	a, _ := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-a")
	if err := r.Forget(a.ID); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{a.URL, r.URL() + "/push/nope", r.URL() + "/push/", r.URL() + "/", r.URL() + "/push/" + a.ID + "/x", r.URL() + "/push/..%2f" + a.ID} {
		if code := post(t, u, statusPush("task-a"), tokenHeader(a.Token)); code == http.StatusNoContent {
			t.Errorf("%s: accepted", u)
		}
	}
	resp, err := http.Get(a.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNoContent || resp.StatusCode == http.StatusOK {
		t.Errorf("GET answered %d", resp.StatusCode)
	}
	if n := len(log.all()); n != 0 {
		t.Fatalf("%d pushes delivered", n)
	}
}

// A body over the bound is refused without being read whole, and an
// agent's garbage is refused as malformed.
func TestPushReceiverBoundsTheBody(t *testing.T) {
	r, log := startTestReceiver(t, ReceiverOptions{MaxBody: 4 << 10})
	a, _ := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-a")
	huge := `{"statusUpdate":{"taskId":"task-a","status":{"state":"TASK_STATE_WORKING","message":{"role":"ROLE_AGENT","parts":[{"text":"` + strings.Repeat("A", 8<<20) + `"}]}}}}`
	if code := post(t, a.URL, huge, tokenHeader(a.Token)); code != http.StatusRequestEntityTooLarge {
		t.Errorf("an 8 MiB push was answered %d, want 413", code)
	}
	for _, junk := range []string{"", "null", "[1,2]", "<html>", `{"statusUpdate":`} {
		if code := post(t, a.URL, junk, tokenHeader(a.Token)); code != http.StatusBadRequest {
			t.Errorf("%q answered %d, want 400", junk, code)
		}
	}
	if st := r.Stats(); st.TooLarge != 1 || st.Malformed != 5 {
		t.Errorf("stats %+v", st)
	}
	if n := len(log.all()); n != 0 {
		t.Fatalf("%d pushes delivered", n)
	}
}

// A flood, forged or real, is held to the rate: beyond the burst it is
// answered 429 and costs nothing more.
func TestPushReceiverBoundsTheRate(t *testing.T) {
	// A rate so low that no token comes back during the test: what is
	// taken is the burst, however slow the machine.
	r, log := startTestReceiver(t, ReceiverOptions{Rate: 0.0001, Burst: 20})
	a, _ := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-a")
	codes := map[int]int{}
	for range 40 {
		codes[post(t, a.URL, statusPush("task-a"), tokenHeader(a.Token))]++
	}
	// Each config holds a tenth of the burst: 2.
	if codes[http.StatusNoContent] != 2 || codes[http.StatusTooManyRequests] != 38 {
		t.Errorf("answers %v, want 2 taken and 38 refused", codes)
	}
	// The overall burst is spent by now (each request takes from it):
	// a forged flood is refused before any lookup.
	for range 40 {
		if code := post(t, a.URL, statusPush("task-a"), tokenHeader("forged")); code != http.StatusTooManyRequests {
			t.Fatalf("a flooding forgery was answered %d, want 429", code)
		}
	}
	if st := r.Stats(); st.Accepted != 2 || st.Limited != 78 || st.Rejected() != 78 {
		t.Errorf("stats %+v, want 2 accepted and 78 limited", st)
	}
	if n := len(log.all()); n != 2 {
		t.Fatalf("%d delivered, want 2", n)
	}
}

// Connections that never finish their headers (slowloris) are closed
// after the header timeout, and the connection bound does not keep a
// real push out for good.
func TestPushReceiverOutlastsSlowloris(t *testing.T) {
	r, log := startTestReceiver(t, ReceiverOptions{MaxConns: 2, HeaderTimeout: 200 * time.Millisecond})
	a, _ := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-a")
	var slow []net.Conn
	for range 6 {
		c, err := net.Dial("tcp", r.Addr())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Write([]byte("POST /push/" + a.ID + " HTTP/1.1\r\nHost: x\r\n")); err != nil {
			t.Fatal(err)
		}
		slow = append(slow, c)
	}
	if code := post(t, a.URL, statusPush("task-a"), tokenHeader(a.Token)); code != http.StatusNoContent {
		t.Fatalf("a real push behind slow connections was answered %d", code)
	}
	// The first two were accepted and must have been cut by the server.
	for i, c := range slow[:2] {
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		line, err := bufio.NewReader(c).ReadString('\n')
		if err == nil && !strings.Contains(line, "408") && !strings.Contains(line, "400") {
			t.Errorf("slow connection %d got %q, want it closed", i, line)
		}
	}
	if n := len(log.all()); n != 1 {
		t.Fatalf("%d delivered, want 1", n)
	}
}

// The receiver listens on loopback only, and announces only an http(s)
// address without credentials.
func TestPushReceiverRefusesNonLoopbackAndBadURLs(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", ":0", "example.com:80", "nonsense"} {
		if r, err := StartReceiver(ReceiverOptions{Listen: addr}); err == nil {
			r.Close()
			t.Errorf("listening on %q was allowed", addr)
		}
	}
	for _, u := range []string{"ftp://127.0.0.1/", "http://user:pw@127.0.0.1/", "http://127.0.0.1/?token=x", "127.0.0.1:80", "http://"} {
		if r, err := StartReceiver(ReceiverOptions{PublicURL: u}); err == nil {
			r.Close()
			t.Errorf("announcing %q was allowed", u)
		}
	}
	r, _ := startTestReceiver(t, ReceiverOptions{PublicURL: "https://127.0.0.1:9/tunnel/"})
	cfg, _ := r.Register(inboxAgent, "agent", a2aclient.DialectV10, "t")
	if !strings.HasPrefix(cfg.URL, "https://127.0.0.1:9/tunnel/push/") {
		t.Errorf("announced %q", cfg.URL)
	}
}

// The store keeps a hash of each token, never the token: a copy of the
// file does not let anyone forge a push. Another parley sharing the
// store checks pushes against the routes this one registered, and a
// route removed is refused there too.
func TestPushRoutesSharedThroughTheStoreWithoutTokens(t *testing.T) {
	s := openTestStore(t)
	r1, _ := startTestReceiver(t, ReceiverOptions{Store: s})
	a, err := r1.Register(inboxAgent, "agent", a2aclient.DialectV10, "task-a")
	if err != nil {
		t.Fatal(err)
	}
	r2, log := startTestReceiver(t, ReceiverOptions{Store: s})
	other := strings.Replace(a.URL, r1.URL(), r2.URL(), 1)
	if code := post(t, other, statusPush("task-a"), tokenHeader("forged")); code != http.StatusUnauthorized {
		t.Errorf("forged push to the second receiver answered %d", code)
	}
	if code := post(t, other, statusPush("task-a"), tokenHeader(a.Token)); code != http.StatusNoContent {
		t.Errorf("real push to the second receiver answered %d", code)
	}
	if n := len(log.all()); n != 1 {
		t.Fatalf("%d delivered, want 1", n)
	}
	routes, err := s.PushRoutes(inboxAgent, "task-a")
	if err != nil || len(routes) != 1 || routes[0].Received != 1 {
		t.Fatalf("routes %+v (%v), want one with one notification received", routes, err)
	}
	if err := r1.Forget(a.ID); err != nil {
		t.Fatal(err)
	}
	if code := post(t, other, statusPush("task-a"), tokenHeader(a.Token)); code != http.StatusUnauthorized {
		t.Errorf("a push for a removed config answered %d", code)
	}
	s.Close()
	for _, f := range []string{s.Path(), s.Path() + "-wal"} {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if bytes.Contains(data, []byte(a.Token)) {
			t.Fatalf("%s holds the push token", f)
		}
	}
}
