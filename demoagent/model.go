package demoagent

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"
)

// The agent keeps one dialect-neutral model of tasks and messages. Every
// dialect decodes requests into it and encodes it on the way out, so the
// scripted behaviour is written once and the dialects differ only on the wire.

type state string

const (
	stateSubmitted     state = "submitted"
	stateWorking       state = "working"
	stateInputRequired state = "input-required"
	stateAuthRequired  state = "auth-required"
	stateCompleted     state = "completed"
	stateCanceled      state = "canceled"
	stateFailed        state = "failed"
	stateRejected      state = "rejected"
)

func (s state) terminal() bool {
	switch s {
	case stateCompleted, stateCanceled, stateFailed, stateRejected:
		return true
	}
	return false
}

func (s state) interrupted() bool {
	return s == stateInputRequired || s == stateAuthRequired
}

// settled reports whether the task is waiting on nobody but the client:
// blocking sends return and streams close at this point.
func (s state) settled() bool { return s.terminal() || s.interrupted() }

type role string

const (
	roleUser  role = "user"
	roleAgent role = "agent"
)

type partKind int

const (
	partText partKind = iota
	partFile
	partData
)

type part struct {
	kind partKind
	text string
	data any
	// wrapKey names the field that array data goes under in dialects whose
	// data parts must be JSON objects (everything before v1.0).
	wrapKey string
	file    fileContent
	// metadata is the part's own (A2UI marks its parts with a mimeType).
	metadata map[string]any
	// spread, for a data part holding a list, sends one part per element
	// in dialects whose data parts must be objects (A2UI v0.9's list of
	// messages over v0.3).
	spread bool
}

type fileContent struct {
	name     string
	mimeType string
	bytes    []byte
	uri      string
}

func textPart(s string) part { return part{kind: partText, text: s} }

type message struct {
	id        string
	role      role
	parts     []part
	taskID    string
	contextID string
	metadata  map[string]any // the client's (A2UI's capabilities)
}

// text joins the message's text parts; scenario keywords and echoes use it.
func (m *message) text() string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range m.parts {
		if p.kind != partText {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(p.text)
	}
	return b.String()
}

type artifact struct {
	id          string
	name        string
	description string
	parts       []part
}

type status struct {
	state state
	msg   *message
	at    time.Time
}

// taskView is an immutable copy of a task handed to encoders, so they never
// touch shared state without the lock.
type taskView struct {
	id        string
	contextID string
	created   time.Time
	status    status
	artifacts []artifact
	history   []message
	// omitArtifacts is set by ListTasks without includeArtifacts: the v1.0
	// spec wants the field absent, not empty.
	omitArtifacts bool
}

// event is one entry of a task's update log: a status change or an artifact
// chunk. Streams replay the log in order.
type event struct {
	status   *status
	artifact *artifactChunk
}

type artifactChunk struct {
	index     int // position in the task's artifact list (v0.1 names artifacts by index)
	art       artifact
	append    bool
	lastChunk bool
}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40 // UUID version 4 so ids look familiar to clients
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// timestamp formats times the way every dialect's examples do: UTC, ms.
func timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}
