package gogen

import (
	"fmt"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// genCodeConsts writes the constants of the codes.
func genCodeConsts(cat *model.Catalog) Code {
	return Const().DefsFunc(func(g *Group) {
		for _, c := range cat.Codes {
			text := fmt.Sprintf("%s is %s: %s.", c.GoName, c.Name, strings.TrimSuffix(c.Title, "."))
			if c.Deprecated != nil {
				text += "\n\nDeprecated: " + deprecationText(c)
			}
			g.Add(doc(text)).Line().Id(c.GoName).Id("Code").Op("=").Lit(c.Name)
		}
	})
}

// genSpecsTable writes the table of every code's metadata, a row a code:
// its Info, its envelope, the fixed texts of a code without params and
// the function that makes a code's params.
func genSpecsTable(cat *model.Catalog) Code {
	envelope := make(map[*model.Envelope]int, len(cat.Envelopes))
	for i, e := range cat.Envelopes {
		envelope[e] = i
	}
	rows := make([]Code, 0, len(cat.Codes))
	for _, c := range cat.Codes {
		retryAfter := Lit(0)
		if c.RetryAfter > 0 {
			retryAfter = Lit(c.RetryAfter).Op("*").Qual(timePkg, "Second")
		}
		info := Id("Info").Values(Id(c.GoName), Id(c.Category.GoName), Lit(c.Title), Lit(c.Retryable),
			Id(c.Retry.GoName()), retryAfter, Lit(c.HTTPStatus), Lit(c.DocsURL), Lit(c.Deprecated != nil))
		// A code without params has fixed texts, which its constructor
		// and Parse take from here.
		texts := []Code{Lit(literalText(c.Message)), Lit(literalText(c.Detail)), Lit(literalText(c.Suggestion)), Nil()}
		if c.ParamsType != "" {
			texts = []Code{Lit(""), Lit(""), Lit(""), Func().Params().Id("Params").Add(oneLine(Return(New(Id(c.ParamsType)))))}
		}
		rows = append(rows, Values(append([]Code{info, Lit(envelope[c.Envelope])}, texts...)...))
	}
	return Add(
		doc("specs holds every code, sorted, one a row: its Info (code, category, title, retryable, retry, retry after, HTTP status, docs URL, deprecated), its envelope, its fixed texts and its params."),
		Line(), Var().Id("specs").Op("=").Index(Op("...")).Id("codeSpec").Add(elemLines(rows...)),
	)
}

// elemLines is the elements of a composite literal, one a line, in
// braces.
func elemLines(elems ...Code) *Statement {
	return Custom(Options{Open: "{", Close: "}", Separator: ",", Multi: true}, elems...)
}

// oneLine is a function body written on one line: go/format keeps it so
// when it is short, and breaks it into lines otherwise.
func oneLine(stmts ...Code) *Statement {
	return Custom(Options{Open: "{ ", Close: " }", Separator: "; "}, stmts...)
}

// genCode writes the declarations of a code, preceded by a blank line: its
// params type and the methods that fill its templates and write it on the
// wire, its options and object types, and its constructor.
func genCode(c *model.Code) Code {
	if c.ParamsType == "" {
		return Add(
			Line(), doc(constructorDoc(c)),
			Line(), Func().Id(c.Constructor).Params().Op("*").Id("Error").Add(oneLine(Return(Id("newFixed").Call(Id(c.GoName))))),
			Line(),
		)
	}
	return Add(genParamsType(c), genObjectTypes(c), genConstructor(c))
}

func constructorDoc(c *model.Code) string {
	text := fmt.Sprintf("%s returns a %s error: %s.", c.Constructor, c.Name, strings.TrimSuffix(c.Title, "."))
	text = docLines(text, c.Description)
	text += "\n\nMessage: " + c.Message.Source
	if c.Detail.Source != "" {
		text += "\nDetail: " + c.Detail.Source
	}
	if c.Suggestion.Source != "" {
		text += "\nSuggestion: " + c.Suggestion.Source
	}
	if c.Deprecated != nil {
		text += "\n\nDeprecated: " + deprecationText(c)
	}
	return text
}

// literalText is the text of a template without placeholders.
func literalText(t model.Template) string {
	var b strings.Builder
	for _, p := range t.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// genParamsType writes the params type of a code, its methods, and the
// type of its optional params.
func genParamsType(c *model.Code) Code {
	fields := paramFields(c.Required())
	opt := c.Optional()
	if len(opt) > 0 {
		fields = append(fields, Id(c.OptionsType))
	}
	recv := Params(Id("p").Op("*").Id(c.ParamsType))
	s := Add(
		Line(), doc(fmt.Sprintf("%s are the params of %s.", c.ParamsType, c.Name)),
		Line(), Type().Id(c.ParamsType).Struct(fields...),
		Line(),
		Line(), Func().Params(Op("*").Id(c.ParamsType)).Id("ErrorCode").Params().Id("Code").Add(oneLine(Return(Id(c.GoName)))),
		Line(), Func().Add(recv).Id("texts").Params(Id("t").Op("*").Id("texter")).Block(genTexts(c)),
		Line(), Func().Add(recv).Id("wire").Params(Id("w").Op("*").Id("wireWriter")).Add(oneLine(genWireParams(c.WireParams()))),
		Line(),
	)
	if len(opt) > 0 {
		s.Add(
			Line(), doc(fmt.Sprintf("%s are the optional params of %s. A param left at its zero value is left off the wire.", c.OptionsType, c.Name)),
			Line(), Type().Id(c.OptionsType).Struct(paramFields(opt)...),
			Line(),
		)
	}
	return s
}

// paramFields writes the struct fields of params, each documented by a
// comment at the end of its line.
func paramFields(ps []*model.Param) []Code {
	out := make([]Code, 0, len(ps))
	for _, p := range ps {
		key := p.Name
		switch {
		case !p.Wire:
			key = "-"
		case p.Optional:
			key += ",omitempty"
		}
		f := Id(p.GoName).Add(goType(p.Type, p.Optional)).Tag(map[string]string{"json": key})
		text := strings.Join(strings.Fields(p.Doc), " ")
		switch {
		case p.Sensitive:
			text = strings.TrimSpace(text + " Sensitive: never echoed, it shows as " + model.Redacted + ".")
		case p.MaxLength > 0:
			text = strings.TrimSpace(text + fmt.Sprintf(" Cut to %d characters.", p.MaxLength))
		}
		if text != "" {
			f.Comment(commentLine(text))
		}
		out = append(out, f)
	}
	return out
}

// goType is the Go type of a param type; an optional object is a pointer,
// so that it can be absent.
func goType(t *model.Type, optional bool) *Statement {
	switch t.Kind {
	case model.String:
		return String()
	case model.Int:
		return Int()
	case model.Bool:
		return Bool()
	case model.Float:
		return Float64()
	case model.TierKind:
		return Id("Tier")
	case model.List:
		return Index().Add(goType(t.Elem, false))
	case model.Map:
		return Map(String()).Add(goType(t.Elem, false))
	}
	if optional {
		return Op("*").Id(t.GoName)
	}
	return Id(t.GoName)
}

// genObjectTypes writes the struct types of the code's object params,
// nested ones included.
func genObjectTypes(c *model.Code) Code {
	s := Null()
	var walk func(t *model.Type)
	walk = func(t *model.Type) {
		switch t.Kind {
		case model.List, model.Map:
			walk(t.Elem)
		case model.Object:
			if t.GoName == model.AlternativeType {
				return // shared, written once by genTiers
			}
			s.Add(
				Line(), doc(fmt.Sprintf("%s is an object param of %s.", t.GoName, c.Name)),
				Line(), Type().Id(t.GoName).Struct(paramFields(t.Fields)...),
				Line(),
			)
			for _, f := range t.Fields {
				walk(f.Type)
			}
		}
	}
	for _, p := range c.Params {
		walk(p.Type)
	}
	return s
}

// genTexts fills in the code's templates with the params in p, a method of
// texter a part: the templates are compiled into Go here, so nothing
// parses them at run time.
func genTexts(c *model.Code) Code {
	s := Id("t")
	for i, t := range []model.Template{c.Message, c.Detail, c.Suggestion} {
		if i > 0 {
			s.Dot("end").Call()
		}
		// Text and the strings written as they are go in one call of s.
		var lit strings.Builder
		var args []Code
		text := func() {
			if lit.Len() > 0 {
				args = append(args, Lit(lit.String()))
				lit.Reset()
			}
		}
		call := func() {
			if text(); len(args) > 0 {
				s.Dot("s").Call(args...)
				args = nil
			}
		}
		for _, part := range t.Parts {
			p := part.Param
			switch {
			case p == nil:
				lit.WriteString(part.Text)
			case p.Sensitive:
				lit.WriteString(model.Redacted)
			case part.Format == model.FormatText && p.Type.Kind == model.String:
				text()
				args = append(args, Id("p").Dot(p.GoName))
			case part.Format == model.FormatText && p.Type.Kind == model.TierKind:
				text()
				args = append(args, String().Parens(Id("p").Dot(p.GoName)))
			default:
				call()
				formatParam(s, Id("p").Dot(p.GoName), p.Type, part.Format)
			}
		}
		call()
	}
	return s
}

// formatParam appends to s the texter call that formats a param v for a
// placeholder, but a string or a tier written as it is, which genTexts
// passes to s: int, bool and float as text, lists of scalars joined with
// ", " (or as prose with and/or), a tier with the tiers above it, anything
// else as JSON.
func formatParam(s, v *Statement, t *model.Type, f model.Format) {
	switch {
	case f == model.FormatJSON:
	case f == model.FormatOrHigher:
		s.Dot("orHigher").Call(v)
		return
	case f == model.FormatAnd:
		scalarList(s, v, t.Elem, " and ")
		return
	case f == model.FormatOr:
		scalarList(s, v, t.Elem, " or ")
		return
	case t.IsScalar():
		scalarText(s, v, t.Kind)
		return
	case t.Kind == model.List && t.Elem.IsScalar():
		scalarList(s, v, t.Elem, ", ")
		return
	}
	s.Dot("json").Call(v)
}

// scalarText appends to s the texter call that formats an int, bool or
// float.
func scalarText(s, v *Statement, k model.Kind) {
	switch k {
	case model.Int:
		s.Dot("int").Call(v)
	case model.Bool:
		s.Dot("bool").Call(v)
	default:
		s.Dot("float").Call(v)
	}
}

// listMethods are the texter methods that join a list of scalars, by the
// kind of its elements.
var listMethods = map[model.Kind]string{model.String: "strs", model.TierKind: "tiers", model.Int: "ints", model.Bool: "bools", model.Float: "floats"}

// scalarList appends to s the texter call that joins a list of scalars
// with ", ", and last before the last element.
func scalarList(s, v *Statement, elem *model.Type, last string) {
	s.Dot(listMethods[elem.Kind]).Call(v, Lit(", "), Lit(last))
}

// genWireParams writes the params the wire carries with the wireWriter
// method of their type, a call a param, each with whether to leave it
// off: an optional param at its zero value is left off.
func genWireParams(ps []*model.Param) Code {
	if len(ps) == 0 {
		return Null()
	}
	s := Id("w")
	for _, p := range ps {
		v := Id("p").Dot(p.GoName)
		omit := False()
		if p.Optional {
			omit = isZero(Id("p").Dot(p.GoName), p.Type)
		}
		method := "json"
		switch k := p.Type.Kind; {
		case p.Sensitive:
			method, v = "str", Lit(model.Redacted)
		case k == model.String:
			method = "str"
		case k == model.TierKind:
			method, v = "str", String().Parens(v)
		case k == model.Int:
			method = "int"
		case k == model.Bool:
			method = "bool"
		case k == model.Float:
			method = "float"
		case k == model.List && p.Type.Elem.Kind == model.String:
			method = "strs"
		}
		s.Dot(method).Call(Lit(p.Name), v, omit)
	}
	return s
}

// isZero is a condition that holds when an optional param v has no value.
func isZero(v *Statement, t *model.Type) *Statement {
	switch t.Kind {
	case model.String, model.TierKind:
		return v.Op("==").Lit("")
	case model.Int, model.Float:
		return v.Op("==").Lit(0)
	case model.Bool:
		return Op("!").Add(v)
	case model.List, model.Map:
		return Len(v).Op("==").Lit(0)
	}
	return v.Op("==").Nil()
}

// genConstructor writes the constructor of a code with params: it
// allocates the error and its params together, and fills the texts in.
func genConstructor(c *model.Code) Code {
	req, opt := c.Required(), c.Optional()
	args := make([]Code, 0, len(req)+1)
	values := make([]Code, 0, len(req)+1)
	for _, p := range req {
		args = append(args, Id(p.ArgName).Add(goType(p.Type, false)))
		v := Id(p.ArgName)
		switch k := p.Type.Kind; {
		case p.MaxLength > 0:
			v = Id("truncate").Call(v, Lit(p.MaxLength))
		case k == model.List:
			// A required list or map is always on the wire, as [] or {}, never null.
			v = Id("nonNilList").Call(v)
		case k == model.Map:
			v = Id("nonNilMap").Call(v)
		}
		values = append(values, Id(p.GoName).Op(":").Add(v))
	}
	if len(opt) > 0 {
		args = append(args, Id("opts").Op("...").Id(c.OptionsType))
		values = append(values, Id(c.OptionsType).Op(":").Id("last").Call(Id("opts")))
	}
	body := []Code{Id("e").Op(":=").Op("&").Id("withParams").Types(Id(c.ParamsType)).Values(Id("p").Op(":").Id(c.ParamsType).Values(values...))}
	for _, p := range opt {
		if p.MaxLength > 0 {
			field := Id("e").Dot("p").Dot(p.GoName)
			body = append(body, field.Clone().Op("=").Id("truncate").Call(field, Lit(p.MaxLength)))
		}
	}
	body = append(body, Return(Id("e").Dot("err").Dot("init").Call(Id(c.GoName), Op("&").Id("e").Dot("p"))))
	return Add(
		Line(), doc(constructorDoc(c)),
		Line(), Func().Id(c.Constructor).Params(args...).Op("*").Id("Error").Block(body...),
		Line(),
	)
}

// genHelpers writes the unexported helpers the generated code shares.
func genHelpers(cat *model.Catalog) Code {
	return Add(
		doc("withParams is an error and its params, allocated together."),
		Line(), Type().Id("withParams").Types(Id("P").Any()).Struct(
			Id("err").Id("Error"),
			Id("p").Id("P"),
		),
		Line(), Line(), doc("last returns the last of opts, or the zero options."),
		Line(), Func().Id("last").Types(Id("T").Any()).Params(Id("opts").Index().Id("T")).Params(Id("o").Id("T")).Block(
			If(Len(Id("opts")).Op(">").Lit(0)).Block(Id("o").Op("=").Id("opts").Index(Len(Id("opts")).Op("-").Lit(1))),
			Return(Id("o")),
		),
		Line(), Line(), doc("nonNilList returns s, or an empty list for nil."),
		Line(), Func().Id("nonNilList").Types(Id("S").Op("~").Index().Id("E"), Id("E").Any()).Params(Id("s").Id("S")).Id("S").Block(
			If(Id("s").Op("==").Nil()).Block(Return(Id("S").Values())),
			Return(Id("s")),
		),
		Line(), Line(), doc("nonNilMap returns m, or an empty map for nil."),
		Line(), Func().Id("nonNilMap").Types(Id("M").Op("~").Map(String()).Id("V"), Id("V").Any()).Params(Id("m").Id("M")).Id("M").Block(
			If(Id("m").Op("==").Nil()).Block(Return(Id("M").Values())),
			Return(Id("m")),
		),
		Line(), Line(), doc("marshal encodes v as JSON without escaping <, > and &, so that text reads on the wire as it was written."),
		Line(), Func().Id("marshal").Params(Id("v").Any()).Params(Index().Byte(), Error()).Block(
			Var().Id("buf").Qual(bytesPkg, "Buffer"),
			Id("enc").Op(":=").Qual(jsonPkg, "NewEncoder").Call(Op("&").Id("buf")),
			Id("enc").Dot("SetEscapeHTML").Call(False()),
			If(Err().Op(":=").Id("enc").Dot("Encode").Call(Id("v")), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
			Return(Qual(bytesPkg, "TrimSuffix").Call(Id("buf").Dot("Bytes").Call(), Index().Byte().Parens(Lit("\n"))), Nil()),
		),
		Line(), Line(), doc("truncate cuts s to at most n characters, the last of them \"…\" when it cuts."),
		Line(), Func().Id("truncate").Params(Id("s").String(), Id("n").Int()).String().Block(
			If(Qual("unicode/utf8", "RuneCountInString").Call(Id("s")).Op("<=").Id("n")).Block(Return(Id("s"))),
			Id("r").Op(":=").Index().Rune().Parens(Id("s")),
			Return(String().Parens(Id("r").Index(Empty(), Id("n").Op("-").Lit(1))).Op("+").Lit("…")),
		),
		Line(),
	)
}
