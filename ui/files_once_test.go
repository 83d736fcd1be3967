package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
)

// s then o (or s twice) keeps one copy of a file: the one saved is
// found again by its content. Both say where it is the same way, from
// the home folder. s then o wrote itinerary.csv, "itinerary (1).csv"
// and "(2)", and said "/home/…/Downloads/…" and "~/Downloads/…" (issue
// 32, item 11).
func TestSaveThenOpenKeepsOneCopy(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PATH", t.TempDir()) // no program to open files
	dir := filepath.Join(home, "Downloads")
	p := a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "itinerary.csv", Bytes: []byte("a,b\n")}}
	saved := saveFileIn(dir, p)
	again := saveFileIn(dir, p)
	opened := openFileIn(dir, p, "", "xdg-open")
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("%d copies saved, want 1: %v", len(entries), entries)
	}
	shown := filepath.Join("~", "Downloads", "itinerary.csv")
	for _, c := range []struct{ got, want string }{
		{saved.Text, "Saved " + shown + "."},
		{again.Text, "Already saved: " + shown + "."},
		{opened.status.Text, "No program to open files was found; the file is in " + shown + "."},
	} {
		if c.got != c.want {
			t.Errorf("status %q, want %q", c.got, c.want)
		}
	}
	if opened.path != filepath.Join(dir, "itinerary.csv") {
		t.Errorf("opened %q", opened.path)
	}
	// Another file of the same name is kept beside it, not over it.
	other := a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "itinerary.csv", Bytes: []byte("c,d\n")}}
	if st := saveFileIn(dir, other); st.Text != "Saved "+filepath.Join("~", "Downloads", "itinerary (1).csv")+"." {
		t.Errorf("another file of the name: %q", st.Text)
	}
}

// A missing program to open links is said in parley's words, with the
// link, not as Go's exec error.
func TestOpenLinkWithoutOpenerSaysSo(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), OpenURL: func(string) error {
		return &exec.Error{Name: "xdg-open", Err: exec.ErrNotFound}
	}})
	msg := m.openLink("http://127.0.0.1:4242/demo-auth")()
	st, ok := msg.(component.StatusMsg)
	want := "No program to open links is installed; the link is http://127.0.0.1:4242/demo-auth."
	if !ok || st.Text != want {
		t.Fatalf("status %+v, want %q", msg, want)
	}
}

// The downloads folder is the config's when it names one, else the XDG
// user directory (XDG_DOWNLOAD_DIR, user-dirs.dirs), else ~/Downloads.
func TestDownloadsFolderFromConfig(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Downloads: "/srv/files"})
	if got := m.downloadsDir(); got != "/srv/files" {
		t.Fatalf("downloads %q", got)
	}
}
