package a2aclient

import (
	"net/url"
	"testing"
)

// A multi-agent gateway's list names its agents by id: an id of ".."
// would make the list's parent an agent, so that entry is skipped.
func TestHostileGatewayListIDStaysInTheList(t *testing.T) {
	list, _ := url.Parse("http://127.0.0.1:9/v1/a2a/agents")
	for _, id := range []string{`".."`, `"."`, `{"agentId":".."}`, `"../x"`} {
		if a, ok := gatewayListEntry([]byte(id), list); ok {
			t.Errorf("entry %s read as an agent at %s", id, a.Interfaces[0].URL)
		}
	}
	if a, ok := gatewayListEntry([]byte(`"%2e%2e"`), list); !ok || a.Interfaces[0].URL != "http://127.0.0.1:9/v1/a2a/agents/%252e%252e" {
		t.Errorf("an id that only looks like dots: %+v %v", a.Interfaces, ok)
	}
}
