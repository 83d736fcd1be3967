package config

import (
	"strings"
	"testing"
	"time"
)

func TestNetworkSettings(t *testing.T) {
	cfg, err := Parse("c.toml", []byte("timeout = \"90s\"\nidle_timeout = 45\nbody_timeout = \"10s\"\nretry_tries = 0\nretry_max_wait = \"1m\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	n := cfg.Network
	if n.CommandTimeout() != 90*time.Second || time.Duration(n.IdleTimeout) != 45*time.Second || time.Duration(n.BodyTimeout) != 10*time.Second ||
		n.RetryTries == nil || *n.RetryTries != 0 || time.Duration(n.RetryMaxWait) != time.Minute {
		t.Errorf("network %+v", n)
	}
	if none, _ := Parse("c.toml", []byte("timeout = \"0\"\n")); none.CommandTimeout() != 0 {
		t.Errorf("timeout 0 is %s", none.CommandTimeout())
	}
	if (&Config{}).CommandTimeout() != DefaultTimeout {
		t.Error("no timeout setting is not the default")
	}
	for _, bad := range []string{"timeout = \"soon\"", "timeout = -5", "idle_timeout = true", "retry_tries = -1", "timout = \"1s\""} {
		_, err := Parse("c.toml", []byte(bad+"\n"))
		if err == nil || !strings.Contains(err.Error(), "c.toml") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
