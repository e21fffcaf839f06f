// Package golden holds errspec's golden cases: each directory under
// testdata is a catalog (its .cue files) and the exact outputs it must
// produce, or, for a catalog that must be rejected, the exact error text in
// stderr.golden. A case with an explain.golden also holds there what
// errspec explain prints for each of its codes, in the catalog's order.
// The directories under fs are the file system cases: a starting tree of
// files, runs of errspec on it and the exact result (see fs_test.go). Go
// outputs end in .golden so that they are not built as part of this
// module. Run go test ./golden -update to rewrite the goldens.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/cli"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/internal/parsecheck"
)

var update = flag.Bool("update", false, "rewrite the golden files with the current output")

// goldenName is the name a generated file is kept under in its case.
func goldenName(rel string) string {
	if strings.HasSuffix(rel, ".go") {
		return rel + ".golden"
	}
	return rel
}

// isInput reports whether a file of a case directory is an input rather
// than an expected output.
func isInput(rel string) bool {
	return strings.HasSuffix(rel, ".cue") || rel == "README.md" || strings.HasSuffix(rel, testInput)
}

// testInput ends the name of a test of a case's generated package, written
// by hand: TestGoldenGo puts it beside the package as NAME_test.go.
const testInput = "_test.go.in"

func cases(t *testing.T) []string { return subdirs(t, "testdata") }

// subdirs lists the directories in dir.
func subdirs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// run runs the errspec command line on the case directory in check-free
// form: it renders in memory and returns the files it would write, keyed
// by their golden names, or the text errspec prints for a rejected catalog.
func run(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	set, err := generator.Generate(dir, generator.Options{})
	if err != nil {
		var stderr bytes.Buffer
		if code := cli.Main([]string{"check", dir}, new(bytes.Buffer), &stderr); code != cli.ExitInvalid {
			t.Fatalf("errspec check %s exited %d, want %d for a rejected catalog", dir, code, cli.ExitInvalid)
		}
		return map[string][]byte{"stderr.golden": stderr.Bytes()}
	}
	out := map[string][]byte{}
	for _, f := range set.Files {
		rel, err := filepath.Rel(dir, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		out[goldenName(filepath.ToSlash(rel))] = f.Data
	}
	if _, err := os.Stat(filepath.Join(dir, "explain.golden")); err == nil {
		out["explain.golden"] = explainAll(t, dir)
	}
	return out
}

// explainAll runs errspec explain on every code of the catalog in dir and
// returns what it prints, each after the command line that prints it.
func explainAll(t *testing.T, dir string) []byte {
	t.Helper()
	cat, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for i, c := range cat.Model.Codes {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "$ errspec explain --dir %s %s\n", filepath.Base(dir), c.Name)
		var stderr bytes.Buffer
		if code := cli.Main([]string{"explain", "--dir", dir, c.Name}, &b, &stderr); code != cli.ExitOK {
			t.Fatalf("errspec explain %s exited %d: %s", c.Name, code, stderr.Bytes())
		}
	}
	return b.Bytes()
}

// onDisk reads the expected outputs of a case.
func onDisk(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if isInput(rel) {
			return nil
		}
		data, err := os.ReadFile(p)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGolden(t *testing.T) {
	for _, name := range cases(t) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join("testdata", name)
			got := run(t, dir)
			want := onDisk(t, dir)
			if *update {
				rewrite(t, dir, want, got)
				return
			}
			for _, rel := range sortedKeys(want, got) {
				w, inWant := want[rel]
				g, inGot := got[rel]
				switch {
				case !inGot:
					t.Errorf("%s: expected but not produced", rel)
				case !inWant:
					t.Errorf("%s: produced but not expected (run go test ./golden -update)", rel)
				default:
					if diff := cmp.Diff(string(w), string(g)); diff != "" {
						t.Errorf("%s (-want +got):\n%s", rel, diff)
					}
				}
			}
		})
	}
}

func rewrite(t *testing.T, dir string, want, got map[string][]byte) {
	t.Helper()
	for rel := range want {
		if _, ok := got[rel]; !ok {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
				t.Fatal(err)
			}
		}
	}
	for rel, data := range got {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func sortedKeys(ms ...map[string][]byte) []string {
	var out []string
	for _, m := range ms {
		for k := range m {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestGoldenGo vets the Go output of every accepted case in a temporary
// module, one package per case, and runs its generated tests: the examples
// of each catalog (the seed parity cases among them) must come out of the
// generated constructors exactly. A case's NAME_test.go.in files are tests
// of its package written by hand, run with it. Beside each case with examples it puts
// the catalog's JSON Schema and a test that the generated Parse accepts
// exactly what that schema accepts (internal/parsecheck).
func TestGoldenGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command")
	}
	mod := parsecheck.Module(t, "example.com/goldens")
	n := 0
	for _, name := range cases(t) {
		dir := filepath.Join("testdata", name)
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go.golden") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, data, parser.ParseComments|parser.ImportsOnly)
			if err != nil {
				return err
			}
			if !ast.IsGenerated(f) {
				t.Errorf("%s: go/ast does not see it as generated", p)
			}
			if thirdParty(f) {
				// An adapter: generator/adaptgen's tests build it, in a
				// module with its library.
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			mod.Write(filepath.ToSlash(filepath.Join(name, strings.TrimSuffix(rel, ".golden"))), string(data))
			n++
			pkg := filepath.ToSlash(filepath.Join(name, filepath.Dir(rel)))
			if filepath.Base(p) == "errors_test.go.golden" {
				parsecheck.Write(t, mod, pkg, f.Name.Name, dir)
			}
			if filepath.Base(p) == "errors.go.golden" {
				tests, err := filepath.Glob(filepath.Join(dir, "*"+testInput))
				if err != nil {
					t.Fatal(err)
				}
				for _, in := range tests {
					data, err := os.ReadFile(in)
					if err != nil {
						t.Fatal(err)
					}
					mod.Write(pkg+"/"+strings.TrimSuffix(filepath.Base(in), ".in"), string(data))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n == 0 {
		t.Fatal("no Go golden found")
	}
	mod.Go("vet", "./...")
	mod.Go("test", "./...")
}

// thirdParty reports whether a Go file imports a package of a module other
// than errspec and the module of the goldens.
func thirdParty(f *ast.File) bool {
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		first, _, _ := strings.Cut(p, "/")
		if strings.Contains(first, ".") && !strings.HasPrefix(p, "github.com/errspec/errspec") && !strings.HasPrefix(p, "example.com/goldens/") {
			return true
		}
	}
	return false
}
