package cli

import (
	"errors"
	"fmt"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// storedConversation reads send's --context, parley's number for a
// stored conversation, and checks --context-id, the agent's own id for
// one, which means something only with a named agent. Neither reading
// ever takes one for the other: a contextId that looks like a number is
// still the agent's.
func (r *runner) storedConversation(st *store.Store, ref string, f *sendFlags) (*session.ContextInfo, error) {
	switch {
	case f.stored != "" && f.contextID != "":
		return nil, usagef("send", "--context (parley's number for a conversation) and --context-id (the agent's id for one) name the same thing: give one")
	case f.contextID != "" && ref == "":
		return nil, usagef("send", "--context-id is the agent's own id for a conversation, which means something only with that agent: name it (parley send AGENT TEXT --context-id %s)", termsafe.ShellWord(f.contextID))
	case f.stored == "":
		if ref == "" {
			return nil, usagef("send", "name the agent to send to: parley send AGENT TEXT")
		}
		return nil, nil
	}
	if _, err := session.ParseStoreNumber(f.stored); err != nil {
		return nil, usagef("send", "--context takes parley's number for a stored conversation ('parley contexts' lists them); to continue the agent's own contextId %s, name the agent and pass --context-id %s",
			termsafe.ShellWord(f.stored), termsafe.ShellWord(f.stored))
	}
	if st == nil {
		return nil, fmt.Errorf("parley's history cannot be opened, so --context %s names no conversation", f.stored)
	}
	c, err := st.ContextByNumber(f.stored)
	if errors.Is(err, store.ErrNoContext) {
		return nil, usagef("send", "there is no stored conversation %s ('parley contexts' lists them); if %s is the agent's own contextId, name the agent and pass --context-id %s",
			f.stored, f.stored, termsafe.ShellWord(f.stored))
	}
	if err != nil {
		return nil, err
	}
	return &c, nil
}
