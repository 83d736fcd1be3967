package auth

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// The numbers an authorization server sends are taken within bounds, so
// that a hostile or broken one can neither crash parley (a negative or
// overflowing time.Duration) nor keep it waiting or trusting a token
// for ever.
const (
	// The device poll's interval (RFC 8628 3.2): 5 s when the server
	// sends none, or one that is not a positive number of seconds;
	// otherwise 1 s to 60 s.
	deviceIntervalDefault = 5 * time.Second
	deviceIntervalMin     = time.Second
	deviceIntervalMax     = 60 * time.Second
	// A device code lives as long as the server says, 30 minutes at
	// most (servers give 5 to 30); without expires_in, 30 minutes.
	deviceLifeMax = 30 * time.Minute
	tokenLifeMax  = 365 * 24 * time.Hour
)

// deviceNumbers reads a device authorization answer's interval and
// expires_in, raw, within their bounds.
func deviceNumbers(rawInterval, rawExpiresIn json.RawMessage) (interval, life time.Duration, err error) {
	secs, given, ok := seconds(rawInterval)
	if !ok {
		return 0, 0, errors.New("the authorization server's answer to the device sign-in is not usable: its interval is not a number; tell the server's operator")
	}
	switch {
	case !given || secs <= 0:
		interval = deviceIntervalDefault
	case secs < deviceIntervalMin.Seconds():
		interval = deviceIntervalMin
	case secs > deviceIntervalMax.Seconds():
		interval = deviceIntervalMax
	default:
		// Whole seconds, as x/oauth2 polls.
		interval = time.Duration(math.Ceil(secs)) * time.Second
	}
	secs, given, ok = seconds(rawExpiresIn)
	switch {
	case !ok:
		return 0, 0, errors.New("the authorization server's answer to the device sign-in is not usable: its expires_in is not a number; tell the server's operator")
	case !given || secs > deviceLifeMax.Seconds():
		life = deviceLifeMax
	case secs <= 0:
		return 0, 0, errors.New("the authorization server's device code expired before parley could show it; start the sign-in again, and tell the server's operator if it happens again")
	default:
		life = time.Duration(secs * float64(time.Second))
	}
	return interval, life, nil
}

// seconds reads a JSON number of seconds, or a string holding one (as
// some servers send expires_in). given is false for none or null; ok is
// false for anything else that is not a number.
func seconds(raw json.RawMessage) (secs float64, given, ok bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, false, true
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return 0, true, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, true, false
	}
	// Out of float64's range, ParseFloat gives ±Inf, which the bounds
	// take in.
	return f, true, true
}

// tokenLife checks a new token's expires_in as the server sent it and
// sets the token's expiry from it, a year at most: x/oauth2 cuts a JSON
// expires_in to 32 bits and multiplies a form-encoded one into a
// time.Duration unchecked, so a negative or huge one came out as any
// time at all. None, or 0, leaves the token without an expiry, as
// x/oauth2 does; a negative one is an error. An answer x/oauth2 could
// not read (expires_in 1e30 is not an integer) is said so, without
// x/oauth2's parser's words.
func tokenLife(tok *oauth2.Token, err error) (*oauth2.Token, error) {
	var re *oauth2.RetrieveError
	if err != nil && !errors.As(err, &re) && strings.HasPrefix(err.Error(), "oauth2: cannot parse") {
		return nil, errors.New("the authorization server's answer is not a token parley can read; tell the server's operator")
	}
	if err != nil || tok == nil {
		return tok, err
	}
	var secs float64
	switch v := tok.Extra("expires_in").(type) {
	case float64:
		secs = v
	case int64:
		secs = float64(v)
	case string:
		// x/oauth2 reads a value that is not a number as none.
		secs, _, _ = seconds(json.RawMessage(strconv.Quote(v)))
	}
	switch {
	case secs == 0:
		tok.Expiry = time.Time{}
	case secs < 0:
		return nil, errors.New("the authorization server sent a token that had already expired (a negative expires_in); tell the server's operator")
	case secs > tokenLifeMax.Seconds():
		tok.Expiry = time.Now().Add(tokenLifeMax)
	default:
		tok.Expiry = time.Now().Add(time.Duration(secs * float64(time.Second)))
	}
	return tok, nil
}
