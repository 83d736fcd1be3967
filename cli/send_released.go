package cli

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// The --json result line lists every artifact of the answer. parley
// send into a new context lets go of the settled ones as they stream
// (session.FollowOptions.ReleaseText), once the store has them: the
// line reads them back from it, one row at a time, after the recorder
// committed everything.

// releasedArtifacts hands fn the artifacts of s the exchange let go of,
// in their order, read from the stored context id.
func releasedArtifacts(st *store.Store, id int64, s *session.Summary) func(fn func(*a2aclient.Artifact) error) error {
	return func(fn func(*a2aclient.Artifact) error) error {
		return st.EachItem(id, func(it session.Item) error {
			if a, ok := s.ReleasedArtifact(&it); ok {
				return fn(&a)
			}
			return nil
		})
	}
}

// withReleased is the outcome of s with the artifacts let go of read
// back in front of the others: for the general way of writing the
// result, which needs them all at once.
func withReleased(st *store.Store, id int64, s *session.Summary) (*session.Summary, error) {
	var arts []a2aclient.Artifact
	if err := releasedArtifacts(st, id, s)(func(a *a2aclient.Artifact) error {
		arts = append(arts, *a)
		return nil
	}); err != nil {
		return s, err
	}
	whole := *s
	whole.Artifacts = append(arts, s.Artifacts...)
	return &whole, nil
}

// A long answer in one artifact is held as a window as it streams: the
// tracker lets go of the front of its text once the store has it
// (session.Summary.TextCut). The result line writes that artifact's
// text, in the text field and in its part, as that front read back from
// the store a piece at a time (store.EachTextPiece) followed by the
// window the summary holds.

// storedKey is the stored item key of an artifact of the summary's task
// (session's artifactKey): a send into a new context stores it under
// that key.
func storedKey(s *session.Summary, artifactID string) string {
	return "art:" + s.TaskID + "/" + artifactID
}

// errFrontRead stops reading an item's text once its front is read.
var errFrontRead = errors.New("front read")

// frontThenWindow is the pieces of a text whose first cut bytes are in
// the store, under key, and whose rest is window.
func frontThenWindow(st *store.Store, id int64, key string, cut int, window string) jsonout.Pieces {
	return func(fn func(string) error) error {
		left := cut
		err := st.EachTextPiece(id, key, func(p string) error {
			if left == 0 {
				return errFrontRead
			}
			p = p[:min(len(p), left)] // the cut is at a rune's start
			left -= len(p)
			return fn(p)
		})
		if err != nil && !errors.Is(err, errFrontRead) {
			return err
		}
		if left > 0 {
			return fmt.Errorf("the store holds %d bytes fewer of artifact %s's text than were let go of", left, key)
		}
		if window == "" {
			return nil
		}
		return fn(window)
	}
}

// cutText is the pieces of the result's text: the summary's own, with
// the front of an artifact's text let go of read back from the store.
func cutText(st *store.Store, id int64, s *session.Summary) jsonout.Pieces {
	return func(fn func(string) error) error {
		return s.EachText(func(art string, cut int, text string) error {
			if cut > 0 {
				return frontThenWindow(st, id, storedKey(s, art), cut, text)(fn)
			}
			if text == "" {
				return nil
			}
			return fn(text)
		})
	}
}

// cutPart is the pieces of an artifact's first part when its front was
// let go of.
func cutPart(st *store.Store, id int64, s *session.Summary) func(a *a2aclient.Artifact, part int) jsonout.Pieces {
	return func(a *a2aclient.Artifact, part int) jsonout.Pieces {
		cut := s.TextCut(a.ID)
		if part != 0 || cut == 0 || len(a.Parts) == 0 {
			return nil
		}
		return frontThenWindow(st, id, storedKey(s, a.ID), cut, a.Parts[0].Text)
	}
}

// withWhole is the summary with the text let go of read back whole:
// for the general way of writing the result, which needs it at once.
func withWhole(st *store.Store, id int64, s *session.Summary) (*session.Summary, error) {
	join := func(p jsonout.Pieces) (string, error) {
		var pieces []string
		err := p(func(piece string) error {
			pieces = append(pieces, piece)
			return nil
		})
		return strings.Join(pieces, ""), err
	}
	whole := *s
	text, err := join(cutText(st, id, s))
	if err != nil {
		return s, err
	}
	whole.Text = text
	whole.Artifacts = slices.Clone(s.Artifacts)
	part := cutPart(st, id, s)
	for i := range whole.Artifacts {
		a := &whole.Artifacts[i]
		if p := part(a, 0); p != nil && len(a.Parts) > 0 {
			text, err := join(p)
			if err != nil {
				return s, err
			}
			a.Parts = slices.Clone(a.Parts)
			a.Parts[0] = a2aclient.TextPart(text)
		}
	}
	return &whole, nil
}
