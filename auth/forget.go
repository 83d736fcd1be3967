package auth

// Saved reports whether the credentials file holds anything for the
// agent at key (its URL): a secret, a client secret or OAuth tokens.
func (m *Manager) Saved(key string) (bool, error) {
	_, ok, err := m.file.Get(Key(key))
	return ok, err
}

// Forget removes what the credentials file and this run hold for the
// agent at key, so that nothing is left behind when the agent goes.
func (m *Manager) Forget(key string) error {
	key = Key(key)
	m.mu.Lock()
	delete(m.typed, key)
	delete(m.tokens, key)
	m.mu.Unlock()
	return m.file.Update(key, func(e *Entry) { *e = Entry{} })
}
