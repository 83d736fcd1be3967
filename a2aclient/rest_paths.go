package a2aclient

import (
	"fmt"
	"net/url"
	"strings"
)

// pushConfigsPath is /tasks/{id}/pushNotificationConfigs[/{configId}].
func pushConfigsPath(taskID, configID string) string {
	p := "/tasks/" + url.PathEscape(taskID) + "/pushNotificationConfigs"
	if configID != "" {
		p += "/" + url.PathEscape(configID)
	}
	return p
}

// checkPathID refuses an id (a task's, a push config's, a tenant) that
// would move the request it is pasted into to another path: it is
// escaped, but a server or proxy that decodes "%2F" before it cleans the
// path reads "../x" as a step up, and "", "." or a "//" in it as a
// different route. A tenant may span several segments, none of them
// such; a task id is one segment. Such an id is no A2A id, whoever sent
// it (an agent's reply, a stored context, the command line).
func checkPathID(what, id string, multi bool) error {
	segs := []string{id}
	if multi {
		segs = strings.Split(strings.Trim(id, "/"), "/")
	} else if id != "" {
		segs = strings.Split(id, "/")
	}
	for _, s := range segs {
		if s == "" || s == "." || s == ".." {
			if id == "" {
				return fmt.Errorf("the %s is empty, and a request for it would go to another path; give the %s", what, what)
			}
			return fmt.Errorf("the %s %q cannot go in a URL path: a server would read %q in it as another path; check the %s", what, truncate(id, 80), s, what)
		}
	}
	return nil
}

func pushPathIDs(taskID, configID string) []pathID {
	return []pathID{{"task id", taskID}, {"push notification config id", configID}}
}

// escapePath escapes each segment of a tenant, which may span several
// ("locations/eu/projects/p1").
func escapePath(p string) string {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// pathID is one id pasted into a restCall's path, and what it is.
type pathID struct{ what, id string }

func taskPathIDs(taskID string) []pathID { return []pathID{{"task id", taskID}} }
