// Package themes holds parley's colour palettes: the built-in dark, light
// and high-contrast themes, and user themes read from TOML files.
//
// A theme is data only (hex colours by role); the UI turns it into styles.
// Keeping it a leaf lets the config loader and the UI share it without
// either depending on the other.
package themes

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Theme is a palette of colours by role, each "#rrggbb".
type Theme struct {
	Name string `toml:"name"`
	// Dark says the theme is meant for a dark background; it picks the
	// Markdown style too.
	Dark bool `toml:"dark"`

	Text        string `toml:"text"`
	Muted       string `toml:"muted"`
	Accent      string `toml:"accent"`
	Border      string `toml:"border"`
	BorderFocus string `toml:"border_focus"`
	Selection   string `toml:"selection"`
	SelectionFg string `toml:"selection_fg"`
	User        string `toml:"user"`
	Agent       string `toml:"agent"`
	Success     string `toml:"success"`
	Warning     string `toml:"warning"`
	Error       string `toml:"error"`
	Info        string `toml:"info"`
	Key         string `toml:"key"` // JSON keys and help keys
	String      string `toml:"string"`
	Number      string `toml:"number"`
}

// Dark is the default theme.
var Dark = Theme{
	Name: "dark", Dark: true,
	Text: "#d8dee9", Muted: "#7b8496", Accent: "#88c0d0", Border: "#4c566a", BorderFocus: "#88c0d0",
	Selection: "#3b4252", SelectionFg: "#eceff4", User: "#b48ead", Agent: "#88c0d0",
	Success: "#a3be8c", Warning: "#ebcb8b", Error: "#bf616a", Info: "#81a1c1",
	Key: "#8fbcbb", String: "#a3be8c", Number: "#d08770",
}

// Light suits light terminal backgrounds.
var Light = Theme{
	Name: "light", Dark: false,
	Text: "#2e3440", Muted: "#6b7385", Accent: "#1d6fa5", Border: "#b8c0cc", BorderFocus: "#1d6fa5",
	Selection: "#dde6f0", SelectionFg: "#1b1f27", User: "#8a3f8f", Agent: "#1d6fa5",
	Success: "#2e7d32", Warning: "#9a6700", Error: "#b3261e", Info: "#3b5bdb",
	Key: "#0b7285", String: "#2e7d32", Number: "#b35c00",
}

// HighContrast uses the strongest colours for low-vision use.
var HighContrast = Theme{
	Name: "high-contrast", Dark: true,
	Text: "#ffffff", Muted: "#d0d0d0", Accent: "#00ffff", Border: "#ffffff", BorderFocus: "#ffff00",
	Selection: "#ffff00", SelectionFg: "#000000", User: "#ff80ff", Agent: "#00ffff",
	Success: "#00ff00", Warning: "#ffff00", Error: "#ff5555", Info: "#80c0ff",
	Key: "#00ffff", String: "#00ff00", Number: "#ffa500",
}

// Builtin lists the built-in themes by name.
func Builtin() map[string]Theme {
	return map[string]Theme{Dark.Name: Dark, Light.Name: Light, HighContrast.Name: HighContrast}
}

// Auto is the theme name that picks dark or light from the terminal.
const Auto = "auto"

var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// Load reads every *.toml theme in dir. A missing dir is no error; a bad
// file is reported with its path and the theme is skipped, so one broken
// file never takes the built-ins away.
func Load(dir string) (map[string]Theme, []error) {
	out := Builtin()
	entries, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return out, nil
		}
		return out, []error{fmt.Errorf("read themes in %s: %w", dir, err)}
	}
	var errs []error
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".toml") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		path := filepath.Join(dir, n)
		t, err := loadFile(path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out[t.Name] = t
	}
	return out, errs
}

// loadFile reads one theme; unset colours come from the built-in theme it
// names as base (dark or light by its `dark` flag).
func loadFile(path string) (Theme, error) {
	var raw struct {
		Theme
		Base string `toml:"base"`
	}
	md, err := toml.DecodeFile(path, &raw)
	if err != nil {
		return Theme{}, fmt.Errorf("theme %s: %w", path, err)
	}
	base := Light
	if raw.Dark {
		base = Dark
	}
	if b, ok := Builtin()[raw.Base]; ok {
		base = b
		if !md.IsDefined("dark") {
			raw.Dark = b.Dark
		}
	}
	t := raw.Theme
	if t.Name == "" {
		t.Name = strings.TrimSuffix(filepath.Base(path), ".toml")
	}
	if err := t.fill(base); err != nil {
		return Theme{}, fmt.Errorf("theme %s: %w", path, err)
	}
	return t, nil
}

// fill takes unset colours from base and checks the set ones.
func (t *Theme) fill(base Theme) error {
	fields := []struct {
		name    string
		v, from *string
	}{
		{"text", &t.Text, &base.Text}, {"muted", &t.Muted, &base.Muted}, {"accent", &t.Accent, &base.Accent},
		{"border", &t.Border, &base.Border}, {"border_focus", &t.BorderFocus, &base.BorderFocus},
		{"selection", &t.Selection, &base.Selection}, {"selection_fg", &t.SelectionFg, &base.SelectionFg},
		{"user", &t.User, &base.User}, {"agent", &t.Agent, &base.Agent}, {"success", &t.Success, &base.Success},
		{"warning", &t.Warning, &base.Warning}, {"error", &t.Error, &base.Error}, {"info", &t.Info, &base.Info},
		{"key", &t.Key, &base.Key}, {"string", &t.String, &base.String}, {"number", &t.Number, &base.Number},
	}
	for _, f := range fields {
		if *f.v == "" {
			*f.v = *f.from
			continue
		}
		if !hexColour.MatchString(*f.v) {
			return fmt.Errorf("%s = %q is not a colour like \"#88c0d0\"", f.name, *f.v)
		}
	}
	return nil
}
