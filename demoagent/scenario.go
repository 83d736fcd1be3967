package demoagent

import (
	"strings"
	"unicode"
)

// scenario is the scripted behaviour picked from the user's first message.
type scenario int

const (
	scenarioAnswer  scenario = iota // stream a Markdown answer
	scenarioData                    // data and file artifacts
	scenarioInput                   // ask a question (input-required)
	scenarioAuth                    // ask to sign in (auth-required)
	scenarioFail                    // fail
	scenarioMessage                 // reply with a Message, no task
	scenarioSlow                    // work for about a minute
	scenarioReject                  // reject
	scenarioForm                    // an A2UI booking form (see a2ui.go)
)

// keywords in precedence order: the first scenario with a matching word
// wins, so "fail to book" fails rather than asking a question.
var keywords = []struct {
	sc    scenario
	words []string
}{
	{scenarioReject, []string{"reject"}},
	{scenarioFail, []string{"fail"}},
	{scenarioSlow, []string{"slow", "long"}},
	{scenarioAuth, []string{"auth", "secret", "sign in", "login", "log in"}},
	{scenarioInput, []string{"book", "flight", "input"}},
	{scenarioData, []string{"data", "itinerary"}},
	{scenarioMessage, []string{"message", "ping"}},
}

// pickScenario matches keywords case-insensitively against the starts of
// words, so "booking" and "failure" match but "belong" is not "long".
func pickScenario(text string) scenario {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for _, k := range keywords {
		for _, kw := range k.words {
			if matchWords(words, strings.Fields(kw)) {
				return k.sc
			}
		}
	}
	return scenarioAnswer
}

// matchWords reports whether the phrase occurs in words, the last phrase
// word matching as a prefix.
func matchWords(words, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(words); i++ {
		ok := true
		for j, p := range phrase {
			w := words[i+j]
			if j == len(phrase)-1 {
				ok = ok && strings.HasPrefix(w, p)
			} else {
				ok = ok && w == p
			}
		}
		if ok {
			return true
		}
	}
	return false
}
