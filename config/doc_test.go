package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// handFile is a config a person wrote: comments everywhere, aligned
// values, an inline table, a multi-line list, a sub-table, literal
// strings, odd spacing.
const handFile = `# parley settings, written by hand
theme = "dusk"   # my favourite

[keys]
quit = ["q", "ctrl+c"]  # both

# The agent at work.
[[agents]]
  name    = "work"          # aligned
  url     = "https://work.example/a2a"
  headers = { X-Team = "parley", Authorization = "env:WORK_AUTH" }
  scopes  = [
    "read",   # reading
    "write",
  ]

[[agents]]
name='home'
url =   'http://127.0.0.1:4141/'
[agents.headers]
X-A = "1"

# trailing words
`

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func readText(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func edit(t *testing.T, p string, fn func(*Doc) error) {
	t.Helper()
	if _, err := Edit(p, fn); err != nil {
		t.Fatal(err)
	}
}

// Saving the config a person wrote, unchanged, changes no byte: before,
// Save re-encoded the whole file, dropping every comment and adding
// max_event_size = 0 and redirect_port = 0 to each agent.
func TestSaveUnchangedKeepsEveryByte(t *testing.T) {
	p := writeConfig(t, handFile)
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := Save(p, cfg); err != nil {
		t.Fatal(err)
	}
	if got := readText(t, p); got != handFile {
		t.Fatalf("an unchanged save rewrote the file:\n%s", got)
	}
}

// Adding an agent appends an entry after the last one and leaves every
// other line as it was; only the settings it has are written.
func TestSaveAppendsOnlyTheNewAgent(t *testing.T) {
	p := writeConfig(t, handFile)
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Agents = append(cfg.Agents, Agent{Name: "new", URL: "http://127.0.0.1:9/"})
	if err := Save(p, cfg); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(handFile, "X-A = \"1\"\n", "X-A = \"1\"\n\n[[agents]]\nname = \"new\"\nurl = \"http://127.0.0.1:9/\"\n", 1)
	if got := readText(t, p); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A renamed agent (same url) is renamed where it stands; an agent left
// out is removed with the comment above it; nothing else moves.
func TestSaveRenamesAndRemovesInPlace(t *testing.T) {
	p := writeConfig(t, handFile)
	cfg, _ := Load(p)
	cfg.Agents = []Agent{cfg.Agents[1]}
	cfg.Agents[0].Name = "house"
	if err := Save(p, cfg); err != nil {
		t.Fatal(err)
	}
	want := `# parley settings, written by hand
theme = "dusk"   # my favourite

[keys]
quit = ["q", "ctrl+c"]  # both

[[agents]]
name="house"
url =   'http://127.0.0.1:4141/'
[agents.headers]
X-A = "1"

# trailing words
`
	if got := readText(t, p); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestDocSetAgentKey(t *testing.T) {
	p := writeConfig(t, handFile)
	edit(t, p, func(d *Doc) error {
		if err := d.SetAgentKey("https://work.example/a2a", "token", "env:WORK_TOKEN"); err != nil {
			return err
		}
		if err := d.SetAgentKey("home", "url", "http://127.0.0.1:4242/"); err != nil {
			return err
		}
		return d.SetAgentKey("work", "auth", "bearer")
	})
	want := strings.Replace(handFile, "    \"write\",\n  ]\n", "    \"write\",\n  ]\n  token = \"env:WORK_TOKEN\"\n  auth = \"bearer\"\n", 1)
	want = strings.Replace(want, "url =   'http://127.0.0.1:4141/'", "url =   \"http://127.0.0.1:4242/\"", 1)
	if got := readText(t, p); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	// A value written as a sub-table becomes one line in the entry.
	edit(t, p, func(d *Doc) error {
		return d.SetAgentKey("home", "headers", map[string]string{"X-B": "2"})
	})
	got := readText(t, p)
	if !strings.Contains(got, "url =   \"http://127.0.0.1:4242/\"\nheaders = { X-B = \"2\" }\n\n# trailing words\n") || strings.Contains(got, "[agents.headers]") {
		t.Fatalf("headers not rewritten in place:\n%s", got)
	}
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if h := cfg.Agents[1].Headers; len(h) != 1 || h["X-B"] != "2" {
		t.Errorf("headers = %v", h)
	}
}

func TestDocListValues(t *testing.T) {
	p := writeConfig(t, handFile)
	edit(t, p, func(d *Doc) error {
		if err := d.AddAgentValues("work", "scopes", "admin", "read"); err != nil {
			return err
		}
		return d.AddAgentValues("home", "scopes", "x", "y")
	})
	got := readText(t, p)
	if !strings.Contains(got, "  scopes  = [\n    \"read\",   # reading\n    \"write\",\n    \"admin\",\n  ]\n") {
		t.Errorf("multi-line list not extended in its layout:\n%s", got)
	}
	if !strings.Contains(got, "url =   'http://127.0.0.1:4141/'\nscopes = [\"x\", \"y\"]\n[agents.headers]\n") {
		t.Errorf("new list not added to the entry's keys:\n%s", got)
	}
	edit(t, p, func(d *Doc) error {
		if err := d.AddAgentValues("home", "scopes", "z"); err != nil {
			return err
		}
		if err := d.RemoveAgentValues("home", "scopes", "x"); err != nil {
			return err
		}
		return d.RemoveAgentValues("work", "scopes", "read")
	})
	got = readText(t, p)
	if !strings.Contains(got, "scopes = [\"y\", \"z\"]\n") {
		t.Errorf("one-line list edits:\n%s", got)
	}
	if !strings.Contains(got, "  scopes  = [\n    \"write\",\n    \"admin\",\n  ]\n") || strings.Contains(got, "# reading") {
		t.Errorf("an element alone on its line should go with its line:\n%s", got)
	}
	// The last element without a trailing comma gets one before a new line.
	p2 := writeConfig(t, "[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1/\"\nscopes = [\n  \"one\"  # last\n]\n")
	edit(t, p2, func(d *Doc) error { return d.AddAgentValues("a", "scopes", "two") })
	if got := readText(t, p2); got != "[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1/\"\nscopes = [\n  \"one\",  # last\n  \"two\",\n]\n" {
		t.Errorf("got:\n%s", got)
	}
}

func TestDocRemoveAgentAndKey(t *testing.T) {
	p := writeConfig(t, handFile)
	edit(t, p, func(d *Doc) error {
		if err := d.RemoveAgentKey("home", "headers"); err != nil {
			return err
		}
		return d.RemoveAgent("work")
	})
	want := `# parley settings, written by hand
theme = "dusk"   # my favourite

[keys]
quit = ["q", "ctrl+c"]  # both

[[agents]]
name='home'
url =   'http://127.0.0.1:4141/'

# trailing words
`
	if got := readText(t, p); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	_, err := Edit(p, func(d *Doc) error { return d.RemoveAgent("nobody") })
	if !errors.Is(err, ErrNoAgent) && (err == nil || !strings.Contains(err.Error(), "no such agent")) {
		t.Errorf("removing an unknown agent = %v", err)
	}
}

// A file with Windows line endings keeps them on every line it gains.
func TestDocKeepsCRLF(t *testing.T) {
	crlf := strings.ReplaceAll(handFile, "\n", "\r\n")
	p := writeConfig(t, crlf)
	edit(t, p, func(d *Doc) error {
		if err := d.AddAgentValues("work", "scopes", "admin"); err != nil {
			return err
		}
		if err := d.SetAgentKey("home", "username", "me"); err != nil {
			return err
		}
		if err := d.AppendAgent(Agent{Name: "n", URL: "http://127.0.0.1:2/", OAuth: OAuth{Scopes: []string{"s"}}}); err != nil {
			return err
		}
		return d.RemoveAgentValues("work", "scopes", "write")
	})
	got := readText(t, p)
	if strings.Count(got, "\n") != strings.Count(got, "\r\n") {
		t.Fatalf("a bare newline crept in:\n%q", got)
	}
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Agents) != 3 || strings.Join(cfg.Agents[0].Scopes, ",") != "read,admin" || cfg.Agents[1].Username != "me" {
		t.Errorf("agents = %+v", cfg.Agents)
	}
	if !strings.HasPrefix(got, strings.Split(crlf, "[[agents]]")[0]) {
		t.Errorf("the lines before the agents changed:\n%q", got)
	}
}

// A value cannot break out of its string: quotes, newlines and control
// characters are escaped, so no edit can add a key or an entry.
func TestDocValueCannotInject(t *testing.T) {
	p := writeConfig(t, handFile)
	evil := "x\"\n[[agents]]\nname = \"evil\"\nurl = \"http://127.0.0.1:6/\"\n#\x1b[2J\u2028"
	edit(t, p, func(d *Doc) error { return d.SetAgentKey("work", "username", evil) })
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Agents) != 2 || cfg.Agents[0].Username != evil {
		t.Fatalf("agents = %+v", cfg.Agents)
	}
	if got := readText(t, p); strings.ContainsRune(got, 0x1b) || strings.ContainsRune(got, '\u2028') {
		t.Errorf("a control character was written raw: %q", got)
	}
}

// An edit whose result parley would not load is refused, and the file
// stays as it was.
func TestEditRefusesAnInvalidResult(t *testing.T) {
	p := writeConfig(t, handFile)
	_, err := Edit(p, func(d *Doc) error { return d.SetAgentKey("work", "token", "hunter2") })
	if err == nil || !strings.Contains(err.Error(), "not saved") {
		t.Fatalf("a literal secret was saved: %v", err)
	}
	if got := readText(t, p); got != handFile {
		t.Errorf("the file changed:\n%s", got)
	}
}

// Agents written as an inline array are not [[agents]] entries: the
// editor says so and writes nothing.
func TestEditRefusesALayoutItCannotEdit(t *testing.T) {
	text := "agents = [ { name = \"a\", url = \"http://127.0.0.1:1/\" } ]\n"
	p := writeConfig(t, text)
	_, err := Edit(p, func(d *Doc) error { return d.AppendAgent(Agent{Name: "b", URL: "http://127.0.0.1:2/"}) })
	if err == nil || !strings.Contains(err.Error(), "edit it by hand") {
		t.Fatalf("err = %v", err)
	}
	if got := readText(t, p); got != text {
		t.Errorf("the file changed: %s", got)
	}
}

// Writing through a symlink writes the file it names; the link stays a
// link, and the file keeps its permissions.
func TestEditWritesThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "parley.toml")
	if err := os.MkdirAll(filepath.Dir(real), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, []byte(handFile), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "parley", "config.toml")
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../dotfiles/parley.toml", link); err != nil {
		t.Fatal(err)
	}
	edit(t, link, func(d *Doc) error { return d.AppendAgent(Agent{Name: "n", URL: "http://127.0.0.1:2/"}) })
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the symlink was replaced: %v %v", fi.Mode(), err)
	}
	st, _ := os.Stat(real)
	if st.Mode().Perm() != 0o640 {
		t.Errorf("mode = %v, want 0640", st.Mode().Perm())
	}
	if got := readText(t, real); !strings.HasPrefix(got, handFile[:len(handFile)-len("\n# trailing words\n")]) || !strings.Contains(got, "name = \"n\"") {
		t.Errorf("target:\n%s", got)
	}
	if entries, _ := os.ReadDir(filepath.Dir(link)); len(entries) != 1 {
		t.Errorf("files beside the link: %v", entries)
	}
}

