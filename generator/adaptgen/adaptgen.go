// Package adaptgen writes the adapters of a catalog's Go package for
// libraries outside the standard library: the MCP Go SDK
// (github.com/modelcontextprotocol/go-sdk) and gRPC
// (google.golang.org/grpc). Each adapter is a package of its own, beside
// the catalog's package, which it imports: a program that does not use an
// adapter never has its library in go.mod, and the catalog's package stays
// standard library only. What needs only the standard library lives in
// errspec's module instead: package errhttp for HTTP, and log/slog and
// OpenTelemetry support in the runtime.
//
// Like gogen, every construct has a function of its own that reads only
// the model, and every line is built with jennifer and formatted with
// go/format.
package adaptgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/model"
)

// The packages the adapters import.
const (
	runtimePkg   = "github.com/errspec/errspec"
	contextPkg   = "context"
	errorsPkg    = "errors"
	debugPkg     = "runtime/debug"
	fmtPkg       = "fmt"
	slogPkg      = "log/slog"
	jsonPkg      = "encoding/json"
	stringsPkg   = "strings"
	mcpPkg       = "github.com/modelcontextprotocol/go-sdk/mcp"
	jsonrpcPkg   = "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	grpcPkg      = "google.golang.org/grpc"
	codesPkg     = "google.golang.org/grpc/codes"
	statusPkg    = "google.golang.org/grpc/status"
	metadataPkg  = "google.golang.org/grpc/metadata"
	detailsPkg   = "google.golang.org/genproto/googleapis/rpc/errdetails"
	durationPkg  = "google.golang.org/protobuf/types/known/durationpb"
	anyPkg       = "google.golang.org/protobuf/types/known/anypb"
	protoPkg     = "google.golang.org/protobuf/proto"
	rpcStatusPkg = "google.golang.org/genproto/googleapis/rpc/status"
)

// The oldest versions of the modules the adapters import with which they
// work, as their package docs and the README state them: the program that
// uses an adapter requires them in its go.mod, errspec's go.mod does not.
// TestEndToEnd with -adapters.oldest builds and tests the adapters with
// them; its oldestModules says what fails below them.
const (
	oldestMCPSDK   = "v1.3.1"
	oldestGRPC     = "v1.63.0"
	oldestGenproto = "v0.0.0-20250115164207-1a7da9e5054f"
	// mcpArgumentsResults is the first version of the MCP SDK that
	// reports arguments that fail a tool's input schema in an error
	// result, which the middleware sees; before, a protocol error.
	mcpArgumentsResults = "v1.6.0"
)

// The file names of the adapters, each in its package's directory.
const (
	MCPFile  = "mcp.go"
	GRPCFile = "grpc.go"
)

// newFile starts the file of an adapter package: its notice and its
// package doc, a paragraph a string.
func newFile(pkg, notice string, paragraphs ...string) *File {
	f := NewFile(pkg)
	f.NoFormat = true
	f.HeaderComment(notice)
	for i, p := range paragraphs {
		if i > 0 {
			f.PackageComment("//")
		}
		f.PackageComment("// " + p)
	}
	return f
}

// doc writes text, whose lines hold no catalog text but names, as //
// comments.
func doc(text string) *Statement {
	s := Null()
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			s.Line()
		}
		s.Comment("// " + line)
	}
	return s
}

// importCore imports the catalog's package as name, by an alias when the
// last element of its import path is not name, and the runtime.
func importCore(f *File, importPath, name string) {
	if path.Base(importPath) == name {
		f.ImportName(importPath, name)
	} else {
		f.ImportAlias(importPath, name)
	}
	f.ImportName(runtimePkg, "errspec")
}

// renderImporting renders the adapter file that build makes, which
// imports the catalog's package, of name pkg, as the name build is
// given: pkg, or, when the adapter's code uses pkg itself (a local such
// as ctx, a declaration such as catalog, a predeclared identifier such as
// any, another package), which would shadow the import or clash with it,
// pkg followed by "pkg" as often as it takes to be a name the code does
// not use.
func renderImporting(pkg string, build func(name string) *File) ([]byte, error) {
	src, err := render(build(probeName))
	if err != nil {
		return nil, err
	}
	used, err := identifiers(src)
	if err != nil {
		return nil, err
	}
	name := pkg
	for used[name] {
		name += "pkg"
	}
	return render(build(name))
}

