package gogen

import (
	"fmt"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

func recv() *Statement { return Params(Id("e").Op("*").Id("Error")) }

func genError(cat *model.Catalog) Code {
	return Add(
		doc(fmt.Sprintf("Error is an error of the %s catalog. Build one with the constructor of its code (New...), return it as an error, match it with errors.Is against a Code or a Category, and send it with encoding/json: it marshals to the catalog's wire format, and Parse reads that back. A constructor takes the code's required params in order and its optional params, if it has any, in an options struct; when given several, the last one wins.", cat.Name)),
		Line(), Type().Id("Error").Struct(
			doc("Code identifies the error.").Line().Id("Code").Id("Code"),
			doc("Message says what went wrong; the constructor fills it in from the code's message template.").Line().Id("Message").String(),
			doc("Detail gives context about this occurrence; the constructor fills it in from the code's detail template, if it has one.").Line().Id("Detail").String(),
			doc("Suggestion says how to fix the call; the constructor fills it in from the code's suggestion template.").Line().Id("Suggestion").String(),
			doc("Params holds the code's typed params: a *XParams for code X, nil for a code without params.").Line().Id("Params").Id("Params"),
			Line().Id("status").Int().Comment("HTTP status set with WithHTTPStatus; 0 for the code's own"),
			Id("cause").Error(),
		),
		Line(), Line(), doc("Params is implemented by the params type of every code."),
		Line(), Type().Id("Params").Interface(
			doc("ErrorCode returns the code the params belong to.").Line().Id("ErrorCode").Params().Id("Code"),
			doc("texts fills in the code's message, detail and suggestion templates.").Line().Id("texts").Params(Id("t").Op("*").Id("texter")),
			doc("wire writes the params sent on the wire, in order, each with whether it is left off: an optional param at its zero value is.").Line().Id("wire").Params(Id("w").Op("*").Id("wireWriter")),
		),
		Line(), Line(), doc("init makes e an error of code c with params p, its texts filled in. It returns e."),
		Line(), Func().Add(recv()).Id("init").Params(Id("c").Id("Code"), Id("p").Id("Params")).Op("*").Id("Error").Block(
			List(Id("e").Dot("Code"), Id("e").Dot("Params")).Op("=").List(Id("c"), Id("p")),
			List(Id("e").Dot("Message"), Id("e").Dot("Detail"), Id("e").Dot("Suggestion")).Op("=").Id("fill").Call(Id("p")),
			Return(Id("e")),
		),
		Line(), Line(), doc("newFixed builds the error of a code without params, whose texts are fixed."),
		Line(), Func().Id("newFixed").Params(Id("c").Id("Code")).Op("*").Id("Error").Block(
			Id("s").Op(":=").Op("&").Id("specs").Index(Id("c").Dot("index").Call()),
			Return(Op("&").Id("Error").Values(Dict{
				Id("Code"): Id("c"), Id("Message"): Id("s").Dot("message"), Id("Detail"): Id("s").Dot("detail"),
				Id("Suggestion"): Id("s").Dot("suggestion"),
			})),
		),
		Line(), Line(), doc("Error returns the code and the message, and the cause's text when there is a cause."),
		Line(), Func().Add(recv()).Id("Error").Params().String().Block(
			If(Id("e").Dot("cause").Op("!=").Nil()).Block(Return(String().Parens(Id("e").Dot("Code")).Op("+").Lit(": ").Op("+").Id("e").Dot("Message").Op("+").Lit(": ").Op("+").Id("e").Dot("cause").Dot("Error").Call())),
			Return(String().Parens(Id("e").Dot("Code")).Op("+").Lit(": ").Op("+").Id("e").Dot("Message")),
		),
		Line(), Line(), doc("Unwrap returns the cause attached with WithCause, or nil."),
		Line(), Func().Add(recv()).Id("Unwrap").Params().Error().Block(Return(Id("e").Dot("cause"))),
		Line(), Line(), doc("WithCause attaches the error that caused e, for Unwrap and errors.Is; it is not part of the wire format. It returns e."),
		Line(), Func().Add(recv()).Id("WithCause").Params(Id("cause").Error()).Op("*").Id("Error").Block(
			Id("e").Dot("cause").Op("=").Id("cause"), Return(Id("e"))),
		Line(), Line(), doc("WithDetail sets context about this occurrence. It returns e."),
		Line(), Func().Add(recv()).Id("WithDetail").Params(Id("detail").String()).Op("*").Id("Error").Block(
			Id("e").Dot("Detail").Op("=").Id("detail"), Return(Id("e"))),
		Line(), Line(), doc("WithHTTPStatus sets the HTTP status of this occurrence, in place of the code's. It returns e."),
		Line(), Func().Add(recv()).Id("WithHTTPStatus").Params(Id("status").Int()).Op("*").Id("Error").Block(
			Id("e").Dot("status").Op("=").Id("status"), Return(Id("e"))),
		Line(), Line(), doc("Is reports whether e matches target: a Code equal to e's code, a Category that is e's category or one it nests under, or an *Error of the same code."),
		Line(), Func().Add(recv()).Id("Is").Params(Id("target").Error()).Bool().Block(
			Switch(Id("t").Op(":=").Id("target").Assert(Type())).Block(
				Case(Id("Code")).Return(Id("e").Dot("Code").Op("==").Id("t")),
				Case(Id("Category")).Block(
					For(Id("c").Op(":=").Id("e").Dot("Code").Dot("Category").Call(), Id("c").Op("!=").Lit(""), Id("c").Op("=").Id("c").Dot("Parent").Call()).Block(
						If(Id("c").Op("==").Id("t")).Block(Return(True())),
					),
				),
				Case(Op("*").Id("Error")).Return(Id("t").Op("!=").Nil().Op("&&").Id("e").Dot("Code").Op("==").Id("t").Dot("Code")),
			),
			Return(False()),
		),
		Line(), Line(), doc("Category returns the category of e's code."),
		Line(), Func().Add(recv()).Id("Category").Params().Id("Category").Block(Return(Id("e").Dot("Code").Dot("Category").Call())),
		Line(), Line(), doc("Retryable reports whether the same call may succeed if retried."),
		Line(), Func().Add(recv()).Id("Retryable").Params().Bool().Block(Return(Id("e").Dot("Code").Dot("Retryable").Call())),
		Line(), Line(), doc("HTTPStatus returns the HTTP status to serve e with: the one set with WithHTTPStatus, else the code's."),
		Line(), Func().Add(recv()).Id("HTTPStatus").Params().Int().Block(
			If(Id("e").Dot("status").Op("!=").Lit(0)).Block(Return(Id("e").Dot("status"))),
			Return(Id("e").Dot("Code").Dot("HTTPStatus").Call()),
		),
		Line(), Line(), doc("Text renders e for a person at a terminal: the code and message on the first line, then the detail, the suggestion, the alternatives, the cause and the docs URL, each on lines of their own."),
		Line(), Func().Add(recv()).Id("Text").Params().String().Block(
			Var().Id("b").Qual(stringsPkg, "Builder"),
			Id("b").Dot("WriteString").Call(Lit("error ").Op("+").String().Parens(Id("e").Dot("Code")).Op("+").Lit(": ").Op("+").Id("e").Dot("Message").Op("+").Lit("\n")),
			textLine("detail", Id("e").Dot("Detail")),
			textLine("fix", Id("e").Dot("Suggestion")),
			For(List(Id("_"), Id("a")).Op(":=").Range().Id("e").Dot("alternatives").Call()).Block(
				Id("b").Dot("WriteString").Call(Lit("  instead: ").Op("+").Id("a").Dot("Action")),
				If(Id("a").Dot("Description").Op("!=").Lit("")).Block(Id("b").Dot("WriteString").Call(Lit(" — ").Op("+").Id("a").Dot("Description"))),
				If(Id("a").Dot("AvailableOn").Op("!=").Lit("")).Block(Id("b").Dot("WriteString").Call(Lit(" (").Op("+").Id("a").Dot("AvailableOn").Op("+").Lit(")"))),
				Id("b").Dot("WriteString").Call(Lit("\n")),
			),
			If(Id("e").Dot("cause").Op("!=").Nil()).Block(
				Id("b").Dot("WriteString").Call(Lit("  cause: ").Op("+").Id("e").Dot("cause").Dot("Error").Call().Op("+").Lit("\n"))),
			If(List(Id("info"), Id("_")).Op(":=").Id("Lookup").Call(Id("e").Dot("Code")), Id("info").Dot("DocsURL").Op("!=").Lit("")).Block(
				Id("b").Dot("WriteString").Call(Lit("  docs: ").Op("+").Id("info").Dot("DocsURL").Op("+").Lit("\n"))),
			Return(Id("b").Dot("String").Call()),
		),
		Line(), Line(), genAlternativesOf(cat),
		Line(),
	)
}

func textLine(label string, v *Statement) Code {
	return If(v.Clone().Op("!=").Lit("")).Block(
		Id("b").Dot("WriteString").Call(Lit("  " + label + ": ").Op("+").Add(v).Op("+").Lit("\n")))
}

// genAlternativesOf writes the method that finds the alternatives among
// e's params, for Text.
func genAlternativesOf(cat *model.Catalog) Code {
	var cases []Code
	for _, c := range cat.Codes {
		if p := c.Param("alternatives"); p != nil && p.Type.Kind == model.List && p.Type.Elem.GoName == model.AlternativeType {
			cases = append(cases, Case(Op("*").Id(c.ParamsType)).Return(Id("p").Dot(p.GoName)))
		}
	}
	return Add(doc("alternatives returns the alternatives among e's params, if its code has any."),
		Line(), Func().Add(recv()).Id("alternatives").Params().Index().Id(model.AlternativeType).BlockFunc(func(g *Group) {
			if len(cases) > 0 {
				g.Switch(Id("p").Op(":=").Id("e").Dot("Params").Assert(Type())).Block(cases...)
			}
			g.Return(Nil())
		}))
}
