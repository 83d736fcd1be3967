package interop

import (
	"context"
	grpcv0 "github.com/a2aproject/a2a-go/v2/a2agrpc/v0"
	grpcv1 "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"
	"log/slog"
	"net/http"
	"testing"

	a2a03 "github.com/a2aproject/a2a-go/a2a"
	srv03 "github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"
	push03 "github.com/a2aproject/a2a-go/a2asrv/push"
	log03 "github.com/a2aproject/a2a-go/log"
	a2a2 "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	srv2 "github.com/a2aproject/a2a-go/v2/a2asrv"
	eventqueue2 "github.com/a2aproject/a2a-go/v2/a2asrv/eventqueue"
	push2 "github.com/a2aproject/a2a-go/v2/a2asrv/push"
	log2 "github.com/a2aproject/a2a-go/v2/log"
)

// The peers of peers_test.go run the SDKs with their defaults, which
// leave out the optional features: no push-notification store, no
// extended card, and (in a2a-go/v2) a task listing that refuses anyone
// not signed in. The "full" peers below turn those on, so parley's calls
// for them can be tried against a server that really has them. Requests
// carrying "Authorization: Bearer "+clToken are signed in as clUser.

const (
	clToken        = "interop-secret-token"
	clUser         = "interop-user"
	clExtSkillID   = "extended-only"
	clExtSkillName = "Only for signed-in callers"
)

// clExtendedSkill03 is the skill only the extended card lists.
func clExtendedSkill03() a2a03.AgentSkill {
	return a2a03.AgentSkill{ID: clExtSkillID, Name: clExtSkillName, Description: "listed on the extended card only", Tags: []string{"test"}}
}

// startGoV03Full is startGoV03 with push-notification configs and an
// authenticated extended card.
func startGoV03Full(t testing.TB) peer {
	t.Helper()
	cfg := newPeerConfig(nil)
	p, mux, logger := newPeer(t, peerGoV03Name+" (full)", cfg, func(ctx context.Context, l *slog.Logger) context.Context {
		return log03.WithLogger(ctx, l)
	})
	p.JSONRPC03 = p.BaseURL + pathJSONRPC

	card := &a2a03.AgentCard{
		Name:                              "parley interop peer (" + p.Name + ")",
		Description:                       helpText,
		URL:                               p.JSONRPC03,
		PreferredTransport:                a2a03.TransportProtocolJSONRPC,
		ProtocolVersion:                   string(a2a03.Version),
		Version:                           "0.3.15",
		Capabilities:                      a2a03.AgentCapabilities{Streaming: true, PushNotifications: true},
		SupportsAuthenticatedExtendedCard: true,
		DefaultInputModes:                 []string{"text/plain"},
		DefaultOutputModes:                []string{"text/plain"},
		Skills: []a2a03.AgentSkill{{
			ID: peerScenarioSkill, Name: "Scripted scenarios", Description: helpText,
			Tags: []string{"test"}, Examples: scenarioExamples(),
		}},
	}
	extended := *card
	extended.Skills = append(append([]a2a03.AgentSkill(nil), card.Skills...), clExtendedSkill03())

	handler := srv03.NewHandler(v03Executor{s: cfg.script},
		srv03.WithLogger(logger),
		srv03.WithEventQueueManager(v03QueueManager{Manager: eventqueue.NewInMemoryManager(), w: p.subs}),
		srv03.WithPushNotifications(push03.NewInMemoryStore(), push03.NewHTTPPushSender(nil)),
		srv03.WithExtendedAgentCard(&extended))
	mux.Handle(pathJSONRPC, srv03.NewJSONRPCHandler(handler))
	mux.Handle(wellKnownCardPath, srv03.NewStaticAgentCardHandler(card))
	p.srv.Start()
	return p
}

// startGoV2Full is startGoV2Compat03 (v1.0 and v0.3 bindings on one
// handler) with push-notification configs, an authenticated extended card
// and a user for bearer clToken, which the v2 task listing needs.
func startGoV2Full(t testing.TB) peer {
	t.Helper()
	cfg := newPeerConfig(nil)
	p, mux, logger := newPeer(t, peerGoV2CompName+" (full)", cfg, log2.AttachLogger)
	// The URLs are known before the handler exists, and the extended card
	// is built from the public one, which lists them.
	p.JSONRPC10, p.REST10 = p.BaseURL+pathJSONRPC, p.BaseURL+pathREST
	p.JSONRPC03, p.REST03 = p.BaseURL+pathJSONRPC03, p.BaseURL+pathREST03
	g := listenGRPC(t, &p)

	card := cardV2(p, p.Name)
	card.Capabilities.PushNotifications = true
	card.Capabilities.ExtendedAgentCard = true
	card.SupportedInterfaces = append(card.SupportedInterfaces,
		&a2a2.AgentInterface{URL: p.JSONRPC03, ProtocolBinding: a2a2.TransportProtocolJSONRPC, ProtocolVersion: a2av0.Version},
		&a2a2.AgentInterface{URL: p.REST03, ProtocolBinding: a2a2.TransportProtocolHTTPJSON, ProtocolVersion: a2av0.Version},
	)
	extended := *card
	extended.Skills = append(append([]a2a2.AgentSkill(nil), card.Skills...),
		a2a2.AgentSkill{ID: clExtSkillID, Name: clExtSkillName, Description: "listed on the extended card only", Tags: []string{"test"}})

	handler := srv2.NewHandler(v2Executor{s: cfg.script},
		srv2.WithLogger(logger),
		srv2.WithEventQueueManager(v2QueueManager{Manager: eventqueue2.NewInMemoryManager(), w: p.subs}),
		srv2.WithPushNotifications(push2.NewInMemoryStore(), push2.NewHTTPPushSender(nil)),
		srv2.WithExtendedAgentCard(&extended),
		srv2.WithCallInterceptors(clBearerUser{}))
	mux.Handle(pathJSONRPC, srv2.NewJSONRPCHandler(handler))
	mux.Handle(pathREST+"/", http.StripPrefix(pathREST, srv2.NewRESTHandler(handler)))
	mux.Handle(pathJSONRPC03, a2av0.NewJSONRPCHandler(handler))
	mux.Handle(pathREST03+"/", http.StripPrefix(pathREST03, a2av0.NewRESTHandler(handler)))
	grpcv1.NewHandler(handler).RegisterWith(g.srv)
	grpcv0.NewHandler(handler).RegisterWith(g.srv)
	g.serve()
	mux.Handle(wellKnownCardPath, srv2.NewAgentCardHandler(a2av0.NewStaticAgentCardProducer(card)))
	p.srv.Start()
	return p
}

// clBearerUser signs in requests that carry the test's bearer token.
type clBearerUser struct {
	srv2.PassthroughCallInterceptor
}

func (clBearerUser) Before(ctx context.Context, cc *srv2.CallContext, _ *srv2.Request) (context.Context, any, error) {
	if vals, ok := cc.ServiceParams().Get("Authorization"); ok {
		for _, v := range vals {
			if v == "Bearer "+clToken {
				cc.User = &srv2.User{Name: clUser, Authenticated: true}
			}
		}
	}
	return ctx, nil, nil
}
