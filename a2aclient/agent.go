package a2aclient

// Binding is the transport an interface is served over, as cards name it.
type Binding string

const (
	BindingJSONRPC Binding = "JSONRPC"
	BindingREST    Binding = "HTTP+JSON"
	BindingGRPC    Binding = "GRPC"
)

// Interface is one endpoint an agent serves, in the card's order of
// preference. Dialect is parley's reading of binding plus version;
// DialectUnknown marks an interface parley cannot speak.
type Interface struct {
	URL             string
	Binding         Binding
	ProtocolVersion string
	Tenant          string
	Dialect         Dialect
}

// Agent is an agent card, normalized across versions.
type Agent struct {
	Name               string
	Description        string
	Version            string
	ProtocolVersion    string
	Provider           *Provider
	DocumentationURL   string
	IconURL            string
	Interfaces         []Interface
	Capabilities       Capabilities
	DefaultInputModes  []string
	DefaultOutputModes []string
	Skills             []Skill
	SecuritySchemes    []SecurityScheme
	Security           []SecurityRequirement
	// CardURL is where the card was found.
	CardURL string
	// CardNote says, when the card came from another origin than the
	// one the user pointed at (a redirect), which card parley used; one
	// sentence, also among Warnings.
	CardNote string
	// CardDialect is the card format detected (v0.1 … v1.0, gateway).
	CardDialect Dialect
	// Warnings lists problems found in the card, each one sentence.
	Warnings []string
	// Raw is the card exactly as served, for --json and the wire view.
	Raw []byte
	// Signature is what checking the card's signatures found
	// (Client.VerifyCard); unchecked until then.
	Signature CardSignature
}

// Provider is the organization behind an agent.
type Provider struct {
	Organization string
	URL          string
}

// Capabilities are the optional features an agent declares.
type Capabilities struct {
	Streaming              bool
	PushNotifications      bool
	StateTransitionHistory bool
	ExtendedCard           bool
	// Gateway dialect flags.
	TaskManagement bool
	AgentDiscovery bool
	Extensions     []Extension
}

// Extension is a protocol extension an agent supports.
type Extension struct {
	URI         string
	Description string
	Required    bool
}

// Skill is something the agent can do.
type Skill struct {
	ID          string
	Name        string
	Description string
	Tags        []string
	Examples    []string
	InputModes  []string
	OutputModes []string
	Security    []SecurityRequirement
}

// SchemeType names a security scheme's kind.
type SchemeType string

const (
	SchemeAPIKey        SchemeType = "apiKey"
	SchemeHTTP          SchemeType = "http"
	SchemeOAuth2        SchemeType = "oauth2"
	SchemeOpenIDConnect SchemeType = "openIdConnect"
	SchemeMutualTLS     SchemeType = "mutualTLS"
	// SchemeNamed is a v0.1 scheme known only by name ("Bearer", "Basic", …).
	SchemeNamed SchemeType = "named"
)

// SecurityScheme is one way an agent accepts credentials.
type SecurityScheme struct {
	Name        string // key in the card's scheme map (v0.1: the scheme itself)
	Type        SchemeType
	Description string
	// HTTP auth: "bearer", "basic", …
	Scheme       string
	BearerFormat string
	// API key: where ("header", "query", "cookie") and under which name.
	In        string
	ParamName string
	// OAuth 2.0 / OpenID Connect.
	OpenIDConnectURL  string
	OAuth2MetadataURL string
	Flows             OAuthFlows
}

// OAuthFlows are the OAuth 2.0 flows a scheme offers.
type OAuthFlows struct {
	AuthorizationCode *OAuthFlow
	ClientCredentials *OAuthFlow
	DeviceCode        *OAuthFlow
	Implicit          *OAuthFlow
	Password          *OAuthFlow
}

// OAuthFlow holds one flow's endpoints and scopes.
type OAuthFlow struct {
	AuthorizationURL       string
	TokenURL               string
	RefreshURL             string
	DeviceAuthorizationURL string
	Scopes                 map[string]string
	PKCERequired           bool
}

// SecurityRequirement maps scheme names to the scopes needed; all schemes
// in one requirement apply together, and any one requirement suffices.
type SecurityRequirement map[string][]string
