// Package uitest holds what the tests of ui's packages share: the key
// press a key's name stands for, and the check that drawn text cannot
// drive a terminal.
package uitest

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Key builds the key press whose String() is name.
func Key(name string) tea.KeyPressMsg {
	special := map[string]rune{
		"enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape, "f1": tea.KeyF1, "f2": tea.KeyF2,
		"up": tea.KeyUp, "down": tea.KeyDown, "space": tea.KeySpace, "backspace": tea.KeyBackspace,
		"left": tea.KeyLeft, "right": tea.KeyRight, "delete": tea.KeyDelete, "home": tea.KeyHome, "end": tea.KeyEnd,
	}
	var k tea.KeyPressMsg
	rest := name
	for {
		switch {
		case strings.HasPrefix(rest, "ctrl+"):
			k.Mod |= tea.ModCtrl
			rest = rest[len("ctrl+"):]
			continue
		case strings.HasPrefix(rest, "shift+"):
			k.Mod |= tea.ModShift
			rest = rest[len("shift+"):]
			continue
		case strings.HasPrefix(rest, "alt+"):
			k.Mod |= tea.ModAlt
			rest = rest[len("alt+"):]
			continue
		}
		break
	}
	if c, ok := special[rest]; ok {
		k.Code = c
	} else {
		k.Code = []rune(rest)[0]
		if k.Mod == 0 {
			k.Text = rest
		}
	}
	return k
}
