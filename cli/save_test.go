package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// An agent's file name never leaves the directory, hides, drives the
// terminal, names a device, or outgrows the file system.
func TestSafeNameHostile(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"report.pdf", "report.pdf"},
		{"../x", "x"},
		{"../../../../etc/passwd", "passwd"},
		{"/etc/passwd", "passwd"},
		{`..\..\windows\system32\cmd.exe`, "cmd.exe"},
		{"..", "fallback"},
		{".", "fallback"},
		{"", "fallback"},
		{".bashrc", "bashrc"},
		{"a\x00b.txt", "ab.txt"},
		{"evil\x1b]52;c;aGk=\x07\x1b[2J.txt", "evil.txt"},
		{"tab\there\nnewline.txt", "tabherenewline.txt"},
		{"CON", "_CON"},
		{"nul.txt", "_nul.txt"},
		{"com1.log", "_com1.log"},
		{"LPT9", "_LPT9"},
		{"console.txt", "console.txt"},
		{`a<b>c:d"e|f?g*h.txt`, "a_b_c_d_e_f_g_h.txt"},
		{"right\u202eto-left.exe", "rightto-left.exe"},
	} {
		if got := safeName(tc.in, "fallback"); got != tc.want {
			t.Errorf("safeName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	long := safeName(strings.Repeat("é", 400)+".pdf", "x")
	if len(long) > maxNameBytes || !strings.HasSuffix(long, ".pdf") || !strings.HasPrefix(long, "é") {
		t.Errorf("long name = %d bytes %q…", len(long), long[:10])
	}
	if !isValidUTF8(long) {
		t.Errorf("long name cut a rune")
	}
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "\ufffd") == s }

// Saving never overwrites, not even through a symbolic link planted
// under the name, and every file lands inside the directory.
func TestSaveFilesNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "target")
	if err := os.WriteFile(outside, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "a.txt")); err != nil {
		t.Fatal(err)
	}
	file := func(name, data string) a2aclient.Part {
		return a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: name, Bytes: []byte(data)}}
	}
	arts := []a2aclient.Artifact{{ID: "x", Parts: []a2aclient.Part{file("a.txt", "one"), file("../a.txt", "two"), file("", "three"),
		{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "remote.bin", URI: "https://example.invalid/remote.bin"}}}}}
	saved, skipped, err := saveFiles(dir, arts)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(outside); string(b) != "keep" {
		t.Errorf("the file behind the link was overwritten: %q", b)
	}
	var names []string
	for _, s := range saved {
		if filepath.Dir(s.Path) != dir {
			t.Errorf("%s is outside %s", s.Path, dir)
		}
		names = append(names, filepath.Base(s.Path))
	}
	if strings.Join(names, "|") != "a (2).txt|a (3).txt|x" || len(skipped) != 1 {
		t.Errorf("saved %q, skipped %q", names, skipped)
	}
}
