package generator

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/build/constraint"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/load"
)

// goImporter type-checks the standard library from source, once for the
// whole fuzzing run.
var goImporter = sync.OnceValue(func() types.Importer {
	return importer.ForCompiler(token.NewFileSet(), "source", nil)
})

// FuzzCatalog feeds errspec catalogs built from arbitrary text: each is
// either rejected, every problem at a file:line:col and with a fix, or it
// yields Go that type-checks, on 64-bit and 32-bit platforms alike, with
// the test of its examples where its build constraint keeps it; JSON that encoding/json reads, numbers
// included; and a JSON Schema that compiles. No catalog may make errspec
// fail with an error of its own, which the command reports as an internal
// error to report. The seeds are the catalogs of the golden cases.
func FuzzCatalog(f *testing.F) {
	seeds, _ := filepath.Glob("../golden/testdata/*/*.cue")
	for _, p := range seeds {
		if data, err := os.ReadFile(p); err == nil { // not an editor's lock link
			f.Add(string(data))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		set, err := Generate(dir, Options{})
		var diags load.Diagnostics
		switch {
		case errors.As(err, &diags):
			for _, d := range diags {
				if d.File == "" || d.Line == 0 {
					t.Fatalf("a problem without a position: %s\n--- catalog:\n%s", d, src)
				}
				if d.Fix == "" {
					t.Fatalf("a problem without a fix: %s\n--- catalog:\n%s", d, src)
				}
			}
			return
		case err != nil:
			t.Fatalf("an internal error, not a rejection at a position: %v\n--- catalog:\n%s", err, src)
		}
		var goFiles []*ast.File
		fset := token.NewFileSet()
		for _, file := range set.Files {
			switch {
			case strings.HasSuffix(file.Path, ".go"):
				f, err := parser.ParseFile(fset, file.Path, file.Data, parser.ParseComments)
				if err != nil {
					t.Fatalf("generated Go does not parse: %v", err)
				}
				// The adapters, packages of their own, import modules
				// that only their tests download.
				if filepath.Base(file.Path) != gogen.ErrorsFile && filepath.Base(file.Path) != gogen.ExamplesFile {
					continue
				}
				goFiles = append(goFiles, f)
			case strings.HasSuffix(file.Path, ".json"):
				var v any
				if err := json.Unmarshal(file.Data, &v); err != nil {
					t.Fatalf("encoding/json cannot read the generated %s: %v\n--- catalog:\n%s", filepath.Base(file.Path), err, src)
				}
			}
			if strings.HasSuffix(file.Path, ".schema.json") {
				doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(file.Data))
				if err != nil {
					t.Fatalf("generated JSON Schema is not JSON: %v", err)
				}
				c := jsonschema.NewCompiler()
				if err := c.AddResource("schema.json", doc); err != nil {
					t.Fatal(err)
				}
				if _, err := c.Compile("schema.json"); err != nil {
					t.Fatalf("generated JSON Schema does not compile: %v", err)
				}
			}
		}
		if len(goFiles) > 0 {
			for _, arch := range []string{"amd64", "386"} {
				files := slices.DeleteFunc(slices.Clone(goFiles), func(f *ast.File) bool { return !buildsOn(f, arch) })
				conf := types.Config{Importer: goImporter(), Sizes: types.SizesFor("gc", arch)}
				if _, err := conf.Check(goFiles[0].Name.Name, fset, files, nil); err != nil {
					t.Fatalf("generated Go does not type-check for %s: %v\n--- catalog:\n%s", arch, err, src)
				}
			}
		}
	})
}

// buildsOn reports whether the go command builds f for linux on arch: its
// //go:build constraint, if it has one, holds there.
func buildsOn(f *ast.File, arch string) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if expr, err := constraint.Parse(c.Text); err == nil {
				return expr.Eval(func(tag string) bool { return tag == arch || tag == "linux" || tag == "unix" || tag == "gc" })
			}
		}
	}
	return true
}
