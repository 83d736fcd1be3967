package config

import "testing"

// a2ui is on unless turned off: at the top for every agent, in an
// agent's entry for that agent, the entry winning.
func TestA2UISwitch(t *testing.T) {
	cfg, err := Parse("c.toml", []byte(`a2ui = false

[[agents]]
name = "forms"
url = "http://127.0.0.1:1/"
a2ui = true

[[agents]]
name = "plain"
url = "http://127.0.0.1:2/"
`))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.A2UIEnabled(&cfg.Agents[0]) || cfg.A2UIEnabled(&cfg.Agents[1]) || cfg.A2UIEnabled(nil) {
		t.Errorf("forms %v, plain %v, by URL %v; want true, false, false",
			cfg.A2UIEnabled(&cfg.Agents[0]), cfg.A2UIEnabled(&cfg.Agents[1]), cfg.A2UIEnabled(nil))
	}
	empty, err := Parse("c.toml", []byte("[[agents]]\nname = \"x\"\nurl = \"http://127.0.0.1:1/\"\na2ui = false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !empty.A2UIEnabled(nil) || empty.A2UIEnabled(&empty.Agents[0]) {
		t.Error("on by default, off for the entry that says so")
	}
}
