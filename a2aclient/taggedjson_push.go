package a2aclient

import (
	"bytes"
	"encoding/json"
)

// taggedPushConfig is a push-notification target; v0.1 has no id.
type taggedPushConfig struct {
	ID             string          `json:"id,omitempty"`
	URL            string          `json:"url"`
	Token          string          `json:"token,omitempty"`
	Authentication *taggedPushAuth `json:"authentication,omitempty"`
}

type taggedPushAuth struct {
	Schemes     []string `json:"schemes"`
	Credentials string   `json:"credentials,omitempty"`
}

func taggedEncodePush(p *PushConfig, withID bool) *taggedPushConfig {
	if p == nil {
		return nil
	}
	out := &taggedPushConfig{URL: p.URL, Token: p.Token}
	if withID {
		out.ID = p.ID
	}
	if len(p.AuthSchemes) > 0 || p.AuthCredentials != "" {
		out.Authentication = &taggedPushAuth{Schemes: p.AuthSchemes, Credentials: p.AuthCredentials}
		if out.Authentication.Schemes == nil {
			out.Authentication.Schemes = []string{}
		}
	}
	return out
}

// taggedPushIn is a TaskPushNotificationConfig (v0.1 names the task "id",
// v0.2 "taskId"), or a bare PushNotificationConfig as early v0.1 servers
// answered.
type taggedPushIn struct {
	ID             looseString       `json:"id"`
	TaskID         looseString       `json:"taskId"`
	Config         json.RawMessage   `json:"pushNotificationConfig"`
	URL            looseString       `json:"url"`
	Token          looseString       `json:"token"`
	Authentication *taggedPushAuthIn `json:"authentication"`
}

type taggedPushAuthIn struct {
	Schemes     []looseString `json:"schemes"`
	Credentials looseString   `json:"credentials"`
}

// taggedDecodePush reads a push config reply. A null config (the agent has
// none for the task) reads as a config with only the task id. v0.1 has no
// config ids: there "id" is the task's.
func taggedDecodePush(raw json.RawMessage, taskID string, v01 bool) (*PushConfig, error) {
	var in taggedPushIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, &ProtocolError{What: "push-notification config is malformed", Err: err}
	}
	out := &PushConfig{TaskID: firstOf(in.TaskID, looseString(taskID))}
	if v01 {
		out.TaskID = firstOf(in.ID, in.TaskID, looseString(taskID))
	}
	cfg := in // a bare config, unless wrapped
	if c := bytes.TrimSpace(in.Config); len(c) > 0 {
		if string(c) == "null" {
			return out, nil
		}
		cfg = taggedPushIn{}
		if err := json.Unmarshal(c, &cfg); err != nil {
			return nil, &ProtocolError{What: "push-notification config is malformed", Err: err}
		}
	}
	out.URL, out.Token = string(cfg.URL), string(cfg.Token)
	if !v01 {
		out.ID = string(cfg.ID)
	}
	if a := cfg.Authentication; a != nil {
		for _, s := range a.Schemes {
			out.AuthSchemes = append(out.AuthSchemes, string(s))
		}
		out.AuthCredentials = string(a.Credentials)
	}
	return out, nil
}
