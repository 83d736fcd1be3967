package config

import (
	"strings"
	"testing"
)

func TestPushSettings(t *testing.T) {
	c, err := Parse("config.toml", []byte("push_url = \"https://tunnel.example/parley\"\npush_listen = \"127.0.0.1:8787\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.PushURL != "https://tunnel.example/parley" || c.PushListen != "127.0.0.1:8787" {
		t.Errorf("read %+v", c.Push)
	}
	for _, bad := range []string{
		`push_listen = "0.0.0.0:8787"`, `push_listen = "[::]:1"`, `push_listen = "8787"`,
		`push_url = "ftp://x/"`, `push_url = "https://u:p@x/"`, `push_url = "https://x/?t=1"`,
	} {
		if _, err := Parse("config.toml", []byte(bad+"\n")); err == nil || !strings.Contains(err.Error(), "push_") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
