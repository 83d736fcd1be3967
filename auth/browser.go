package auth

import (
	"errors"
	"net/url"
	"os/exec"
	"runtime"
)

// OpenBrowser opens an http(s) URL in the person's browser with the
// platform's opener (xdg-open, open). It never blocks and never is
// required: the URL is always shown too, for terminals far from any
// browser. Other schemes are refused, since the URL may come from an
// agent.
func OpenBrowser(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("only http and https addresses are opened in a browser")
	}
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", u.String())
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", u.String())
	default:
		cmd = exec.Command("xdg-open", u.String())
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
