package session

import (
	"context"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// History is where a Workspace records its conversations and finds
// stored ones again. The SQLite store (session/store) implements it; it
// is declared here so that the domain imports no database.
type History interface {
	// ReadOnly says why nothing may be written; nil when it may.
	ReadOnly() error
	// Keep starts recording conv, a new conversation or one restored
	// into o.Context.
	Keep(conv *Conversation, o RecordOptions) Recording
	// OpenContext loads a stored context to show it: its last tail
	// items (all when tail <= 0), its tasks and its agent.
	OpenContext(id int64, tail int) (*OpenedContext, error)
	// Reopen makes a stored context a live conversation with client,
	// recording into the same context.
	Reopen(oc *OpenedContext, client *a2aclient.Client, notify func()) (*Conversation, Recording)
	// Resume follows the tasks left running in stored context id.
	Resume(ctx context.Context, dir *Directory, id int64, notify func()) (*Resumption, error)
	// ResumePending resumes every stored context with a running task.
	ResumePending(ctx context.Context, dir *Directory, notify func()) ([]*Resumption, error)
}

// Recording is a conversation being recorded. Close writes what is left
// and stops; its error is the first write that failed.
type Recording interface{ Close() error }

// RecordOptions say where a recorder writes and how it paces itself.
type RecordOptions struct {
	// Context continues a stored context (its ContextInfo.ID); 0 starts
	// a new one, created with the first change.
	Context int64
	Agent   AgentInfo
	// Delay groups changes: the first change of a group waits this long
	// for others before the group is written. 0 means 5 ms.
	Delay time.Duration
	// OnFlush hears each group once it is committed, with the items and
	// tasks it held. It runs on the recorder's goroutine.
	OnFlush func(Flush)
	// OnError hears a failed write. The group is kept and written with
	// the next one.
	OnError func(error)
	// Hold, when set, runs as each group is taken from the conversation;
	// the function it returns runs once everything taken is committed.
	// What a caller shows after the conversation changed and before the
	// next Hold can thus wait for the commit that holds it: the screen
	// never runs ahead of the store. A write that fails releases too
	// (after OnError): a full disk must not hide the answer.
	Hold func() (release func())
	// Release is for a front end that shows nothing of the conversation
	// but what it hears as it goes (parley send prints each event):
	// once committed, a settled artifact's parts are let go of (the
	// store has them), and no view of what was committed is kept for a
	// UI, so the conversation holds a window of the answer, not all of
	// it.
	Release bool
	// Window is for a front end that draws every item but a long
	// answer only as far as the screen needs it (the TUI): an answer
	// streamed into one long artifact is held as a window, as Release
	// holds it (Conversation.WindowText), and nothing else is let go of.
	Window bool
}

// Flush is one committed group of changes.
type Flush struct {
	Context int64
	Items   []Item
	Tasks   []TaskInfo
}

// OpenedContext is a stored context ready to show and to continue:
// restore Items and Tasks into a Conversation with the agent, then
// Record it with RecordOptions{Context: Info.ID}.
type OpenedContext struct {
	Info  ContextInfo // with the agent's card
	Items []Item      // the last items, oldest first (all if asked)
	Total int         // how many items the context has; page back with LoadBefore
	Tasks []TaskInfo  // newest first
}

// OpenWindow is how many of a stored context's last items OpenStored
// restores: a few screens. The rest stays in the store, and a front end
// reads it in windows around what it shows (the TUI's chat does), so a
// long history costs a screen, not its length.
const OpenWindow = 512

// Resumption is a stored context whose running tasks were picked up
// again after a restart, or why they could not be.
type Resumption struct {
	Context ContextInfo
	// Tasks are the context's running tasks, being followed (or not,
	// when Err is set).
	Tasks []TaskInfo
	// Waiting are tasks that wait for the user's input or credentials;
	// they are not followed, the next message answers them.
	Waiting []TaskInfo
	// Gone are tasks the agent no longer knows (it restarted, or forgot
	// them): they end as unknown, with a line in the transcript, and are
	// not among Tasks.
	Gone         []TaskInfo
	Conversation *Conversation // nil when Err is set
	Recorder     Recording
	// Before says the store holds items before those the conversation
	// restored (its last OpenWindow, and the followed tasks' items): a
	// front end reads them as the conversation is scrolled up.
	Before bool
	// Err says why the agent could not be reached; show the tasks as
	// interrupted, with a way to retry.
	Err error
}
