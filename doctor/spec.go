package doctor

import "strings"

// The sections of the A2A specification the checks cite, as
// a2aproject/A2A's docs/specification.md numbers them at its tags
// v1.0.0 and v0.3.0 (each read at the tag; docs/doctor.md lists them).
// A check cites the version the interface (or the card) declares: v0.1
// and v0.2 agents get v0.3.0's sections, the first with these method
// names numbered; a topic v0.3.0 has no section for gets v1.0.0's.

type topic int

const (
	specCardWhere topic = iota
	specCardFields
	specCardSignature
	specSend
	specStream
	specGetTask
	specListTasks
	specExtendedCard
	specPushConfig
	specPushToken
	specPushPayload
	specAuth
	specDrift
	specSameAgent
	specRPCErrors
	specRESTErrors
	specGRPCErrors
)

// sections holds, per topic, v1.0.0's section and v0.3.0's.
var sections = map[topic][2]string{
	specCardWhere:     {"§8.2", "§5.3"},
	specCardFields:    {"§4.4.1 (AgentCard)", "§5.5 (AgentCard)"},
	specCardSignature: {"§8.4", "§5.5.6 (AgentCardSignature)"},
	specSend:          {"§3.1.1", "§7.1 (message/send)"},
	specStream:        {"§3.1.2", "§7.2 (message/stream)"},
	specGetTask:       {"§3.1.3", "§7.3 (tasks/get)"},
	specListTasks:     {"§3.1.4", ""},
	specExtendedCard:  {"§3.1.11", "§7.10"},
	specPushConfig:    {"§3.1.7", "§7.5"},
	specPushToken:     {"§4.3.1 (token)", "§9.5 (X-A2A-Notification-Token)"},
	specPushPayload:   {"§4.3.3", "§9.5"},
	specAuth:          {"§3.3.2 and §7.4", "§4.4"},
	specDrift:         {"§4.4.6 (AgentInterface.protocolVersion) and §8.3.1", "§5.5 (protocolVersion) and §5.6"},
	specSameAgent:     {"§5.1 (functional equivalence)", "§3.4.1 (functional equivalence)"},
	specRPCErrors:     {"§9.5", "§8.1"},
	specRESTErrors:    {"§11.6", ""},
	specGRPCErrors:    {"§10.6 and §5.4", ""},
}

// cite names the section of topic t in the specification of version
// ("1.0", "0.3", …): "A2A v1.0 §3.1.3".
func cite(version string, t topic) string {
	s := sections[t]
	if strings.HasPrefix(version, "0.") && s[1] != "" {
		return "A2A v0.3 " + s[1]
	}
	return "A2A v1.0 " + s[0]
}

// cite is the section of t for this interface's version.
func (o *on) cite(t topic) string { return cite(o.i.Dialect.Version(), t) }
