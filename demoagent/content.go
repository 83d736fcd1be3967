package demoagent

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxEcho caps how much of the user's text is echoed, so the answer (and
// its chunk count) stays the same size whatever the user pastes.
const maxEcho = 200

// targetChunks is how many pieces the Markdown answer streams in; the
// chunker lands within 30..80 for any input.
const targetChunks = 48

func echo(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		return "(nothing)"
	}
	if utf8.RuneCountInString(text) > maxEcho {
		r := []rune(text)
		text = string(r[:maxEcho]) + "…"
	}
	return text
}

// markdownAnswer exercises what a terminal renderer must handle: heading,
// emphasis, list, fenced code, table.
func markdownAnswer(userText string) string {
	e := echo(userText)
	return fmt.Sprintf(`# Hello from the parley demo agent

You said: *%s*

This answer is streamed in small chunks, the way a real model would send it.
Here is what the demo agent can do:

- **Stream** a Markdown answer like this one (the default).
- Return **structured data** and a CSV file: try "Show me the itinerary data".
- Ask you a **question** and wait: try "Book a flight to Lisbon".
- Ask you to fill in a **form** (A2UI): try "Book a table".
- Ask you to **sign in**: try "Sign in first".
- Run a **slow task** you can cancel: try "Try a slow task".
- **Fail** or **reject** on purpose: try "Fail on purpose".

`+"```go"+`
package main

import "fmt"

func main() {
	fmt.Println(%q)
}
`+"```"+`

| Scenario | Keyword | Final state |
|----------|---------|-------------|
| answer   | (any)   | completed   |
| data     | data    | completed   |
| question | book    | input-required |
| form     | table   | input-required |
| sign in  | auth    | auth-required |
| slow     | slow    | working, then completed |
| failure  | fail    | failed      |

That is all. Thanks for trying parley!
`, e, e)
}

// chunk splits s into about n pieces at whitespace boundaries, keeping the
// whitespace with the preceding word so the pieces concatenate back to s.
func chunk(s string, n int) []string {
	size := max(len(s)/n, 1)
	var out []string
	start := 0
	for start < len(s) {
		end := min(start+size, len(s))
		// Extend to the end of the current word and its trailing spaces.
		for end < len(s) && !isSpace(s[end]) {
			end++
		}
		for end < len(s) && isSpace(s[end]) {
			end++
		}
		out = append(out, s[start:end])
		start = end
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\t' }

type flight struct {
	From  string  `json:"from"`
	To    string  `json:"to"`
	Date  string  `json:"date"`
	Price float64 `json:"price"`
}

var itinerary = []flight{
	{"LHR", "LIS", "2025-06-02", 129.0},
	{"LIS", "OPO", "2025-06-05", 49.5},
	{"OPO", "MAD", "2025-06-08", 88.0},
	{"MAD", "LHR", "2025-06-12", 142.25},
}

// itineraryData is the data part. Each row is already-encoded JSON, so
// every encoder marshals it as is and the keys keep the order a person
// reads a flight in (from, to, date, price); a map would sort them.
func itineraryData() []any {
	out := make([]any, len(itinerary))
	for i, f := range itinerary {
		row, _ := json.Marshal(f)
		out[i] = json.RawMessage(row)
	}
	return out
}

func itineraryCSV() []byte {
	var b strings.Builder
	b.WriteString("from,to,date,price\n")
	for _, f := range itinerary {
		fmt.Fprintf(&b, "%s,%s,%s,%.2f\n", f.From, f.To, f.Date, f.Price)
	}
	return []byte(b.String())
}
