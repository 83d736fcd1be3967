package session

import (
	"context"

	"github.com/parley-a2a/parley/a2aclient"
)

// applyCredential puts credential a to use for the agent named ref (a
// config name or URL, as Entry takes it). It is kept for every client
// built for the agent from now on, and, when cl (the agent's current
// client) is given, put on a copy of it, which comes back. The copy comes
// back with a *a2aclient.ForeignOriginError when its endpoint is on an
// origin the agent's credentials may not go to: nothing was sent there,
// and the caller asks the person (TrustOrigin) before using it. label
// names the agent in that error.
func (d *Directory) applyCredential(ref string, cl *a2aclient.Client, a a2aclient.Authenticator, label string) (*a2aclient.Client, error) {
	_, key := d.Entry(ref)
	d.Auth().UseTyped(key, a)
	if cl == nil {
		return nil, nil
	}
	signed, err := cl.WithAuth(a)
	if err != nil {
		return nil, err
	}
	if ep := signed.Endpoint().URL; !signed.Trusts(ep) {
		origin, _ := a2aclient.Origin(ep)
		return signed, &a2aclient.ForeignOriginError{Agent: label, CardURL: signed.Agent().CardURL, Endpoint: ep, Origin: origin, Trusted: signed.TrustedOrigins()}
	}
	return signed, nil
}

// clientSignedIn builds ref's client again after a credential was applied
// to an agent whose card could not be fetched without one, with the
// extended card when the agent offers it to the signed in.
func (d *Directory) clientSignedIn(ctx context.Context, ref string) (*a2aclient.Client, error) {
	cl, err := d.Client(ctx, ref, Overrides{})
	if err != nil {
		return nil, err
	}
	if ext, ok, _ := WithExtendedCard(ctx, cl); ok {
		// Checked as Workspace.ExtendedCard checks it: the pane shows it.
		ext.VerifyExtendedCard(ctx, cl.VerifyCard(ctx))
		cl = ext
	}
	return cl, nil
}
