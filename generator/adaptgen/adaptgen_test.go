package adaptgen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"

	. "github.com/dave/jennifer/jen"
	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
)

// catalog loads the golden case adapters, whose catalog has both adapters.
func catalog(t *testing.T) *model.Catalog {
	t.Helper()
	cat, err := load.Dir("../../golden/testdata/adapters")
	if err != nil {
		t.Fatal(err)
	}
	return cat.Model
}

const importPath = "example.com/app/apperr"

// gen renders a construct as Go source, in a file that imports what it
// needs.
func gen(c Code) string {
	f := NewFile("adapter")
	importCore(f, importPath, "apperr")
	f.Add(c)
	return fmt.Sprintf("%#v", f)
}

func TestFill(t *testing.T) {
	cat := catalog(t)
	for _, tt := range []struct {
		text       model.MCPText
		structured bool
		want       string
	}{
		{model.MCPTextJSON, true, `wire, err := e.MarshalJSON()
	if err != nil {
		return false
	}
	r.SetError(recorded)
	r.Content = []mcp.Content{&mcp.TextContent{Text: string(wire)}}
	r.StructuredContent = json.RawMessage(wire)`},
		{model.MCPTextJSON, false, `wire, err := e.MarshalJSON()
	if err != nil {
		return false
	}
	r.SetError(recorded)
	r.Content = []mcp.Content{&mcp.TextContent{Text: string(wire)}}
	r.StructuredContent = nil`},
		{model.MCPTextMessage, true, `wire, err := e.MarshalJSON()
	if err != nil {
		return false
	}
	r.SetError(recorded)
	r.Content = []mcp.Content{&mcp.TextContent{Text: e.Message}}
	r.StructuredContent = json.RawMessage(wire)`},
		{model.MCPTextMessage, false, `{
	r.SetError(recorded)
	r.Content = []mcp.Content{&mcp.TextContent{Text: e.Message}}
	r.StructuredContent = nil`},
		{model.MCPTextTerminal, false, `{
	v := e.ErrspecView()
	v.Cause = nil
	r.SetError(recorded)
	r.Content = []mcp.Content{&mcp.TextContent{Text: v.Text()}}
	r.StructuredContent = nil`},
	} {
		cat.Outputs.MCP.Text, cat.Outputs.MCP.StructuredContent = tt.text, tt.structured
		got := gen(genFill(cat, importPath))
		if !strings.Contains(got, tt.want) {
			t.Errorf("%s, structured %t: fill lacks\n%s\ngot\n%s", tt.text, tt.structured, tt.want, got)
		}
		if marshals := strings.Count(got, "MarshalJSON"); marshals > 1 {
			t.Errorf("%s, structured %t: fill marshals %d times", tt.text, tt.structured, marshals)
		}
	}
}

func TestMiddlewareRole(t *testing.T) {
	cat := catalog(t)
	with := gen(genMiddleware(cat, importPath))
	for _, want := range []string{
		`reason, ok := argumentsReason(req, r.GetError())`,
		`if reason, ok := strings.CutPrefix(err.Error(), argumentsPrefix); ok {`,
		`t, ok := err.(*json.UnmarshalTypeError)`,
		`e = apperr.NewInvalidArguments(name, reason).WithCause(r.GetError())`,
		`const argumentsPrefix = "validating \"arguments\": "`,
	} {
		if !strings.Contains(with, want) {
			t.Errorf("Middleware lacks %s:\n%s", want, with)
		}
	}
	delete(cat.Roles, model.RoleInvalidArguments)
	without := gen(genMiddleware(cat, importPath))
	if strings.Contains(without, "argumentsPrefix") || strings.Contains(without, "argumentsReason") || !strings.Contains(without, "e, ok := errspec.FirstOf[*apperr.Error](r.GetError())\n\t\tif !ok {\n\t\t\treturn res, nil\n\t\t}") {
		t.Errorf("Middleware without the role:\n%s", without)
	}
}

