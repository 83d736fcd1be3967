// Package styles is how ui draws: the styles built from a theme, boxes,
// text fitted to cells, how values are written (sizes, durations, ids),
// and how each vocabulary looks (task states, agent marks). Every pane
// and dialog draws with it; nothing else in ui picks a colour.
package styles

import (
	"image/color"

	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/themes"
)

// Styles is every style the UI uses, built once from a theme. Panes take
// it; nobody hard-codes a colour.
type Styles struct {
	Theme themes.Theme

	Text, Muted, Accent, Bold lipgloss.Style
	User, Agent               lipgloss.Style
	Success, Warning, Error   lipgloss.Style
	Info                      lipgloss.Style
	Selected                  lipgloss.Style
	// Mark highlights a search hit's words in the chat: reversed, so it
	// shows without colour too.
	Mark                lipgloss.Style
	Key, String, Number lipgloss.Style

	Border, BorderFocus color.Color
	HelpKey, HelpDesc   lipgloss.Style

	// HeavyFocus draws the focused pane's border in heavy lines: without
	// colour (NO_COLOR) the border's colour cannot tell it apart.
	HeavyFocus bool
}

// New builds styles from a theme.
func New(t themes.Theme) *Styles {
	c := lipgloss.Color
	fg := func(s string) lipgloss.Style { return lipgloss.NewStyle().Foreground(c(s)) }
	return &Styles{
		Theme: t,
		Text:  fg(t.Text), Muted: fg(t.Muted), Accent: fg(t.Accent).Bold(true), Bold: fg(t.Text).Bold(true),
		User: fg(t.User).Bold(true), Agent: fg(t.Agent).Bold(true),
		Success: fg(t.Success), Warning: fg(t.Warning), Error: fg(t.Error).Bold(true), Info: fg(t.Info),
		Selected: lipgloss.NewStyle().Foreground(c(t.SelectionFg)).Background(c(t.Selection)).Bold(true),
		Mark:     fg(t.Warning).Reverse(true),
		Key:      fg(t.Key), String: fg(t.String), Number: fg(t.Number),
		Border: c(t.Border), BorderFocus: c(t.BorderFocus),
		HelpKey: fg(t.Accent), HelpDesc: fg(t.Muted),
	}
}

// WithoutColor marks, for a terminal without colour (NO_COLOR), what
// colour alone marked: the focused pane by heavy border lines, the
// selected row by reverse video (its background colour is gone, and bold
// alone hardly shows).
func (st *Styles) WithoutColor() {
	st.HeavyFocus = true
	st.Selected = st.Selected.Reverse(true)
}
