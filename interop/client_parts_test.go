package interop

import (
	"net/http"
	"reflect"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// Parts other than text, and the auth-required state, on every binding:
// streamed and fetched again, each part must come back as the agent sent
// it, whatever the wire shape (v0.3 wrapped file and data parts, v1.0
// flat raw and data, gRPC bytes and Struct).

func TestClientDataFileAuthParts(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)

			// data: one artifact holding one data part.
			task := clStreamTask(t, c, scenarioData)
			clWant(t, "data state", task.Status.State, a2aclient.StateCompleted)
			p := clOnlyPart(t, task, dataArtifactName)
			clWant(t, "data kind", p.Kind, a2aclient.PartData)
			if !reflect.DeepEqual(p.Data, any(dataValue())) {
				t.Errorf("data = %#v, want %#v", p.Data, dataValue())
			}

			// file: inline bytes with their name and media type.
			task = clStreamTask(t, c, scenarioFile)
			p = clOnlyPart(t, task, fileArtifactName)
			clWant(t, "file kind", p.Kind, a2aclient.PartFile)
			if p.File == nil {
				t.Fatal("file part without a file")
			}
			clWant(t, "file bytes", string(p.File.Bytes), fileContent)
			clWant(t, "file name", p.File.Name, fileName)
			clWant(t, "file media type", p.File.MimeType, fileMime)
			// The same bytes when the task is fetched again.
			again, err := c.Get(clCtx(t), task.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			if q := clOnlyPart(t, *again, fileArtifactName); q.File == nil || string(q.File.Bytes) != fileContent {
				t.Errorf("file from get = %+v", q.File)
			}

			// auth: the task waits for the user to sign in, saying why.
			task = clStreamTask(t, c, scenarioAuth)
			clWant(t, "auth state", task.Status.State, a2aclient.StateAuthRequired)
			clWant(t, "auth text", task.Status.Message.Text(), authText)
		})
	}
}

// clStreamTask streams one message and returns the task it built.
func clStreamTask(t *testing.T, c *a2aclient.Client, text string) a2aclient.Task {
	t.Helper()
	st, err := c.Stream(clCtx(t), clSay(text))
	if err != nil {
		t.Fatal(err)
	}
	var tr a2aclient.Tracker
	clDrain(t, st, &tr)
	return tr.Task()
}

// clOnlyPart returns the single part of the artifact named name.
func clOnlyPart(t *testing.T, task a2aclient.Task, name string) a2aclient.Part {
	t.Helper()
	for _, a := range task.Artifacts {
		if a.Name == name {
			if len(a.Parts) != 1 {
				t.Fatalf("artifact %s has %d parts, want 1", name, len(a.Parts))
			}
			return a.Parts[0]
		}
	}
	t.Fatalf("no artifact %s among %+v", name, task.Artifacts)
	return a2aclient.Part{}
}

// Headers go out as gRPC metadata, and the A2A-Extensions header also
// under the key v0.3 servers read (x-a2a-extensions).
func TestGRPCHeadersAsMetadata(t *testing.T) {
	t.Parallel()
	const ext = "https://example.com/ext/v1"
	for _, tg := range clTargetsOf(startGRPCGoV2(t), startGRPCGoV03(t)) {
		t.Run(tg.Name, func(t *testing.T) {
			o := clOptions(tg)
			o.Headers = http.Header{"A2a-Extensions": {ext}, "X-Team": {"parley"}}
			c := clClientWith(t, tg, o)
			before := len(tg.Peer.grpc.metadata())
			if _, err := c.Send(clCtx(t), clSay(scenarioMessage)); err != nil {
				t.Fatal(err)
			}
			mds := tg.Peer.grpc.metadata()[before:]
			if len(mds) != 1 {
				t.Fatalf("%d calls, want 1", len(mds))
			}
			md := mds[0]
			keys := []string{"a2a-extensions", "x-team"}
			if tg.Dialect == a2aclient.DialectV03GRPC {
				keys = append(keys, "x-a2a-extensions")
			}
			for _, k := range keys {
				if v := md.Get(k); len(v) != 1 || (v[0] != ext && v[0] != "parley") {
					t.Errorf("metadata %s = %q", k, v)
				}
			}
			if v := md.Get("a2a-version"); tg.Dialect == a2aclient.DialectV10GRPC && (len(v) != 1 || v[0] != "1.0") {
				t.Errorf("a2a-version = %q, want 1.0 over v1.0", v)
			}
		})
	}
}

// An ADK-style tool call (a data part marked "adk_type": "function_call")
// comes back as a tool part on every binding, a2a-go's gRPC included, and
// a fetched task says the same as the stream.
func TestClientToolPartsOnEveryBinding(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := clClient(t, tg)
			task := clStreamTask(t, c, scenarioTool)
			clWant(t, "tool state", task.Status.State, a2aclient.StateCompleted)
			for _, p := range []a2aclient.Part{clOnlyPart(t, task, toolArtifactName), clFetchedPart(t, c, task.ID, toolArtifactName)} {
				clWant(t, "tool kind", p.Kind, a2aclient.PartTool)
				tool, ok := a2aclient.ToolOf(p)
				if !ok || tool.Phase != a2aclient.ToolCall || tool.Name != "get_weather" || !reflect.DeepEqual(tool.Args, toolCall()["args"]) {
					t.Errorf("tool = %+v (%v), want get_weather called with %v", tool, ok, toolCall()["args"])
				}
			}
		})
	}
}

// clFetchedPart fetches the task again and returns the single part of its
// artifact named name.
func clFetchedPart(t *testing.T, c *a2aclient.Client, taskID, name string) a2aclient.Part {
	t.Helper()
	again, err := c.Get(clCtx(t), taskID, nil)
	if err != nil {
		t.Fatal(err)
	}
	return clOnlyPart(t, *again, name)
}
