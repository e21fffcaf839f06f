package gogen

import (
	"fmt"
	"strconv"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// codeConsts writes the constants of the codes.
func codeConsts(cat *model.Catalog) string {
	var g goText
	g.line("const (")
	for _, c := range cat.Codes {
		text := fmt.Sprintf("%s is %s: %s.", c.GoName, c.Name, strings.TrimSuffix(c.Title, "."))
		if c.Deprecated != nil {
			text += "\n\nDeprecated: " + deprecationText(c)
		}
		g.specDoc(text)
		g.line("\t", c.GoName, " Code = ", quote(c.Name))
	}
	g.line(")")
	return g.String()
}

// specsTable writes the table of every code's metadata, a row a code: its
// Info, its envelope, the fixed texts of a code without params and the
// function that makes a code's params.
func specsTable(cat *model.Catalog) string {
	var g goText
	g.topDoc("specs holds every code, sorted, one a row: its Info (code, category, title, retryable, retry, retry after, HTTP status, docs URL, deprecated), its envelope, its fixed texts and its params.")
	g.line("var specs = [...]codeSpec{")
	for _, c := range cat.Codes {
		retryAfter := "0"
		if c.RetryAfter > 0 {
			retryAfter = strconv.Itoa(c.RetryAfter) + " * time.Second"
		}
		info := fmt.Sprintf("Info{%s, %s, %s, %t, %s, %s, %d, %s, %t}", c.GoName, c.Category.GoName, quote(c.Title), c.Retryable,
			c.Retry.GoName(), retryAfter, c.HTTPStatus, quote(c.DocsURL), c.Deprecated != nil)
		envelope := 0
		for i, e := range cat.Envelopes {
			if e == c.Envelope {
				envelope = i
			}
		}
		row := fmt.Sprintf("\t{%s, %d, ", info, envelope)
		if c.ParamsType == "" {
			// A code without params has fixed texts, which its
			// constructor and Parse take from here.
			g.line(row, quote(literalText(c.Message)), ", ", quote(literalText(c.Detail)), ", ", quote(literalText(c.Suggestion)), ", nil},")
			continue
		}
		header, body := "func() Params", "return new("+c.ParamsType+")"
		if oneLiner(header, []string{body}) {
			g.line(row, `"", "", "", `, header, " { ", body, " }},")
		} else {
			g.line(row, `"", "", "", `, header, " {")
			g.line("\t\t", body)
			g.line("\t}},")
		}
	}
	g.line("}")
	return g.String()
}

// codeDecls writes every code's declarations, each preceded by a blank
// line: its params type and the methods that fill its templates and write
// it on the wire, its options and object types, and its constructor.
func codeDecls(cat *model.Catalog) string {
	var g goText
	for _, c := range cat.Codes {
		if c.ParamsType == "" {
			g.line()
			g.topDoc(constructorDoc(c))
			g.funcDecl("func "+c.Constructor+"() *Error", "return newFixed("+c.GoName+")")
			continue
		}
		writeParamsType(&g, c)
		writeObjectTypes(&g, c)
		writeConstructor(&g, c)
	}
	return g.String()
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

// writeParamsType writes the params type of a code, its methods, and the
// type of its optional params.
func writeParamsType(g *goText, c *model.Code) {
	fields := paramFields(c.Required())
	opt := c.Optional()
	if len(opt) > 0 {
		fields = append(fields, fieldText{typ: c.OptionsType})
	}
	g.line()
	g.topDoc(fmt.Sprintf("%s are the params of %s.", c.ParamsType, c.Name))
	g.structType(c.ParamsType, fields)
	g.line()
	g.funcDecl("func (*"+c.ParamsType+") ErrorCode() Code", "return "+c.GoName)
	g.funcBlock("func (p *"+c.ParamsType+") texts(t *texter)", textsExpr(c))
	var wire []string
	if ps := c.WireParams(); len(ps) > 0 {
		wire = append(wire, wireExpr(ps))
	}
	g.funcDecl("func (p *"+c.ParamsType+") wire(w *wireWriter)", wire...)
	if len(opt) > 0 {
		g.line()
		g.topDoc(fmt.Sprintf("%s are the optional params of %s. A param left at its zero value is left off the wire.", c.OptionsType, c.Name))
		g.structType(c.OptionsType, paramFields(opt))
	}
}

// paramFields describes the struct fields of params, each documented by a
// comment at the end of its line.
func paramFields(ps []*model.Param) []fieldText {
	out := make([]fieldText, 0, len(ps))
	for _, p := range ps {
		key := p.Name
		switch {
		case !p.Wire:
			key = "-"
		case p.Optional:
			key += ",omitempty"
		}
		f := fieldText{name: p.GoName, typ: goTypeText(p.Type, p.Optional), tag: "`json:" + strconv.Quote(key) + "`"}
		text := strings.Join(strings.Fields(p.Doc), " ")
		switch {
		case p.Sensitive:
			text = strings.TrimSpace(text + " Sensitive: never echoed, it shows as " + model.Redacted + ".")
		case p.MaxLength > 0:
			text = strings.TrimSpace(text + fmt.Sprintf(" Cut to %d characters.", p.MaxLength))
		}
		if text != "" {
			f.comment = commentLine(text)
		}
		out = append(out, f)
	}
	return out
}

// goTypeText is the Go type of a param type; an optional object is a
// pointer, so that it can be absent.
func goTypeText(t *model.Type, optional bool) string {
	switch t.Kind {
	case model.String:
		return "string"
	case model.Int:
		return "int"
	case model.Bool:
		return "bool"
	case model.Float:
		return "float64"
	case model.TierKind:
		return "Tier"
	case model.List:
		return "[]" + goTypeText(t.Elem, false)
	case model.Map:
		return "map[string]" + goTypeText(t.Elem, false)
	}
	if optional {
		return "*" + t.GoName
	}
	return t.GoName
}

// writeObjectTypes writes the struct types of the code's object params,
// nested ones included.
func writeObjectTypes(g *goText, c *model.Code) {
	var walk func(t *model.Type)
	walk = func(t *model.Type) {
		switch t.Kind {
		case model.List, model.Map:
			walk(t.Elem)
		case model.Object:
			if t.GoName == model.AlternativeType {
				return // shared, written once by genTiers
			}
			g.line()
			g.topDoc(fmt.Sprintf("%s is an object param of %s.", t.GoName, c.Name))
			g.structType(t.GoName, paramFields(t.Fields))
			for _, f := range t.Fields {
				walk(f.Type)
			}
		}
	}
	for _, p := range c.Params {
		walk(p.Type)
	}
}

// textsExpr fills in the code's templates with the params in p, a method
// of texter a part: the templates are compiled into Go here, so nothing
// parses them at run time.
func textsExpr(c *model.Code) string {
	var b strings.Builder
	b.WriteString("t")
	for i, t := range []model.Template{c.Message, c.Detail, c.Suggestion} {
		if i > 0 {
			b.WriteString(".end()")
		}
		var lit strings.Builder
		flush := func() {
			if lit.Len() > 0 {
				b.WriteString(".s(" + quote(lit.String()) + ")")
				lit.Reset()
			}
		}
		for _, part := range t.Parts {
			switch {
			case part.Param == nil:
				lit.WriteString(part.Text)
			case part.Param.Sensitive:
				lit.WriteString(model.Redacted)
			default:
				flush()
				b.WriteString(formatParam("p."+part.Param.GoName, part.Param.Type, part.Format))
			}
		}
		flush()
	}
	return b.String()
}

// formatParam is the texter call that formats a param for a placeholder:
// scalars as text, lists of scalars joined with ", " (or as prose with
// and/or), a tier with the tiers above it, anything else as JSON.
func formatParam(v string, t *model.Type, f model.Format) string {
	switch {
	case f == model.FormatJSON:
	case f == model.FormatOrHigher:
		return ".orHigher(" + v + ")"
	case f == model.FormatAnd:
		return scalarList(v, t.Elem, " and ")
	case f == model.FormatOr:
		return scalarList(v, t.Elem, " or ")
	case t.IsScalar():
		return scalarText(v, t.Kind)
	case t.Kind == model.List && t.Elem.IsScalar():
		return scalarList(v, t.Elem, ", ")
	}
	return ".json(" + v + ")"
}

// scalarText is the texter call that formats a string, tier, int, bool or
// float.
func scalarText(v string, k model.Kind) string {
	switch k {
	case model.String:
		return ".s(" + v + ")"
	case model.TierKind:
		return ".s(string(" + v + "))"
	case model.Int:
		return ".int(" + v + ")"
	case model.Bool:
		return ".bool(" + v + ")"
	}
	return ".float(" + v + ")"
}

// scalarList is the texter call that joins a list of scalars with ", ",
// and last before the last element.
func scalarList(v string, elem *model.Type, last string) string {
	method := map[model.Kind]string{model.String: "strs", model.TierKind: "tiers", model.Int: "ints", model.Bool: "bools", model.Float: "floats"}[elem.Kind]
	return "." + method + "(" + v + `, ", ", ` + quote(last) + ")"
}

// wireExpr writes the params the wire carries with the wireWriter method
// of their type, a call a param, each with whether to leave it off: an
// optional param at its zero value is left off.
func wireExpr(ps []*model.Param) string {
	var b strings.Builder
	b.WriteString("w")
	for _, p := range ps {
		v := "p." + p.GoName
		omit := "false"
		if p.Optional {
			omit = isZero(v, p.Type)
		}
		method := "json"
		switch k := p.Type.Kind; {
		case p.Sensitive:
			method, v = "str", quote(model.Redacted)
		case k == model.String:
			method = "str"
		case k == model.TierKind:
			method, v = "str", "string("+v+")"
		case k == model.Int:
			method = "int"
		case k == model.Bool:
			method = "bool"
		case k == model.Float:
			method = "float"
		case k == model.List && p.Type.Elem.Kind == model.String:
			method = "strs"
		}
		fmt.Fprintf(&b, ".%s(%s, %s, %s)", method, quote(p.Name), v, omit)
	}
	return b.String()
}

// isZero is a condition that holds when an optional param has no value.
func isZero(v string, t *model.Type) string {
	switch t.Kind {
	case model.String, model.TierKind:
		return v + ` == ""`
	case model.Int, model.Float:
		return v + " == 0"
	case model.Bool:
		return "!" + v
	case model.List, model.Map:
		return "len(" + v + ") == 0"
	}
	return v + " == nil"
}

// writeConstructor writes the constructor of a code with params: it
// allocates the error and its params together, and fills the texts in.
func writeConstructor(g *goText, c *model.Code) {
	req, opt := c.Required(), c.Optional()
	args := make([]string, 0, len(req)+1)
	values := make([]string, 0, len(req)+1)
	for _, p := range req {
		args = append(args, p.ArgName+" "+goTypeText(p.Type, false))
		v := p.ArgName
		switch k := p.Type.Kind; {
		case p.MaxLength > 0:
			v = "truncate(" + v + ", " + strconv.Itoa(p.MaxLength) + ")"
		case k == model.List:
			// A required list or map is always on the wire, as [] or {}, never null.
			v = "nonNilList(" + v + ")"
		case k == model.Map:
			v = "nonNilMap(" + v + ")"
		}
		values = append(values, p.GoName+": "+v)
	}
	if len(opt) > 0 {
		args = append(args, "opts ..."+c.OptionsType)
		values = append(values, c.OptionsType+": last(opts)")
	}
	body := []string{"e := &withParams[" + c.ParamsType + "]{p: " + c.ParamsType + "{" + strings.Join(values, ", ") + "}}"}
	for _, p := range opt {
		if p.MaxLength > 0 {
			body = append(body, fmt.Sprintf("e.p.%s = truncate(e.p.%s, %d)", p.GoName, p.GoName, p.MaxLength))
		}
	}
	body = append(body, "return e.err.init("+c.GoName+", &e.p)")
	g.line()
	g.topDoc(constructorDoc(c))
	g.line("func ", c.Constructor, "(", strings.Join(args, ", "), ") *Error {")
	for _, s := range body {
		g.line("\t", s)
	}
	g.line("}")
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
