package hostile

import (
	"bytes"
	"encoding/json"
	"net/http"
	"time"
)

// pushes says whether the card offers push notifications: a PushOther
// fault takes them.
func (s *Server) pushes() bool {
	for _, f := range s.o.Faults {
		if f.Mode == PushOther {
			return true
		}
	}
	return false
}

// pushOther is the PushOther fault: task-1 is working until the agent
// pushes it failed, with Fault.Body as its text, to the URL and token
// parley gave it, a moment after it took the config.
func (s *Server) pushOther(w http.ResponseWriter, c rpcCall, f *Fault) {
	switch c.Method {
	case "tasks/get":
		result(w, c.ID, task("working"))
	case "tasks/pushNotificationConfig/set":
		var p struct {
			TaskID string `json:"taskId"`
			Config struct {
				ID    string `json:"id"`
				URL   string `json:"url"`
				Token string `json:"token"`
			} `json:"pushNotificationConfig"`
		}
		_ = json.Unmarshal(c.Params, &p)
		id := p.Config.ID
		if f.Location != "" {
			id = f.Location
		}
		result(w, c.ID, map[string]any{"taskId": p.TaskID, "pushNotificationConfig": map[string]any{"id": id, "url": p.Config.URL}})
		go push(p.Config.URL, p.Config.Token, f.Body)
	case "tasks/pushNotificationConfig/delete":
		result(w, c.ID, nil)
	default:
		healthy(w, c)
	}
}

// push posts task-1, failed, to url: an id this agent chose, and another
// agent may have chosen too.
func push(url, token, text string) {
	time.Sleep(300 * time.Millisecond)
	t := task("failed", artifact("answer", text))
	t["status"] = map[string]any{"state": "failed", "message": map[string]any{"kind": "message", "role": "agent", "messageId": "m-push",
		"parts": []any{map[string]any{"kind": "text", "text": text}}}}
	body, _ := json.Marshal(t)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-A2A-Notification-Token", token)
	client := &http.Client{Timeout: 5 * time.Second}
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
	}
}
