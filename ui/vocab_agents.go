package ui

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// The agents pane's badges and flags, and the help's legend of them,
// come from these few names.
const (
	agentBadgeUp      = "●" // its card resolved
	agentBadgeDown    = "○" // not reachable (or not yet)
	agentFlagStreams  = "⇶" // its card says it streams
	agentFlagSecurity = "!" // its card lists security schemes
	// agentFlagFailed marks a card that could not be had: not ✗, which
	// the signature column uses, so the two read apart without colour.
	agentFlagFailed = "↯"
	// The signature column (agents_cardsig.go): a ✓ for a verified card
	// and for nothing else.
	agentSigVerified = "✓" // its card's signature verified
	agentSigInvalid  = "✗" // signed but not verified, or refused unverified
	// Three marks that must never be mistaken for one another: the agent
	// the chat talks to, the row the cursor is on (its card shows below),
	// and each skill of a card.
	agentMarkCurrent = "▸"
	agentMarkCursor  = "›"
	skillBullet      = "◦"
)

// agentLegend is the help's line of agent badges.
func agentLegend() string {
	return strings.Join([]string{
		agentBadgeUp + " reachable", agentBadgeDown + " unreachable", agentFlagFailed + " no card",
		agentFlagStreams + " streams", agentFlagSecurity + " needs sign-in",
	}, "  ") +
		// The card marks go on a line of their own, under the badges
		// ("Agents: " is eight cells wide), to fit an 80-column help.
		"\n        " + agentSigVerified + " card signature verified  " + agentSigInvalid + " signature invalid or card refused" +
		"\n        " + agentMarkCurrent + " in the chat  " + agentMarkCursor + " cursor (its card shows)  " + skillBullet + " skill"
}

// versionLabel is a dialect's short form for the agent rows ("v1.0",
// "v0.3", "gw"): the version that leads its one label in a2aclient
// (Dialect.Label), so a dialect added there needs nothing here.
func versionLabel(d a2aclient.Dialect) string {
	first, _, _ := strings.Cut(d.Label(), " ")
	switch {
	case first == "gateway":
		return "gw"
	case strings.HasPrefix(first, "v"):
		return first
	}
	return "?"
}
