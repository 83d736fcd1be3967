package a2aclient

import (
	"bytes"
	"encoding/json"
	"strings"
)

// protoPushConfig is the v1.0 TaskPushNotificationConfig, flat. On decode it
// also reads the v0.3 wrapper {name, pushNotificationConfig}.
type protoPushConfig struct {
	Tenant         string         `json:"tenant,omitempty"`
	ID             string         `json:"id,omitempty"`
	TaskID         string         `json:"taskId,omitempty"`
	URL            string         `json:"url,omitempty"`
	Token          string         `json:"token,omitempty"`
	Authentication *protoAuthInfo `json:"authentication,omitempty"`

	Name                   string           `json:"name,omitempty"`
	PushNotificationConfig *protoPushConfig `json:"pushNotificationConfig,omitempty"`
}

// protoPushConfig03 is the v0.3 PushNotificationConfig (no task id).
type protoPushConfig03 struct {
	ID             string         `json:"id,omitempty"`
	URL            string         `json:"url"`
	Token          string         `json:"token,omitempty"`
	Authentication *protoAuthInfo `json:"authentication,omitempty"`
}

// protoTaskPushConfig03 is the v0.3 TaskPushNotificationConfig.
type protoTaskPushConfig03 struct {
	Name                   string             `json:"name"`
	PushNotificationConfig *protoPushConfig03 `json:"pushNotificationConfig"`
}

// protoAuthInfo is AuthenticationInfo: v1.0 has one scheme, v0.3 a list.
type protoAuthInfo struct {
	Scheme      string   `json:"scheme,omitempty"`
	Schemes     []string `json:"schemes,omitempty"`
	Credentials string   `json:"credentials,omitempty"`
}

type protoListPushConfigs struct {
	Configs []protoPushConfig `json:"configs"`
}

func toProtoPushConfig(p PushConfig, tenant string) *protoPushConfig {
	w := &protoPushConfig{Tenant: tenant, ID: p.ID, TaskID: p.TaskID, URL: p.URL, Token: p.Token}
	if len(p.AuthSchemes) > 0 || p.AuthCredentials != "" {
		w.Authentication = &protoAuthInfo{Credentials: p.AuthCredentials}
		if len(p.AuthSchemes) > 0 {
			// v1.0 takes a single scheme; the first is the preferred one.
			w.Authentication.Scheme = p.AuthSchemes[0]
		}
	}
	return w
}

func toProtoPushConfig03(p *PushConfig) *protoPushConfig03 {
	w := &protoPushConfig03{ID: p.ID, URL: p.URL, Token: p.Token}
	if len(p.AuthSchemes) > 0 || p.AuthCredentials != "" {
		w.Authentication = &protoAuthInfo{Schemes: p.AuthSchemes, Credentials: p.AuthCredentials}
	}
	return w
}

// protoCreatePush03 is v0.3's CreateTaskPushNotificationConfigRequest, the
// body both a2a-python and a2a-go's v0.3 layer read, sent alike over REST
// and (as ProtoJSON) over gRPC.
type protoCreatePush03 struct {
	Parent   string                 `json:"parent"`
	ConfigID string                 `json:"configId,omitempty"`
	Config   *protoTaskPushConfig03 `json:"config"`
}

// toProtoCreatePush03 names the task and the config in the body
// (v03ConfigName), so it refuses what those names cannot hold.
func toProtoCreatePush03(in nameBinding, p PushConfig) (protoCreatePush03, error) {
	parent, err := v03TaskName(in, p.TaskID)
	if err != nil {
		return protoCreatePush03{}, err
	}
	name, err := v03ConfigName(in, p.TaskID, p.ID)
	if err != nil {
		return protoCreatePush03{}, err
	}
	return protoCreatePush03{parent, p.ID, &protoTaskPushConfig03{Name: name, PushNotificationConfig: toProtoPushConfig03(&p)}}, nil
}

func decodePushConfig(data []byte) (*PushConfig, error) {
	var w protoPushConfig
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("push notification config", err)
	}
	p := fromProtoPushConfig(&w)
	return &p, nil
}

// decodePushConfigs reads {"configs":[…]} or a bare array; taskID fills in
// configs that do not name their task.
func decodePushConfigs(data []byte, taskID string) ([]PushConfig, error) {
	var w protoListPushConfigs
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &w.Configs); err != nil {
			return nil, invalidJSON("push notification config list", err)
		}
	} else if len(t) > 0 {
		if err := json.Unmarshal(t, &w); err != nil {
			return nil, invalidJSON("push notification config list", err)
		}
	}
	out := make([]PushConfig, 0, len(w.Configs))
	for i := range w.Configs {
		p := fromProtoPushConfig(&w.Configs[i])
		if p.TaskID == "" {
			p.TaskID = taskID
		}
		out = append(out, p)
	}
	return out, nil
}

func fromProtoPushConfig(w *protoPushConfig) PushConfig {
	inner := w
	if w.PushNotificationConfig != nil { // v0.3: {name, pushNotificationConfig}
		inner = w.PushNotificationConfig
	}
	p := PushConfig{ID: inner.ID, TaskID: w.TaskID, URL: inner.URL, Token: inner.Token}
	// v0.3 names the config "tasks/{task}/pushNotificationConfigs/{id}".
	if rest, ok := strings.CutPrefix(w.Name, "tasks/"); ok {
		task, id, _ := strings.Cut(rest, "/pushNotificationConfigs")
		if p.TaskID == "" {
			p.TaskID = task
		}
		if p.ID == "" {
			p.ID = strings.TrimPrefix(id, "/")
		}
	}
	if a := inner.Authentication; a != nil {
		p.AuthCredentials = a.Credentials
		p.AuthSchemes = append(p.AuthSchemes, a.Schemes...)
		if a.Scheme != "" {
			p.AuthSchemes = append(p.AuthSchemes, a.Scheme)
		}
	}
	return p
}