// probeName is the name renderImporting first imports the catalog's
// package as, to find the names the adapter's code uses: the adapters
// write no name with an underscore.
const probeName = "catalog_package_"

// identifiers returns the names src uses in its scopes: every identifier
// but the package clause's and those that select a field, a method or a
// package's member (the Sel of x.Sel), which no import can shadow.
func identifiers(src []byte) (map[string]bool, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			if n != f.Name {
				used[n.Name] = true
			}
		}
		return true
	}
	ast.Inspect(f, visit)
	return used, nil
}

// errorType is the catalog's Error type, as a pointer: *apperr.Error.
func errorType(importPath string) *Statement { return Op("*").Qual(importPath, "Error") }

// firstOf finds the catalog's *Error as the first error of a catalog in
// the chain of err, past a nil one, and not one that an error of another
// catalog wraps: errspec.FirstOf[*pkg.Error](err).
func firstOf(importPath string, err Code) *Statement {
	return Qual(runtimePkg, "FirstOf").Index(errorType(importPath)).Call(err)
}

// genPanicked writes panicked, which gives the error of the code of the
// internal role that a panic of where (a tool handler, a gRPC method)
// becomes; its argument tool, what (the tool's name, the method's), fills
// the code's param tool, or is logged as key (tool, method) when the code
// has none.
func genPanicked(cat *model.Catalog, importPath, where, what, key string) Code {
	c := cat.Roles[model.RoleInternal]
	text := "panicked returns the error of code " + c.Name + " that the panic v of " + where + " becomes, its cause v: an error as it is (its text alone when its chain panics to walk, as WithCause walks it), any other value as its text."
	logged := []Code{Id("ctx"), Lit("recovered the panic of " + where), Lit("error"), Id("e")}
	if c.Param("tool") != nil {
		text += " Its param tool is " + what + "."
	} else {
		text += " The code has no param tool: " + what + " is logged as " + key + "."
		logged = append(logged, Lit(key), Id("tool"))
	}
	text += " The wire never carries a cause: the error is logged with the stack of the panic through slog's default logger, so that the panic is not lost."
	return Add(
		doc(text),
		Line(), Func().Id("panicked").Params(Id("ctx").Qual(contextPkg, "Context"), Id("tool").String(), Id("v").Any()).Add(errorType(importPath)).Block(
			List(Id("cause"), Id("ok")).Op(":=").Id("v").Assert(Error()),
			If(Op("!").Id("ok")).Block(Id("cause").Op("=").Qual(fmtPkg, "Errorf").Call(Lit("%v"), Id("v"))),
			Id("cause").Op("=").Qual(fmtPkg, "Errorf").Call(Lit("panic: %w"), Id("cause")),
			deprecatedUse(model.RoleInternal, c),
			Id("e").Op(":=").Add(gogen.RoleCall(c, map[string]*Statement{"tool": Id("tool")}, importPath)),
			Func().Params().Block(
				Comment("An error whose Unwrap panics in turn, which WithCause calls, is attached as its text."),
				Defer().Func().Params().Block(
					If(Recover().Op("!=").Nil()).Block(Id("e").Dot("WithCause").Call(Qual(errorsPkg, "New").Call(Id("cause").Dot("Error").Call()))),
				).Call(),
				Id("e").Dot("WithCause").Call(Id("cause")),
			).Call(),
			Qual(slogPkg, "ErrorContext").Call(append(logged, Lit("stack"), String().Parens(Qual(debugPkg, "Stack").Call()))...),
			Return(Id("e")),
		),
		Line(),
	)
}

// render formats an adapter's file as gogen formats the catalog's package.
func render(f *File) ([]byte, error) { return gogen.Format(f) }
