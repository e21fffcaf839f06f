// Package gogen writes the Go package of a catalog with jennifer: the Code
// and Category types, metadata lookup, the Error type with its JSON wire
// form, and a typed constructor per code. The generated code needs nothing
// beyond the standard library. Every construct has a function of its own
// returning jennifer code, and reads only the model.
package gogen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/scanner"
	"slices"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

const (
	jsonPkg    = "encoding/json"
	stringsPkg = "strings"
	strconvPkg = "strconv"
	bytesPkg   = "bytes"
	fmtPkg     = "fmt"
	timePkg    = "time"
	slicesPkg  = "slices"
	reflectPkg = "reflect"
	testingPkg = "testing"
)

// Names of the Go files of a catalog's package.
const (
	ErrorsFile   = "errors.go"      // the package
	ExamplesFile = "errors_test.go" // the test of the catalog's examples, when it has any
)

// Output is a generated Go file.
type Output struct {
	Name string // file name in the package directory
	Data []byte
}

// Render returns the Go files of the catalog's package: the package
// itself and, when the catalog has examples, their test. notice is the
// generated-file notice, written as the first line of each.
func Render(cat *model.Catalog, notice string) ([]Output, error) {
	f := newFile(cat, notice)
	for _, line := range strings.Split(packageDoc(cat), "\n") {
		f.PackageComment(line)
	}
	f.Add(genCodeType(cat))
	f.Add(genCategoryType(cat))
	f.Add(genRetry())
	f.Add(genInfo(cat))
	f.Add(genError(cat))
	f.Add(genWire(cat))
	f.Add(genTiers(cat))
	f.Add(genFeatures(cat))
	f.Add(genUpstream(cat))
	f.Add(genValidateCall(cat))
	for _, code := range cat.Codes {
		f.Add(genCode(code))
	}
	f.Add(genHelpers(cat))
	src, err := formatSource(f)
	if err != nil {
		return nil, err
	}
	out := []Output{{Name: ErrorsFile, Data: src}}
	if test := genExamplesTest(cat, notice); test != nil {
		src, err := formatSource(test)
		if err != nil {
			return nil, err
		}
		out = append(out, Output{Name: ExamplesFile, Data: src})
	}
	return out, nil
}

func newFile(cat *model.Catalog, notice string) *File {
	f := NewFile(cat.Outputs.GoPackage)
	f.NoFormat = true
	f.HeaderComment(notice)
	f.ImportName(jsonPkg, "json")
	return f
}

// formatSource renders f and formats it with go/format. When formatting
// fails, the error shows the unformatted source around each error with
// line numbers.
func formatSource(f *File) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering Go: %w", err)
	}
	out, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated Go: %w\n%s", err, excerpt(buf.String(), err))
	}
	return out, nil
}

// excerpt shows the lines of src around the positions a go/scanner error
// list names, numbered; the whole source when it names none.
func excerpt(src string, err error) string {
	lines := strings.Split(src, "\n")
	show := make([]bool, len(lines))
	var list scanner.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			for i := max(e.Pos.Line-6, 0); i < min(e.Pos.Line+5, len(lines)); i++ {
				show[i] = true
			}
		}
	} else {
		for i := range show {
			show[i] = true
		}
	}
	var b strings.Builder
	for i, line := range lines {
		if show[i] {
			fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
		} else if i > 0 && show[i-1] {
			b.WriteString("  ...\n")
		}
	}
	return b.String()
}

func packageDoc(cat *model.Catalog) string {
	text := fmt.Sprintf("Package %s holds the errors of the %s catalog: one constructor per error code, an Error type that marshals to the catalog's wire format and parses back, and metadata for every code.", cat.Outputs.GoPackage, cat.Name)
	if cat.Description != "" {
		text += "\n\n" + strings.TrimSpace(cat.Description)
	}
	return text
}

// docLines joins a title and a Markdown description into a doc comment
// body.
func docLines(first string, description string) string {
	if d := strings.TrimSpace(description); d != "" {
		return first + "\n\n" + d
	}
	return first
}

func genCodeType(cat *model.Catalog) Code {
	consts := make([]Code, 0, len(cat.Codes))
	for _, c := range cat.Codes {
		text := fmt.Sprintf("%s is %s: %s.", c.GoName, c.Name, strings.TrimSuffix(c.Title, "."))
		if c.Deprecated != nil {
			text += "\n\nDeprecated: " + deprecationText(c)
		}
		consts = append(consts, doc(docLines(text, "")).Line().Id(c.GoName).Id("Code").Op("=").Lit(c.Name))
	}
	return Add(
		doc("Code identifies an error. Codes are stable: clients match on them."),
		Line(), Type().Id("Code").String(),
		Line(), Line(), Const().Defs(consts...),
		Line(), Line(), doc("Error returns the code itself, so that a Code can be the target of errors.Is."),
		Line(), Func().Params(Id("c").Id("Code")).Id("Error").Params().String().Block(Return(String().Parens(Id("c")))),
		Line(), Line(), doc("index is the position of the code in infos, or -1."),
		Line(), Func().Params(Id("c").Id("Code")).Id("index").Params().Int().Block(
			Switch(Id("c")).BlockFunc(func(g *Group) {
				for i, code := range cat.Codes {
					g.Case(Id(code.GoName)).Return(Lit(i))
				}
			}),
			Return(Lit(-1)),
		),
		Line(),
	)
}

