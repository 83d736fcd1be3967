package dialog

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// PromptKind says what a modal prompt asks for.
type PromptKind int

const (
	PromptText    PromptKind = iota // a line of text
	PromptSecret                    // a masked credential
	PromptConfirm                   // y or n
	PromptPath                      // a file path, with tab completion
)

// Prompt is a modal dialog over the main screen. Its onDone runs when the
// user answers; esc cancels without calling it.
type Prompt struct {
	kind   PromptKind
	title  string
	body   []string // lines of explanation above the input
	input  textinput.Model
	onDone func(value string) tea.Cmd
	err    string
	keys   *keys.Map // the user's; nil for the default layout
	w      int       // the screen's width (SetSize)
	// ctl, when set, drives a prompt that asks more than one thing (the
	// sign-in): it sees keys before the input and draws body and note.
	ctl controller
}

// PromptID names every prompt on the overlay: the UI asks one question
// at a time, and what a prompt's command sends back goes to the
// topmost.
const PromptID = "prompt"

// controller drives a multi-step prompt.
type controller interface {
	// handleKey returns handled=false to let the input have the key.
	handleKey(p *Prompt, msg tea.KeyPressMsg) (cmd tea.Cmd, done, handled bool)
	// update takes a message of the controller's own commands;
	// handled=false when it is not one.
	update(p *Prompt, msg tea.Msg) (cmd tea.Cmd, done, handled bool)
	lines() []string
	note(p *Prompt) string
	wantsInput() bool
}

// NewPrompt builds a prompt with the user's keys (nil for the default
// layout).
func NewPrompt(st *styles.Styles, km *keys.Map, kind PromptKind, title string, body []string, initial string, onDone func(string) tea.Cmd) *Prompt {
	in := newInput(st, "> ")
	in.SetValue(initial)
	in.CursorEnd()
	in.CharLimit = 4096
	if kind == PromptSecret {
		in.EchoMode = textinput.EchoPassword
		in.EchoCharacter = '•'
	}
	return &Prompt{kind: kind, title: title, body: body, input: in, onDone: onDone, keys: km}
}

// newInput is a focused one-line input in the theme's colours, as the
// prompts and the conversations filter use.
func newInput(st *styles.Styles, promptText string) textinput.Model {
	in := textinput.New()
	in.Prompt = promptText
	s := textinput.DefaultStyles(st.Theme.Dark)
	s.Focused.Prompt = st.Accent
	s.Focused.Text = st.Text
	// A drawn cursor that blinks redraws the screen twice a second for
	// as long as the dialog waits; a steady one costs nothing at idle.
	s.Cursor.Blink = false
	in.SetStyles(s)
	in.Focus()
	return in
}

// Full is false: a prompt sits over the screen.
func (p *Prompt) Full() bool { return false }

func (p *Prompt) ID() string { return PromptID }

// SetSize takes the screen's size; the prompt's box is as wide as fits.
func (p *Prompt) SetSize(w, _ int) { p.w = w }

// Update takes a key, the matches of a path being completed, or what the
// controller's commands send back; anything else (a paste, the cursor's
// blink) goes to the input. It closes the prompt (component.Close) when
// it is answered or cancelled.
func (p *Prompt) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	var cmd tea.Cmd
	done := false
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd, done = p.handleKey(msg)
	case pathMatchesMsg:
		p.applyMatches(msg)
	case tea.MouseMsg:
		// The mouse does nothing in a prompt.
	default:
		handled := false
		if p.ctl != nil {
			cmd, done, handled = p.ctl.update(p, msg)
		}
		if d, ok := msg.(component.Droppable); ok && !handled {
			d.Drop() // news for a controller that is not this one
		} else if !handled {
			p.input, cmd = p.input.Update(msg)
		}
	}
	if done {
		return cmd, component.Close{}
	}
	return cmd, nil
}

