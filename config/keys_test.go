package config

import "testing"

// An empty list in [keys] disables a binding, as the README says; the
// file must load and keep the empty list so the UI can turn it off.
func TestEmptyKeyListDisables(t *testing.T) {
	cfg, err := Parse("config.toml", []byte("[keys]\n\"chat.copy\" = []\n"))
	if err != nil {
		t.Fatalf("an empty key list was refused: %v", err)
	}
	got, ok := cfg.Keys["chat.copy"]
	if !ok || len(got) != 0 {
		t.Errorf("keys[chat.copy] = %v (present %v), want an empty list", got, ok)
	}
}
