package a2aclient

import (
	"fmt"
	"strings"
)

// v0.3 names a task or a push config by a resource name,
// "tasks/{id}[/pushNotificationConfigs/{id}]", with nothing escaped: the
// gRPC binding in its requests, the HTTP+JSON binding in the bodies of
// cancel, resubscribe and push config create (beside the escaped path,
// which a server may not be the one to read). Every such name is built
// here, from ids checked first.

// nameBinding says, in an error, which binding the name was for.
type nameBinding string

const (
	grpcV03 nameBinding = "v0.3 gRPC"
	restV03 nameBinding = "v0.3 REST"
)

// checkNameID refuses an id that would change which resource a v0.3
// name names: a server reads a "/" in an id as the id's end (a2a-go's
// v0.3 server takes the first segment after "tasks/": "a/../b" is task
// "a"), and a transcoding proxy pastes the name into a URL path, where
// "", "." and ".." move it (checkPathID).
func checkNameID(in nameBinding, what, id string) error {
	if strings.Contains(id, "/") {
		return fmt.Errorf("the %s %q cannot go in a %s resource name: the agent would read the \"/\" in it as the end of the id and act on another resource; check the %s", what, truncate(id, 80), in, what)
	}
	return checkPathID(what, id, false)
}

// v03TaskName is "tasks/{id}", or why the id cannot be in it.
func v03TaskName(in nameBinding, taskID string) (string, error) {
	if err := checkNameID(in, "task id", taskID); err != nil {
		return "", err
	}
	return "tasks/" + taskID, nil
}

// v03ConfigName is "tasks/{id}/pushNotificationConfigs/{config}", or
// why an id cannot be in it; an empty config id names the task's list of
// configs (and, in a create, leaves the id to the agent).
func v03ConfigName(in nameBinding, taskID, configID string) (string, error) {
	name, err := v03TaskName(in, taskID)
	if err != nil {
		return "", err
	}
	name += "/pushNotificationConfigs"
	if configID != "" {
		if err := checkNameID(in, "push notification config id", configID); err != nil {
			return "", err
		}
		name += "/" + configID
	}
	return name, nil
}
