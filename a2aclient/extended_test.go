package a2aclient

import "testing"

func TestWithCardKeepsEndpointAndOrigin(t *testing.T) {
	pub := &Agent{Name: "pub", CardURL: "https://a.example/.well-known/agent-card.json", CardDialect: DialectV03,
		Interfaces: []Interface{{URL: "https://a.example/rpc", Binding: BindingJSONRPC, Dialect: DialectV03}},
		Skills:     []Skill{{ID: "public"}}}
	c, err := NewClient(pub, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ext := c.WithCard(&Agent{Name: "pub (signed in)", Skills: []Skill{{ID: "public"}, {ID: "private"}}})
	a := ext.Agent()
	if len(a.Skills) != 2 || a.CardURL != pub.CardURL || a.CardDialect != DialectV03 || len(a.Interfaces) != 1 {
		t.Errorf("extended agent = %+v", a)
	}
	if ext.Endpoint() != c.Endpoint() || ext.Dialect() != c.Dialect() {
		t.Errorf("endpoint moved: %+v", ext.Endpoint())
	}
	if len(c.Agent().Skills) != 1 {
		t.Error("the original client changed")
	}
}
