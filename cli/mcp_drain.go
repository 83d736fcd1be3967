package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
)

// mcpIO is `parley mcp`'s standard input and output, holding back the
// end of input until every request read before it has its reply: a
// client that writes its requests and closes its end (a pipe, a script)
// gets every answer, and the server then stops. The MCP SDK stops
// reading, and drops what is in flight, as soon as it sees the end.
type mcpIO struct {
	in  io.Reader
	out io.Writer
	ctx context.Context

	mu      sync.Mutex
	cond    *sync.Cond
	open    map[string]bool // ids of requests read and not yet answered
	inLine  []byte          // the start of a line read so far
	outLine []byte          // the start of a line written so far
}

func newMCPIO(ctx context.Context, in io.Reader, out io.Writer) *mcpIO {
	m := &mcpIO{in: in, out: out, ctx: ctx, open: map[string]bool{}}
	m.cond = sync.NewCond(&m.mu)
	go func() {
		<-ctx.Done()
		m.mu.Lock()
		m.cond.Broadcast()
		m.mu.Unlock()
	}()
	return m
}

// rpcFrame is what parley looks at in a JSON-RPC message.
type rpcFrame struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}

// lines splits off the complete lines of *pending+p, keeping the rest.
func lines(pending *[]byte, p []byte, each func([]byte)) {
	*pending = append(*pending, p...)
	for {
		i := bytes.IndexByte(*pending, '\n')
		if i < 0 {
			return
		}
		each((*pending)[:i])
		*pending = (*pending)[i+1:]
	}
}

func frameID(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func (m *mcpIO) Read(p []byte) (int, error) {
	n, err := m.in.Read(p)
	m.mu.Lock()
	defer m.mu.Unlock()
	lines(&m.inLine, p[:n], func(l []byte) {
		var f rpcFrame
		if json.Unmarshal(l, &f) == nil && f.Method != "" && len(f.ID) > 0 && string(f.ID) != "null" {
			m.open[frameID(f.ID)] = true
		}
	})
	if err == io.EOF {
		for len(m.open) > 0 && m.ctx.Err() == nil {
			m.cond.Wait()
		}
	}
	return n, err
}

func (m *mcpIO) Write(p []byte) (int, error) {
	n, err := m.out.Write(p)
	m.mu.Lock()
	defer m.mu.Unlock()
	lines(&m.outLine, p[:n], func(l []byte) {
		var f rpcFrame
		if json.Unmarshal(l, &f) == nil && f.Method == "" && len(f.ID) > 0 && (f.Result != nil || f.Error != nil) {
			delete(m.open, frameID(f.ID))
		}
	})
	m.cond.Broadcast()
	return n, err
}

func (m *mcpIO) Close() error { return nil }