func TestGRPCCode(t *testing.T) {
	got := gen(genCode(catalog(t), importPath))
	for _, want := range []string{
		"switch e.Code {\n\tcase apperr.CodeDuplicate:\n\t\treturn codes.AlreadyExists\n\tcase apperr.CodeOutOfRange:\n\t\treturn codes.OutOfRange\n\tcase apperr.CodeStale:\n\t\treturn codes.FailedPrecondition\n\t}",
		"case 400, 422:\n\t\treturn codes.InvalidArgument",
		"case 499:\n\t\treturn codes.Canceled",
		"if s >= 400 && s < 500 {\n\t\treturn codes.FailedPrecondition\n\t}\n\treturn codes.Internal",
		"for DUPLICATE ALREADY_EXISTS, OUT_OF_RANGE OUT_OF_RANGE, STALE FAILED_PRECONDITION; for the other codes",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Code lacks\n%s\ngot\n%s", want, got)
		}
	}
	if len(grpcIdents) != 16 {
		t.Errorf("%d gRPC codes named, want 16", len(grpcIdents))
	}
}

func TestFieldParams(t *testing.T) {
	cat := catalog(t)
	got := map[string][]string{}
	for _, c := range cat.Codes {
		for _, fp := range fieldParams(c) {
			got[c.Name] = append(got[c.Name], fmt.Sprintf("%s/%d", fp.param.Name, fp.kind))
		}
	}
	want := map[string][]string{
		"MISSING_FIELDS": {"missing_fields/1"},
		"OUT_OF_RANGE":   {"field/0"},
		"TYPE_MISMATCH":  {"invalid_fields/2"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("field params (-want +got):\n%s", diff)
	}
	v := gen(genFieldViolations(cat, importPath))
	for _, want := range []string{
		"case *apperr.MissingFieldsParams:\n\t\tfields = append(fields, p.MissingFields...)",
		"case *apperr.OutOfRangeParams:\n\t\tfields = append(fields, p.Field)",
		"case *apperr.TypeMismatchParams:\n\t\tfor _, x := range p.InvalidFields {\n\t\t\tfields = append(fields, x.Field)\n\t\t}",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("fieldViolations lacks\n%s\ngot\n%s", want, v)
		}
	}
	// A catalog without such codes gets no fieldViolations, and Status
	// does not call it.
	for _, c := range cat.Codes {
		c.GRPC = "INTERNAL"
	}
	if genFieldViolations(cat, importPath) != nil || strings.Contains(gen(genStatus(cat, importPath)), "fieldViolations") {
		t.Error("fieldViolations for a catalog without codes of bad arguments")
	}
}

// TestRender renders both adapters of the golden catalog and of a copy
// whose package names collide with the libraries', and checks that each
// parses, imports the catalog's package under its name and says it is
// generated.
func TestRender(t *testing.T) {
	for _, pkg := range []string{"adapters", "mcp", "grpc"} {
		cat := catalog(t)
		cat.Outputs.GoPackage = pkg
		for name, render := range map[string]func(*model.Catalog, string, string) ([]byte, error){"mcp": RenderMCP, "grpc": RenderGRPC} {
			src, err := render(cat, files.Notice(cat.Name), "example.com/app/errs")
			if err != nil {
				t.Fatalf("%s adapter of package %s: %v", name, pkg, err)
			}
			f, err := parser.ParseFile(token.NewFileSet(), name+".go", src, parser.ParseComments)
			if err != nil {
				t.Fatalf("%s adapter of package %s: %v\n%s", name, pkg, err, src)
			}
			var alias string
			for _, imp := range f.Imports {
				if imp.Path.Value == `"example.com/app/errs"` && imp.Name != nil {
					alias = imp.Name.Name
				}
			}
			if alias == "" || alias != pkg && pkg != name {
				t.Errorf("%s adapter of package %s imports it as %q:\n%s", name, pkg, alias, src)
			}
			if !strings.HasPrefix(string(src), "// "+files.Notice(cat.Name)+"\n") {
				t.Errorf("%s adapter does not start with the notice", name)
			}
		}
	}
}