// A write that fails after its temporary file is written leaves the old
// file whole and no temporary file behind.
func TestEditFailedWriteKeepsTheOldFile(t *testing.T) {
	p := writeConfig(t, handFile)
	var tmp string
	writeHook = func(name string) error {
		tmp = name
		return errors.New("disk gone")
	}
	defer func() { writeHook = nil }()
	_, err := Edit(p, func(d *Doc) error { return d.RemoveAgent("work") })
	if err == nil || !strings.Contains(err.Error(), "disk gone") {
		t.Fatalf("err = %v", err)
	}
	if got := readText(t, p); got != handFile {
		t.Errorf("the old file changed:\n%s", got)
	}
	if tmp == "" {
		t.Fatal("the hook never ran")
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("temporary file left behind: %v", err)
	}
}

// Edits from many writers at once all land: each reads the file as the
// one before left it.
func TestEditConcurrentWritersLoseNothing(t *testing.T) {
	p := writeConfig(t, handFile)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := Edit(p, func(d *Doc) error {
				return d.AddAgentValues("home", "scopes", "s"+string(rune('a'+i)))
			})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(cfg.Agents[1].Scopes); n != 16 {
		t.Errorf("%d of 16 edits landed: %v", n, cfg.Agents[1].Scopes)
	}
}

