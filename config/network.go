package config

import (
	"fmt"
	"strings"
	"time"
)

// Network holds how long parley waits for agents and how it waits out a
// busy one: top-level settings, for every agent.
//
//	timeout = "10m"        # parley send, task and card give up after this ("0" never)
//	idle_timeout = "60s"   # a stream silent this long (not even keep-alives) is resumed
//	body_timeout = "30s"   # a card or a reply must arrive whole this soon once started
//	retry_tries = 3        # a busy agent (HTTP 429/503) is asked again this often
//	retry_max_wait = "5s"  # waiting for a busy agent, all tries together
type Network struct {
	Timeout      *Duration `toml:"timeout,omitempty"`
	IdleTimeout  Duration  `toml:"idle_timeout,omitempty"`
	BodyTimeout  Duration  `toml:"body_timeout,omitempty"`
	RetryTries   *int      `toml:"retry_tries,omitempty"`
	RetryMaxWait Duration  `toml:"retry_max_wait,omitempty"`
}

// DefaultTimeout is how long a headless command waits for an agent
// unless the config or --timeout say otherwise: long tasks are fine,
// a script hanging forever is not.
const DefaultTimeout = 10 * time.Minute

// CommandTimeout is the timeout setting, DefaultTimeout when unset; 0
// means none.
func (n Network) CommandTimeout() time.Duration {
	if n.Timeout == nil {
		return DefaultTimeout
	}
	return time.Duration(*n.Timeout)
}

// Duration is a length of time. The file gives it as a string ("30s",
// "10m", "1h30m") or a whole number of seconds.
type Duration time.Duration

// UnmarshalTOML accepts "30s" or 30.
func (d *Duration) UnmarshalTOML(v any) error {
	p, err := numberOrText(v, func(n int64) (Duration, error) {
		if n < 0 {
			return 0, fmt.Errorf("a duration cannot be negative, got %d", n)
		}
		return Duration(time.Duration(n) * time.Second), nil
	}, ParseDuration, `a duration must be a string such as "30s" or "10m", or a number of seconds`)
	if err == nil {
		*d = p
	}
	return err
}

// MarshalText writes it back the way it is read.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// ParseDuration reads "30s", "10m", "1h30m" or "0"; not negative.
func ParseDuration(s string) (Duration, error) {
	t := strings.TrimSpace(s)
	if t == "0" {
		return 0, nil
	}
	p, err := time.ParseDuration(t)
	if err != nil || p < 0 {
		return 0, fmt.Errorf("%q is not a duration (write it as 30s, 10m or 1h30m; 0 for none)", s)
	}
	return Duration(p), nil
}

func (n *Network) check() error {
	if n.RetryTries != nil && (*n.RetryTries < 0 || *n.RetryTries > 100) {
		return &problem{agent: -1, key: "retry_tries", msg: fmt.Sprintf("retry_tries must be between 0 and 100, got %d", *n.RetryTries)}
	}
	return nil
}
