package config

import "testing"

// trace = true is read at the top of the file and in an agent's entry.
func TestTraceSettingIsRead(t *testing.T) {
	cfg, err := Parse("c.toml", []byte("trace = true\n\n[[agents]]\nname = \"t\"\nurl = \"http://127.0.0.1:1/\"\ntrace = true\n\n[[agents]]\nname = \"u\"\nurl = \"http://127.0.0.1:2/\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Trace || !cfg.Agents[0].Trace || cfg.Agents[1].Trace {
		t.Errorf("trace: top %v, t %v, u %v", cfg.Trace, cfg.Agents[0].Trace, cfg.Agents[1].Trace)
	}
}
