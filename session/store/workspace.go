package store

import (
	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A Store is a Workspace's History (session.History): the two methods
// below are Record and Continue as the Workspace takes them, which needs
// of a recorder only that it closes.
var _ session.History = (*Store)(nil)

// Keep is Record, as a session.Recording.
func (s *Store) Keep(conv *session.Conversation, o session.RecordOptions) session.Recording {
	return s.Record(conv, o)
}

// Reopen is Continue with the options a Workspace gives (a long
// artifact held as a window, as the TUI draws it), as a
// session.Recording.
func (s *Store) Reopen(oc *session.OpenedContext, client *a2aclient.Client, notify func()) (*session.Conversation, session.Recording) {
	return s.Continue(oc, client, notify, session.RecordOptions{Window: true})
}