// handleKey returns done=true when the prompt should close.
func (p *Prompt) handleKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	if p.ctl != nil {
		if cmd, done, handled := p.ctl.handleKey(p, msg); handled {
			return cmd, done
		}
	}
	km := keys.Or(p.keys)
	k := km.Dialog
	switch {
	case key.Matches(msg, k.Cancel):
		return nil, true
	case key.Matches(msg, k.Confirm):
		if p.kind == PromptConfirm {
			return nil, true
		}
		return p.onDone(p.input.Value()), true
	case p.kind == PromptPath && key.Matches(msg, km.Composer.Complete):
		return p.complete(), false
	}
	if p.kind == PromptConfirm {
		switch {
		case key.Matches(msg, k.Yes):
			return p.onDone("y"), true
		case key.Matches(msg, k.No):
			return nil, true
		}
		return nil, false
	}
	var c tea.Cmd
	p.input, c = p.input.Update(msg)
	return c, false
}

// pathMatchesMsg carries the entries that match a typed path, read in
// the background; typed is what they were read for, so an answer for
// text the user has since changed is dropped.
type pathMatchesMsg struct {
	typed   string
	matches []string
}

func (pathMatchesMsg) To() string { return PromptID }

func (pathMatchesMsg) Redraws() component.Redraw { return component.RedrawAll }

// complete lists, in a command, the directory entries that match the
// typed path; applyMatches then completes it as a shell does.
func (p *Prompt) complete() tea.Cmd {
	typed := p.input.Value()
	return func() tea.Msg {
		dir, base := filepath.Split(ExpandHome(typed))
		if dir == "" {
			dir = "."
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return pathMatchesMsg{typed: typed}
		}
		var matches []string
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), base) {
				name := e.Name()
				if e.IsDir() {
					name += string(filepath.Separator)
				}
				matches = append(matches, name)
			}
		}
		sort.Strings(matches)
		return pathMatchesMsg{typed: typed, matches: matches}
	}
}

// applyMatches extends the typed path to the longest common prefix of
// the matches and lists them when there are several.
func (p *Prompt) applyMatches(msg pathMatchesMsg) {
	if p.kind != PromptPath || msg.typed != p.input.Value() || len(msg.matches) == 0 {
		return
	}
	matches := msg.matches
	common := matches[0]
	for _, m := range matches[1:] {
		for !strings.HasPrefix(m, common) {
			common = common[:len(common)-1]
		}
	}
	prefix, _ := filepath.Split(msg.typed)
	p.input.SetValue(prefix + common)
	p.input.CursorEnd()
	if len(matches) > 1 {
		p.err = strings.Join(matches[:min(len(matches), 6)], "  ")
	} else {
		p.err = ""
	}
}

// View draws the dialog box for a screen p.w cells wide.
func (p *Prompt) View(st *styles.Styles) string {
	w := min(p.w-4, 72)
	km := keys.Or(p.keys)
	inner := w - 4
	body, showInput := p.body, p.kind != PromptConfirm
	if p.ctl != nil {
		body, showInput = p.ctl.lines(), p.ctl.wantsInput()
	}
	var lines []string
	for _, l := range body {
		// Bodies quote agents and config files (task ids, names, URIs).
		lines = append(lines, styles.WrapPlain(termsafe.Clean(l), inner)...)
	}
	if len(lines) > 0 && (p.ctl == nil || showInput) {
		lines = append(lines, "")
	}
	d := km.Dialog
	note := keys.JoinNotes(keys.Note(d.Confirm, ""), keys.Note(d.Cancel, ""))
	switch p.kind {
	case PromptConfirm:
		note = keys.JoinNotes(keys.Note(d.Yes, ""), keys.Note(d.No, ""))
	case PromptPath:
		note = keys.JoinNotes(keys.Note(km.Composer.Complete, "complete"), keys.Note(d.Confirm, "attach"), keys.Note(d.Cancel, ""))
	}
	if p.ctl != nil {
		note = p.ctl.note(p)
	}
	if showInput {
		p.input.SetWidth(inner - 3)
		lines = append(lines, p.input.View())
	}
	if p.err != "" {
		lines = append(lines, st.Muted.Render(styles.Clip(p.err, inner)))
	}
	content := lipgloss.NewStyle().Padding(0, 1).Render(strings.Join(lines, "\n"))
	return styles.Box(st, p.title, note, content, w, len(lines)+2, true)
}

// ExpandHome is a typed path as the user means it: ~/ is the home
// directory.
func ExpandHome(p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[2:])
		}
	}
	return p
}
