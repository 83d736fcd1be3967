package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/termsafe"
)

// DeviceCode is a started device authorization (RFC 8628): what the
// person must do on another device, and what parley polls with. Its
// strings are cleaned for a terminal and its numbers are within bounds
// (deviceNumbers).
type DeviceCode struct {
	UserCode                string
	VerificationURI         string
	VerificationURIComplete string
	Expiry                  time.Time
	Interval                time.Duration
	resp                    *oauth2.DeviceAuthResponse
}

// deviceAnswer is a device authorization answer as sent. Its numbers
// stay raw until deviceNumbers reads them: x/oauth2 multiplies them into
// a time.Duration unchecked, which a negative or huge one turns into a
// panic or a code that never expires.
type deviceAnswer struct {
	DeviceCode              string          `json:"device_code"`
	UserCode                string          `json:"user_code"`
	VerificationURI         string          `json:"verification_uri"`
	VerificationURL         string          `json:"verification_url"` // an older spelling some servers keep
	VerificationURIComplete string          `json:"verification_uri_complete"`
	ExpiresIn               json.RawMessage `json:"expires_in"`
	Interval                json.RawMessage `json:"interval"`
}

// maxDeviceAnswer caps a device authorization answer; real ones are a
// few hundred bytes.
const maxDeviceAnswer = 1 << 20

// StartDevice asks the authorization server for a device code.
func (c *OAuthClient) StartDevice(ctx context.Context) (*DeviceCode, error) {
	if c.DeviceURL == "" || c.TokenURL == "" {
		return nil, errors.New("the device sign-in needs a device authorization endpoint and a token endpoint, and the agent's card and config name none")
	}
	started := time.Now()
	a, err := c.requestDevice(ctx)
	if err != nil {
		return nil, fmt.Errorf("could not start the device sign-in: %w", describeOAuthErr(err))
	}
	if a.DeviceCode == "" || a.UserCode == "" || a.VerificationURI == "" {
		return nil, errors.New("the authorization server started a device sign-in without a device code, user code or verification address; tell the server's operator")
	}
	interval, life, err := deviceNumbers(a.Interval, a.ExpiresIn)
	if err != nil {
		return nil, err
	}
	resp := &oauth2.DeviceAuthResponse{DeviceCode: a.DeviceCode, Interval: int64(interval / time.Second), Expiry: started.Add(life)}
	return &DeviceCode{
		UserCode: termsafe.Line(a.UserCode), VerificationURI: termsafe.Line(a.VerificationURI),
		VerificationURIComplete: termsafe.Line(a.VerificationURIComplete), Expiry: resp.Expiry, Interval: interval, resp: resp,
	}, nil
}

// requestDevice posts the device authorization request (RFC 8628 3.1),
// as x/oauth2 does, and reads the answer without trusting its numbers.
func (c *OAuthClient) requestDevice(ctx context.Context) (*deviceAnswer, error) {
	form := url.Values{"client_id": {c.ClientID}}
	if len(c.Scopes) > 0 {
		form.Set("scope", strings.Join(c.Scopes, " "))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.DeviceURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, errors.New("the device authorization endpoint is not a URL parley can use")
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := tokenClient(c.HTTP).Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxDeviceAnswer))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, refusal(resp, body)
	}
	var a deviceAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, errors.New("the authorization server's answer is not the JSON of a device sign-in")
	}
	if a.VerificationURI == "" {
		a.VerificationURI = a.VerificationURL
	}
	return &a, nil
}

// refusal is an error answer (RFC 6749 5.2), JSON or form-encoded, as
// x/oauth2 reads one, so describeOAuthErr words it the same.
func refusal(resp *http.Response, body []byte) error {
	re := &oauth2.RetrieveError{Response: resp, Body: body}
	switch ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); ct {
	case "application/x-www-form-urlencoded", "text/plain":
		if v, err := url.ParseQuery(string(body)); err == nil {
			re.ErrorCode, re.ErrorDescription = v.Get("error"), v.Get("error_description")
		}
	default:
		var e struct {
			Code        string `json:"error"`
			Description string `json:"error_description"`
		}
		if json.Unmarshal(body, &e) == nil {
			re.ErrorCode, re.ErrorDescription = e.Code, e.Description
		}
	}
	return re
}

// WaitDevice polls until the person has approved the device code, it
// expires, or ctx ends. x/oauth2 polls at d's interval and adds 5 s for
// each slow_down (RFC 8628 3.5); the interval starts at 60 s at most and
// the code lives 30 minutes at most, so the additions stay small.
func (c *OAuthClient) WaitDevice(ctx context.Context, d *DeviceCode) (*oauth2.Token, error) {
	tok, err := tokenLife(c.config("").DeviceAccessToken(c.httpContext(ctx), d.resp))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, errors.New("the device code expired before it was approved; start the sign-in again")
		}
		return nil, fmt.Errorf("the device sign-in did not complete: %w", describeOAuthErr(err))
	}
	return tok, nil
}
