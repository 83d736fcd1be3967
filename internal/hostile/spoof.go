package hostile

// Spoof answers like Hostile with Spoofed in place of Evil: in the card
// (name, skills, provider), status messages, artifact names, text, file
// names and types, data keys and values.
const Spoof Mode = "spoof-text"

// Spoofed holds the Unicode an agent can use to deceive without a single
// control character: a right-to-left override that makes "fdp.exe" read
// "exe.pdf", an isolate pair, zero-width space, joiner and no-break
// space (BOM), a word joiner and a left-to-right mark. Terminals draw
// none of them, and disagree about their width.
const Spoofed = "\u202efdp.exe\u2066\u2069 pay\u200bpal\u200d\ufeff\u2060\u200e"

// SpoofedClean is Spoofed with those runes dropped, as body text shows
// it; SpoofedLine is how a one-line name shows it, each rune named.
const (
	SpoofedClean = "fdp.exe paypal"
	SpoofedLine  = "⟨U+202E⟩fdp.exe⟨U+2066⟩⟨U+2069⟩ pay⟨U+200B⟩pal⟨U+200D⟩⟨U+FEFF⟩⟨U+2060⟩⟨U+200E⟩"
)

// Invisibles are the runes of Spoofed none of which may reach a screen.
var Invisibles = []string{"\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff", "\u2060", "\u200e"}
