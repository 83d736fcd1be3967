package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// Clicks and wheel notches anywhere: off every pane, on borders, past
// the screen's edge and at negative cells, at every size down to too
// small (and with a size that changed since the last frame), with and
// without each dialog on top. Nothing panics. Commands are dropped: they
// would act on what a click chose (open, add), which is not the point.
func TestHostileMouseEverywhere(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.typeText("Try a slow task")
	a.key("enter")
	a.taskState(a2aclient.StateWorking)
	dialogs := []func(m *Model){
		func(m *Model) {},
		func(m *Model) { m.push(newWireView(NewWireLog(), &m.keys)) },
		func(m *Model) { m.quit() },
		func(m *Model) {
			v := newContextsView(m.st, m.keys.Contexts, m.current.Ref, "demo")
			v.setList([]session.ContextInfo{{ID: 1, Title: "a"}, {ID: 2, Title: "b\x1b]0;x\a"}}, nil, nil)
			m.push(v)
		},
		func(m *Model) {
			v := newContextsView(m.st, m.keys.Contexts, "", "")
			v.search = true
			v.setList(nil, []store.SearchHit{{Context: session.ContextInfo{ID: 1}, Snippet: "x"}, {Context: session.ContextInfo{ID: 9}, Snippet: "y"}}, nil)
			m.push(v)
		},
		func(m *Model) {
			m.push(&gatewayDialog{keys: &m.keys, gateway: "gw", agents: []a2aclient.Agent{{Name: "a"}, {Name: "b"}}, added: map[int]bool{}})
		},
	}
	clicks := 0
	sizes := [][2]int{{120, 36}, {80, 24}, {50, 14}, {20, 5}, {1, 1}}
	for di, open := range dialogs {
		a.inspect(func(m *Model) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("dialog %d: panic %v", di, r)
				}
			}()
			for len(m.dialogs) > 0 {
				m.remove(m.top())
			}
			open(m)
			for _, sz := range sizes {
				m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				m.View()
				// The old size's cells too: a click that left before
				// the resize arrives after it.
				for y := -2; y <= 38; y++ {
					for x := -2; x <= 122; x += 3 {
						m.Update(click(x, y))
						clicks++
						m.Update(wheel(x, y, y%2 == 0))
						m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseRight})
					}
				}
				m.View()
			}
		})
	}
	if clicks < 6*5*41*41 {
		t.Fatalf("only %d clicks were tried", clicks)
	}
}