// TestNoDeprecatedUse checks that the adapters of a catalog that
// deprecates codes they name (the golden case adapters_deprecated) use no
// deprecated identifier of the catalog's package, but on a line that a
// //lint:ignore SA1019 directive precedes: staticcheck would report any
// other, and the user of generated code cannot change it.
func TestNoDeprecatedUse(t *testing.T) {
	loaded, err := load.Dir("../../golden/testdata/adapters_deprecated")
	if err != nil {
		t.Fatal(err)
	}
	cat := loaded.Model
	deprecated := map[string]bool{}
	for _, c := range cat.Codes {
		if c.Deprecated != nil {
			deprecated[c.GoName], deprecated[c.Constructor] = true, true
		}
	}
	n := 0
	for name, render := range map[string]func(*model.Catalog, string, string) ([]byte, error){"mcp": RenderMCP, "grpc": RenderGRPC} {
		src, err := render(cat, files.Notice(cat.Name), cat.Outputs.GoImportPath)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name+".go", src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		directives := map[int]bool{} // lines a directive precedes
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, "//lint:ignore SA1019 ") {
					directives[fset.Position(c.End()).Line+1] = true
				}
			}
		}
		ast.Inspect(f, func(node ast.Node) bool {
			sel, ok := node.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == cat.Outputs.GoPackage && deprecated[sel.Sel.Name] {
				line := fset.Position(sel.Pos()).Line
				if !directives[line] {
					t.Errorf("%s adapter, line %d: uses the deprecated %s without a directive:\n%s", name, line, sel.Sel.Name, src)
				}
				n++
			}
			return true
		})
	}
	if n != 3 {
		t.Errorf("%d uses of a deprecated identifier, want 3 (the constructors of the roles' codes: invalid_arguments's in the MCP adapter, internal's in both)", n)
	}
}

// TestCorePackageUnchanged checks that the adapters change nothing in the
// catalog's own package: its constructors cost what they cost without
// them.
func TestCorePackageUnchanged(t *testing.T) {
	cat := catalog(t)
	with, err := gogen.Render(cat, files.Notice(cat.Name))
	if err != nil {
		t.Fatal(err)
	}
	cat.Outputs.MCP, cat.Outputs.GRPC = nil, nil
	without, err := gogen.Render(cat, files.Notice(cat.Name))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(without, with); diff != "" {
		t.Errorf("the adapters change the Go package (-without +with):\n%s", diff)
	}
}

// TestPanickedDocTool checks that the docs of the adapters' recovery say
// that a method's or a tool's name fills the param tool only where the
// internal role's code has one, and say where the name goes otherwise;
// and that the package doc of each adapter says that it recovers panics.
func TestPanickedDocTool(t *testing.T) {
	for _, tt := range []struct {
		dir     string
		hasTool bool
	}{
		{"../../golden/testdata/adapters", true},
		{"../../golden/testdata/adapters_deprecated", false},
	} {
		loaded, err := load.Dir(tt.dir)
		if err != nil {
			t.Fatal(err)
		}
		cat := loaded.Model
		for name, render := range map[string]func(*model.Catalog, string, string) ([]byte, error){"mcp": RenderMCP, "grpc": RenderGRPC} {
			src, err := render(cat, files.Notice(cat.Name), cat.Outputs.GoImportPath)
			if err != nil {
				t.Fatal(err)
			}
			panics := regexp.MustCompile(`(?m)^// Package .*'s panic, which would end the server, gives an error of code `).Match(src)
			if !panics {
				t.Errorf("%s, %s: the package doc does not say that a panic gives the internal role's code", tt.dir, name)
			}
			fills := regexp.MustCompile(`(?m)^//.*(fills the param tool|Its param tool is)`).Match(src)
			logged := regexp.MustCompile(`(?m)^// panicked .*The code has no param tool: .* is logged as (tool|method)\.`).Match(src)
			if fills != tt.hasTool || logged == tt.hasTool {
				t.Errorf("%s, %s: a doc says the name fills the param tool: %v, that it is logged: %v; the code has a param tool: %v", tt.dir, name, fills, logged, tt.hasTool)
			}
		}
	}
}
