// The agents pane's card: what the selected agent's card says, cut to
// the lines the pane has.

package panes

import (
	"errors"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// cardRoom is how much of a card the pane shows: the compact card beside
// the chat, or the expanded one (agents.expand) with room for every
// example.
type cardRoom struct {
	about, caps          int // lines of the description, of capabilities
	skillAbout, examples int // lines of a skill's description, examples
	modes                bool
	nameOnly             bool // a skill's name and tags, no more
}

// The compact card keeps its head short so that skills, what a user
// comes to the card for, get the lines.
var (
	compactCard  = cardRoom{about: 2, caps: 1, skillAbout: 2, examples: 2}
	expandedCard = cardRoom{about: 8, caps: 2, skillAbout: 6, examples: 10, modes: true}
	// What the skills besides the one e uses give up to all show.
	briefSkill    = cardRoom{skillAbout: 1}
	nameOnlySkill = cardRoom{nameOnly: true}
)

// card summarizes the agent: description, provider, capabilities,
// security, and skills with their examples. A card is the agent's to
// write and may be huge; it is drawn every frame, so only what fits in
// budget lines is built, and each text is cut to what its lines can show
// before it is cleaned and wrapped. Skills left out are counted in a note.
// current says the chat talks to this agent; a card shown for another
// (the cursor moved) says how to talk to it.
func (p *Agents) card(e *Entry, budget int, current bool) []string {
	w := max(p.w, 10)
	if e.Status == session.AgentFailed {
		if name, ok := e.MissingVariable(); ok {
			return styles.WrapPlain(p.st.Error.Render(styles.AgentFlagSecurity+" ")+fmt.Sprintf("Needs you to sign in: the environment variable %s is not set. %s signs in here; or export it and restart parley.", termsafe.Line(name), p.keys.Select.Help().Key), w)
		}
		out := styles.WrapPlain(p.st.Error.Render("✗ ")+styles.NoTicks.Replace(termsafe.Line(e.Err.Error())), w)
		var ue *a2aclient.UnverifiedCardError
		if errors.As(e.Err, &ue) {
			out = append(out, styles.WrapStyle(p.st.Muted, ue.Hint(), w, 3)...)
		}
		return out
	}
	if e.Client == nil {
		return []string{p.st.Muted.Render("fetching card…")}
	}
	room := compactCard
	if p.expanded {
		room = expandedCard
	}
	a := e.Client.Agent()
	var out []string
	name := p.st.Bold.Render(styles.CardText(a.Name, w, 1))
	if !current {
		name += p.st.Muted.Render(" · " + p.keys.Select.Help().Key + " to use")
	}
	out = append(out, styles.Clip(name, w))
	// The head gives way to the skills, what a user comes to the card
	// for: a blank line, their heading and a skill (or the count of them)
	// always show, however many agents the list above holds.
	head := budget
	if len(a.Skills) > 0 {
		head = max(budget-3, 1)
	}
	// The description gets the lines the head has left below the name,
	// so that where it is cut its last line says so with "…".
	if about := min(room.about, head-len(out)); a.Description != "" && about > 0 {
		out = append(out, styles.WrapStyled(styles.InlineMarkdown(styles.CardText(a.Description, w, about), p.st.Text, p.st.Key), "", w, about)...)
	}
	meta := []string{e.Client.Dialect().Label()}
	if a.Version != "" {
		meta = append(meta, "v"+styles.CardText(a.Version, w, 1))
	}
	if a.Provider != nil && a.Provider.Organization != "" {
		meta = append(meta, styles.CardText(a.Provider.Organization, w, 1))
	}
	out = append(out, styles.WrapStyle(p.st.Muted, strings.Join(meta, " · "), w, 2)...)
	out = append(out, p.signatureLines(a.Signature, w)...)
	if caps := capabilityList(a.Capabilities); caps != "" {
		out = append(out, styles.WrapStyle(p.st.Muted, caps, w, room.caps)...)
	}
	keep := len(out)
	asked, confirmed := e.Client.Extensions(), e.Client.ActivatedExtensions()
	exts := a.Capabilities.Extensions
	// Each draws a line at least: those past the head's room are not drawn.
	ends := p.extensionEnds(exts[:min(len(exts), max(head-len(out), 0))], asked, confirmed, w)
	for i, x := range exts {
		if len(out) >= head {
			out = p.cutNote(out, keep, head, len(exts)-i, "extension", "extensions")
			break
		}
		out = append(out, p.extensionLine(x, asked, confirmed, w, ends[i])...)
	}
	keep = len(out)
	for i, s := range a.SecuritySchemes {
		if len(out) >= head {
			out = p.cutNote(out, keep, head, len(a.SecuritySchemes)-i, "security scheme", "security schemes")
			break
		}
		out = append(out, p.st.Warning.Render(styles.Clip(styles.AgentFlagSecurity+" "+schemeLabel(s), w)))
	}
	if req := requirementLine(a.Security); req != "" && len(out) < head {
		out = append(out, p.st.Muted.Render(styles.Clip("  needs "+req, w)))
	}
	out = out[:min(len(out), head)]
	if len(a.Skills) > 0 {
		out = append(out, "", p.st.Accent.Render(styles.Clip("Skills · "+e.Label(), w)))
	}
	p.skillTop = min(p.skillTop, max(len(a.Skills)-1, 0))
	if p.skillTop > 0 && budget-len(out) <= 2 {
		return append(out, p.pagedSkills(a.Skills, w, budget-len(out))...)
	}
	if p.skillTop > 0 {
		out = append(out, p.st.Muted.Render(styles.Clip(fmt.Sprintf("↑ %d earlier · %s", p.skillTop, p.keys.SkillsUp.Help().Key), w)))
	}
	keep = len(out)
	// Each skill's first line, to count those the note hides: a skill
	// that began above the budget may end below it, and the note's line
	// can take the title of the one after.
	skills, titles := p.skillSection(a.Skills, p.markedSkill(e), w, room, budget-len(out))
	for i := range titles {
		titles[i] += len(out)
	}
	out = append(out, skills...)
	hidden := len(a.Skills) - p.skillTop - len(titles)
	if hidden > 0 || len(out) > budget {
		cut := max(min(len(out), budget-1), keep)
		for _, t := range titles {
			if t >= cut {
				hidden++
			}
		}
	}
	if hidden > 0 {
		more := " · " + p.keys.SkillsDown.Help().Key
		if hidden == len(a.Skills)-p.skillTop && !p.expanded {
			// No skill has a line: scrolling shows none either, the
			// expanded card's room does.
			more = " · " + keys.FirstKey(p.keys.Expand) + " shows them"
			if p.skillTop == 0 {
				// None has a line: the note's line names the first skill
				// and counts the others, or, too narrow for that, counts
				// them all; it never says "more" above no skill.
				out = out[:max(min(len(out), budget-1), keep)]
				return append(out, p.firstSkillNote(a.Skills, w, more))
			}
		}
		return p.cutNote(out, keep, budget, hidden, "skill"+more, "skills"+more)
	}
	return out
}

// skillSection draws the skills from skillTop on, as many as fit in
// budget lines: the skill e takes its examples from (marked) with the
// card's room, the others with less, the least that lets them all show:
// the card's room, the compact card's, a line of description, the name
// alone; so an expanded card lists its skills, not one at a time. titles
// are the lines the skills begin on.
func (p *Agents) skillSection(skills []a2aclient.Skill, marked, w int, room cardRoom, budget int) (out []string, titles []int) {
	for _, r := range []cardRoom{room, compactCard, briefSkill, nameOnlySkill} {
		out, titles = out[:0], titles[:0]
		for i := p.skillTop; i < len(skills) && len(out) < budget; i++ {
			titles = append(titles, len(out))
			if i == marked {
				out = append(out, p.skillLines(skills[i], w, room, true)...)
			} else {
				out = append(out, p.skillLines(skills[i], w, r, false)...)
			}
		}
		if len(out) <= budget && p.skillTop+len(titles) == len(skills) {
			break // every skill shows
		}
	}
	return out, titles
}

// skillLines draws one skill: its name and tags, its description as
// inline Markdown, its example prompts (those that fit the room, then a
// count), its modes when expanded, and what it needs to sign in.
func (p *Agents) skillLines(s a2aclient.Skill, w int, room cardRoom, marked bool) []string {
	title := styles.SkillBullet + " " + styles.CardText(s.Name, w, 1)
	if marked {
		title += p.st.Key.Render(" · " + keys.FirstKey(p.keys.Example))
	}
	if len(s.Tags) > 0 {
		title += "  " + p.st.Muted.Render(styles.CardText(strings.Join(cutAll(s.Tags, w), ", "), w, 1))
	}
	out := []string{styles.Clip(title, w)}
	if room.nameOnly {
		return out
	}
	if s.Description != "" && room.skillAbout > 0 {
		out = append(out, styles.WrapStyled(styles.InlineMarkdown(styles.CardText(s.Description, w, room.skillAbout), p.st.Muted, p.st.Key), "  ", w, room.skillAbout)...)
	}
	shown := s.Examples[:min(len(s.Examples), room.examples)]
	for _, ex := range shown {
		out = append(out, p.st.String.Render(styles.Clip(`  "`+styles.CardText(ex, w, 1)+`"`, w)))
	}
	if more := len(s.Examples) - len(shown); more > 0 && room.examples > 0 {
		out = append(out, p.st.Muted.Render(styles.Clip(fmt.Sprintf("  … %d more · %s expands", more, keys.FirstKey(p.keys.Expand)), w)))
	}
	if room.modes {
		if modes := modeList(cutAll(s.InputModes, w), cutAll(s.OutputModes, w)); modes != "" {
			out = append(out, p.st.Muted.Render(styles.Clip("  "+styles.CardText(modes, w, 1), w)))
		}
	}
	if req := requirementLine(s.Security); req != "" {
		out = append(out, p.st.Warning.Render(styles.Clip("  ! needs "+req, w)))
	}
	return out
}

// markedSkill is the skill e (agents.example) takes its examples from:
// the first shown (skillTop) that has one, -1 when none has. Drawn every
// frame: it looks at the examples without cleaning them.
func (p *Agents) markedSkill(e *Entry) int {
	if e == nil || e.Client == nil {
		return -1
	}
	skills := e.Client.Agent().Skills
	for i := p.skillTop; i < len(skills); i++ {
		for _, ex := range skills[i].Examples {
			if strings.TrimSpace(ex) != "" {
				return i
			}
		}
	}
	return -1
}

// Example is the next example prompt of the skill marked on the
// selected agent's card, in turn; "" when it lists none.
func (p *Agents) Example() string {
	e := p.Selected()
	i := p.markedSkill(e)
	if i < 0 {
		return ""
	}
	ex := skillExamples(e.Client.Agent().Skills[i])
	if len(ex) == 0 {
		return "" // nothing left once cleaned
	}
	return e.skillExample(i, ex)
}

// cutNote ends a card cut short at budget lines with a note of how many
// items were left out (one or many: the word for each count), as its last line. The note takes the place
// of items of its own section, never of the lines before keep; where the
// section's start does not fit, the note falls below the pane with it.
func (p *Agents) cutNote(out []string, keep, budget, more int, one, many string) []string {
	out = out[:max(min(len(out), budget-1), keep)]
	return append(out, p.st.Muted.Render(styles.Clip(fmt.Sprintf("… %d more %s", more, styles.Pick(more, one, many)), max(p.w, 10))))
}

// firstSkillNote is the one line a skills box has room for: the first
// skill's name with the count of the others and how to show them (the
// key alone when narrow), or the count of them all when the name would
// have under 8 cells.
func (p *Agents) firstSkillNote(skills []a2aclient.Skill, w int, more string) string {
	if len(skills) > 1 {
		key := keys.FirstKey(p.keys.Expand)
		for _, rest := range []string{fmt.Sprintf("  … %d more%s", len(skills)-1, more), fmt.Sprintf("  … %d more · %s", len(skills)-1, key)} {
			if nameW := w - 2 - styles.CellWidth(rest); nameW >= 8 {
				name := styles.Clip(styles.CardText(skills[0].Name, w, 1), nameW)
				return styles.SkillBullet + " " + p.st.Text.Render(name) + p.st.Muted.Render(rest)
			}
		}
	}
	return p.st.Muted.Render(styles.Clip(styles.Plural(len(skills), "skill")+more, max(w, 10)))
}

// pagedSkills is a skills box of one or two lines scrolled past its
// first skill: the skill on top on a line, how many come after beside
// it, and how many come before on the line above, or beside it too when
// the box has one line.
func (p *Agents) pagedSkills(skills []a2aclient.Skill, w, lines int) []string {
	if lines <= 0 {
		return nil
	}
	top, after := p.skillTop, len(skills)-p.skillTop-1
	var out, rests []string
	switch {
	case lines >= 2:
		out = append(out, p.st.Muted.Render(styles.Clip(fmt.Sprintf("↑ %d earlier · %s", top, p.keys.SkillsUp.Help().Key), w)))
		if after > 0 {
			rests = []string{fmt.Sprintf("  … %d more · %s", after, p.keys.SkillsDown.Help().Key), fmt.Sprintf("  … %d more", after)}
		}
	case after > 0:
		rests = []string{fmt.Sprintf("  ↑ %d · %d more · %s", top, after, p.keys.SkillsDown.Help().Key), fmt.Sprintf("  ↑ %d · %d more", top, after)}
	default:
		rests = []string{fmt.Sprintf("  ↑ %d earlier · %s", top, p.keys.SkillsUp.Help().Key), fmt.Sprintf("  ↑ %d earlier", top), fmt.Sprintf("  ↑ %d", top)}
	}
	return append(out, p.skillBeside(skills[top], w, rests))
}

// skillBeside is one line: a skill's name and the first of rests that
// leaves the name its width (or 12 cells), else the shortest rest that
// leaves it 8, else the name alone.
func (p *Agents) skillBeside(s a2aclient.Skill, w int, rests []string) string {
	name := styles.CardText(s.Name, w, 1)
	rest := ""
	for i, r := range rests {
		room := w - 2 - styles.CellWidth(r)
		if room >= min(styles.CellWidth(name), 12) || i == len(rests)-1 && room >= 8 {
			rest = r
			break
		}
	}
	name = styles.Clip(name, max(w-2-styles.CellWidth(rest), 1))
	return styles.SkillBullet + " " + p.st.Text.Render(name) + p.st.Muted.Render(rest)
}

// cutAll keeps what of a list of card strings one line of width w could
// show: at most w items, each cut to w cells' worth of bytes.
func cutAll(list []string, w int) []string {
	out := make([]string, 0, min(len(list), w))
	for _, s := range list[:min(len(list), w)] {
		out = append(out, styles.CutBytes(s, w*4))
	}
	return out
}

func capabilityList(c a2aclient.Capabilities) string {
	var caps []string
	if c.Streaming {
		caps = append(caps, "streaming")
	}
	if c.PushNotifications {
		caps = append(caps, "push")
	}
	if c.StateTransitionHistory {
		caps = append(caps, "history")
	}
	if c.ExtendedCard {
		caps = append(caps, "extended card")
	}
	if c.TaskManagement {
		caps = append(caps, "task management")
	}
	return strings.Join(caps, " · ")
}

func modeList(in, out []string) string {
	if len(in) == 0 && len(out) == 0 {
		return ""
	}
	return termsafe.Line(strings.Join(in, ",")) + " → " + termsafe.Line(strings.Join(out, ","))
}
