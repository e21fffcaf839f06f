package gogen_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errspec/errspec"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
	"github.com/errspec/errspec/internal/textsafe"
)

// catalogs returns the directories of the valid catalogs of the
// repository, and of a synthetic catalog.
func catalogs(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob("../../golden/testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	dirs = append(dirs, "../../spec/agenttools", "../../spec/errspec")
	syn := synthtest.Dir(t, 300)
	return append(dirs, syn)
}

// eachRendered calls f with the directory of each valid catalog of
// catalogs that has a Go output, and the files Render writes for it.
func eachRendered(t *testing.T, f func(dir string, out []gogen.Output)) {
	for _, dir := range catalogs(t) {
		if strings.HasPrefix(filepath.Base(dir), "reject_") {
			continue
		}
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		cat, err := load.Dir(dir)
		if err != nil || cat.Model.Outputs.GoPackage == "" {
			continue
		}
		out, err := gogen.Render(cat.Model, files.Notice(cat.Model.Name))
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		f(dir, out)
	}
}

// TestIsFormatted checks that go/format leaves the Go that Render writes
// as it is: parts of a file are formatted apart, which must come to the
// same as formatting the whole.
func TestIsFormatted(t *testing.T) {
	n := 0
	eachRendered(t, func(dir string, out []gogen.Output) {
		for _, f := range out {
			formatted, err := format.Source(f.Data)
			if err != nil {
				t.Errorf("%s/%s: %v", dir, f.Name, err)
				continue
			}
			if !bytes.Equal(formatted, f.Data) {
				t.Errorf("%s/%s: go/format changes it:\n%s", dir, f.Name, firstDiff(f.Data, formatted))
			}
			n++
		}
	})
	t.Logf("%d files checked", n)
	if n < 5 {
		t.Errorf("only %d files checked", n)
	}
}

// TestNoHiddenCharacters checks that the Go that Render writes holds no
// hidden character (textsafe.Hidden) of the catalogs' text, the hostile
// cases' bidirectional controls, zero-width characters and byte order
// marks among them: string literals escape them, comments show them as
// escapes.
func TestNoHiddenCharacters(t *testing.T) {
	eachRendered(t, func(dir string, out []gogen.Output) {
		for _, f := range out {
			if i := strings.IndexFunc(string(f.Data), textsafe.Hidden); i >= 0 {
				line := bytes.Count(f.Data[:i], []byte("\n")) + 1
				t.Errorf("%s/%s:%d holds a hidden character: %q", dir, f.Name, line, f.Data[max(0, i-40):min(len(f.Data), i+10)])
			}
		}
	})
}

// firstDiff shows the first line where a and b differ, with the lines
// around it.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			from, to := max(i-3, 0), min(i+4, len(la), len(lb))
			return "got:\n" + strings.Join(la[from:to], "\n") + "\nformatted:\n" + strings.Join(lb[from:to], "\n")
		}
	}
	return "(the lengths differ)"
}

// TestFieldNumbers checks that the model numbers the error's fields as
// the runtime does: compiled templates carry the number.
func TestFieldNumbers(t *testing.T) {
	runtime := map[string]errspec.Field{
		"code": errspec.FieldCode, "category": errspec.FieldCategory, "message": errspec.FieldMessage,
		"detail": errspec.FieldDetail, "suggestion": errspec.FieldSuggestion, "retryable": errspec.FieldRetryable,
		"retry": errspec.FieldRetry, "retry_after": errspec.FieldRetryAfter, "http_status": errspec.FieldHTTPStatus,
		"docs_url": errspec.FieldDocsURL, "title": errspec.FieldTitle,
	}
	if len(runtime) != len(model.FieldNames) {
		t.Fatalf("the runtime has %d fields, the model %d", len(runtime), len(model.FieldNames))
	}
	for i, name := range model.FieldNames {
		if f, ok := runtime[name]; !ok || int(f) != i {
			t.Errorf("field %s: model %d, runtime %d (%t)", name, i, f, ok)
		}
	}
}
