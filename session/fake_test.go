package session

import (
	"testing"

	"github.com/parley-a2a/parley/internal/fakeagent"
)

// The scripted agent of these tests is internal/fakeagent's, under the
// names the tests use.
type (
	fakeAgent = fakeagent.Agent
	rpcCall   = fakeagent.Call
)

func newFakeAgent(t *testing.T, streaming bool) *fakeAgent { return fakeagent.New(t, streaming) }

var (
	writeJSON = fakeagent.WriteJSON
	reply     = fakeagent.Reply
	rpcError  = fakeagent.Error
	events    = fakeagent.Events
	task      = fakeagent.Task
	status    = fakeagent.Status
	chunk     = fakeagent.Chunk
	artifact  = fakeagent.Artifact
)