func deprecationText(c *model.Code) string {
	s := "since " + c.Deprecated.Since
	if c.Deprecated.Since == "" {
		s = "this code is no longer returned"
	}
	if c.Deprecated.Use != nil {
		s += "; use " + c.Deprecated.Use.GoName + " instead"
	}
	return s + "."
}

func genCategoryType(cat *model.Catalog) Code {
	consts := make([]Code, 0, len(cat.Categories))
	for _, c := range cat.Categories {
		consts = append(consts, doc(fmt.Sprintf("%s is %s: %s", c.GoName, c.Name, c.Description)).Line().
			Id(c.GoName).Id("Category").Op("=").Lit(c.Name))
	}
	return Add(
		doc("Category groups codes. Categories may nest: errors.Is matches a code's category and every category above it."),
		Line(), Type().Id("Category").String(),
		Line(), Line(), Const().Defs(consts...),
		Line(), Line(), doc("Error returns the category itself, so that a Category can be the target of errors.Is."),
		Line(), Func().Params(Id("c").Id("Category")).Id("Error").Params().String().Block(Return(String().Parens(Id("c")))),
		Line(), Line(), doc("Parent returns the category c nests under, or the empty category at the top."),
		Line(), Func().Params(Id("c").Id("Category")).Id("Parent").Params().Id("Category").BlockFunc(func(g *Group) {
			var cases []Code
			for _, c := range cat.Categories {
				if c.Parent != nil {
					cases = append(cases, Case(Id(c.GoName)).Return(Id(c.Parent.GoName)))
				}
			}
			if len(cases) > 0 {
				g.Switch(Id("c")).Block(cases...)
			}
			g.Return(Lit(""))
		}),
		Line(),
	)
}

