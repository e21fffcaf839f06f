package generator

import (
	"bytes"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
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
// either rejected with problems that all carry a file:line:col, or it
// yields Go that type-checks and a JSON Schema that compiles. The seeds
// are the catalogs of the golden cases.
func FuzzCatalog(f *testing.F) {
	seeds, _ := filepath.Glob("../golden/testdata/*/*.cue")
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
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
			}
			return
		case err != nil:
			t.Fatalf("an error that is not a list of positioned problems: %v\n--- catalog:\n%s", err, src)
		}
		var goFiles []*ast.File
		fset := token.NewFileSet()
		for _, file := range set.Files {
			switch {
			case strings.HasSuffix(file.Path, "_test.go"):
			case strings.HasSuffix(file.Path, ".go"):
				f, err := parser.ParseFile(fset, file.Path, file.Data, 0)
				if err != nil {
					t.Fatalf("generated Go does not parse: %v", err)
				}
				// The adapters, packages of their own, import modules
				// that only their tests download.
				if filepath.Base(file.Path) == gogen.ErrorsFile {
					goFiles = append(goFiles, f)
				}
			case strings.HasSuffix(file.Path, ".schema.json"):
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
			conf := types.Config{Importer: goImporter()}
			if _, err := conf.Check(goFiles[0].Name.Name, fset, goFiles, nil); err != nil {
				t.Fatalf("generated Go does not type-check: %v\n--- catalog:\n%s", err, src)
			}
		}
	})
}
