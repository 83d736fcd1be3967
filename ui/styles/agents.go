package styles

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// The agents pane's badges and flags, and the help's legend of them,
// come from these few names.
const (
	AgentBadgeUp      = "●" // its card resolved
	AgentBadgeDown    = "○" // not reachable (or not yet)
	AgentFlagStreams  = "⇶" // its card says it streams
	AgentFlagSecurity = "!" // its card lists security schemes
	// AgentFlagFailed marks a card that could not be had: not ✗, which
	// the signature column uses, so the two read apart without colour.
	AgentFlagFailed = "↯"
	// The signature column (ui/panes/agents_sig.go): a ✓ for a verified card
	// and for nothing else.
	AgentSigVerified = "✓" // its card's signature verified
	AgentSigInvalid  = "✗" // signed but not verified, or refused unverified
	// Three marks that must never be mistaken for one another: the agent
	// the chat talks to, the row the cursor is on (its card shows below),
	// and each skill of a card.
	AgentMarkCurrent = "▸"
	AgentMarkCursor  = "›"
	// AgentMarkCompare is an agent marked for the compare view.
	AgentMarkCompare = "◆"
	SkillBullet      = "◦"
)

// AgentLegend is the help's line of agent badges.
func AgentLegend() string {
	return strings.Join([]string{
		AgentBadgeUp + " reachable", AgentBadgeDown + " unreachable", AgentFlagFailed + " no card",
		AgentFlagStreams + " streams", AgentFlagSecurity + " needs sign-in",
	}, "  ") +
		// The card marks go on a line of their own, under the badges
		// ("Agents: " is eight cells wide), to fit an 80-column help.
		"\n        " + AgentSigVerified + " card signature verified  " + AgentSigInvalid + " signature invalid or card refused" +
		"\n        " + AgentMarkCurrent + " in the chat  " + AgentMarkCursor + " cursor (its card shows)  " + AgentMarkCompare + " compare  " + SkillBullet + " skill"
}

// VersionLabel is a dialect's short form for the agent rows ("v1.0",
// "v0.3", "gw"): the version that leads its one label in a2aclient
// (Dialect.Label), so a dialect added there needs nothing here.
func VersionLabel(d a2aclient.Dialect) string {
	first, _, _ := strings.Cut(d.Label(), " ")
	switch {
	case first == "gateway":
		return "gw"
	case strings.HasPrefix(first, "v"):
		return first
	}
	return "?"
}
