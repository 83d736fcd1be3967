package auth

import (
	"context"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/oauthtest"
)

func deviceCard(p *oauthtest.Server) *a2aclient.Agent {
	return &a2aclient.Agent{SecuritySchemes: []a2aclient.SecurityScheme{{Name: "device", Type: a2aclient.SchemeOAuth2,
		Flows: a2aclient.OAuthFlows{DeviceCode: &a2aclient.OAuthFlow{DeviceAuthorizationURL: p.URL + "/device", TokenURL: p.URL + "/token"}}}}}
}

// Every number a device endpoint sends is taken within bounds: the
// interval between polls within 1 s..60 s (5 s when it makes no sense),
// the device code's life at most 30 minutes. A number that cannot be
// used is a sentence, never a panic: a negative interval made x/oauth2's
// poll loop panic (time.NewTicker), and so did one that overflows a
// time.Duration.
func TestDeviceNumbersFromHostileServer(t *testing.T) {
	for _, c := range []struct {
		field, value string
		interval     time.Duration // wanted; 0: an error is wanted
		life         time.Duration // the device code's wanted life, about
		err          string
	}{
		{"interval", "-1", deviceIntervalDefault, 600 * time.Second, ""},
		{"interval", "0", deviceIntervalDefault, 600 * time.Second, ""},
		{"interval", "null", deviceIntervalDefault, 600 * time.Second, ""},
		{"interval", "0.2", time.Second, 600 * time.Second, ""},
		{"interval", "7", 7 * time.Second, 600 * time.Second, ""},
		{"interval", "3600", deviceIntervalMax, 600 * time.Second, ""},
		{"interval", "9223372036854775807", deviceIntervalMax, 600 * time.Second, ""},
		{"interval", "-9223372036854775808", deviceIntervalDefault, 600 * time.Second, ""},
		{"interval", "1e30", deviceIntervalMax, 600 * time.Second, ""},
		{"interval", `"7"`, 7 * time.Second, 600 * time.Second, ""},
		{"interval", `"soon"`, 0, 0, "interval is not a number"},
		{"expires_in", "null", time.Second, deviceLifeMax, ""},
		{"expires_in", "86400", time.Second, deviceLifeMax, ""},
		{"expires_in", "9223372036854775807", time.Second, deviceLifeMax, ""},
		{"expires_in", "1e300", time.Second, deviceLifeMax, ""},
		{"expires_in", "0", 0, 0, "expired before parley could show it"},
		{"expires_in", "-1", 0, 0, "expired before parley could show it"},
		{"expires_in", "-9223372036854775808", 0, 0, "expired before parley could show it"},
		{"expires_in", `"soon"`, 0, 0, "expires_in is not a number"},
	} {
		t.Run(c.field+"="+c.value, func(t *testing.T) {
			p := oauthtest.Start(t, time.Hour)
			p.Misbehave(oauthtest.Misbehaviour{Device: map[string]string{c.field: c.value}})
			m, _ := testManager(t)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			s, err := m.StartSignIn(ctx, SignInRequest{Key: "dev", Card: deviceCard(p),
				Choice: Choice{Kind: KindOAuth, Grant: GrantDeviceCode}, ClientID: oauthtest.PublicClient})
			if c.interval == 0 {
				if err == nil || !strings.Contains(err.Error(), c.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("err = %v, want one line saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Device.Interval != c.interval {
				t.Errorf("interval %v, want %v", s.Device.Interval, c.interval)
			}
			if life := time.Until(s.Device.Expiry); life > c.life || life < c.life-time.Minute {
				t.Errorf("the device code lives %v, want about %v", life, c.life)
			}
			// Waiting is cut short by its context, not by a panic.
			short, stop := context.WithTimeout(ctx, 100*time.Millisecond)
			defer stop()
			if _, err := s.Wait(short); err == nil {
				t.Error("signed in without approval")
			}
		})
	}
}

// A token's expires_in is read as sent and bounded: a negative one is a
// sentence, a huge one a year at most. x/oauth2 cuts a JSON one to 32
// bits (so -9999999999 came out as years ahead) and multiplies a
// form-encoded one into a time.Duration unchecked (which overflows).
func TestTokenLifeFromHostileServer(t *testing.T) {
	for _, c := range []struct {
		value string
		form  bool
		life  time.Duration // about; 0: none (the token does not expire)
		err   string
	}{
		{"3600", false, time.Hour, ""},
		{`"3600"`, false, time.Hour, ""},
		{"0", false, 0, ""},
		{"99999999999", false, tokenLifeMax, ""},
		{"-5", false, 0, "had already expired"},
		{"-9999999999", false, 0, "had already expired"},
		{"1e30", false, 0, "not a token parley can read"},
		{"3600", true, time.Hour, ""},
		{"9223372036854775807", true, tokenLifeMax, ""},
		{"99999999999999999999", true, tokenLifeMax, ""},
		{"-5", true, 0, "had already expired"},
		{"-9223372036854775808", true, 0, "had already expired"},
	} {
		name := "json " + c.value
		if c.form {
			name = "form " + c.value
		}
		t.Run(name, func(t *testing.T) {
			p := oauthtest.Start(t, time.Hour)
			p.Misbehave(oauthtest.Misbehaviour{Token: map[string]string{"expires_in": c.value}, TokenForm: c.form})
			cl := &OAuthClient{ClientID: oauthtest.SvcClient, ClientSecret: oauthtest.SvcSecret, TokenURL: p.URL + "/token"}
			src, err := cl.ClientCredentials()
			if err != nil {
				t.Fatal(err)
			}
			tok, err := src.Token()
			checkLife(t, tok, err, c.life, c.err)
		})
	}
}

// The same holds for the tokens a device sign-in and a refresh bring.
func TestTokenLifeBoundedForEveryGrant(t *testing.T) {
	p := oauthtest.Start(t, time.Hour)
	m, _ := testManager(t)
	p.ApproveWhenPolled(true)
	p.Misbehave(oauthtest.Misbehaviour{Token: map[string]string{"expires_in": "99999999999"}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := m.StartSignIn(ctx, SignInRequest{Key: "dev", Card: deviceCard(p),
		Choice: Choice{Kind: KindOAuth, Grant: GrantDeviceCode}, ClientID: oauthtest.PublicClient})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.client.WaitDevice(ctx, s.Device)
	checkLife(t, tok, err, tokenLifeMax, "")
	if tok == nil || tok.RefreshToken == "" {
		t.Fatalf("no refresh token: %+v", tok)
	}
	p.Misbehave(oauthtest.Misbehaviour{Token: map[string]string{"expires_in": "-9999999999"}})
	expired := *tok
	expired.Expiry = time.Now().Add(-time.Hour)
	_, err = s.client.Refreshing(&expired).Token()
	checkLife(t, nil, err, 0, "had already expired")
}

func checkLife(t *testing.T, tok *oauth2.Token, err error, life time.Duration, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) || strings.Contains(err.Error(), "strconv") {
			t.Fatalf("err = %v, want one saying %q", err, wantErr)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if life == 0 {
		if !tok.Expiry.IsZero() {
			t.Errorf("expiry %v, want none", tok.Expiry)
		}
		return
	}
	if got := time.Until(tok.Expiry); got > life || got < life-time.Minute {
		t.Errorf("the token lives %v, want about %v", got, life)
	}
}
