package gogen

import (
	"fmt"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

func genError(cat *model.Catalog) Code {
	recv := func() *Statement { return Params(Id("e").Op("*").Id("Error")) }
	return Add(
		doc(fmt.Sprintf("Error is an error of the %s catalog. Build one with the constructor of its code (New...), return it as an error, match it with errors.Is against a Code or a Category, and send it with encoding/json: it marshals to the catalog's wire format, and Parse reads that back.", cat.Name)),
		Line(), Type().Id("Error").Struct(
			doc("Code identifies the error.").Line().Id("Code").Id("Code"),
			doc("Message says what went wrong; the constructor fills it in from the code's message template.").Line().Id("Message").String(),
			doc("Detail gives context about this occurrence; optional.").Line().Id("Detail").String(),
			doc("Suggestion says how to fix the call; the constructor fills it in from the code's suggestion template.").Line().Id("Suggestion").String(),
			doc("Params holds the code's typed params: a *XParams for code X, nil for a code without params.").Line().Id("Params").Id("Params"),
			Line().Id("cause").Error(),
		),
		Line(), Line(), doc("Params is implemented by the params type of every code."),
		Line(), Type().Id("Params").Interface(
			doc("ErrorCode returns the code the params belong to.").Line().Id("ErrorCode").Params().Id("Code"),
			doc("texts fills in the code's message and suggestion templates.").Line().Id("texts").Params().Params(String(), String()),
		),
		Line(), Line(), doc("newError builds the error of p's code, its message and suggestion filled in."),
		Line(), Func().Id("newError").Params(Id("p").Id("Params")).Op("*").Id("Error").Block(
			List(Id("message"), Id("suggestion")).Op(":=").Id("p").Dot("texts").Call(),
			Return(Op("&").Id("Error").Values(Dict{
				Id("Code"): Id("p").Dot("ErrorCode").Call(), Id("Message"): Id("message"),
				Id("Suggestion"): Id("suggestion"), Id("Params"): Id("p"),
			})),
		),
		Line(), Line(), doc("Error returns the code and the message, and the cause's text when there is a cause."),
		Line(), Func().Add(recv()).Id("Error").Params().String().Block(
			Id("s").Op(":=").String().Parens(Id("e").Dot("Code")).Op("+").Lit(": ").Op("+").Id("e").Dot("Message"),
			If(Id("e").Dot("cause").Op("!=").Nil()).Block(Id("s").Op("+=").Lit(": ").Op("+").Id("e").Dot("cause").Dot("Error").Call()),
			Return(Id("s")),
		),
		Line(), Line(), doc("Unwrap returns the cause attached with WithCause, or nil."),
		Line(), Func().Add(recv()).Id("Unwrap").Params().Error().Block(Return(Id("e").Dot("cause"))),
		Line(), Line(), doc("WithCause attaches the error that caused e, for Unwrap and errors.Is; it is not part of the wire format. It returns e."),
		Line(), Func().Add(recv()).Id("WithCause").Params(Id("cause").Error()).Op("*").Id("Error").Block(
			Id("e").Dot("cause").Op("=").Id("cause"), Return(Id("e"))),
		Line(), Line(), doc("WithDetail sets context about this occurrence. It returns e."),
		Line(), Func().Add(recv()).Id("WithDetail").Params(Id("detail").String()).Op("*").Id("Error").Block(
			Id("e").Dot("Detail").Op("=").Id("detail"), Return(Id("e"))),
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
		Line(), Line(), doc("HTTPStatus returns the HTTP status to serve e with."),
		Line(), Func().Add(recv()).Id("HTTPStatus").Params().Int().Block(Return(Id("e").Dot("Code").Dot("HTTPStatus").Call())),
		Line(), Line(), doc("Text renders e for a person at a terminal: the code and message on the first line, then the detail, the suggestion, the cause and the docs URL, each on a line of its own."),
		Line(), Func().Add(recv()).Id("Text").Params().String().Block(
			Var().Id("b").Qual(stringsPkg, "Builder"),
			Id("b").Dot("WriteString").Call(Lit("error ").Op("+").String().Parens(Id("e").Dot("Code")).Op("+").Lit(": ").Op("+").Id("e").Dot("Message").Op("+").Lit("\n")),
			textLine("detail", Id("e").Dot("Detail")),
			textLine("fix", Id("e").Dot("Suggestion")),
			If(Id("e").Dot("cause").Op("!=").Nil()).Block(
				Id("b").Dot("WriteString").Call(Lit("  cause: ").Op("+").Id("e").Dot("cause").Dot("Error").Call().Op("+").Lit("\n"))),
			If(List(Id("info"), Id("_")).Op(":=").Id("Lookup").Call(Id("e").Dot("Code")), Id("info").Dot("DocsURL").Op("!=").Lit("")).Block(
				Id("b").Dot("WriteString").Call(Lit("  docs: ").Op("+").Id("info").Dot("DocsURL").Op("+").Lit("\n"))),
			Return(Id("b").Dot("String").Call()),
		),
		Line(),
	)
}

func textLine(label string, v *Statement) Code {
	return If(v.Clone().Op("!=").Lit("")).Block(
		Id("b").Dot("WriteString").Call(Lit("  " + label + ": ").Op("+").Add(v).Op("+").Lit("\n")))
}

// genWire writes the wire struct of the envelope and the JSON methods.
func genWire(cat *model.Catalog) Code {
	env := cat.Envelope
	tag := func(key string, omit bool) map[string]string {
		if omit {
			key += ",omitempty"
		}
		return map[string]string{"json": key}
	}
	return Add(
		doc("wireError is an Error in the catalog's wire format."),
		Line(), Type().Id("wireError").Struct(
			Id("Code").Id("Code").Tag(tag(env.Code, false)),
			Id("Category").Id("Category").Tag(tag(env.Category, false)),
			Id("Message").String().Tag(tag(env.Message, false)),
			Id("Detail").String().Tag(tag(env.Detail, true)),
			Id("Suggestion").String().Tag(tag(env.Suggestion, true)),
			Id("Retryable").Bool().Tag(tag(env.Retryable, false)),
			Id("DocsURL").String().Tag(tag(env.DocsURL, true)),
			Id("Params").Qual(jsonPkg, "RawMessage").Tag(tag(env.Params, true)),
		),
		Line(), Line(), doc("MarshalJSON writes e in the catalog's wire format."),
		Line(), Func().Params(Id("e").Op("*").Id("Error")).Id("MarshalJSON").Params().Params(Index().Byte(), Error()).Block(
			List(Id("info"), Id("_")).Op(":=").Id("Lookup").Call(Id("e").Dot("Code")),
			Id("w").Op(":=").Id("wireError").Values(Dict{
				Id("Code"): Id("e").Dot("Code"), Id("Category"): Id("info").Dot("Category"),
				Id("Message"): Id("e").Dot("Message"), Id("Detail"): Id("e").Dot("Detail"),
				Id("Suggestion"): Id("e").Dot("Suggestion"), Id("Retryable"): Id("info").Dot("Retryable"),
				Id("DocsURL"): Id("info").Dot("DocsURL"),
			}),
			If(Id("e").Dot("Params").Op("!=").Nil()).Block(
				List(Id("p"), Err()).Op(":=").Id("marshal").Call(Id("e").Dot("Params")),
				If(Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
				Id("w").Dot("Params").Op("=").Id("p"),
			),
			Return(Id("marshal").Call(Id("w"))),
		),
		Line(), Line(), doc("UnmarshalJSON reads e from the catalog's wire format; see Parse."),
		Line(), Func().Params(Id("e").Op("*").Id("Error")).Id("UnmarshalJSON").Params(Id("data").Index().Byte()).Error().Block(
			Var().Id("w").Id("wireError"),
			If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("data"), Op("&").Id("w")), Err().Op("!=").Nil()).Block(
				Return(Qual("fmt", "Errorf").Call(Lit(cat.Outputs.GoPackage+": parsing an error: %w"), Err()))),
			If(Id("w").Dot("Code").Dot("index").Call().Op("<").Lit(0)).Block(
				Return(Qual("fmt", "Errorf").Call(Lit(cat.Outputs.GoPackage+": parsing an error: unknown code %q"), Id("w").Dot("Code")))),
			Id("p").Op(":=").Id("newParams").Call(Id("w").Dot("Code")),
			Switch().Block(
				Case(Id("p").Op("==").Nil().Op("&&").Len(Id("w").Dot("Params")).Op(">").Lit(0).Op("&&").String().Parens(Id("w").Dot("Params")).Op("!=").Lit("null")).Block(
					Return(Qual("fmt", "Errorf").Call(Lit(cat.Outputs.GoPackage+": parsing an error: code %s has no params, got %s"), Id("w").Dot("Code"), Id("w").Dot("Params")))),
				Case(Id("p").Op("!=").Nil().Op("&&").Len(Id("w").Dot("Params")).Op("==").Lit(0)).Block(
					Return(Qual("fmt", "Errorf").Call(Lit(cat.Outputs.GoPackage+": parsing an error: code %s needs "+env.Params), Id("w").Dot("Code")))),
				Case(Id("p").Op("!=").Nil()).Block(
					If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("w").Dot("Params"), Id("p")), Err().Op("!=").Nil()).Block(
						Return(Qual("fmt", "Errorf").Call(Lit(cat.Outputs.GoPackage+": parsing the params of %s: %w"), Id("w").Dot("Code"), Err()))),
				),
			),
			Op("*").Id("e").Op("=").Id("Error").Values(Dict{
				Id("Code"): Id("w").Dot("Code"), Id("Message"): Id("w").Dot("Message"), Id("Detail"): Id("w").Dot("Detail"),
				Id("Suggestion"): Id("w").Dot("Suggestion"), Id("Params"): Id("p"),
			}),
			Return(Nil()),
		),
		Line(), Line(), doc("Parse reads an error in the catalog's wire format, with its typed params; it fails on an unknown code or params that do not fit the code."),
		Line(), Func().Id("Parse").Params(Id("data").Index().Byte()).Params(Op("*").Id("Error"), Error()).Block(
			Id("e").Op(":=").New(Id("Error")),
			If(Err().Op(":=").Id("e").Dot("UnmarshalJSON").Call(Id("data")), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
			Return(Id("e"), Nil()),
		),
		Line(), Line(), doc("newParams returns a new, empty params value of the code, or nil for a code without params."),
		Line(), Func().Id("newParams").Params(Id("c").Id("Code")).Id("Params").BlockFunc(func(g *Group) {
			var cases []Code
			for _, code := range cat.Codes {
				if code.ParamsType != "" {
					cases = append(cases, Case(Id(code.GoName)).Return(New(Id(code.ParamsType))))
				}
			}
			if len(cases) > 0 {
				g.Switch(Id("c")).Block(cases...)
			}
			g.Return(Nil())
		}),
		Line(),
	)
}
