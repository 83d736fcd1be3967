package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/panes"
)

// openDoctor opens the doctor view on agent e and starts its run:
// parley doctor's checks through the workspace's Directory, so the
// configured credentials apply on their trusted origins, recording
// nothing.
func (m *Model) openDoctor(e *panes.Entry) tea.Cmd {
	m.doctorRuns++
	dir, ref := m.ws.Directory(), e.Ref
	run := func(ctx context.Context, interfaces func([]string), emit func(doctor.Result)) error {
		return doctor.Run(ctx, doctor.Options{Directory: dir, Ref: ref, Overrides: session.Overrides{}, Interfaces: interfaces}, emit)
	}
	d := dialog.NewDoctor(&m.keys, e.ID, e.Label(), m.doctorRuns, run)
	m.overlay.Open(d)
	return d.Start()
}
