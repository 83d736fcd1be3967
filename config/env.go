package config

import (
	"fmt"
	"sort"
	"strings"
)

// Getenv looks up an environment variable; os.Getenv in production,
// a map in tests.
type Getenv func(string) string

// Expand returns a setting's value: the named variable's value for an
// env:VAR reference, the text itself otherwise. An unset or empty
// variable is an error, since sending an empty credential only earns a
// confusing 401.
func Expand(value string, getenv Getenv) (string, error) {
	if !strings.HasPrefix(value, "env:") {
		return value, nil
	}
	name := strings.TrimPrefix(value, "env:")
	v := getenv(name)
	if v == "" {
		return "", &UnsetVariableError{Name: name}
	}
	return v, nil
}

// UnsetVariableError says an env:VAR setting names a variable that is not
// set (or is empty), so that a front end can offer to sign in instead.
type UnsetVariableError struct{ Name string }

func (e *UnsetVariableError) Error() string {
	return fmt.Sprintf("environment variable %s is not set; export it, or change the agent's credential in the config", e.Name)
}

// Secret returns the agent's credential (token, API key or password)
// when it comes from the environment, or "" when it does not (no auth, a
// cmd: reference, the credentials file: see package auth).
func (a *Agent) Secret(getenv Getenv) (string, error) {
	if !strings.HasPrefix(a.Token, "env:") {
		return "", nil
	}
	v, err := Expand(a.Token, getenv)
	if err != nil {
		return "", fmt.Errorf("agent %q: %w (it holds the agent's %s credential)", a.Name, err, NormalizeAuth(a.Auth))
	}
	return v, nil
}

// ResolvedHeaders returns the agent's headers with env:VAR references
// replaced by their values, in a stable order of names.
func (a *Agent) ResolvedHeaders(getenv Getenv) ([][2]string, error) {
	names := make([]string, 0, len(a.Headers))
	for n := range a.Headers {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([][2]string, 0, len(names))
	for _, n := range names {
		v, err := Expand(a.Headers[n], getenv)
		if err != nil {
			return nil, fmt.Errorf("agent %q, header %s: %w", a.Name, n, err)
		}
		out = append(out, [2]string{n, v})
	}
	return out, nil
}
