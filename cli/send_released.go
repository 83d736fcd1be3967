package cli

import (
	"github.com/parley-a2a/parley/a2aclient"
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
