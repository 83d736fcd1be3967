package cli

import (
	"os"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// storeMemory is the directory's memory of agents, kept in the context
// store. The store is opened for each look-up, not held: a command that
// never records has it open only for that moment, and a command that
// finds no store creates none just to look in it.
type storeMemory struct{ path string }

func (m storeMemory) file() string {
	if m.path == "" {
		return store.DefaultPath()
	}
	return m.path
}

func (m storeMemory) RecallAgent(ref string) (session.KnownAgent, bool) {
	if _, err := os.Stat(m.file()); err != nil {
		return session.KnownAgent{}, false
	}
	st, err := store.Open(m.file())
	if err != nil {
		return session.KnownAgent{}, false
	}
	defer st.Close()
	return st.RecallAgent(ref)
}

func (m storeMemory) RememberAgent(a session.KnownAgent) error {
	st, err := store.Open(m.file())
	if err != nil {
		return err
	}
	defer st.Close()
	return st.RememberAgent(a)
}
