package gogen

import (
	"fmt"
	"maps"
	"slices"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

func recv() *Statement { return Params(Id("e").Op("*").Id("Error")) }

func genError(cat *model.Catalog) Code {
	return Add(
		doc(fmt.Sprintf("Error is an error of the %s catalog. Build one with the constructor of its code (New...), return it as an error, match it with errors.Is against a Code or a Category, and send it with encoding/json: it marshals to the catalog's wire format, and Parse reads that back.", cat.Name)),
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
			doc("texts fills in the code's message, detail and suggestion templates.").Line().Id("texts").Params().Params(String(), String(), String()),
			doc("wire lists the params sent on the wire, in order, those left at their zero value omitted when optional.").Line().Id("wire").Params().Index().Id("wireParam"),
		),
		Line(), Line(), doc("newError builds the error of p's code, its texts filled in."),
		Line(), Func().Id("newError").Params(Id("p").Id("Params")).Op("*").Id("Error").Block(
			List(Id("message"), Id("detail"), Id("suggestion")).Op(":=").Id("p").Dot("texts").Call(),
			Return(Op("&").Id("Error").Values(Dict{
				Id("Code"): Id("p").Dot("ErrorCode").Call(), Id("Message"): Id("message"), Id("Detail"): Id("detail"),
				Id("Suggestion"): Id("suggestion"), Id("Params"): Id("p"),
			})),
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

// genWire writes the wire format: each envelope as a table, and the
// functions that marshal and parse an Error by walking it.
func genWire(cat *model.Catalog) Code {
	var fields []Code
	for i := range model.FieldNames {
		f := Id(model.Field(i).GoName())
		if i == 0 {
			f.Op("=").Iota()
		}
		fields = append(fields, f)
	}
	var placed []Code
	envs := make([]Code, 0, len(cat.Envelopes))
	for _, env := range cat.Envelopes {
		envs = append(envs, Line().Add(shapeLit(env.Root)))
		var names []Code
		for _, m := range slices.Sorted(maps.Keys(env.Placed())) {
			names = append(names, Lit(m))
		}
		if len(names) == 0 {
			placed = append(placed, Nil())
		} else {
			placed = append(placed, Index().String().Values(names...))
		}
	}
	codePath := make([]Code, len(cat.Envelopes[0].CodePath))
	for i, k := range cat.Envelopes[0].CodePath {
		codePath[i] = Lit(k)
	}
	pkg := cat.Outputs.GoPackage
	return Add(
		doc("wireMember is a member of an envelope, the wire shape of errors: a key of a JSON object and what it holds."),
		Line(), Type().Id("wireMember").Struct(
			Id("key").String(),
			Id("kind").Int().Comment("memberConst, ..."),
			Id("field").Int().Comment("memberField: field..."),
			Id("name").String().Comment("memberParam: the param; memberConst: the JSON value"),
			Id("members").Index().Id("wireMember").Comment("memberObject"),
		),
		Line(), Line(), doc("The kinds of wire members."),
		Line(), Const().Defs(
			Id("memberConst").Op("=").Iota().Comment("a constant"),
			Id("memberField").Comment("a value of the error"),
			Id("memberParams").Comment("an object of the params not placed one by one"),
			Id("memberParam").Comment("one param"),
			Id("memberSpread").Comment("the params not placed one by one, as members of this object"),
			Id("memberObject").Comment("a nested object"),
		),
		Line(), Line(), doc("The values of an error that an envelope can place."),
		Line(), Const().Defs(fields...),
		Line(), Line(), doc("envelopes are the catalog's wire shapes; Info.envelope indexes them."),
		Line(), Var().Id("envelopes").Op("=").Index(Op("...")).Index().Id("wireMember").Values(append(envs, Line())...),
		Line(), Line(), doc("placed lists, for each envelope, the params it places one by one."),
		Line(), Var().Id("placed").Op("=").Index(Op("...")).Index().String().Values(placed...),
		Line(), Line(), doc("codePath is where every envelope puts the code."),
		Line(), Var().Id("codePath").Op("=").Index(Op("...")).String().Values(codePath...),
		Line(), Line(), doc("wireParam is a param as it goes on the wire."),
		Line(), Type().Id("wireParam").Struct(Id("name").String(), Id("value").Any()),
		Line(), Line(), doc("MarshalJSON writes e in the catalog's wire format."),
		Line(), Func().Add(recv()).Id("MarshalJSON").Params().Params(Index().Byte(), Error()).Block(
			List(Id("info"), Id("ok")).Op(":=").Id("Lookup").Call(Id("e").Dot("Code")),
			If(Op("!").Id("ok")).Block(Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": marshaling an error of unknown code %q"), Id("e").Dot("Code")))),
			Var().Id("ps").Index().Id("wireParam"),
			If(Id("e").Dot("Params").Op("!=").Nil()).Block(Id("ps").Op("=").Id("e").Dot("Params").Dot("wire").Call()),
			Id("env").Op(":=").Id("specs").Index(Id("e").Dot("Code").Dot("index").Call()).Dot("envelope"),
			Id("w").Op(":=").Id("wireWriter").Values(Dict{Id("e"): Id("e"), Id("info"): Op("&").Id("info"), Id("ps"): Id("ps"), Id("placed"): Id("placed").Index(Id("env"))}),
			List(Id("out"), Id("_"), Err()).Op(":=").Id("w").Dot("object").Call(Id("envelopes").Index(Id("env"))),
			Return(Id("out"), Err()),
		),
		Line(), Line(), doc("wireWriter writes an Error as JSON, following an envelope."),
		Line(), Type().Id("wireWriter").Struct(
			Id("e").Op("*").Id("Error"),
			Id("info").Op("*").Id("Info"),
			Id("ps").Index().Id("wireParam"),
			Id("placed").Index().String(),
		),
		Line(), Line(), doc("object writes the members of an envelope's object, leaving out empty values; n is how many it wrote."),
		Line(), Func().Params(Id("w").Op("*").Id("wireWriter")).Id("object").Params(Id("ms").Index().Id("wireMember")).Params(Id("out").Index().Byte(), Id("n").Int(), Err().Error()).Block(
			Id("out").Op("=").Append(Id("out"), LitRune('{')),
			Id("add").Op(":=").Func().Params(Id("key").String(), Id("v").Any()).Block(
				If(Err().Op("!=").Nil()).Block(Return()),
				If(Id("n").Op(">").Lit(0)).Block(Id("out").Op("=").Append(Id("out"), LitRune(','))),
				Id("n").Op("++"),
				List(Id("k"), Id("_")).Op(":=").Id("marshal").Call(Id("key")),
				Id("out").Op("=").Append(Id("out"), Id("k").Op("...")),
				Id("out").Op("=").Append(Id("out"), LitRune(':')),
				Var().Id("b").Index().Byte(),
				If(List(Id("b"), Err()).Op("=").Id("marshal").Call(Id("v")), Err().Op("==").Nil()).Block(
					Id("out").Op("=").Append(Id("out"), Id("b").Op("...")),
				),
			),
			For(List(Id("_"), Id("m")).Op(":=").Range().Id("ms")).Block(
				Switch(Id("m").Dot("kind")).Block(
					Case(Id("memberConst")).Block(Id("add").Call(Id("m").Dot("key"), Qual(jsonPkg, "RawMessage").Call(Id("m").Dot("name")))),
					Case(Id("memberField")).Block(
						If(List(Id("v"), Id("ok")).Op(":=").Id("w").Dot("e").Dot("field").Call(Id("m").Dot("field"), Id("w").Dot("info")), Id("ok")).Block(
							Id("add").Call(Id("m").Dot("key"), Id("v")))),
					Case(Id("memberParam")).Block(
						For(List(Id("_"), Id("p")).Op(":=").Range().Id("w").Dot("ps")).Block(
							If(Id("p").Dot("name").Op("==").Id("m").Dot("name")).Block(Id("add").Call(Id("m").Dot("key"), Id("p").Dot("value"))))),
					Case(Id("memberSpread")).Block(
						For(List(Id("_"), Id("p")).Op(":=").Range().Id("w").Dot("ps")).Block(
							If(Op("!").Qual(slicesPkg, "Contains").Call(Id("w").Dot("placed"), Id("p").Dot("name"))).Block(Id("add").Call(Id("p").Dot("name"), Id("p").Dot("value"))))),
					Case(Id("memberParams")).Block(
						Id("sub").Op(":=").Op("*").Id("w"),
						List(Id("b"), Id("k"), Id("err2")).Op(":=").Id("sub").Dot("object").Call(Index().Id("wireMember").Values(Values(Dict{Id("kind"): Id("memberSpread")}))),
						If(Id("err2").Op("!=").Nil()).Block(Return(Nil(), Lit(0), Id("err2"))),
						If(Id("k").Op(">").Lit(0)).Block(Id("add").Call(Id("m").Dot("key"), Qual(jsonPkg, "RawMessage").Call(Id("b")))),
					),
					Case(Id("memberObject")).Block(
						List(Id("b"), Id("k"), Id("err2")).Op(":=").Id("w").Dot("object").Call(Id("m").Dot("members")),
						If(Id("err2").Op("!=").Nil()).Block(Return(Nil(), Lit(0), Id("err2"))),
						If(Id("k").Op(">").Lit(0)).Block(Id("add").Call(Id("m").Dot("key"), Qual(jsonPkg, "RawMessage").Call(Id("b")))),
					),
				),
			),
			Return(Append(Id("out"), LitRune('}')), Id("n"), Err()),
		),
		Line(), Line(), doc("field returns a value of e an envelope places, and whether it goes on the wire: empty texts, a zero retry-after and an empty docs URL do not."),
		Line(), Func().Add(recv()).Id("field").Params(Id("f").Int(), Id("info").Op("*").Id("Info")).Params(Any(), Bool()).Block(
			Switch(Id("f")).Block(
				Case(Id("fieldCode")).Return(Id("e").Dot("Code"), True()),
				Case(Id("fieldCategory")).Return(Id("info").Dot("Category"), True()),
				Case(Id("fieldMessage")).Return(Id("e").Dot("Message"), Id("e").Dot("Message").Op("!=").Lit("")),
				Case(Id("fieldDetail")).Return(Id("e").Dot("Detail"), Id("e").Dot("Detail").Op("!=").Lit("")),
				Case(Id("fieldSuggestion")).Return(Id("e").Dot("Suggestion"), Id("e").Dot("Suggestion").Op("!=").Lit("")),
				Case(Id("fieldRetryable")).Return(Id("info").Dot("Retryable"), True()),
				Case(Id("fieldRetry")).Return(Id("info").Dot("Retry"), True()),
				Case(Id("fieldRetryAfter")).Return(Int().Parens(Id("info").Dot("RetryAfter").Op("/").Qual(timePkg, "Second")), Id("info").Dot("RetryAfter").Op(">=").Qual(timePkg, "Second")),
				Case(Id("fieldHTTPStatus")).Return(Id("e").Dot("HTTPStatus").Call(), True()),
				Case(Id("fieldDocsURL")).Return(Id("info").Dot("DocsURL"), Id("info").Dot("DocsURL").Op("!=").Lit("")),
				Case(Id("fieldTitle")).Return(Id("info").Dot("Title"), True()),
			),
			Return(Nil(), False()),
		),
		Line(), Line(), doc("UnmarshalJSON reads e from the catalog's wire format; see Parse."),
		Line(), Func().Add(recv()).Id("UnmarshalJSON").Params(Id("data").Index().Byte()).Error().Block(
			List(Id("p"), Err()).Op(":=").Id("Parse").Call(Id("data")),
			If(Err().Op("!=").Nil()).Block(Return(Err())),
			Op("*").Id("e").Op("=").Op("*").Id("p"),
			Return(Nil()),
		),
		Line(), Line(), doc("Parse reads an error in the catalog's wire format, with its typed params. Texts the wire does not carry are filled in from the code's templates. It fails on an unknown code, on params that do not fit the code, and on missing required params."),
		Line(), Func().Id("Parse").Params(Id("data").Index().Byte()).Params(Op("*").Id("Error"), Error()).Block(
			Id("fail").Op(":=").Func().Params(Id("format").String(), Id("args").Op("...").Any()).Params(Op("*").Id("Error"), Error()).Block(
				Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error: ").Op("+").Id("format"), Id("args").Op("..."))),
			),
			Var().Id("obj").Map(String()).Qual(jsonPkg, "RawMessage"),
			If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("data"), Op("&").Id("obj")), Err().Op("!=").Nil()).Block(Return(Id("fail").Call(Lit("%w"), Err()))),
			Id("at").Op(":=").Id("obj"),
			For(List(Id("i"), Id("key")).Op(":=").Range().Id("codePath")).Block(
				List(Id("raw"), Id("ok")).Op(":=").Id("at").Index(Id("key")),
				If(Op("!").Id("ok")).Block(Return(Id("fail").Call(Lit("no code at %s"), Qual(stringsPkg, "Join").Call(Id("codePath").Index(Empty(), Id("i").Op("+").Lit(1)), Lit("."))))),
				If(Id("i").Op("==").Len(Id("codePath")).Op("-").Lit(1)).Block(
					Var().Id("code").Id("Code"),
					If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Op("&").Id("code")), Err().Op("!=").Nil()).Block(Return(Id("fail").Call(Lit("code: %w"), Err()))),
					Return(Id("parseCode").Call(Id("code"), Id("obj"))),
				),
				Id("at").Op("=").Nil(),
				If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Op("&").Id("at")), Err().Op("!=").Nil()).Block(Return(Id("fail").Call(Lit("%s: %w"), Id("key"), Err()))),
			),
			Return(Id("fail").Call(Lit("no code"))),
		),
		Line(), Line(), doc("parseCode reads the rest of an error of a known code from its wire object."),
		Line(), Func().Id("parseCode").Params(Id("code").Id("Code"), Id("obj").Map(String()).Qual(jsonPkg, "RawMessage")).Params(Op("*").Id("Error"), Error()).Block(
			List(Id("info"), Id("ok")).Op(":=").Id("Lookup").Call(Id("code")),
			If(Op("!").Id("ok")).Block(Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error: unknown code %q"), Id("code")))),
			Id("spec").Op(":=").Op("&").Id("specs").Index(Id("code").Dot("index").Call()),
			Id("r").Op(":=").Id("wireReader").Values(Dict{Id("e"): Op("&").Id("Error").Values(Dict{Id("Code"): Id("code")}), Id("params"): Map(String()).Qual(jsonPkg, "RawMessage").Values()}),
			If(Err().Op(":=").Id("r").Dot("object").Call(Id("envelopes").Index(Id("spec").Dot("envelope")), Id("obj")), Err().Op("!=").Nil()).Block(
				Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error of code %s: %w"), Id("code"), Err()))),
			Id("e").Op(":=").Id("r").Dot("e"),
			If(Id("e").Dot("status").Op("==").Id("info").Dot("HTTPStatus")).Block(Id("e").Dot("status").Op("=").Lit(0)),
			For(List(Id("_"), Id("name")).Op(":=").Range().Id("spec").Dot("required")).Block(
				If(List(Id("_"), Id("ok")).Op(":=").Id("r").Dot("params").Index(Id("name")), Op("!").Id("ok")).Block(
					Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error of code %s: required param %s is missing"), Id("code"), Id("name")))),
			),
			Id("message").Op(",").Id("detail").Op(",").Id("suggestion").Op(":=").Id("spec").Dot("message").Op(",").Id("spec").Dot("detail").Op(",").Id("spec").Dot("suggestion"),
			If(Id("p").Op(":=").Id("newParams").Call(Id("code")), Id("p").Op("!=").Nil()).Block(
				List(Id("raw"), Id("_")).Op(":=").Qual(jsonPkg, "Marshal").Call(Id("r").Dot("params")),
				If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Id("p")), Err().Op("!=").Nil()).Block(
					Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing the params of %s: %w"), Id("code"), Err()))),
				Id("e").Dot("Params").Op("=").Id("p"),
				List(Id("message"), Id("detail"), Id("suggestion")).Op("=").Id("p").Dot("texts").Call(),
			).Else().If(Len(Id("r").Dot("params")).Op(">").Lit(0)).Block(
				Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error: code %s has no params"), Id("code"))),
			),
			If(Op("!").Id("r").Dot("seen").Index(Id("fieldMessage"))).Block(Id("e").Dot("Message").Op("=").Id("message")),
			If(Op("!").Id("r").Dot("seen").Index(Id("fieldDetail"))).Block(Id("e").Dot("Detail").Op("=").Id("detail")),
			If(Op("!").Id("r").Dot("seen").Index(Id("fieldSuggestion"))).Block(Id("e").Dot("Suggestion").Op("=").Id("suggestion")),
			Return(Id("e"), Nil()),
		),
		Line(), Line(), doc("wireReader reads an Error from JSON, following an envelope."),
		Line(), Type().Id("wireReader").Struct(
			Id("e").Op("*").Id("Error"),
			Id("params").Map(String()).Qual(jsonPkg, "RawMessage"),
			Id("seen").Index(Lit(len(model.FieldNames))).Bool().Comment("the fields present on the wire"),
		),
		Line(), Line(), doc("object reads the members of an envelope's object from obj."),
		Line(), Func().Params(Id("r").Op("*").Id("wireReader")).Id("object").Params(Id("ms").Index().Id("wireMember"), Id("obj").Map(String()).Qual(jsonPkg, "RawMessage")).Error().Block(
			For(List(Id("_"), Id("m")).Op(":=").Range().Id("ms")).Block(
				List(Id("raw"), Id("ok")).Op(":=").Id("obj").Index(Id("m").Dot("key")),
				Switch().Block(
					Case(Id("m").Dot("kind").Op("==").Id("memberSpread")).Block(
						For(List(Id("k"), Id("v")).Op(":=").Range().Id("obj")).Block(
							If(Op("!").Id("claims").Call(Id("ms"), Id("k"))).Block(Id("r").Dot("params").Index(Id("k")).Op("=").Id("v")))),
					Case(Op("!").Id("ok")).Block(Continue()),
					Case(Id("m").Dot("kind").Op("==").Id("memberField")).Block(
						Id("r").Dot("seen").Index(Id("m").Dot("field")).Op("=").True(),
						If(Err().Op(":=").Id("r").Dot("e").Dot("setField").Call(Id("m").Dot("field"), Id("raw")), Err().Op("!=").Nil()).Block(
							Return(Qual(fmtPkg, "Errorf").Call(Lit("%s: %w"), Id("m").Dot("key"), Err())))),
					Case(Id("m").Dot("kind").Op("==").Id("memberParam")).Block(Id("r").Dot("params").Index(Id("m").Dot("name")).Op("=").Id("raw")),
					Case(Id("m").Dot("kind").Op("==").Id("memberParams"), Id("m").Dot("kind").Op("==").Id("memberObject")).Block(
						Var().Id("sub").Map(String()).Qual(jsonPkg, "RawMessage"),
						If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Op("&").Id("sub")), Err().Op("!=").Nil()).Block(
							Return(Qual(fmtPkg, "Errorf").Call(Lit("%s: %w"), Id("m").Dot("key"), Err()))),
						Id("members").Op(":=").Id("m").Dot("members"),
						If(Id("m").Dot("kind").Op("==").Id("memberParams")).Block(Id("members").Op("=").Index().Id("wireMember").Values(Values(Dict{Id("kind"): Id("memberSpread")}))),
						If(Err().Op(":=").Id("r").Dot("object").Call(Id("members"), Id("sub")), Err().Op("!=").Nil()).Block(
							Return(Qual(fmtPkg, "Errorf").Call(Lit("%s.%w"), Id("m").Dot("key"), Err()))),
					),
				),
			),
			Return(Nil()),
		),
		Line(), Line(), doc("claims reports whether one of the members of an object has the key."),
		Line(), Func().Id("claims").Params(Id("ms").Index().Id("wireMember"), Id("key").String()).Bool().Block(
			For(List(Id("_"), Id("m")).Op(":=").Range().Id("ms")).Block(
				If(Id("m").Dot("kind").Op("!=").Id("memberSpread").Op("&&").Id("m").Dot("key").Op("==").Id("key")).Block(Return(True()))),
			Return(False()),
		),
		Line(), Line(), doc("setField reads a value of e an envelope places; values that follow from the code (its category, retry metadata, docs URL, title) are not read back."),
		Line(), Func().Add(recv()).Id("setField").Params(Id("f").Int(), Id("raw").Qual(jsonPkg, "RawMessage")).Error().Block(
			Switch(Id("f")).Block(
				Case(Id("fieldMessage")).Return(Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Op("&").Id("e").Dot("Message"))),
				Case(Id("fieldDetail")).Return(Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Op("&").Id("e").Dot("Detail"))),
				Case(Id("fieldSuggestion")).Return(Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Op("&").Id("e").Dot("Suggestion"))),
				Case(Id("fieldHTTPStatus")).Return(Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Op("&").Id("e").Dot("status"))),
			),
			Return(Nil()),
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

// shapeLit writes an envelope object as a []wireMember literal.
func shapeLit(s *model.Shape) Code {
	members := make([]Code, 0, len(s.Members))
	for _, m := range s.Members {
		d := Dict{Id("key"): Lit(m.Key)}
		switch m.Kind {
		case model.KindConst:
			d[Id("kind")], d[Id("name")] = Id("memberConst"), Lit(m.Const)
		case model.KindField:
			d[Id("kind")], d[Id("field")] = Id("memberField"), Id(m.Field.GoName())
		case model.KindParams:
			d[Id("kind")] = Id("memberParams")
		case model.KindParam:
			d[Id("kind")], d[Id("name")] = Id("memberParam"), Lit(m.Param)
		case model.KindSpread:
			d = Dict{Id("kind"): Id("memberSpread")}
		case model.KindObject:
			d[Id("kind")], d[Id("members")] = Id("memberObject"), shapeLit(m.Object)
		}
		members = append(members, Values(d))
	}
	return Index().Id("wireMember").Values(members...)
}
