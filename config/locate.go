package config

import (
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
)

// locator finds the line a setting is on. The TOML library reports lines
// for syntax errors only, and checks made after decoding (a literal
// secret, a missing url) deserve a line number too.
type locator struct{ lines []string }

var (
	agentsHeaderRE = regexp.MustCompile(`^\s*\[\[\s*agents\s*\]\]`)
	tableHeaderRE  = regexp.MustCompile(`^\s*\[\s*([^\[\]]+?)\s*\]`)
)

func keyRE(key string) *regexp.Regexp {
	q := regexp.QuoteMeta(key)
	return regexp.MustCompile(`^\s*(?:` + q + `|"` + q + `"|'` + q + `')\s*=`)
}

// find returns the 1-based line of a problem's key, or of its agent entry
// when the key is not written on a line of its own, or 0.
func (l locator) find(p *problem) int {
	if p.agent < 0 {
		return l.search(0, len(l.lines), p.key)
	}
	start, end := l.agentBlock(p.agent)
	if start < 0 {
		return 0
	}
	if n := l.search(start, end, p.key); n > 0 {
		return n
	}
	return start + 1
}

// anyKey locates a key the decoder did not use (a typo, usually).
func (l locator) anyKey(k toml.Key) int {
	if len(k) == 0 {
		return 0
	}
	return l.search(0, len(l.lines), k[len(k)-1])
}

// search returns the first line in [start,end) that assigns key, else the
// first that mentions it (inline tables, table headers), else 0.
func (l locator) search(start, end int, key string) int {
	re := keyRE(key)
	for i := start; i < end; i++ {
		if re.MatchString(l.lines[i]) {
			return i + 1
		}
	}
	for i := start; i < end; i++ {
		if strings.Contains(l.lines[i], key) {
			return i + 1
		}
	}
	return 0
}

// table returns the line range of a [name] table, up to the next table
// header; the top level (name "") runs up to the first header. A table
// not written out is the whole file.
func (l locator) table(name string) (start, end int) {
	start = -1
	if name == "" {
		start = 0
	}
	for i, line := range l.lines {
		m := tableHeaderRE.FindStringSubmatch(line)
		if m == nil && !agentsHeaderRE.MatchString(line) {
			continue
		}
		if start >= 0 {
			return start, i
		}
		if m != nil && strings.Trim(m[1], `"' `) == name {
			start = i + 1
		}
	}
	if start < 0 {
		return 0, len(l.lines)
	}
	return start, len(l.lines)
}

// agentBlock returns the line range of the n-th [[agents]] entry: from its
// header to the next [[agents]] or unrelated table.
func (l locator) agentBlock(n int) (start, end int) {
	start = -1
	count := -1
	for i, line := range l.lines {
		if agentsHeaderRE.MatchString(line) {
			count++
			if count == n {
				start = i
				continue
			}
			if start >= 0 {
				return start, i
			}
			continue
		}
		if start >= 0 {
			if m := tableHeaderRE.FindStringSubmatch(line); m != nil && !strings.HasPrefix(m[1], "agents.") {
				return start, i
			}
		}
	}
	return start, len(l.lines)
}
