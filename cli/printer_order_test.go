package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// summaryOf is the outcome of what p was fed, as send sums it up.
func summaryOf(t *testing.T, p *textPrinter) *session.Summary {
	t.Helper()
	return session.Summarize(p.tracker, a2aclient.DialectV03)
}

func dataArtifact(id string) a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", LastChunk: true,
		Artifact: a2aclient.Artifact{ID: id, Name: id, Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{"n": 1}}}}}}
}

func fileArtifact(id, name string) a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", LastChunk: true,
		Artifact: a2aclient.Artifact{ID: id, Parts: []a2aclient.Part{{Kind: a2aclient.PartFile,
			File: &a2aclient.File{Name: name, MimeType: "text/csv", Bytes: []byte("a,b\n")}}}}}}
}

func statusEvent(st a2aclient.State, text string) a2aclient.Event {
	return a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1",
		Status: a2aclient.TaskStatus{State: st, Message: &a2aclient.Message{Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}}
}

// Data and files are printed where the stream put them: before the
// final state when the agent sent them before it, after it when after.
func TestTextPrinterKeepsTheStreamsOrder(t *testing.T) {
	out, p, feed := fedTextPrinter()
	feed(statusEvent(a2aclient.StateWorking, "On it"))
	feed(textChunk("a", "Here:", false))
	feed(dataArtifact("table"))
	feed(fileArtifact("f", "out.csv"))
	feed(statusEvent(a2aclient.StateCompleted, "Done"))
	p.finish(summaryOf(t, p), "AGENT")
	want := "[working] On it\nHere:\n" +
		"[data] table: {\"n\":1}\n" +
		"[file] out.csv (text/csv, 4 bytes)\n" +
		"[completed] Done\n"
	if out.String() != want {
		t.Fatalf("printed\n%s\nwant\n%s", out.String(), want)
	}

	out, p, feed = fedTextPrinter()
	feed(statusEvent(a2aclient.StateCompleted, "Done"))
	feed(dataArtifact("late"))
	p.finish(summaryOf(t, p), "AGENT")
	want = "[completed] Done\n[data] late: {\"n\":1}\n"
	if out.String() != want {
		t.Fatalf("printed\n%s\nwant\n%s", out.String(), want)
	}
}

// A file line says how to save it when the command can, once a send.
func TestTextPrinterSaysHowToSaveOnce(t *testing.T) {
	out, p, feed := fedTextPrinter()
	p.saveHint = "save with --output-dir DIR"
	feed(fileArtifact("f1", "a.csv"))
	feed(fileArtifact("f2", "b.csv"))
	feed(statusEvent(a2aclient.StateCompleted, "Done"))
	p.finish(summaryOf(t, p), "AGENT")
	want := "[file] a.csv (text/csv, 4 bytes) (save with --output-dir DIR)\n" +
		"[file] b.csv (text/csv, 4 bytes)\n" +
		"[completed] Done\n"
	if out.String() != want {
		t.Fatalf("printed\n%s\nwant\n%s", out.String(), want)
	}
}

// parley send of the demo's itinerary: its data and file before the
// state the agent sent after them, and how to save the file, unless
// --output-dir saves it.
func TestSendItineraryInTheStreamsOrder(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("send", base, "Show me the itinerary data")
	wantCode(t, r, exitOK)
	data, file, done := strings.Index(r.stdout, "[data] itinerary"), strings.Index(r.stdout, "[file] itinerary.csv"), strings.Index(r.stdout, "[completed]")
	if data < 0 || file < data || done < file {
		t.Errorf("not in the stream's order:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "[file] itinerary.csv (text/csv, 121 bytes) (save with --output-dir DIR)\n") || strings.Count(r.stdout, "save with") != 1 {
		t.Errorf("the file line does not say how to save it, once:\n%s", r.stdout)
	}
	r = e.run("send", base, "Show me the itinerary data", "--output-dir", filepath.Join(t.TempDir(), "out"))
	wantCode(t, r, exitOK)
	if strings.Contains(r.stdout, "save with") || !strings.Contains(r.stderr, "parley: saved ") {
		t.Errorf("with --output-dir:\nstdout\n%s\nstderr\n%s", r.stdout, r.stderr)
	}
}

// task watch says how to save the task's files: task download.
func TestTaskWatchSaysHowToSave(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", base, "Show me the itinerary data", "--json", "--async")
	task, _ := resultLine(t, r)["taskId"].(string)
	if task == "" {
		t.Fatalf("no task id:\n%s", r.stdout)
	}
	r = e.run("task", "watch", base, task)
	wantCode(t, r, exitOK)
	if want := "[file] itinerary.csv (text/csv, 121 bytes) (save with parley task download " + base + " " + task + ")\n"; !strings.Contains(r.stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
	}
}

// An artifact whose data parts come in chunks gets a line per part, each
// once, as the chunks arrive.
func TestTextPrinterDescribesChunkedPartsOnce(t *testing.T) {
	out, p, feed := fedTextPrinter()
	feed(dataArtifact("rows"))
	more := dataArtifact("rows")
	more.Artifact.Append = true
	more.Artifact.Artifact.Parts[0].Data = map[string]any{"n": 2}
	feed(more)
	feed(statusEvent(a2aclient.StateCompleted, "Done"))
	p.finish(summaryOf(t, p), "AGENT")
	want := "[data] rows: {\"n\":1}\n[data] rows: {\"n\":2}\n[completed] Done\n"
	if out.String() != want {
		t.Fatalf("printed\n%s\nwant\n%s", out.String(), want)
	}
}
