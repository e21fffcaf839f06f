package generator

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errspec/errspec/generator/model"
)

func TestDirImportPathReadsModulePath(t *testing.T) {
	for src, want := range map[string]string{
		"module example.com/app\n\ngo 1.26\n":               "example.com/app/apperr",
		"// comment\nmodule   example.com/app // the app\n": "example.com/app/apperr",
		"module \"example.com/quoted\"\n":                   "example.com/quoted/apperr",
		"module\texample.com/tab\n":                         "example.com/tab/apperr",
		"module (\n\texample.com/block\n)\n":                "example.com/block/apperr",
		"go 1.25\ntool example.com/t\nignore ./web\ngodebug default=go1.21\nmodule example.com/late\n": "example.com/late/apperr",
		"modules example.com/not\n": "",
		"go 1.26\n":                 "",
	} {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := dirImportPath(filepath.Join(root, "spec"), "../apperr", []string{"outputs", "go"})
		var errs model.Errors
		switch {
		case want == "" && !errors.As(err, &errs):
			t.Errorf("go.mod %q: dirImportPath = %q, %v, want an error of the catalog", src, got, err)
		case want != "" && (err != nil || got != want):
			t.Errorf("go.mod %q: dirImportPath = %q, %v, want %q", src, got, err, want)
		}
	}
}

func TestGoImportPath(t *testing.T) {
	root := t.TempDir()
	write := func(name, data string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app/go.mod", "module example.com/app\n")
	write("app/internal/catalog/errors.cue", "")
	write("app/testdata/catalog/errors.cue", "")
	write("nomod/catalog/errors.cue", "")
	write("nopath/go.mod", "go 1.26\n")
	t.Chdir(root) // the messages name files from here

	for _, tt := range []struct {
		dir, goDir, given, want, err string
	}{
		{"app/internal/catalog", "../apperr", "", "example.com/app/internal/apperr", ""},
		{"app/internal/catalog", ".", "", "example.com/app/internal/catalog", ""},
		{"app", ".", "", "example.com/app", ""},
		{"app", "gen/errs", "example.com/app/gen/errs", "example.com/app/gen/errs", ""},
		// An import path that is not the one go.mod gives (the module
		// path of a major version, /v2, left out) would make adapters
		// that import a package that is not there.
		{"app", "gen/errs", "example.com/other/errs", "", "in gen/errs has the import path example.com/app/gen/errs, which the go.mod of its module gives it, not example.com/other/errs"},
		// Below testdata, the directory is no package of the module.
		{"app/testdata/catalog", ".", "example.com/other/errs", "example.com/other/errs", ""},
		{"nomod/catalog", ".", "", "", "there is no go.mod in nomod/catalog or above it"},
		{"nomod/catalog", ".", "example.com/given", "example.com/given", ""},
		{"nopath", ".", "", "", "nopath/go.mod declares no module path"},
	} {
		got, err := goImportPath(filepath.Join(root, tt.dir), model.Outputs{GoDir: tt.goDir, GoImportPath: tt.given})
		var errs model.Errors
		switch {
		case tt.err != "" && (!errors.As(err, &errs) || !strings.Contains(err.Error(), tt.err) || errs[0].Fix == ""):
			t.Errorf("%s, %s: error %v, want model.Errors with %q", tt.dir, tt.goDir, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("%s, %s: %q, %v; want %q", tt.dir, tt.goDir, got, err, tt.want)
		}
	}
}

func TestInternalParent(t *testing.T) {
	for _, tt := range []struct {
		path, parent string
		ok           bool
	}{
		{"example.com/app/svc/internal/errs", "example.com/app/svc", true},
		{"example.com/app/internal", "example.com/app", true},
		{"example.com/app/internal/a/internal/b", "example.com/app/internal/a", true},
		{"example.com/app/internals/errs", "", false},
		{"example.com/app/errs", "", false},
		{"internal/errs", "", false},
	} {
		parent, ok := internalParent(tt.path)
		if parent != tt.parent || ok != tt.ok {
			t.Errorf("internalParent(%q) = %q, %v; want %q, %v", tt.path, parent, ok, tt.parent, tt.ok)
		}
	}
}
