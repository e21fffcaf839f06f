// Package gogen writes the Go package of a catalog: the Code and Category
// types, metadata lookup, the Error type with its JSON wire form, and a
// typed constructor per code. The generated code needs nothing beyond the
// standard library. Every construct has a function of its own, and reads
// only the model. Every line is built with jennifer and formatted with
// go/format.
package gogen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/scanner"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/par"
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
	// The package but the declarations of the codes, the test of the
	// examples, and the declarations of the codes in chunks, render and
	// format on every core, the longest first. Top-level declarations
	// format independently of each other, so the chunks put together are
	// what formatting them together would give.
	chunks := par.Chunks(len(cat.Codes), codesPerChunk)
	parts := make([][]byte, 2+len(chunks))
	errs := make([]error, len(parts))
	par.Do(len(parts), func(i int) {
		switch i {
		case 0:
			parts[i], errs[i] = formatSource(genPackage(cat, notice))
		case 1:
			if test := genExamplesTest(cat, notice); test != nil {
				parts[i], errs[i] = formatSource(test)
			}
		default:
			parts[i], errs[i] = renderCodes(cat, cat.Codes[chunks[i-2][0]:chunks[i-2][1]])
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	out := []Output{{Name: ErrorsFile, Data: bytes.Join(append(parts[:1:1], parts[2:]...), nil)}}
	if parts[1] != nil {
		out = append(out, Output{Name: ExamplesFile, Data: parts[1]})
	}
	return out, nil
}

// genPackage writes the package but the declarations of the codes.
func genPackage(cat *model.Catalog, notice string) *File {
	f := newFile(cat, notice)
	for _, line := range strings.Split(packageDoc(cat), "\n") {
		f.PackageComment(commentLine(line))
	}
	f.Add(genCodeType(cat))
	f.Add(genCategoryType(cat))
	f.Add(genRetry())
	f.Add(genSpecs(cat))
	f.Add(genError(cat))
	f.Add(genTexter())
	f.Add(genWire(cat))
	f.Add(genParse(cat))
	f.Add(genTiers(cat))
	f.Add(genFeatures(cat))
	f.Add(genUpstream(cat))
	f.Add(genValidateCall(cat))
	f.Add(genHelpers(cat))
	return f
}

// codesPerChunk is how many codes' declarations renderCodes formats at
// a time.
const codesPerChunk = 50

// renderCodes renders and formats the declarations of codes, which
// follow the rest of the package: a file of package clause and
// declarations, less its package clause.
func renderCodes(cat *model.Catalog, codes []*model.Code) ([]byte, error) {
	f := NewFile(cat.Outputs.GoPackage)
	f.NoFormat = true
	for _, c := range codes {
		f.Add(genCode(c))
	}
	src, err := formatSource(f)
	if err != nil {
		return nil, err
	}
	// The declarations use nothing imported.
	clause := "package " + cat.Outputs.GoPackage + "\n"
	if !bytes.HasPrefix(src, []byte(clause)) || bytes.Contains(src, []byte("\nimport ")) {
		return nil, fmt.Errorf("rendering Go: the declarations of codes import a package:\n%s", src)
	}
	return src[len(clause):], nil
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
	return Add(
		doc("Code identifies an error. Codes are stable: clients match on them."),
		Line(), Type().Id("Code").String(),
		Line(), Line(), genCodeConsts(cat),
		Line(),
		Line(), Line(), doc("Error returns the code itself, so that a Code can be the target of errors.Is."),
		Line(), Func().Params(Id("c").Id("Code")).Id("Error").Params().String().Block(Return(String().Parens(Id("c")))),
		Line(), Line(), doc("index is the position of the code in specs, which is sorted by code, or -1."),
		Line(), Func().Params(Id("c").Id("Code")).Id("index").Params().Int().Block(
			List(Id("i"), Id("j")).Op(":=").List(Lit(0), Len(Id("specs"))),
			For(Id("i").Op("<").Id("j")).Block(
				Id("h").Op(":=").Int().Parens(Uint().Parens(Id("i").Op("+").Id("j")).Op(">>").Lit(1)),
				If(Id("specs").Index(Id("h")).Dot("Code").Op("<").Id("c")).Block(Id("i").Op("=").Id("h").Op("+").Lit(1)).Else().Block(Id("j").Op("=").Id("h")),
			),
			If(Id("i").Op("<").Len(Id("specs")).Op("&&").Id("specs").Index(Id("i")).Dot("Code").Op("==").Id("c")).Block(Return(Id("i"))),
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

// genSpecs writes the Info type and the table of every code's metadata,
// one row a code, with Lookup and the Code methods that read it.
func genSpecs(cat *model.Catalog) Code {
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
		Line(), Line(), doc("codeSpec is a code's Info and what the generated code needs to know of it besides."),
		Line(), Type().Id("codeSpec").Struct(
			Id("Info"),
			Id("envelope").Int().Comment("index in envelopes of the code's wire shape"),
			Id("message").Op(",").Id("detail").Op(",").Id("suggestion").String().Comment("the fixed texts of a code without params"),
			Id("params").Func().Params().Id("Params").Comment("a new params value of the code; nil for a code without params"),
		),
		Line(), Line(), genSpecsTable(cat),
		Line(),
		Line(), Line(), doc("Lookup returns the metadata of a code; ok is false for a code the catalog does not declare."),
		Line(), Func().Id("Lookup").Params(Id("c").Id("Code")).Params(Id("info").Id("Info"), Id("ok").Bool()).Block(
			If(Id("i").Op(":=").Id("c").Dot("index").Call(), Id("i").Op(">=").Lit(0)).Block(Return(Id("specs").Index(Id("i")).Dot("Info"), True())),
			Return(Id("Info").Values(), False()),
		),
		Line(), Line(), doc("Codes returns every code of the catalog, sorted."),
		Line(), Func().Id("Codes").Params().Index().Id("Code").Block(
			Id("out").Op(":=").Make(Index().Id("Code"), Len(Id("specs"))),
			For(Id("i").Op(":=").Range().Id("specs")).Block(Id("out").Index(Id("i")).Op("=").Id("specs").Index(Id("i")).Dot("Code")),
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

// commentSafe spells out the characters Go source may not hold even in a
// comment (a byte order mark, NUL) and drops carriage returns.
var commentSafe = strings.NewReplacer("\uFEFF", "<U+FEFF>", "\x00", "<U+0000>", "\r", "")

// doc writes text as // line comments, one per line, whatever the text
// holds: a block comment would end early at a "*/" in catalog text.
func doc(text string) *Statement {
	s := Null()
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if i > 0 {
			s.Line()
		}
		s.Comment(commentLine(line))
	}
	return s
}

// commentLine is one line of a // comment that holds catalog text. It
// starts with "//" itself, so that jennifer writes it as it is: jennifer
// copies a comment that starts with // or /* raw, which would turn catalog
// text into a directive (//go:build) or an unterminated block comment.
func commentLine(line string) string {
	line = strings.TrimRight(commentSafe.Replace(strings.ToValidUTF8(line, "\uFFFD")), " \t")
	if line == "" {
		return "//"
	}
	return "// " + line
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
