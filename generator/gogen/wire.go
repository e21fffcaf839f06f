package gogen

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// genTexter writes texter, which the texts methods of the params types
// fill templates with: each appends the parts of the code's message,
// detail and suggestion templates to one buffer, so that a constructor
// allocates the three texts at once. Texters are pooled.
func genTexter() Code {
	t := func() *Statement { return Params(Id("t").Op("*").Id("texter")) }
	method := func(name string, params []Code, body ...Code) Code {
		return Add(noInline(), Func().Add(t()).Id(name).Params(params...).Op("*").Id("texter").Block(append(body, Return(Id("t")))...))
	}
	b := func() *Statement { return Id("t").Dot("b") }
	appendTo := func(v Code) Code { return b().Op("=").Add(v) }
	list := func(name string, elem Code, each func(x Code) Code) Code {
		return method(name, []Code{Id("xs").Index().Add(elem), List(Id("sep"), Id("last")).String()},
			For(List(Id("i"), Id("x")).Op(":=").Range().Id("xs")).Block(
				Id("t").Dot("sep").Call(Id("i"), Len(Id("xs")), Id("sep"), Id("last")),
				appendTo(each(Id("x"))),
			))
	}
	return Add(
		doc("texter fills in templates: it appends their parts to b, and records where the message and the detail end."),
		Line(), Type().Id("texter").Struct(
			Id("b").Index().Byte(),
			Id("ends").Index(Lit(2)).Int(),
			Id("n").Int(),
		),
		Line(), Line(), doc("texters holds texters for reuse."),
		Line(), Var().Id("texters").Op("=").Qual("sync", "Pool").Values(Dict{Id("New"): Func().Params().Any().Block(Return(Op("&").Id("texter").Values()))}),
		Line(), Line(), doc("fill fills in the templates of p: the message, the detail and the suggestion."),
		Line(), Func().Id("fill").Params(Id("p").Id("Params")).Params(List(Id("message"), Id("detail"), Id("suggestion")).String()).Block(
			Id("t").Op(":=").Id("texters").Dot("Get").Call().Assert(Op("*").Id("texter")),
			List(Id("t").Dot("b"), Id("t").Dot("n")).Op("=").List(Id("t").Dot("b").Index(Empty(), Lit(0)), Lit(0)),
			Id("p").Dot("texts").Call(Id("t")),
			Id("s").Op(":=").String().Parens(Id("t").Dot("b")),
			List(Id("message"), Id("detail"), Id("suggestion")).Op("=").List(
				Id("s").Index(Empty(), Id("t").Dot("ends").Index(Lit(0))),
				Id("s").Index(Id("t").Dot("ends").Index(Lit(0)), Id("t").Dot("ends").Index(Lit(1))),
				Id("s").Index(Id("t").Dot("ends").Index(Lit(1)), Empty())),
			If(Cap(Id("t").Dot("b")).Op("<=").Lit(4096)).Block(Id("texters").Dot("Put").Call(Id("t"))),
			Return(),
		),
		Line(), Line(), doc("end ends the message, then the detail."),
		Line(), method("end", nil, Id("t").Dot("ends").Index(Id("t").Dot("n")).Op("=").Len(b()), Id("t").Dot("n").Op("++")),
		Line(), Line(), doc("s appends texts."),
		Line(), method("s", []Code{Id("ss").Op("...").String()},
			For(List(Id("_"), Id("s")).Op(":=").Range().Id("ss")).Block(appendTo(Append(b(), Id("s").Op("..."))))),
		Line(), Line(), doc("int appends an integer."),
		Line(), method("int", []Code{Id("n").Int()}, appendTo(Qual(strconvPkg, "AppendInt").Call(b(), Int64().Parens(Id("n")), Lit(10)))),
		Line(), Line(), doc("bool appends true or false."),
		Line(), method("bool", []Code{Id("v").Bool()}, appendTo(Qual(strconvPkg, "AppendBool").Call(b(), Id("v")))),
		Line(), Line(), doc("float appends a number in the shortest form that reads back as it."),
		Line(), method("float", []Code{Id("f").Float64()}, appendTo(Qual(strconvPkg, "AppendFloat").Call(b(), Id("f"), LitRune('g'), Lit(-1), Lit(64)))),
		Line(), Line(), doc("json appends a value as JSON."),
		Line(), method("json", []Code{Id("v").Any()},
			List(Id("j"), Id("_")).Op(":=").Id("marshal").Call(Id("v")),
			appendTo(Append(b(), Id("j").Op("..."))),
		),
		Line(), Line(), doc("sep appends the separator before element i of n: sep, or last before the last element."),
		Line(), Func().Add(t()).Id("sep").Params(Id("i"), Id("n").Int(), List(Id("sep"), Id("last")).String()).Block(
			Switch().Block(
				Case(Id("i").Op("==").Lit(0)).Block(),
				Case(Id("i").Op("==").Id("n").Op("-").Lit(1)).Block(appendTo(Append(b(), Id("last").Op("...")))),
				Default().Block(appendTo(Append(b(), Id("sep").Op("...")))),
			),
		),
		Line(), Line(), doc("strs appends a list of texts, separated by sep and, before the last one, by last."),
		Line(), list("strs", String(), func(x Code) Code { return Append(b(), Add(x).Op("...")) }),
		Line(), Line(), doc("ints appends a list of integers, separated as strs does."),
		Line(), list("ints", Int(), func(x Code) Code { return Qual(strconvPkg, "AppendInt").Call(b(), Int64().Parens(x), Lit(10)) }),
		Line(), Line(), doc("floats appends a list of numbers, separated as strs does."),
		Line(), list("floats", Float64(), func(x Code) Code {
			return Qual(strconvPkg, "AppendFloat").Call(b(), x, LitRune('g'), Lit(-1), Lit(64))
		}),
		Line(), Line(), doc("bools appends a list of true and false, separated as strs does."),
		Line(), list("bools", Bool(), func(x Code) Code { return Qual(strconvPkg, "AppendBool").Call(b(), x) }),
		Line(),
	)
}