// A new file, or one with no agents yet, gets a plain layout.
func TestEditNewFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "parley", "config.toml")
	edit(t, p, func(d *Doc) error {
		if err := d.AppendAgent(Agent{Name: "a", URL: "http://127.0.0.1:1/", Headers: Headers{"X-T": "v"}}); err != nil {
			return err
		}
		return d.AppendAgent(Agent{Name: "b", URL: "http://127.0.0.1:2/"})
	})
	want := "[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1/\"\nheaders = { X-T = \"v\" }\n\n[[agents]]\nname = \"b\"\nurl = \"http://127.0.0.1:2/\"\n"
	if got := readText(t, p); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v", st.Mode().Perm())
	}
	p2 := writeConfig(t, "theme = \"dusk\"") // no final newline
	edit(t, p2, func(d *Doc) error { return d.AppendAgent(Agent{Name: "a", URL: "http://127.0.0.1:1/"}) })
	if got := readText(t, p2); got != "theme = \"dusk\"\n\n[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1/\"\n" {
		t.Errorf("got %q", got)
	}
}

// FuzzDoc: on any file parley loads, edits never panic, and an edit that
// succeeds leaves a file parley loads with the change made.
func FuzzDoc(f *testing.F) {
	f.Add(handFile)
	f.Add(strings.ReplaceAll(handFile, "\n", "\r\n"))
	f.Add("[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1/\"\nscopes = [ # c\n\"x\" , 'y',# d\n]\n[agents.headers]\nA = \"b\"\n[keys]\nq = 'q'\n")
	f.Add("[[agents]] # h\nname = \"\"\"a\"\"\"\nurl = '''http://127.0.0.1:1/'''\n\n\n")
	f.Fuzz(func(t *testing.T, s string) {
		cfg, err := Parse("fuzz.toml", []byte(s))
		if err != nil {
			return
		}
		d, err := ParseDoc([]byte(s))
		if err != nil {
			return
		}
		if len(cfg.Agents) == 0 {
			return
		}
		name := cfg.Agents[0].Name
		steps := []func() error{
			func() error { return d.SetAgentKey(name, "username", "u\"\n") },
			func() error { return d.AddAgentValues(name, "scopes", "z", "w") },
			func() error { return d.RemoveAgentValues(name, "scopes", "x", "z") },
			func() error { return d.RemoveAgentKey(name, "headers") },
			func() error { return d.AppendAgent(Agent{Name: "fz-new", URL: "http://127.0.0.1:3/"}) },
			func() error { return d.RemoveAgent(name) },
		}
		for _, step := range steps {
			before := d.Bytes()
			if err := step(); err != nil {
				if string(d.Bytes()) != string(before) {
					t.Fatalf("a failed edit changed the text")
				}
				continue
			}
			if _, err := Parse("fuzz.toml", d.Bytes()); err != nil {
				t.Fatalf("edit left a file parley does not load: %v\n%s", err, d.Bytes())
			}
		}
	})
}
