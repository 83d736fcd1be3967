package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// asParleyEnv makes the test binary run as parley itself (TestMain), so
// a shell can call it back to complete words.
const asParleyEnv = "PARLEY_TEST_AS_PARLEY"

// bashComplete sources `parley completion bash` in a real bash and asks
// it to complete the last word of line; it returns the candidates.
func bashComplete(t *testing.T, home, line string) []string {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash here")
	}
	bin := t.TempDir()
	if err := os.Symlink(os.Args[0], filepath.Join(bin, "parley")); err != nil {
		t.Fatal(err)
	}
	// compopt complains outside a real completion; the rest works.
	script := `source <(parley completion bash) || exit 1
read -ra COMP_WORDS <<<"$LINE"
[[ "$LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
COMP_LINE="$LINE"
COMP_POINT=${#COMP_LINE}
__start_parley
printf '%s\n' "${COMPREPLY[@]}"`
	cmd := exec.Command("bash", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), asParleyEnv+"=1", "LINE="+line,
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_DATA_HOME="+filepath.Join(home, "data"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s%s", err, out, stderr.String())
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			got = append(got, l)
		}
	}
	return got
}

// `source <(parley completion bash)` works in bash, and completing an
// agent completes the configured names.
func TestBashCompletesAgentNames(t *testing.T) {
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "config", "parley"), 0o755); err != nil {
		t.Fatal(err)
	}
	conf := "[[agents]]\nname = \"alpha\"\nurl = \"http://127.0.0.1:4141/\"\n\n[[agents]]\nname = \"beta\"\nurl = \"http://127.0.0.1:4142/\"\n\n[[agents]]\nname = \"another\"\nurl = \"http://127.0.0.1:4143/\"\n"
	if err := os.WriteFile(filepath.Join(home, "config", "parley", "config.toml"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := bashComplete(t, home, "parley send al"); !slices.Equal(got, []string{"alpha"}) {
		t.Errorf("parley send al<TAB> = %q, want alpha", got)
	}
	got := bashComplete(t, home, "parley task get ")
	for _, want := range []string{"alpha", "beta", "another"} {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("parley task get <TAB> = %q, lacks %s", got, want)
		}
	}
	if got := bashComplete(t, home, "parley ca"); !slices.Equal(got, []string{"card"}) {
		t.Errorf("parley ca<TAB> = %q", got)
	}
	if got := bashComplete(t, home, "parley send alpha hi --dia"); !slices.Equal(got, []string{"--dialect"}) {
		t.Errorf("--dia<TAB> = %q", got)
	}
}

// Context ids and the tasks of a conversation complete from the store.
func TestCompleteContextsAndTasks(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", base, "Book a flight to Lisbon", "--json")
	res := resultLine(t, r)
	store := res["storeId"].(float64)
	id := res["taskId"].(string)
	c := e.run("__complete", "contexts", "show", "")
	if !strings.Contains(c.stdout, fmtID(store)+"\t") {
		t.Errorf("context ids: %q", c.stdout)
	}
	c = e.run("__complete", "send", base, "--context", fmtID(store), "--task", "")
	if !strings.Contains(c.stdout, id+"\tinput-required") {
		t.Errorf("tasks of the conversation: %q", c.stdout)
	}
	c = e.run("__complete", "task", "get", base, "")
	if !strings.Contains(c.stdout, id) {
		t.Errorf("tasks of the agent: %q", c.stdout)
	}
	if r := e.run("completion", "tcsh"); r.code != exitUsage {
		t.Errorf("completion tcsh exits %d", r.code)
	}
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		if r := e.run("completion", sh); r.code != exitOK || !strings.Contains(r.stdout, "parley") {
			t.Errorf("completion %s: %d", sh, r.code)
		}
	}
}

func fmtID(f float64) string { return strconv.FormatInt(int64(f), 10) }