// noInline keeps the compiler from inlining the function that follows: the
// methods that texts and wire methods chain, a call a param, would make
// those functions, one for each code, large to compile for nothing.
func noInline() *Statement { return Comment("//").Line().Comment("//go:noinline").Line() }

// genWire writes the wire format: each envelope as a table, and the
// writer that marshals an Error by walking its envelope, which the wire
// methods of the params types write their params to.
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
		envs = append(envs, shapeLit(env.Root))
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
	w := func() *Statement { return Params(Id("w").Op("*").Id("wireWriter")) }
	wb := func() *Statement { return Id("w").Dot("b") }
	// param writes a param method of wireWriter: it writes v with put
	// when the param goes here.
	param := func(name string, typ Code, put ...Code) Code {
		return Add(noInline(), Func().Add(w()).Id(name).Params(Id("name").String(), Id("v").Add(typ), Id("omit").Bool()).Op("*").Id("wireWriter").Block(
			If(Id("w").Dot("param").Call(Id("name"), Id("omit"))).Block(put...),
			Return(Id("w")),
		))
	}
	return Add(
		doc("wireMember is a member of an envelope, the wire shape of errors: a key of a JSON object and what it holds."),
		Line(), Type().Id("wireMember").Struct(
			Id("key").String(),
			Id("json").String().Comment("the key as JSON, with the colon"),
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
		Line(), Line(), doc("envelopes are the catalog's wire shapes; codeSpec.envelope indexes them."),
		Line(), Var().Id("envelopes").Op("=").Index(Op("...")).Index().Id("wireMember").Add(elemLines(envs...)),
		Line(), Line(), doc("placed lists, for each envelope, the params it places one by one."),
		Line(), Var().Id("placed").Op("=").Index(Op("...")).Index().String().Values(placed...),
		Line(), Line(), doc("codePath is where every envelope puts the code."),
		Line(), Var().Id("codePath").Op("=").Index(Op("...")).String().Values(codePath...),
		Line(), Line(), doc("MarshalJSON writes e in the catalog's wire format."),
		Line(), Func().Add(recv()).Id("MarshalJSON").Params().Params(Index().Byte(), Error()).Block(
			Return(Id("e").Dot("AppendJSON").Call(Make(Index().Byte(), Lit(0), Lit(384).Op("+").Len(Id("e").Dot("Message")).Op("+").Len(Id("e").Dot("Detail")).Op("+").Len(Id("e").Dot("Suggestion"))))),
		),
		Line(), Line(), doc("AppendJSON appends e in the catalog's wire format to b, as MarshalJSON writes it. encoding/json checks and copies again what a MarshalJSON method returns: a server that writes the error itself saves that."),
		Line(), Func().Add(recv()).Id("AppendJSON").Params(Id("b").Index().Byte()).Params(Index().Byte(), Error()).Block(
			Id("i").Op(":=").Id("e").Dot("Code").Dot("index").Call(),
			If(Id("i").Op("<").Lit(0)).Block(Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": marshaling an error of unknown code %q"), Id("e").Dot("Code")))),
			Id("s").Op(":=").Op("&").Id("specs").Index(Id("i")),
			Id("w").Op(":=").Id("writers").Dot("Get").Call().Assert(Op("*").Id("wireWriter")),
			Op("*").Id("w").Op("=").Id("wireWriter").Values(Dict{
				Id("e"): Id("e"), Id("spec"): Id("s"), Id("placed"): Id("placed").Index(Id("s").Dot("envelope")), Id("b"): Append(Id("b"), LitRune('{')),
			}),
			Id("w").Dot("object").Call(Id("envelopes").Index(Id("s").Dot("envelope"))),
			List(Id("b"), Err()).Op(":=").List(Append(Id("w").Dot("b"), LitRune('}')), Id("w").Dot("err")),
			Op("*").Id("w").Op("=").Id("wireWriter").Values(),
			Id("writers").Dot("Put").Call(Id("w")),
			If(Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
			Return(Id("b"), Nil()),
		),
		Line(), Line(), doc("writers holds wireWriters for reuse."),
		Line(), Var().Id("writers").Op("=").Qual("sync", "Pool").Values(Dict{Id("New"): Func().Params().Any().Block(Return(New(Id("wireWriter"))))}),
		Line(), Line(), doc("wireWriter writes an Error as JSON, following an envelope. Parse uses it to check that the wire carries the required params."),
		Line(), Type().Id("wireWriter").Struct(
			Id("b").Index().Byte(),
			Id("e").Op("*").Id("Error"),
			Id("spec").Op("*").Id("codeSpec"),
			Id("n").Int().Comment("members written to the current object"),
			Id("placed").Index().String().Comment("params the envelope places one by one, left out of the params object and spread"),
			List(Id("only"), Id("key")).String().Comment("when only is set, the writer writes that param alone, as key"),
			Id("check").Map(String()).Qual(jsonPkg, "RawMessage").Comment("Parse: the params on the wire, which must hold each required one"),
			Id("err").Error(),
		),
		Line(), Line(), doc("object writes the members of an envelope's object, leaving out empty values and, with their key, objects left empty."),
		Line(), Func().Add(w()).Id("object").Params(Id("ms").Index().Id("wireMember")).Block(
			For(Id("i").Op(":=").Range().Id("ms")).Block(
				Id("m").Op(":=").Op("&").Id("ms").Index(Id("i")),
				Switch(Id("m").Dot("kind")).Block(
					Case(Id("memberConst")).Block(
						Id("w").Dot("member").Call(Id("m").Dot("json")),
						Id("w").Dot("b").Op("=").Append(wb(), Id("m").Dot("name").Op("...")),
					),
					Case(Id("memberField")).Block(Id("w").Dot("field").Call(Id("m"))),
					Case(Id("memberParam")).Block(
						List(Id("w").Dot("only"), Id("w").Dot("key")).Op("=").List(Id("m").Dot("name"), Id("m").Dot("json")),
						Id("w").Dot("params").Call(),
						Id("w").Dot("only").Op("=").Lit(""),
					),
					Case(Id("memberSpread")).Block(Id("w").Dot("params").Call()),
					Case(Id("memberParams"), Id("memberObject")).Block(
						List(Id("mark"), Id("n")).Op(":=").List(Len(wb()), Id("w").Dot("n")),
						Id("w").Dot("member").Call(Id("m").Dot("json")),
						List(Id("w").Dot("b"), Id("w").Dot("n")).Op("=").List(Append(wb(), LitRune('{')), Lit(0)),
						If(Id("m").Dot("kind").Op("==").Id("memberParams")).Block(Id("w").Dot("params").Call()).Else().Block(Id("w").Dot("object").Call(Id("m").Dot("members"))),
						If(Id("w").Dot("n").Op("==").Lit(0)).Block(
							List(Id("w").Dot("b"), Id("w").Dot("n")).Op("=").List(wb().Index(Empty(), Id("mark")), Id("n")),
						).Else().Block(
							List(Id("w").Dot("b"), Id("w").Dot("n")).Op("=").List(Append(wb(), LitRune('}')), Id("n").Op("+").Lit(1)),
						),
					),
				),
			),
		),
		Line(), Line(), doc("member starts a member of the current object: key is its key as JSON, with the colon."),
		Line(), Func().Add(w()).Id("member").Params(Id("key").String()).Block(
			If(Id("w").Dot("n").Op(">").Lit(0)).Block(Id("w").Dot("b").Op("=").Append(wb(), LitRune(','))),
			Id("w").Dot("n").Op("++"),
			Id("w").Dot("b").Op("=").Append(wb(), Id("key").Op("...")),
		),
		Line(), Line(), doc("params writes e's params, or the one the writer is told to write alone."),
		Line(), Func().Add(w()).Id("params").Params().Block(
			If(Id("w").Dot("e").Dot("Params").Op("!=").Nil()).Block(Id("w").Dot("e").Dot("Params").Dot("wire").Call(Id("w"))),
		),
		Line(), Line(), doc("text writes a text of e, unless it is empty."),
		Line(), Func().Add(w()).Id("text").Params(Id("key"), Id("v").String()).Block(
			If(Id("v").Op("!=").Lit("")).Block(
				Id("w").Dot("member").Call(Id("key")),
				Id("w").Dot("b").Op("=").Id("appendString").Call(wb(), Id("v")),
			),
		),
		Line(), Line(), doc("field writes a value of e an envelope places: empty texts, a zero retry-after and an empty docs URL are left off."),
		Line(), Func().Add(w()).Id("field").Params(Id("m").Op("*").Id("wireMember")).Block(
			List(Id("e"), Id("info")).Op(":=").List(Id("w").Dot("e"), Op("&").Id("w").Dot("spec").Dot("Info")),
			Switch(Id("m").Dot("field")).Block(
				Case(Id("fieldCode")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), String().Parens(Id("e").Dot("Code")))),
				Case(Id("fieldCategory")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), String().Parens(Id("info").Dot("Category")))),
				Case(Id("fieldMessage")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), Id("e").Dot("Message"))),
				Case(Id("fieldDetail")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), Id("e").Dot("Detail"))),
				Case(Id("fieldSuggestion")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), Id("e").Dot("Suggestion"))),
				Case(Id("fieldRetryable")).Block(
					Id("w").Dot("member").Call(Id("m").Dot("json")),
					Id("w").Dot("b").Op("=").Qual(strconvPkg, "AppendBool").Call(wb(), Id("info").Dot("Retryable")),
				),
				Case(Id("fieldRetry")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), String().Parens(Id("info").Dot("Retry")))),
				Case(Id("fieldRetryAfter")).Block(
					If(Id("info").Dot("RetryAfter").Op(">=").Qual(timePkg, "Second")).Block(
						Id("w").Dot("member").Call(Id("m").Dot("json")),
						Id("w").Dot("b").Op("=").Qual(strconvPkg, "AppendInt").Call(wb(), Int64().Parens(Id("info").Dot("RetryAfter").Op("/").Qual(timePkg, "Second")), Lit(10)),
					),
				),
				Case(Id("fieldHTTPStatus")).Block(
					Id("w").Dot("member").Call(Id("m").Dot("json")),
					Id("w").Dot("b").Op("=").Qual(strconvPkg, "AppendInt").Call(wb(), Int64().Parens(Id("e").Dot("HTTPStatus").Call()), Lit(10)),
				),
				Case(Id("fieldDocsURL")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), Id("info").Dot("DocsURL"))),
				Case(Id("fieldTitle")).Block(Id("w").Dot("text").Call(Id("m").Dot("json"), Id("info").Dot("Title"))),
			),
		),
		Line(), Line(), doc("param reports whether the param name goes where the writer is, and if so starts it. omit leaves an optional param at its zero value off the wire. When Parse checks the params, param records a required one the wire lacks."),
		Line(), Func().Add(w()).Id("param").Params(Id("name").String(), Id("omit").Bool()).Bool().Block(
			Switch().Block(
				Case(Id("w").Dot("check").Op("!=").Nil()).Block(
					If(List(Id("_"), Id("ok")).Op(":=").Id("w").Dot("check").Index(Id("name")), Op("!").Id("ok").Op("&&").Op("!").Id("omit").Op("&&").Id("w").Dot("err").Op("==").Nil()).Block(
						Id("w").Dot("err").Op("=").Qual(fmtPkg, "Errorf").Call(Lit("required param %s is missing"), Id("name")),
					),
					Return(False()),
				),
				Case(Id("omit")).Return(False()),
				Case(Id("w").Dot("only").Op("!=").Lit("")).Block(
					If(Id("name").Op("!=").Id("w").Dot("only")).Block(Return(False())),
					Id("w").Dot("member").Call(Id("w").Dot("key")),
					Return(True()),
				),
				Case(Qual(slicesPkg, "Contains").Call(Id("w").Dot("placed"), Id("name"))).Return(False()),
			),
			If(Id("w").Dot("n").Op(">").Lit(0)).Block(Id("w").Dot("b").Op("=").Append(wb(), LitRune(','))),
			Id("w").Dot("n").Op("++"),
			Id("w").Dot("b").Op("=").Append(Append(wb(), LitRune('"')), Id("name").Op("...")),
			Id("w").Dot("b").Op("=").Append(wb(), LitRune('"'), LitRune(':')),
			Return(True()),
		),
		Line(), Line(), doc("str writes a string param."),
		Line(), param("str", String(), Id("w").Dot("b").Op("=").Id("appendString").Call(wb(), Id("v"))),
		Line(), Line(), doc("int writes an integer param."),
		Line(), param("int", Int(), Id("w").Dot("b").Op("=").Qual(strconvPkg, "AppendInt").Call(wb(), Int64().Parens(Id("v")), Lit(10))),
		Line(), Line(), doc("bool writes a bool param."),
		Line(), param("bool", Bool(), Id("w").Dot("b").Op("=").Qual(strconvPkg, "AppendBool").Call(wb(), Id("v"))),
		Line(), Line(), doc("float writes a number param as encoding/json does; NaN and the infinities are an error."),
		Line(), param("float", Float64(),
			If(Qual("math", "IsNaN").Call(Id("v")).Op("||").Qual("math", "IsInf").Call(Id("v"), Lit(0)).Op("&&").Id("w").Dot("err").Op("==").Nil()).Block(
				List(Id("_"), Id("w").Dot("err")).Op("=").Qual(jsonPkg, "Marshal").Call(Id("v")),
			),
			Id("w").Dot("b").Op("=").Id("appendFloat").Call(wb(), Id("v")),
		),
		Line(), Line(), doc("strs writes a list of strings param."),
		Line(), param("strs", Index().String(),
			If(Id("v").Op("==").Nil()).Block(
				Id("w").Dot("b").Op("=").Append(wb(), Lit("null").Op("...")),
				Return(Id("w")),
			),
			Id("w").Dot("b").Op("=").Append(wb(), LitRune('[')),
			For(List(Id("i"), Id("s")).Op(":=").Range().Id("v")).Block(
				If(Id("i").Op(">").Lit(0)).Block(Id("w").Dot("b").Op("=").Append(wb(), LitRune(','))),
				Id("w").Dot("b").Op("=").Id("appendString").Call(wb(), Id("s")),
			),
			Id("w").Dot("b").Op("=").Append(wb(), LitRune(']')),
		),
		Line(), Line(), doc("json writes a param of any other type with encoding/json."),
		Line(), param("json", Any(),
			List(Id("j"), Err()).Op(":=").Id("marshal").Call(Id("v")),
			If(Err().Op("!=").Nil().Op("&&").Id("w").Dot("err").Op("==").Nil()).Block(Id("w").Dot("err").Op("=").Err()),
			Id("w").Dot("b").Op("=").Append(wb(), Id("j").Op("...")),
		),
		Line(), Line(), doc("appendString appends s as a JSON string, as encoding/json writes it without escaping <, > and &."),
		Line(), Func().Id("appendString").Params(Id("b").Index().Byte(), Id("s").String()).Index().Byte().Block(
			Id("b").Op("=").Append(Id("b"), LitRune('"')),
			Id("start").Op(":=").Lit(0),
			For(Id("i").Op(":=").Lit(0), Id("i").Op("<").Len(Id("s")), Empty()).Block(
				If(Id("c").Op(":=").Id("s").Index(Id("i")), Id("c").Op("<").Qual("unicode/utf8", "RuneSelf")).Block(
					If(Id("c").Op(">=").LitRune(' ').Op("&&").Id("c").Op("!=").LitRune('"').Op("&&").Id("c").Op("!=").LitRune('\\')).Block(
						Id("i").Op("++"),
						Continue(),
					),
					Id("b").Op("=").Append(Id("b"), Id("s").Index(Id("start"), Id("i")).Op("...")),
					Switch(Id("c")).Block(
						Case(LitRune('\\'), LitRune('"')).Block(Id("b").Op("=").Append(Id("b"), LitRune('\\'), Id("c"))),
						Case(LitRune('\b')).Block(Id("b").Op("=").Append(Id("b"), LitRune('\\'), LitRune('b'))),
						Case(LitRune('\f')).Block(Id("b").Op("=").Append(Id("b"), LitRune('\\'), LitRune('f'))),
						Case(LitRune('\n')).Block(Id("b").Op("=").Append(Id("b"), LitRune('\\'), LitRune('n'))),
						Case(LitRune('\r')).Block(Id("b").Op("=").Append(Id("b"), LitRune('\\'), LitRune('r'))),
						Case(LitRune('\t')).Block(Id("b").Op("=").Append(Id("b"), LitRune('\\'), LitRune('t'))),
						Default().Block(Id("b").Op("=").Append(Id("b"), LitRune('\\'), LitRune('u'), LitRune('0'), LitRune('0'), Id("hex").Index(Id("c").Op(">>").Lit(4)), Id("hex").Index(Id("c").Op("&").Lit(0xF)))),
					),
					Id("i").Op("++"),
					Id("start").Op("=").Id("i"),
					Continue(),
				),
				List(Id("r"), Id("size")).Op(":=").Qual("unicode/utf8", "DecodeRuneInString").Call(Id("s").Index(Id("i"), Empty())),
				If(Id("r").Op("==").Qual("unicode/utf8", "RuneError").Op("&&").Id("size").Op("==").Lit(1).Op("||").Id("r").Op("==").LitRune('\u2028').Op("||").Id("r").Op("==").LitRune('\u2029')).Block(
					Id("b").Op("=").Append(Id("b"), Id("s").Index(Id("start"), Id("i")).Op("...")),
					If(Id("size").Op("==").Lit(1)).Block(
						Id("b").Op("=").Append(Id("b"), Lit(`\ufffd`).Op("...")),
					).Else().Block(
						Id("b").Op("=").Append(Id("b"), LitRune('\\'), LitRune('u'), LitRune('2'), LitRune('0'), LitRune('2'), Id("hex").Index(Id("r").Op("&").Lit(0xF))),
					),
					Id("start").Op("=").Id("i").Op("+").Id("size"),
				),
				Id("i").Op("+=").Id("size"),
			),
			Return(Append(Append(Id("b"), Id("s").Index(Id("start"), Empty()).Op("...")), LitRune('"'))),
		),
		Line(), Line(), doc("hex are the hexadecimal digits."),
		Line(), Const().Id("hex").Op("=").Lit("0123456789abcdef"),
		Line(), Line(), doc("appendFloat appends f as encoding/json writes a float64."),
		Line(), Func().Id("appendFloat").Params(Id("b").Index().Byte(), Id("f").Float64()).Index().Byte().Block(
			Id("format").Op(":=").Byte().Parens(LitRune('f')),
			If(Id("abs").Op(":=").Qual("math", "Abs").Call(Id("f")), Id("abs").Op("!=").Lit(0).Op("&&").Parens(Id("abs").Op("<").Lit(1e-6).Op("||").Id("abs").Op(">=").Lit(1e21))).Block(
				Id("format").Op("=").LitRune('e'),
			),
			Id("b").Op("=").Qual(strconvPkg, "AppendFloat").Call(Id("b"), Id("f"), Id("format"), Lit(-1), Lit(64)),
			If(Id("n").Op(":=").Len(Id("b")), Id("format").Op("==").LitRune('e').Op("&&").Id("n").Op(">=").Lit(4).Op("&&").Id("b").Index(Id("n").Op("-").Lit(4)).Op("==").LitRune('e').Op("&&").Id("b").Index(Id("n").Op("-").Lit(3)).Op("==").LitRune('-').Op("&&").Id("b").Index(Id("n").Op("-").Lit(2)).Op("==").LitRune('0')).Block(
				Comment("e-09 is written e-9."),
				Id("b").Index(Id("n").Op("-").Lit(2)).Op("=").Id("b").Index(Id("n").Op("-").Lit(1)),
				Id("b").Op("=").Id("b").Index(Empty(), Id("n").Op("-").Lit(1)),
			),
			Return(Id("b")),
		),
		Line(),
	)
}

