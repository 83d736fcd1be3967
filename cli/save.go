package cli

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/savefile"
	"github.com/parley-a2a/parley/termsafe"
)

// File artifacts are saved under names the agent chose, so every name is
// hostile until made safe: no directory part (../x, /etc/passwd, a\b), no
// control character or NUL, no name Windows reserves (CON, nul.txt), no
// leading dot (a hidden file, "..") and no more than maxNameBytes. A file
// is never overwritten: the name gets " (2)", " (3)" … until it is new,
// and it is created with O_EXCL, so a symbolic link planted under the
// name is not followed either.

// maxNameBytes keeps a saved name within every file system's limit (255
// bytes), with room for " (99)".
const maxNameBytes = 200

// safeName makes name (an agent's) safe to create in a directory;
// fallback is used when nothing of it is left.
func safeName(name, fallback string) string {
	// Only the last path element, whichever separator the agent used.
	name = strings.ReplaceAll(name, "\\", "/")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	var b strings.Builder
	for _, r := range termsafe.Clean(name) {
		switch {
		case r == utf8.RuneError, unicode.IsControl(r), !unicode.IsPrint(r) && r != ' ':
			continue
		case strings.ContainsRune(`<>:"|?*`, r):
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	name = strings.Trim(b.String(), " .")
	if name == "" {
		name = fallback
	}
	stem, ext := splitExt(name)
	if reservedName(stem) {
		stem = "_" + stem
	}
	if len(stem)+len(ext) > maxNameBytes {
		if len(ext) > 16 {
			ext = ""
		}
		stem = savefile.CutBytes(stem, maxNameBytes-len(ext))
	}
	return stem + ext
}

// splitExt splits "report.final.pdf" into "report.final" and ".pdf".
func splitExt(name string) (string, string) {
	ext := filepath.Ext(name)
	if ext == name || strings.ContainsAny(ext, " ") {
		return name, ""
	}
	return strings.TrimSuffix(name, ext), ext
}

// reservedName reports whether Windows reserves the name (with or
// without an extension): CON, PRN, AUX, NUL, COM0–9, LPT0–9.
func reservedName(stem string) bool {
	s := strings.ToUpper(strings.TrimRight(stem, " ."))
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s = s[:i]
	}
	switch s {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(s) == 4 && (strings.HasPrefix(s, "COM") || strings.HasPrefix(s, "LPT")) {
		c := s[3]
		return c >= '0' && c <= '9'
	}
	return false
}

// checkWritable makes sure files can be created in dir, creating it if
// needed, before anything is sent: a send must not finish only to find
// that its files have nowhere to go.
func checkWritable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return inputf("cannot use --output-dir %s: %s", quoteName(dir), fsProblem(err))
	}
	f, err := os.CreateTemp(dir, ".parley-write-check-*")
	if err != nil {
		return inputf("cannot write files in --output-dir %s: %s", quoteName(dir), fsProblem(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// savedFile is one file artifact written to disk.
type savedFile struct {
	Path     string
	MimeType string
	Size     int
}

// saveFiles writes every file part with bytes in the artifacts to dir,
// each under a new safe name. Files the agent gave only as a URI are
// listed in skipped: parley does not fetch them (the address may be on
// any origin, and fetching it with or without credentials is the
// user's call).
func saveFiles(dir string, artifacts []a2aclient.Artifact) (saved []savedFile, skipped []string, err error) {
	n := 0
	for _, a := range artifacts {
		for _, p := range a.Parts {
			if p.Kind != a2aclient.PartFile || p.File == nil {
				continue
			}
			n++
			f := p.File
			if len(f.Bytes) == 0 && f.URI != "" {
				skipped = append(skipped, f.URI)
				continue
			}
			fallback := cmp.Or(a.Name, a.ID)
			if fallback = safeName(fallback, ""); fallback == "" {
				fallback = fmt.Sprintf("artifact-%d", n)
			}
			path, err := createNew(dir, safeName(f.Name, fallback), f.Bytes)
			if err != nil {
				return saved, skipped, err
			}
			saved = append(saved, savedFile{Path: path, MimeType: f.MimeType, Size: len(f.Bytes)})
		}
	}
	return saved, skipped, nil
}

// createNew writes data to a file named name in dir that did not exist
// before, numbering the name " (2)", " (3)" … until it is new.
func createNew(dir, name string, data []byte) (string, error) {
	stem, ext := splitExt(name)
	path, err := savefile.CreateNew(dir, data, 1, func(i int) string {
		if i > 1 {
			return fmt.Sprintf("%s (%d)%s", stem, i, ext)
		}
		return name
	})
	if errors.Is(err, savefile.ErrAllTaken) {
		return "", fmt.Errorf("save %s: 999 files of that name are there already", quoteName(filepath.Join(dir, name)))
	}
	if err != nil {
		return "", fmt.Errorf("save %s: %s", quoteName(path), fsProblem(err))
	}
	return path, nil
}

// reportSaved says on stderr what was saved and what was not.
func (r *runner) reportSaved(saved []savedFile, skipped []string) {
	for _, s := range saved {
		fmt.Fprintf(r.env.Stderr, "parley: saved %s (%s, %s)\n", quoteName(s.Path), cmp.Or(termsafe.Line(s.MimeType), "no type"), size(int64(s.Size)))
	}
	for _, u := range skipped {
		fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: not saved, the agent gave only an address: "+u))
	}
}
