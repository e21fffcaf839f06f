package gogen_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/imports"

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

// eachRendered calls f with the directory and the model of each valid
// catalog of catalogs that has a Go output, and the files Render writes
// for it.
func eachRendered(t *testing.T, f func(dir string, cat *model.Catalog, out []gogen.Output)) {
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
		f(dir, cat.Model, out)
	}
}

// TestIsFormatted checks that go/format leaves the Go that Render writes
// as it is: parts of a file are formatted apart, which must come to the
// same as formatting the whole. It also checks that gofmt -s has nothing
// to simplify, which editors flag (a composite literal's element that
// repeats the element type, in the examples' test), and that goimports,
// which a team's CI may run as well, has nothing to regroup: the
// standard library's imports apart from the others.
func TestIsFormatted(t *testing.T) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	gofmt := filepath.Join(strings.TrimSpace(string(goroot)), "bin", "gofmt")
	n := 0
	eachRendered(t, func(dir string, _ *model.Catalog, out []gogen.Output) {
		for _, f := range out {
			formatted, err := format.Source(f.Data)
			if err != nil {
				t.Errorf("%s/%s: %v", dir, f.Name, err)
				continue
			}
			if !bytes.Equal(formatted, f.Data) {
				t.Errorf("%s/%s: go/format changes it:\n%s", dir, f.Name, firstDiff(f.Data, formatted))
			}
			grouped, err := imports.Process(f.Name, f.Data, &imports.Options{FormatOnly: true, Comments: true, TabIndent: true, TabWidth: 8})
			if err != nil {
				t.Errorf("%s/%s: goimports: %v", dir, f.Name, err)
			} else if !bytes.Equal(grouped, f.Data) {
				t.Errorf("%s/%s: goimports changes it:\n%s", dir, f.Name, firstDiff(f.Data, grouped))
			}
			if pos, ok := paramsNotClosedOnOwnLine(f.Data); !ok {
				t.Errorf("%s/%s:%s: a parameter list over lines whose ) follows its last parameter, which gofumpt rewrites", dir, f.Name, pos)
			}
			cmd := exec.Command(gofmt, "-s", "-d")
			cmd.Stdin = bytes.NewReader(f.Data)
			if diff, err := cmd.CombinedOutput(); err != nil || len(diff) > 0 {
				t.Errorf("%s/%s: gofmt -s changes it (%v):\n%s", dir, f.Name, err, diff)
			}
			n++
		}
	})
	t.Logf("%d files checked", n)
	if n < 5 {
		t.Errorf("only %d files checked", n)
	}
}

// paramsNotClosedOnOwnLine reports the position of the first parameter
// list of src that spans lines but whose closing parenthesis is on the
// line of its last parameter, and false; gofumpt, which some teams run
// over every file, would put the parenthesis on a line of its own.
func paramsNotClosedOnOwnLine(src []byte) (string, bool) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		return err.Error(), false
	}
	pos, ok := "", true
	ast.Inspect(file, func(n ast.Node) bool {
		ft, isFunc := n.(*ast.FuncType)
		if !ok || !isFunc || ft.Params == nil || len(ft.Params.List) == 0 {
			return ok
		}
		open, last, closing := fset.Position(ft.Params.Opening).Line, fset.Position(ft.Params.List[len(ft.Params.List)-1].End()).Line, fset.Position(ft.Params.Closing).Line
		if open != closing && last == closing {
			pos, ok = strconv.Itoa(open), false
		}
		return ok
	})
	return pos, ok
}

