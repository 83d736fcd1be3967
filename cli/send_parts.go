package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// maxAttachment bounds one --file, --data file or piped text: each is
// sent inline (base64 for files) in one request, and agents refuse far
// smaller ones; a file this large belongs on a URL the agent can fetch.
const maxAttachment = 32 << 20

// readStdinText reads the message's text from standard input.
func (r *runner) readStdinText() (string, error) {
	if r.env.Stdin == nil {
		return "", inputf("TEXT is -, but there is no standard input to read it from")
	}
	b, err := io.ReadAll(io.LimitReader(r.env.Stdin, maxAttachment+1))
	if err != nil {
		return "", fmt.Errorf("read the text from standard input: %w", err)
	}
	if len(b) > maxAttachment {
		return "", inputf("the text on standard input is larger than %s; send it as a file the agent can fetch", size(maxAttachment))
	}
	return strings.TrimSuffix(string(b), "\n"), nil
}

// fileParts reads each --file into a file part with its bytes, its base
// name and a MIME type from its extension, else its first bytes. It
// says on stderr what it attaches.
func (r *runner) fileParts(paths []string) ([]a2aclient.Part, error) {
	var parts []a2aclient.Part
	for _, p := range paths {
		b, err := readInput("--file", p)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(p)
		mt := mime.TypeByExtension(strings.ToLower(filepath.Ext(name)))
		if mt == "" {
			mt = http.DetectContentType(b)
		}
		if i := strings.Index(mt, ";"); i >= 0 && !strings.HasPrefix(mt, "text/") {
			mt = mt[:i]
		}
		fmt.Fprintf(r.env.Stderr, "parley: attaching %s (%s, %s)\n", quoteName(name), termsafe.Line(mt), size(int64(len(b))))
		parts = append(parts, a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: name, MimeType: mt, Bytes: b}})
	}
	return parts, nil
}

// dataPart reads --data: inline JSON, or @FILE holding JSON.
func dataPart(arg string) (a2aclient.Part, error) {
	src, what := []byte(arg), "--data"
	if path, ok := strings.CutPrefix(arg, "@"); ok {
		b, err := readInput("--data", path)
		if err != nil {
			return a2aclient.Part{}, err
		}
		src, what = b, "--data @"+quoteName(path)
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	var v any
	if err := dec.Decode(&v); err != nil {
		return a2aclient.Part{}, inputf("%s is not JSON: %s", what, jsonProblem(err))
	}
	if dec.More() {
		return a2aclient.Part{}, inputf("%s holds more than one JSON value; wrap them in an array or an object", what)
	}
	return a2aclient.Part{Kind: a2aclient.PartData, Data: v}, nil
}

// jsonProblem words a JSON syntax error in parley's words (not the
// decoder's), with its position, without echoing the input.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("something unexpected (at byte %d); text in JSON is in double quotes, as in \"hello\", and objects in braces, as in {\"n\": 1}", se.Offset)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "it ends too early"
	}
	return err.Error()
}

// readInput reads a file a flag names, in one clear sentence when it
// cannot.
func readInput(flag, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputf("cannot read %s %s: %s", flag, quoteName(path), fsProblem(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, inputf("cannot read %s %s: it is a directory", flag, quoteName(path))
	}
	b, err := io.ReadAll(io.LimitReader(f, maxAttachment+1))
	if err != nil {
		return nil, inputf("cannot read %s %s: %s", flag, quoteName(path), fsProblem(err))
	}
	if len(b) > maxAttachment {
		return nil, inputf("%s %s is larger than %s, too large to send inline; put it where the agent can fetch it", flag, quoteName(path), size(maxAttachment))
	}
	return b, nil
}

// fsProblem is why a file operation failed, without the path the caller
// already names.
func fsProblem(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or directory"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// quoteName shows a file name the user or an agent gave, safely.
func quoteName(s string) string { return shellQuote(s) }

// size is a byte count for people: 512 B, 12.3 KB, 4.0 MB.
func size(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