// genParse writes Parse, which reads an Error back from the wire.
func genParse(cat *model.Catalog) Code {
	pkg := cat.Outputs.GoPackage
	return Add(
		doc("UnmarshalJSON reads e from the catalog's wire format; see Parse."),
		Line(), Func().Add(recv()).Id("UnmarshalJSON").Params(Id("data").Index().Byte()).Error().Block(
			List(Id("p"), Err()).Op(":=").Id("Parse").Call(Id("data")),
			If(Err().Op("!=").Nil()).Block(Return(Err())),
			Op("*").Id("e").Op("=").Op("*").Id("p"),
			Return(Nil()),
		),
		Line(), Line(), doc("Parse reads an error in the catalog's wire format, with its typed params. Texts the wire does not carry, or carries empty, are filled in from the code's templates. It fails on an unknown code, on params that do not fit the code, and on missing required params."),
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
			Id("i").Op(":=").Id("code").Dot("index").Call(),
			If(Id("i").Op("<").Lit(0)).Block(Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error: unknown code %q"), Id("code")))),
			Id("spec").Op(":=").Op("&").Id("specs").Index(Id("i")),
			Id("r").Op(":=").Id("wireReader").Values(Dict{Id("e"): Op("&").Id("Error").Values(Dict{Id("Code"): Id("code")}), Id("params"): Map(String()).Qual(jsonPkg, "RawMessage").Values()}),
			If(Err().Op(":=").Id("r").Dot("object").Call(Id("envelopes").Index(Id("spec").Dot("envelope")), Id("obj")), Err().Op("!=").Nil()).Block(
				Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error of code %s: %w"), Id("code"), Err()))),
			Id("e").Op(":=").Id("r").Dot("e"),
			If(Id("e").Dot("status").Op("==").Id("spec").Dot("HTTPStatus")).Block(Id("e").Dot("status").Op("=").Lit(0)),
			List(Id("message"), Id("detail"), Id("suggestion")).Op(":=").List(Id("spec").Dot("message"), Id("spec").Dot("detail"), Id("spec").Dot("suggestion")),
			If(Id("spec").Dot("params").Op("!=").Nil()).Block(
				Id("p").Op(":=").Id("spec").Dot("params").Call(),
				Id("check").Op(":=").Id("wireWriter").Values(Dict{Id("check"): Id("r").Dot("params")}),
				If(Id("p").Dot("wire").Call(Op("&").Id("check")), Id("check").Dot("err").Op("!=").Nil()).Block(
					Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error of code %s: %w"), Id("code"), Id("check").Dot("err")))),
				List(Id("raw"), Id("_")).Op(":=").Qual(jsonPkg, "Marshal").Call(Id("r").Dot("params")),
				If(Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(Id("raw"), Id("p")), Err().Op("!=").Nil()).Block(
					Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing the params of %s: %w"), Id("code"), Err()))),
				Id("e").Dot("Params").Op("=").Id("p"),
				List(Id("message"), Id("detail"), Id("suggestion")).Op("=").Id("fill").Call(Id("p")),
			).Else().If(Len(Id("r").Dot("params")).Op(">").Lit(0)).Block(
				Return(Nil(), Qual(fmtPkg, "Errorf").Call(Lit(pkg+": parsing an error: code %s has no params"), Id("code"))),
			),
			// Empty texts are not on the wire: fill them in from the
			// templates, as the constructor does.
			If(Id("e").Dot("Message").Op("==").Lit("")).Block(Id("e").Dot("Message").Op("=").Id("message")),
			If(Id("e").Dot("Detail").Op("==").Lit("")).Block(Id("e").Dot("Detail").Op("=").Id("detail")),
			If(Id("e").Dot("Suggestion").Op("==").Lit("")).Block(Id("e").Dot("Suggestion").Op("=").Id("suggestion")),
			Return(Id("e"), Nil()),
		),
		Line(), Line(), doc("wireReader reads an Error from JSON, following an envelope."),
		Line(), Type().Id("wireReader").Struct(
			Id("e").Op("*").Id("Error"),
			Id("params").Map(String()).Qual(jsonPkg, "RawMessage"),
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
		Line(),
	)
}

// shapeLit writes an envelope object as a []wireMember literal, a member
// a line.
func shapeLit(s *model.Shape) Code {
	members := make([]Code, 0, len(s.Members))
	for _, m := range s.Members {
		d := Dict{Id("key"): Lit(m.Key), Id("json"): Lit(jsonKey(m.Key))}
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
	return Index().Id("wireMember").Add(elemLines(members...))
}

// jsonKey is a key of a JSON object as the wire writes it: a JSON string,
// <, > and & not escaped, and the colon.
func jsonKey(key string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(key)
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n"))) + ":"
}
