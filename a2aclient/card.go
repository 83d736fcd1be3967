package a2aclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// maxCardSize caps an agent card. Real cards are a few KiB; a card of
// megabytes is a mistake or an attack on whoever renders it.
const maxCardSize = 1 << 20

// ParseCard reads an agent card of any version (v0.1, v0.2.x, v0.3, v1.0,
// the gateway dialect) into the normalized Agent. cardURL is where the
// card was found; relative endpoint URLs resolve against it, and it may
// be empty for a card read from storage. Problems that do not stop parley
// from using the card are listed in Agent.Warnings.
func ParseCard(raw []byte, cardURL string) (*Agent, error) {
	return parseCard(raw, cardURL)
}

func parseCard(raw []byte, cardURL string) (*Agent, error) {
	where := "the document"
	if cardURL != "" {
		where = redactURL(cardURL)
	}
	if len(raw) > maxCardSize {
		return nil, &ProtocolError{What: fmt.Sprintf("not an agent card: %s is %s, over the %s limit for a card", where, formatBytes(len(raw)), formatBytes(maxCardSize))}
	}
	body := bytes.TrimSpace(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")))
	if looksLikeHTML(string(body[:min(len(body), 512)])) {
		return nil, &ProtocolError{What: fmt.Sprintf("not an agent card: %s is an HTML page", where)}
	}
	if len(body) == 0 {
		return nil, &ProtocolError{What: fmt.Sprintf("not an agent card: %s is empty", where)}
	}
	var probe any
	if err := json.Unmarshal(body, &probe); err != nil {
		return nil, &ProtocolError{What: fmt.Sprintf("not an agent card: %s is not JSON", where), Err: err}
	}
	o, ok := asObj(body)
	if !ok {
		return nil, &ProtocolError{What: fmt.Sprintf("not an agent card: %s is a JSON %s, not an object", where, jsonKind(probe))}
	}
	if o.str("name") == "" && !hasEndpoint(o) {
		return nil, &ProtocolError{What: fmt.Sprintf("not an agent card: %s has neither a name nor an endpoint", where)}
	}

	p := &cardParser{o: o, a: &Agent{CardURL: cardURL, Raw: append([]byte(nil), raw...)}}
	if u, err := url.Parse(cardURL); err == nil && u.IsAbs() {
		p.base = u
	}
	p.a.CardDialect, p.required = p.detect()
	p.describe()
	p.endpoints()
	p.security()
	p.skills()
	p.checkRequired()
	return p.a, nil
}

func hasEndpoint(o jobj) bool {
	return o.str("url") != "" || len(o.items("supportedInterfaces")) > 0
}

func jsonKind(v any) string {
	switch v.(type) {
	case []any:
		return "array"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	}
	return "null"
}

// cardParser fills one Agent from one card.
type cardParser struct {
	o        jobj
	base     *url.URL // the card's own URL, nil when unknown
	a        *Agent
	required []string // fields this card's version requires
	seen     map[string]bool
}

// warn records one problem as one sentence, once.
func (p *cardParser) warn(format string, args ...any) {
	w := fmt.Sprintf(format, args...)
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	if p.seen[w] {
		return
	}
	p.seen[w] = true
	p.a.Warnings = append(p.a.Warnings, w)
}

// Required fields per card version, from each version's JSON schema
// (v1.0: the .proto's REQUIRED fields).
var (
	requiredV01     = []string{"name", "url", "version", "capabilities", "skills"}
	requiredV02     = []string{"name", "description", "url", "version", "capabilities", "defaultInputModes", "defaultOutputModes", "skills"}
	requiredV025    = append([]string{"protocolVersion"}, requiredV02...)
	requiredV10     = []string{"name", "description", "supportedInterfaces", "version", "capabilities", "defaultInputModes", "defaultOutputModes", "skills"}
	requiredGateway = []string{"name", "url"}
)

// detect decides which version of the card format this is, and so which
// fields it must have. It looks, in order, for the gateway's own
// shape, then v1.0's supportedInterfaces, then a declared protocolVersion,
// then the shape of a card that declares none.
func (p *cardParser) detect() (Dialect, []string) {
	o := p.o
	if p.isGateway() {
		return DialectGateway, requiredGateway
	}
	if o.present("supportedInterfaces") {
		return DialectV10, requiredV10
	}
	if v := o.str("protocolVersion"); v != "" {
		major, minor, ok := parseVersion(v)
		switch {
		case !ok:
			p.warn("The card's protocol version %q is not a version number; parley reads the card as v0.3.", truncate(v, 40))
			return DialectV03, requiredV025
		case major >= 1:
			p.warn("The card says protocol version %s but has no supportedInterfaces, which v1.0 cards use.", truncate(v, 40))
			return DialectV10, requiredV025
		case minor <= 1:
			return DialectV01, requiredV01
		case minor == 2:
			return DialectV02, requiredV025
		case minor > 3:
			p.warn("The card says protocol version %s, newer than parley knows; parley reads it as v0.3.", truncate(v, 40))
		}
		return DialectV03, requiredV025
	}
	if _, ok := o["authentication"]; ok {
		return DialectV01, requiredV01
	}
	if o.present("securitySchemes") {
		// v0.2.0 to v0.2.4 had security schemes but no protocolVersion.
		return DialectV02, requiredV02
	}
	if o.present("preferredTransport") || o.present("additionalInterfaces") {
		// Fields from v0.2.5 on, when protocolVersion became required.
		return DialectV03, requiredV025
	}
	// No version and no auth: v0.1 modes were bare words ("text") and
	// optional; v0.2 made them required media types ("text/plain").
	modes := append(o.strs("defaultInputModes"), o.strs("defaultOutputModes")...)
	v01 := len(modes) == 0
	for _, m := range modes {
		if !strings.Contains(m, "/") {
			v01 = true
		}
	}
	if v01 {
		p.warn("The card does not say which protocol version it speaks; parley guesses v0.1 from its shape.")
		return DialectV01, requiredV01
	}
	p.warn("The card does not say which protocol version it speaks; parley guesses v0.2 from its shape.")
	return DialectV02, requiredV02
}

// parseVersion reads "1.0", "0.2.5", "v0.3" as major and minor numbers.
func parseVersion(v string) (major, minor int, ok bool) {
	v = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(v), "v"), "V")
	parts := strings.Split(v, ".")
	if _, err := fmt.Sscanf(parts[0], "%d", &major); err != nil || major < 0 {
		return 0, 0, false
	}
	if len(parts) > 1 {
		if _, err := fmt.Sscanf(parts[1], "%d", &minor); err != nil || minor < 0 {
			return 0, 0, false
		}
	}
	return major, minor, true
}