// TestNoHiddenCharacters checks that the Go that Render writes holds no
// hidden character (textsafe.Hidden) of the catalogs' text, the hostile
// cases' bidirectional controls, zero-width characters and byte order
// marks among them: string literals escape them, comments show them as
// escapes.
func TestNoHiddenCharacters(t *testing.T) {
	eachRendered(t, func(dir string, _ *model.Catalog, out []gogen.Output) {
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

// TestParamsNotComparable checks that no params, options or object struct
// of a catalog's package is comparable, whether or not it needed the
// field that makes it so: the compiler would write an equality function
// for each.
func TestParamsNotComparable(t *testing.T) {
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		out, err := exec.Command("go", "list", "-export", "-f", "{{.Export}}", path).Output()
		if err != nil {
			return nil, fmt.Errorf("go list -export %s: %w", path, err)
		}
		return os.Open(strings.TrimSpace(string(out)))
	})
	n := 0
	eachRendered(t, func(dir string, cat *model.Catalog, out []gogen.Output) {
		f, err := parser.ParseFile(fset, gogen.ErrorsFile, out[0].Data, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		conf := types.Config{Importer: imp}
		pkg, err := conf.Check(cat.Outputs.GoPackage, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		structs := map[*types.Named]bool{}
		for _, c := range cat.Codes {
			if c.ParamsType != "" {
				paramStructs(pkg, pkg.Scope().Lookup(c.ParamsType).Type(), structs)
			}
		}
		for s := range structs {
			if types.Comparable(s) {
				t.Errorf("%s: %s is comparable", dir, s.Obj().Name())
			}
			n++
		}
	})
	t.Logf("%d struct types checked", n)
	if n < 100 {
		t.Errorf("only %d struct types checked", n)
	}
}

// paramStructs adds to structs the struct types of pkg that t is or
// holds, but the shared Alternative.
func paramStructs(pkg *types.Package, t types.Type, structs map[*types.Named]bool) {
	switch t := t.(type) {
	case *types.Named:
		if t.Obj().Pkg() != pkg { // errspec.Map[V]
			for v := range t.TypeArgs().Types() {
				paramStructs(pkg, v, structs)
			}
			return
		}
		if _, ok := t.Underlying().(*types.Struct); ok && !structs[t] && t.Obj().Name() != model.AlternativeType {
			structs[t] = true
			paramStructs(pkg, t.Underlying(), structs)
		}
	case *types.Struct:
		for f := range t.Fields() {
			paramStructs(pkg, f.Type(), structs)
		}
	case *types.Pointer:
		paramStructs(pkg, t.Elem(), structs)
	case *types.Slice:
		paramStructs(pkg, t.Elem(), structs)
	case *types.Map:
		paramStructs(pkg, t.Elem(), structs)
	}
}

// TestNoNotes checks that go/doc finds no note (BUG(who), TODO(who): a
// comment line that starts MARKER(uid)) in the Go that Render writes:
// go doc and pkgsite would show it in the package's BUGS section, with
// the rest of its comment, and catalog text may start a line so (the case
// hostile_go_notes).
func TestNoNotes(t *testing.T) {
	n := 0
	eachRendered(t, func(dir string, _ *model.Catalog, out []gogen.Output) {
		for _, o := range out {
			if strings.HasSuffix(o.Name, "_test.go") {
				continue // go/doc reads only examples there
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, o.Name, o.Data, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				t.Fatalf("%s/%s: %v", dir, o.Name, err)
			}
			pkg, err := doc.NewFromFiles(fset, []*ast.File{f}, "example.com/"+f.Name.Name)
			if err != nil {
				t.Fatalf("%s/%s: %v", dir, o.Name, err)
			}
			for marker, notes := range pkg.Notes {
				for _, note := range notes {
					t.Errorf("%s/%s: a %s note at %s: %q", dir, o.Name, marker, fset.Position(note.Pos), note.Body)
				}
			}
			n++
		}
	})
	t.Logf("%d files checked", n)
}

// TestDeprecatedOnlyAsDeclared checks that the only declarations of the
// Go that Render writes that the Go tools take for deprecated are the
// constant and the constructor of each code the catalog deprecates: a
// paragraph of a doc comment that starts "Deprecated: " marks its
// declaration, or the whole package, and catalog text may hold one (the
// case hostile_go_deprecated).
func TestDeprecatedOnlyAsDeclared(t *testing.T) {
	n := 0
	eachRendered(t, func(dir string, cat *model.Catalog, out []gogen.Output) {
		declared := map[string]bool{}
		for _, c := range cat.Codes {
			if c.Deprecated != nil {
				declared[c.GoName], declared[c.Constructor] = true, true
			}
		}
		for _, o := range out {
			f, err := parser.ParseFile(token.NewFileSet(), o.Name, o.Data, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				t.Fatalf("%s/%s: %v", dir, o.Name, err)
			}
			check := func(name string, doc *ast.CommentGroup) {
				if doc == nil || declared[name] {
					return
				}
				for p := range strings.SplitSeq(doc.Text(), "\n\n") {
					if strings.HasPrefix(p, "Deprecated: ") {
						t.Errorf("%s/%s: %s reads as deprecated: %q", dir, o.Name, name, p)
					}
				}
				n++
			}
			check("package "+f.Name.Name, f.Doc)
			ast.Inspect(f, func(node ast.Node) bool {
				switch node := node.(type) {
				case *ast.FuncDecl:
					check(node.Name.Name, node.Doc)
				case *ast.GenDecl:
					check(node.Tok.String(), node.Doc)
				case *ast.TypeSpec:
					check(node.Name.Name, node.Doc)
					check(node.Name.Name, node.Comment)
				case *ast.ValueSpec:
					check(node.Names[0].Name, node.Doc)
					check(node.Names[0].Name, node.Comment)
				case *ast.Field:
					check(fmt.Sprint(node.Names), node.Doc)
					check(fmt.Sprint(node.Names), node.Comment)
				}
				return true
			})
		}
	})
	t.Logf("%d doc comments checked", n)
}

// TestOlderRuntimeFailsAtVersionCheck checks that a generated package
// built against a runtime older than the one it was generated for fails
// first at its SupportPackageIsVersion line, whose comment says what to
// do, in go/types as well as in the compiler: go vet prints only the
// first error go/types reports, and go/types checks type declarations
// before constants, so that a check in a constant came after a params
// struct's field of a type the older runtime lacks (undefined:
// errspec.Sensitive). The runtime here is the oldest conceivable one, a
// package that declares nothing.
func TestOlderRuntimeFailsAtVersionCheck(t *testing.T) {
	n := 0
	eachRendered(t, func(dir string, cat *model.Catalog, out []gogen.Output) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, gogen.ErrorsFile, out[0].Data, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		var first *types.Error
		conf := types.Config{
			Importer: importerFunc(func(path string) (*types.Package, error) {
				if path == "github.com/errspec/errspec" {
					pkg := types.NewPackage(path, "errspec")
					pkg.MarkComplete()
					return pkg, nil
				}
				return importer.Default().Import(path)
			}),
			Error: func(err error) {
				if e, ok := err.(types.Error); ok && first == nil {
					first = &e
				}
			},
		}
		conf.Check(cat.Outputs.GoPackage, fset, []*ast.File{f}, nil)
		if first == nil {
			t.Fatalf("%s: it compiles against an empty runtime", dir)
		}
		pos := fset.Position(first.Pos)
		line := strings.Split(string(out[0].Data), "\n")[pos.Line-1]
		if !strings.Contains(line, "errspec.SupportPackageIsVersion") || !strings.Contains(first.Msg, "SupportPackageIsVersion") {
			t.Errorf("%s: the first error is %s: %s, at\n\t%s\nwant the version check's", dir, pos, first.Msg, line)
		}
		n++
	})
	if n < 5 {
		t.Errorf("only %d packages checked", n)
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
