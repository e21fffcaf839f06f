package gogen

import (
	"fmt"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// genCodeType writes the Code type, its constants and its methods.
func genCodeType(cat *model.Catalog) Code {
	return Add(
		doc("Code identifies an error. Codes are stable: clients match on them."),
		Line(), Type().Id("Code").String(),
		Line(), Line(), genCodeConsts(cat),
		Line(),
		Line(), Line(), doc("Error returns the code itself, so that a Code can be the target of errors.Is."),
		Line(), Func().Params(Id("c").Id("Code")).Id("Error").Params().String().Block(Return(String().Parens(Id("c")))),
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

// genCodeConsts writes the constants of the codes, each documented by its
// title, a deprecated one by a comment of its own.
func genCodeConsts(cat *model.Catalog) Code {
	return Const().DefsFunc(func(g *Group) {
		for _, c := range cat.Codes {
			title := strings.Join(strings.Fields(c.Title), " ")
			if c.Deprecated != nil {
				g.Add(codeDoc(c, fmt.Sprintf("%s: %s", c.GoName, title), false)).Line().Id(c.GoName).Id("Code").Op("=").Lit(c.Name)
				continue
			}
			g.Add(lineDoc(Id(c.GoName).Id("Code").Op("=").Lit(c.Name), title))
		}
	})
}

// codeDoc writes text, the doc comment of a code's constant, or, with
// constructor, of its constructor, as doc does; for a deprecated code,
// then the paragraph that makes the declaration deprecated for go vet,
// gopls, staticcheck and pkgsite, which no catalog text can write (see
// docLines).
func codeDoc(c *model.Code, text string, constructor bool) *Statement {
	s := doc(text)
	if c.Deprecated != nil {
		s.Line().Comment("//").Line().Comment(commentLine("Deprecated: " + oneLine(deprecationText(c, constructor))))
	}
	return s
}

// deprecationText is the Deprecated paragraph of a code's constant, or,
// with constructor, of its constructor: each names its replacement's own.
func deprecationText(c *model.Code, constructor bool) string {
	s := "since " + c.Deprecated.Since
	if c.Deprecated.Since == "" {
		s = "this code is no longer returned"
	}
	if use := c.Deprecated.Use; use != nil {
		name := use.GoName
		if constructor {
			name = use.Constructor
		}
		s += "; use " + name + " instead"
	}
	return s + "."
}

// genCategoryType writes the Category type, its constants, Categories and Parent.
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
		Line(), Line(), doc("Categories returns every category of the catalog, sorted."),
		Line(), Func().Id("Categories").Params().Index().Id("Category").BlockFunc(func(g *Group) {
			names := make([]Code, len(cat.Categories))
			for i, c := range cat.Categories {
				names[i] = Id(c.GoName)
			}
			g.Return(Index().Id("Category").ValuesFunc(func(g *Group) {
				for _, n := range names {
					g.Add(n)
				}
			}))
		}),
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

// genInfo writes the Info type, Lookup and Codes, which read the table of
// codes.
func genInfo(cat *model.Catalog) Code {
	s := Id("s")
	return Add(
		doc("Info is the metadata of a code, as the catalog declares it."),
		Line(), Type().Id("Info").Struct(
			doc("Code is the code the metadata describes.").Line().Id("Code").Id("Code"),
			doc("Category is the code's category.").Line().Id("Category").Id("Category"),
			doc("Title says in a few words what went wrong.").Line().Id("Title").String(),
			doc("Retryable reports whether the same call may succeed if retried.").Line().Id("Retryable").Bool(),
			doc("Retry says what a client should do about the error.").Line().Id("Retry").Id("Retry"),
			doc("RetryAfter is how long to wait before a retry; 0 when the catalog does not say.").Line().Id("RetryAfter").Qual(timePkg, "Duration"),
			doc("Retries is how many times to send the same call again; 0 when the catalog does not say, and a client retries with a wait that doubles each time.").Line().Id("Retries").Int(),
			doc("HTTPStatus is the HTTP status an error of this code is served with.").Line().Id("HTTPStatus").Int(),
			doc("DocsURL points at the code's section of the error reference; empty when the catalog has no docs base URL.").Line().Id("DocsURL").String(),
			doc("Deprecated reports whether the code is deprecated.").Line().Id("Deprecated").Bool(),
		),
		Line(), Line(), doc("Lookup returns the metadata of a code; ok is false for a code the catalog does not declare."),
		Line(), Func().Id("Lookup").Params(Id("c").Id("Code")).Params(Id("info").Id("Info"), Id("ok").Bool()).Block(
			s.Clone().Op(":=").Id("catalog").Dot("Lookup").Call(String().Parens(Id("c"))),
			If(s.Clone().Op("==").Nil()).Block(Return(Id("Info").Values(), False())),
			Return(Id("Info").Values(Dict{
				Id("Code"): Id("c"), Id("Category"): Id("Category").Parens(s.Clone().Dot("Category")), Id("Title"): s.Clone().Dot("Title"),
				Id("Retryable"): s.Clone().Dot("Retryable"), Id("Retry"): Id("Retry").Parens(s.Clone().Dot("Retry")),
				Id("RetryAfter"): Qual(timePkg, "Duration").Parens(s.Clone().Dot("RetryAfter")).Op("*").Qual(timePkg, "Second"),
				Id("Retries"):    s.Clone().Dot("Retries"),
				Id("HTTPStatus"): s.Clone().Dot("HTTPStatus"), Id("DocsURL"): s.Clone().Dot("DocsURL"), Id("Deprecated"): s.Clone().Dot("Deprecated"),
			}), True()),
		),
		Line(), Line(), doc("Codes returns every code of the catalog, sorted."),
		Line(), Func().Id("Codes").Params().Index().Id("Code").Block(
			Id("specs").Op(":=").Id("catalog").Dot("Specs").Call(),
			Id("out").Op(":=").Make(Index().Id("Code"), Len(Id("specs"))),
			For(Id("i").Op(":=").Range().Id("specs")).Block(Id("out").Index(Id("i")).Op("=").Id("Code").Parens(Id("specs").Index(Id("i")).Dot("Code"))),
			Return(Id("out")),
		),
		Line(),
	)
}
