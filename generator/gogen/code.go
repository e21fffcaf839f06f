package gogen

import (
	"fmt"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// genCode writes everything one code has of its own: its params types and
// its constructor.
func genCode(c *model.Code) Code {
	if c.ParamsType == "" {
		return genConstructorNoParams(c)
	}
	return Add(
		genParamsType(c),
		genObjectTypes(c),
		genTexts(c),
		genWireParams(c),
		genConstructor(c),
	)
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

func genConstructorNoParams(c *model.Code) Code {
	return Add(
		doc(constructorDoc(c)),
		Line(), Func().Id(c.Constructor).Params().Op("*").Id("Error").Block(Return(Id("newFixed").Call(Id(c.GoName)))),
		Line(),
	)
}

// literalText is the text of a template without placeholders.
func literalText(t model.Template) string {
	var b strings.Builder
	for _, p := range t.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

func genParamsType(c *model.Code) Code {
	fields := paramFields(c.Required())
	opt := c.Optional()
	if len(opt) > 0 {
		fields = append(fields, Line().Id(c.OptionsType))
	}
	out := Add(
		doc(fmt.Sprintf("%s are the params of %s.", c.ParamsType, c.Name)),
		Line(), Type().Id(c.ParamsType).Struct(fields...),
		Line(), Line(), doc(fmt.Sprintf("ErrorCode returns %s.", c.GoName)),
		Line(), Func().Params(Op("*").Id(c.ParamsType)).Id("ErrorCode").Params().Id("Code").Block(Return(Id(c.GoName))),
		Line(),
	)
	if len(opt) > 0 {
		out.Line().Add(doc(fmt.Sprintf("%s are the optional params of %s. A param left at its zero value is omitted from the wire.", c.OptionsType, c.Name))).
			Line().Type().Id(c.OptionsType).Struct(paramFields(opt)...).Line()
	}
	return out
}

func paramFields(ps []*model.Param) []Code {
	out := make([]Code, 0, len(ps))
	for _, p := range ps {
		text := p.Doc
		if text == "" {
			text = "The " + p.Name + " param."
		}
		key := p.Name
		switch {
		case !p.Wire:
			key = "-"
		case p.Optional:
			key += ",omitempty"
		}
		out = append(out, doc(p.GoName+": "+text).Line().Id(p.GoName).Add(goType(p.Type, p.Optional)).Tag(map[string]string{"json": key}))
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
	default:
		if optional {
			return Op("*").Id(t.GoName)
		}
		return Id(t.GoName)
	}
}

// genObjectTypes writes the struct types of the code's object params,
// nested ones included.
func genObjectTypes(c *model.Code) Code {
	out := Null()
	var walk func(t *model.Type)
	walk = func(t *model.Type) {
		switch t.Kind {
		case model.List, model.Map:
			walk(t.Elem)
		case model.Object:
			if t.GoName == model.AlternativeType {
				return // shared, written once by genTiers
			}
			out.Line().Add(doc(fmt.Sprintf("%s is an object param of %s.", t.GoName, c.Name))).
				Line().Type().Id(t.GoName).Struct(paramFields(t.Fields)...).Line()
			for _, f := range t.Fields {
				walk(f.Type)
			}
		}
	}
	for _, p := range c.Params {
		walk(p.Type)
	}
	return out
}

// genTexts writes the method that fills in the code's templates: the
// templates are compiled into Go expressions here, so nothing parses them
// at run time.
func genTexts(c *model.Code) Code {
	return Add(
		Func().Params(Id("p").Op("*").Id(c.ParamsType)).Id("texts").Params().Params(String(), String(), String()).Block(
			Return(templateExpr(c.Message), templateExpr(c.Detail), templateExpr(c.Suggestion)),
		),
		Line(),
	)
}

// genWireParams writes the method that lists the params the wire carries.
func genWireParams(c *model.Code) Code {
	var body []Code
	var required []Code
	for _, p := range c.WireParams() {
		if !p.Optional {
			required = append(required, Id("wireParam").Values(Lit(p.Name), Id("p").Dot(p.GoName)))
		}
	}
	body = append(body, Id("ps").Op(":=").Make(Index().Id("wireParam"), Lit(0), Lit(len(c.WireParams()))))
	if len(required) > 0 {
		body[0] = Id("ps").Op(":=").Append(append([]Code{Make(Index().Id("wireParam"), Lit(0), Lit(len(c.WireParams())))}, required...)...)
	}
	for _, p := range c.WireParams() {
		if p.Optional {
			body = append(body, If(notZero(Id("p").Dot(p.GoName), p.Type)).Block(
				Id("ps").Op("=").Append(Id("ps"), Id("wireParam").Values(Lit(p.Name), Id("p").Dot(p.GoName)))))
		}
	}
	body = append(body, Return(Id("ps")))
	return Add(Func().Params(Id("p").Op("*").Id(c.ParamsType)).Id("wire").Params().Index().Id("wireParam").Block(body...), Line())
}

// notZero is a condition that holds when an optional param has a value.
func notZero(v *Statement, t *model.Type) *Statement {
	switch t.Kind {
	case model.String, model.TierKind:
		return v.Op("!=").Lit("")
	case model.Int, model.Float:
		return v.Op("!=").Lit(0)
	case model.Bool:
		return v
	case model.List, model.Map:
		return Len(v).Op(">").Lit(0)
	}
	return v.Op("!=").Nil()
}

// templateExpr is a Go expression that builds the template's text from
// the params in p.
func templateExpr(t model.Template) *Statement {
	if len(t.Parts) == 0 {
		return Lit("")
	}
	var expr *Statement
	for _, part := range t.Parts {
		var e *Statement
		if part.Param == nil {
			e = Lit(part.Text)
		} else {
			e = formatParam(Id("p").Dot(part.Param.GoName), part.Param.Type, part.Format)
		}
		if expr == nil {
			expr = e
		} else {
			expr = expr.Op("+").Add(e)
		}
	}
	return expr
}

// formatParam formats a param value for a template placeholder: scalars
// as text, lists of scalars joined with ", " (or as prose with and/or), a
// tier with the tiers above it, anything else as JSON.
func formatParam(v *Statement, t *model.Type, f model.Format) *Statement {
	switch {
	case f == model.FormatJSON:
	case f == model.FormatOrHigher:
		return Id("orHigher").Call(v)
	case f == model.FormatAnd || f == model.FormatOr:
		conj := " and "
		if f == model.FormatOr {
			conj = " or "
		}
		return Id("joinWords").Call(scalarList(v, t.Elem), Lit(conj))
	case t.IsScalar():
		return scalarText(v, t.Kind)
	case t.Kind == model.List && t.Elem.IsScalar():
		return Qual(stringsPkg, "Join").Call(scalarList(v, t.Elem), Lit(", "))
	}
	return Id("jsonText").Call(v)
}

// scalarText formats a string, tier, int, bool or float as text.
func scalarText(v *Statement, k model.Kind) *Statement {
	switch k {
	case model.String:
		return v
	case model.TierKind:
		return String().Parens(v)
	case model.Int:
		return Qual(strconvPkg, "Itoa").Call(v)
	case model.Bool:
		return Qual(strconvPkg, "FormatBool").Call(v)
	}
	return Id("formatFloat").Call(v)
}

// scalarList is a []string of a list of scalars.
func scalarList(v *Statement, elem *model.Type) *Statement {
	if elem.Kind == model.String {
		return v
	}
	return Id("formatEach").Call(v, Func().Params(Id("x").Add(goType(elem, false))).String().Block(Return(scalarText(Id("x"), elem.Kind))))
}

func genConstructor(c *model.Code) Code {
	req, opt := c.Required(), c.Optional()
	args := make([]Code, 0, len(req)+1)
	values := Dict{}
	var normalize []Code
	for _, p := range req {
		args = append(args, Id(p.ArgName).Add(goType(p.Type, false)))
		values[Id(p.GoName)] = Id(p.ArgName)
		if k := p.Type.Kind; k == model.List || k == model.Map {
			// A required list or map is always on the wire, as [] or {}, never null.
			normalize = append(normalize, If(Id(p.ArgName).Op("==").Nil()).Block(
				Id(p.ArgName).Op("=").Add(goType(p.Type, false)).Values()))
		}
	}
	body := append(normalize, Id("p").Op(":=").Op("&").Id(c.ParamsType).Values(values))
	text := constructorDoc(c)
	if len(opt) > 0 {
		args = append(args, Id("opts").Op("...").Id(c.OptionsType))
		body = append(body, For(List(Id("_"), Id("o")).Op(":=").Range().Id("opts")).Block(
			Id("p").Dot(c.OptionsType).Op("=").Id("o")))
		text += "\n\nOptional params go in opts; the last one wins."
	}
	body = append(body, Return(Id("newError").Call(Id("p"))))
	return Add(
		doc(text),
		Line(), Func().Id(c.Constructor).Params(args...).Op("*").Id("Error").Block(body...),
		Line(),
	)
}

// genHelpers writes the unexported helpers the generated code shares.
func genHelpers(cat *model.Catalog) Code {
	return Add(
		doc("marshal encodes v as JSON without escaping <, > and &, so that text reads on the wire as it was written."),
		Line(), Func().Id("marshal").Params(Id("v").Any()).Params(Index().Byte(), Error()).Block(
			Var().Id("buf").Qual(bytesPkg, "Buffer"),
			Id("enc").Op(":=").Qual(jsonPkg, "NewEncoder").Call(Op("&").Id("buf")),
			Id("enc").Dot("SetEscapeHTML").Call(False()),
			If(Err().Op(":=").Id("enc").Dot("Encode").Call(Id("v")), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
			Return(Qual(bytesPkg, "TrimSuffix").Call(Id("buf").Dot("Bytes").Call(), Index().Byte().Parens(Lit("\n"))), Nil()),
		),
		Line(), Line(), doc("jsonText formats v as JSON for a message."),
		Line(), Func().Id("jsonText").Params(Id("v").Any()).String().Block(
			List(Id("b"), Id("_")).Op(":=").Id("marshal").Call(Id("v")),
			Return(String().Parens(Id("b"))),
		),
		Line(), Line(), doc("formatFloat formats f in the shortest form that reads back as f."),
		Line(), Func().Id("formatFloat").Params(Id("f").Float64()).String().Block(
			Return(Qual(strconvPkg, "FormatFloat").Call(Id("f"), LitRune('g'), Lit(-1), Lit(64))),
		),
		Line(), Line(), doc("formatEach formats each element of xs."),
		Line(), Func().Id("formatEach").Types(Id("T").Any()).Params(Id("xs").Index().Id("T"), Id("format").Func().Params(Id("T")).String()).Index().String().Block(
			Id("out").Op(":=").Make(Index().String(), Len(Id("xs"))),
			For(List(Id("i"), Id("x")).Op(":=").Range().Id("xs")).Block(Id("out").Index(Id("i")).Op("=").Id("format").Call(Id("x"))),
			Return(Id("out")),
		),
		Line(), Line(), doc("joinWords joins words as prose: \"a\", \"a or b\", \"a, b or c\" for conj \" or \"."),
		Line(), Func().Id("joinWords").Params(Id("words").Index().String(), Id("conj").String()).String().Block(
			If(Len(Id("words")).Op("<").Lit(2)).Block(Return(Qual(stringsPkg, "Join").Call(Id("words"), Lit("")))),
			Return(Qual(stringsPkg, "Join").Call(Id("words").Index(Empty(), Len(Id("words")).Op("-").Lit(1)), Lit(", ")).Op("+").Id("conj").Op("+").Id("words").Index(Len(Id("words")).Op("-").Lit(1))),
		),
		Line(),
	)
}
