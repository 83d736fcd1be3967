package config

import (
	"bytes"

	"github.com/BurntSushi/toml"
)

// Adding an [[agents]] entry and removing one with its sub-tables.

func (d *Doc) appendAgent(a Agent) error {
	indent, hdrIndent := "", ""
	at := len(d.src)
	if n := len(d.entries); n > 0 {
		e := d.entries[n-1]
		hdrIndent = d.lineIndent(d.stmts[e.header].start)
		indent = hdrIndent
		for j := e.header + 1; j < e.mainEnd; j++ {
			if d.stmts[j].kind == stmtKeyVal {
				indent = d.lineIndent(d.stmts[j].start)
				break
			}
		}
		// After the last line that holds a setting of the entry.
		for j := e.end - 1; j >= e.header; j-- {
			if d.stmts[j].kind != stmtTrivia {
				at = d.stmts[j].end
				break
			}
		}
	}
	var b bytes.Buffer
	if at > 0 && d.src[at-1] != '\n' {
		b.WriteString(d.nl)
	}
	if at > 0 {
		b.WriteString(d.nl)
	}
	b.WriteString(hdrIndent + "[[agents]]" + d.nl)
	for _, f := range agentFields(&a) {
		if f.empty() {
			continue
		}
		text, err := renderValue(f.plain())
		if err != nil {
			return err
		}
		b.WriteString(indent + f.key + " = " + text + d.nl)
	}
	block := b.String()
	if at < len(d.src) && !bytes.HasPrefix(d.src[at:], []byte(d.nl+d.nl)) && !bytes.HasPrefix(d.src[at:], []byte(d.nl)) {
		block += d.nl
	}
	var m map[string]any
	if _, err := toml.Decode(block, &m); err != nil {
		return err
	}
	want, agents := d.want()
	want["agents"] = append(agents, m["agents"].([]map[string]any)...)
	return d.apply(d.splice(at, at, block), want)
}

func (d *Doc) removeAgent(i int) error {
	e := d.entries[i]
	start := d.stmts[e.header].start
	// The comment lines right above the header describe the entry, when a
	// blank line (or the file's start) sets them apart from what is above.
	j := e.header - 1
	for j >= 0 && d.stmts[j].kind == stmtTrivia && !d.blank(j) {
		j--
	}
	if j < 0 || d.blank(j) {
		start = d.stmts[j+1].start
	}
	// Up to the last line that holds a setting; trailing comments may be
	// about what follows.
	end := d.stmts[e.header].end
	for k := e.end - 1; k > e.header; k-- {
		if d.stmts[k].kind != stmtTrivia {
			end = d.stmts[k].end
			break
		}
	}
	// One blank line before goes too, so no gap is left doubled.
	if j >= 0 && d.blank(j) && start == d.stmts[j+1].start {
		start = d.stmts[j].start
	} else if end < len(d.src) && e.end > 0 {
		for k := e.header + 1; k < len(d.stmts); k++ {
			if d.stmts[k].start == end && d.blank(k) {
				end = d.stmts[k].end
				break
			}
		}
	}
	want, agents := d.want()
	agents = append(agents[:i:i], agents[i+1:]...)
	if len(agents) == 0 {
		delete(want, "agents")
	} else {
		want["agents"] = agents
	}
	return d.apply(d.splice(start, end, ""), want)
}
