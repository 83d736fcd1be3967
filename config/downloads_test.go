package config

import "testing"

// downloads names the folder the TUI saves files into (issue 32, item
// 11); without it the XDG user directory is used.
func TestDownloadsSetting(t *testing.T) {
	c, err := Parse("config.toml", []byte("downloads = \"~/Agents/files\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Downloads != "~/Agents/files" {
		t.Fatalf("downloads = %q", c.Downloads)
	}
}
