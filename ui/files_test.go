package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	bad "github.com/parley-a2a/parley/internal/hostile"
)

func TestSafeFileName(t *testing.T) {
	for in, want := range map[string]string{
		"report.pdf":              "report.pdf",
		"../../etc/passwd":        "_._etc_passwd",
		"/etc/passwd":             "_etc_passwd",
		`C:\Windows\win.ini`:      "C__Windows_win.ini",
		"..":                      "download",
		"...":                     "download",
		"":                        "download",
		"   ":                     "download",
		".bashrc":                 "bashrc",
		"file..txt":               "file.txt",
		"CON":                     "_CON",
		"con.txt":                 "_con.txt",
		"Com1.log":                "_Com1.log",
		"lpt9":                    "_lpt9",
		"COM¹":                    "_COM¹",
		"CONOUT$":                 "_CONOUT$",
		"console.txt":             "console.txt",
		"nul .txt":                "_nul .txt",
		"a\x00b\x1b[31mc\x07d":    "abcd",
		"evil\u202etxt.exe":       "eviltxt.exe",
		"zero\u200bwidth":         "zerowidth",
		"a\u0085b\u009b31mc":      "abc",
		"name" + bad.Evil + ".sh": "name" + bad.EvilPlain + ".sh",
		"what?*<>|\":x":           "what_______x",
		"trailing. . ":            "trailing",
		"\xff\xfe.bin":            "\ufffd\ufffd.bin",
	} {
		if got := safeFileName(in); got != want {
			t.Errorf("safeFileName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSafeFileNameLong(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("é", 300) + ".pdf",
		strings.Repeat("a", 1000),
		strings.Repeat("日本", 200) + "." + strings.Repeat("x", 100),
	} {
		got := safeFileName(in)
		if len(got) > maxFileName || !utf8.ValidString(got) {
			t.Errorf("%d bytes, valid UTF-8 %v: %q", len(got), utf8.ValidString(got), got)
		}
		if strings.HasSuffix(in, ".pdf") && !strings.HasSuffix(got, ".pdf") {
			t.Errorf("the extension was lost: %q", got)
		}
	}
}

// Saving never leaves the directory, never overwrites, never follows a
// link planted under the name, and never fetches a link by itself.
func TestSaveFileIn(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) a2aclient.Part {
		return a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: name, Bytes: []byte(content)}}
	}
	var paths []string
	for i, name := range []string{"../../x.sh", "../../x.sh", "/x.sh", "x.sh", "..", bad.Evil} {
		st := saveFileIn(dir, file(name, string(rune('a'+i))))
		if st.IsErr || !strings.HasPrefix(st.Text, "Saved ") {
			t.Fatalf("save %q: %+v", name, st)
		}
		path := strings.TrimSuffix(strings.TrimPrefix(st.Text, "Saved "), ".")
		if filepath.Dir(path) != dir {
			t.Fatalf("%q was saved outside the directory: %s", name, path)
		}
		paths = append(paths, path)
	}
	for i, p := range paths {
		got, err := os.ReadFile(p)
		if err != nil || string(got) != string(rune('a'+i)) {
			t.Errorf("%s holds %q (%v): a save overwrote another", p, got, err)
		}
	}

	target := filepath.Join(t.TempDir(), "target")
	if err := os.Symlink(target, filepath.Join(dir, "planted")); err != nil {
		t.Skip(err)
	}
	st := saveFileIn(dir, file("planted", "x"))
	if _, err := os.Stat(target); err == nil || st.IsErr || strings.HasSuffix(st.Text, "/planted.") {
		t.Errorf("saving followed a planted link: %+v", st)
	}

	link := a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "remote.bin", URI: "http://evil.example/x"}}
	if st := saveFileIn(dir, link); !st.IsErr || !strings.Contains(st.Text, "does not fetch links") {
		t.Errorf("a link-only file: %+v", st)
	}
}

// o with no program to open files saves the file once, however often it
// is pressed, and says in one short sentence that nothing opens it and
// where it is.
func TestOpenFileWithoutOpenerSavesOnce(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", t.TempDir()) // no xdg-open, no open
	p := a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "report.csv", Bytes: []byte("a,b\n")}}
	first := openFileIn(dir, p, "", "xdg-open")
	second := openFileIn(dir, p, first.path, "xdg-open")
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("%d copies saved, want 1: %v", len(entries), entries)
	}
	want := "No program to open files was found; the file is in " + filepath.Join(dir, "report.csv") + "."
	for _, m := range []fileOpenedMsg{first, second} {
		if m.status.Text != want || !m.status.IsErr {
			t.Errorf("status %q, want %q", m.status.Text, want)
		}
		if m.path != filepath.Join(dir, "report.csv") || m.key != partKey(p) {
			t.Errorf("opened %+v", m)
		}
	}
	// A copy the user deleted is saved again.
	os.Remove(first.path)
	if third := openFileIn(dir, p, first.path, "xdg-open"); third.path != first.path {
		t.Errorf("a deleted copy was not saved again: %+v", third)
	}
}
