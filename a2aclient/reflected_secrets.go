package a2aclient

import (
	"encoding/json"
	"net/http"
)

// An agent's error reply may quote back the credential parley sent (a
// header echoed in a message): the values a request carried are taken
// out of what parley shows of such a reply, whether or not a wire log
// keeps the secrets sent (wire_secrets.go).

// sentIn is the credential values req carried (headers and query
// parameters named like secrets, a URL's password): an agent that quotes
// them back in an error reply must not get them shown.
func sentIn(req *http.Request) []string {
	if req == nil || req.URL == nil {
		return nil
	}
	var s secretValues
	s.learnRequest(req, nil, nil)
	return s.list()
}

// redactRPCError takes the credential values req carried out of a
// JSON-RPC error's message and data, where an agent may have quoted
// them back.
func redactRPCError(err error, req *http.Request) {
	e, ok := err.(*RPCError)
	if !ok {
		return
	}
	vals := sentIn(req)
	if len(vals) == 0 {
		return
	}
	e.Message = scrubString(e.Message, vals)
	if e.Data == nil {
		return
	}
	if b, err := json.Marshal(e.Data); err == nil {
		var data any
		if json.Unmarshal(scrub(b, vals), &data) == nil {
			e.Data = data
		}
	}
}