func genInfo(cat *model.Catalog) Code {
	rows := make([]Code, 0, len(cat.Codes))
	specs := make([]Code, 0, len(cat.Codes))
	for _, c := range cat.Codes {
		row := Dict{
			Id("Code"):       Id(c.GoName),
			Id("Category"):   Id(c.Category.GoName),
			Id("Title"):      Lit(c.Title),
			Id("Retryable"):  Lit(c.Retryable),
			Id("Retry"):      Id(c.Retry.GoName()),
			Id("HTTPStatus"): Lit(c.HTTPStatus),
		}
		if c.RetryAfter > 0 {
			row[Id("RetryAfter")] = Lit(c.RetryAfter).Op("*").Qual(timePkg, "Second")
		}
		if c.DocsURL != "" {
			row[Id("DocsURL")] = Lit(c.DocsURL)
		}
		if c.Deprecated != nil {
			row[Id("Deprecated")] = True()
		}
		rows = append(rows, Values(row))
		spec := Dict{}
		if i := slices.Index(cat.Envelopes, c.Envelope); i > 0 {
			spec[Id("envelope")] = Lit(i)
		}
		if c.ParamsType == "" {
			// A code without params has fixed texts, which its
			// constructor and Parse take from here.
			spec[Id("message")] = Lit(literalText(c.Message))
			if c.Detail.Source != "" {
				spec[Id("detail")] = Lit(literalText(c.Detail))
			}
			if c.Suggestion.Source != "" {
				spec[Id("suggestion")] = Lit(literalText(c.Suggestion))
			}
		}
		var required []Code
		for _, p := range c.WireParams() {
			if !p.Optional {
				required = append(required, Lit(p.Name))
			}
		}
		if len(required) > 0 && (c.Envelope.AllParams || len(c.Envelope.Placed()) > 0) {
			spec[Id("required")] = Index().String().Values(required...)
		}
		specs = append(specs, Line().Values(spec))
	}
	return Add(
		doc("Info is the metadata of a code, as the catalog declares it."),
		Line(), Type().Id("Info").Struct(
			doc("Code is the code the metadata describes.").Line().Id("Code").Id("Code"),
			doc("Category is the code's category.").Line().Id("Category").Id("Category"),
			doc("Title says in a few words what went wrong.").Line().Id("Title").String(),
			doc("Retryable reports whether the same call may succeed if retried.").Line().Id("Retryable").Bool(),
			doc("Retry says what a client should do about the error.").Line().Id("Retry").Id("Retry"),
			doc("RetryAfter is how long to wait before a retry; 0 when the catalog does not say.").Line().Id("RetryAfter").Qual(timePkg, "Duration"),
			doc("HTTPStatus is the HTTP status an error of this code is served with.").Line().Id("HTTPStatus").Int(),
			doc("DocsURL points at the code's section of the error reference; empty when the catalog has no docs base URL.").Line().Id("DocsURL").String(),
			doc("Deprecated reports whether the code is deprecated.").Line().Id("Deprecated").Bool(),
		),
		Line(), Line(), Var().Id("infos").Op("=").Index(Op("...")).Id("Info").ValuesFunc(func(g *Group) {
			for _, r := range rows {
				g.Line().Add(r)
			}
			g.Line()
		}),
		Line(), Line(), doc("codeSpec is what the generated code needs to know of a code beyond its Info."),
		Line(), Type().Id("codeSpec").Struct(
			Id("envelope").Int().Comment("index in envelopes of the code's wire shape"),
			Id("message").Op(",").Id("detail").Op(",").Id("suggestion").String().Comment("the fixed texts of a code without params"),
			Id("required").Index().String().Comment("the params the wire must carry"),
		),
		Line(), Line(), doc("specs holds the codeSpec of each code, in the order of infos."),
		Line(), Var().Id("specs").Op("=").Index(Op("...")).Id("codeSpec").Values(append(specs, Line())...),
		Line(), Line(), doc("Lookup returns the metadata of a code; ok is false for a code the catalog does not declare."),
		Line(), Func().Id("Lookup").Params(Id("c").Id("Code")).Params(Id("info").Id("Info"), Id("ok").Bool()).Block(
			If(Id("i").Op(":=").Id("c").Dot("index").Call(), Id("i").Op(">=").Lit(0)).Block(Return(Id("infos").Index(Id("i")), True())),
			Return(Id("Info").Values(), False()),
		),
		Line(), Line(), doc("Codes returns every code of the catalog, sorted."),
		Line(), Func().Id("Codes").Params().Index().Id("Code").Block(
			Id("out").Op(":=").Make(Index().Id("Code"), Len(Id("infos"))),
			For(Id("i").Op(":=").Range().Id("infos")).Block(Id("out").Index(Id("i")).Op("=").Id("infos").Index(Id("i")).Dot("Code")),
			Return(Id("out")),
		),
		Line(), Line(), doc("Category returns the code's category, or the empty category for an unknown code."),
		Line(), Func().Params(Id("c").Id("Code")).Id("Category").Params().Id("Category").Block(
			List(Id("info"), Id("_")).Op(":=").Id("Lookup").Call(Id("c")),
			Return(Id("info").Dot("Category")),
		),
		Line(), Line(), doc("Retryable reports whether a call that failed with the code may succeed if retried."),
		Line(), Func().Params(Id("c").Id("Code")).Id("Retryable").Params().Bool().Block(
			List(Id("info"), Id("_")).Op(":=").Id("Lookup").Call(Id("c")),
			Return(Id("info").Dot("Retryable")),
		),
		Line(), Line(), doc("HTTPStatus returns the HTTP status of the code; 500 for an unknown code."),
		Line(), Func().Params(Id("c").Id("Code")).Id("HTTPStatus").Params().Int().Block(
			If(List(Id("info"), Id("ok")).Op(":=").Id("Lookup").Call(Id("c")), Id("ok")).Block(Return(Id("info").Dot("HTTPStatus"))),
			Return(Lit(500)),
		),
		Line(),
	)
}

// doc writes text as // line comments, one per line, whatever the text
// holds: a block comment would end early at a "*/" in catalog text.
func doc(text string) *Statement {
	s := Null()
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if i > 0 {
			s.Line()
		}
		s.Comment(strings.TrimRight(line, " \t"))
	}
	return s
}

// genRetry writes the Retry type: what a client should do about an error.
func genRetry() Code {
	classes := []struct {
		r   model.Retry
		doc string
	}{
		{model.RetryNever, "do not retry: the call cannot succeed."},
		{model.RetryAfterFix, "fix the call, then retry."},
		{model.RetryAfterDelay, "retry the same call after a delay (Info.RetryAfter when known)."},
		{model.RetrySafe, "the same call may be repeated at once."},
	}
	var consts []Code
	for _, c := range classes {
		consts = append(consts, doc(c.r.GoName()+": "+c.doc).Line().Id(c.r.GoName()).Id("Retry").Op("=").Lit(string(c.r)))
	}
	return Add(
		doc("Retry says what a client should do about an error."),
		Line(), Type().Id("Retry").String(),
		Line(), Line(), doc("The retry classes."),
		Line(), Const().Defs(consts...),
		Line(),
	)
}