// describe fills the descriptive fields shared by every version.
func (p *cardParser) describe() {
	o, a := p.o, p.a
	a.Name = o.str("name")
	a.Description = o.str("description")
	a.Version = o.str("version")
	a.ProtocolVersion = o.str("protocolVersion")
	a.DocumentationURL = p.resolve(o.str("documentationUrl"))
	a.IconURL = p.resolve(o.str("iconUrl"))
	if pr := o.obj("provider"); pr != nil {
		a.Provider = &Provider{Organization: pr.str("organization"), URL: pr.str("url")}
	}
	a.DefaultInputModes = o.strs("defaultInputModes")
	a.DefaultOutputModes = o.strs("defaultOutputModes")

	c := o.obj("capabilities")
	a.Capabilities = Capabilities{
		Streaming:              c.boolean("streaming"),
		PushNotifications:      c.boolean("pushNotifications"),
		StateTransitionHistory: c.boolean("stateTransitionHistory"),
		// v1.0 moved the flag into capabilities; v0.2 and v0.3 kept it
		// at the top level.
		ExtendedCard:   c.boolean("extendedAgentCard") || o.boolean("supportsAuthenticatedExtendedCard"),
		TaskManagement: c.boolean("taskManagement"),
		AgentDiscovery: c.boolean("agentDiscovery"),
	}
	for _, raw := range c.items("extensions") {
		if e, ok := asObj(raw); ok {
			a.Capabilities.Extensions = append(a.Capabilities.Extensions, Extension{URI: e.str("uri"), Description: e.str("description"), Required: e.boolean("required")})
		}
	}
}

func (p *cardParser) skills() {
	ids := map[string]bool{}
	for i, raw := range p.o.items("skills") {
		s, ok := asObj(raw)
		if !ok {
			p.warn("Skill %d is not an object and was skipped.", i+1)
			continue
		}
		sk := Skill{
			ID:          s.str("id"),
			Name:        s.str("name"),
			Description: s.str("description"),
			Tags:        s.strs("tags"),
			Examples:    s.strs("examples"),
			InputModes:  s.strs("inputModes"),
			OutputModes: s.strs("outputModes"),
			Security:    p.requirements(s),
		}
		p.checkRequirementNames(sk.Security)
		switch {
		case sk.ID == "":
			p.warn("Skill %d (%q) has no id.", i+1, truncate(sk.Name, 40))
		case ids[sk.ID]:
			p.warn("Skill id %q appears more than once.", truncate(sk.ID, 40))
		}
		ids[sk.ID] = true
		p.a.Skills = append(p.a.Skills, sk)
	}
}

// fieldKinds says what JSON type each required field must have.
var fieldKinds = map[string]string{
	"capabilities":        "object",
	"skills":              "array",
	"supportedInterfaces": "array",
	"defaultInputModes":   "array",
	"defaultOutputModes":  "array",
}

func (p *cardParser) checkRequired() {
	label := p.a.CardDialect.cardLabel()
	for _, f := range p.required {
		want := fieldKinds[f]
		if want == "" {
			want = "string"
		}
		got := p.o.kind(f)
		switch {
		case got == "":
			p.warn("The card has no %s, which %s cards require.", f, label)
		case got != want:
			p.warn("The card's %s is a %s, not the %s %s cards require.", f, got, want, label)
		case want == "string" && strings.TrimSpace(p.o.str(f)) == "":
			p.warn("The card's %s is empty, which %s cards do not allow.", f, label)
		}
	}
}

// cardLabel names a card format in warnings: its version ("v0.3"), or
// the dialect's name for one without a version ("gateway").
func (d Dialect) cardLabel() string {
	switch f := facts(d); {
	case f.version != "":
		return "v" + f.version
	case f.label != "":
		return string(d)
	}
	return "agent"
}
