package ui

import (
	"charm.land/bubbles/v2/help"

	"github.com/parley-a2a/parley/themes"
)

// pickTheme resolves a theme name; "auto" (or "") follows the terminal's
// background, and an unknown name falls back the same way.
func pickTheme(name string, all map[string]themes.Theme, dark bool) themes.Theme {
	if t, ok := all[name]; ok && name != themes.Auto {
		return t
	}
	if dark {
		return themes.Dark
	}
	return themes.Light
}

func (m *Model) applyHelpStyles() {
	s := help.DefaultStyles(m.theme.Dark)
	s.ShortKey, s.FullKey = m.st.HelpKey, m.st.HelpKey
	s.ShortDesc, s.FullDesc = m.st.HelpDesc, m.st.HelpDesc
	s.ShortSeparator, s.FullSeparator = m.st.Muted, m.st.Muted
	m.help.Styles = s
}
