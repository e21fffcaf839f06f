package gogen

import (
	"slices"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/tmpl"
)

// genTable writes the table of the codes, one row a code, and the
// catalog that the runtime reads it through, with the envelopes.
func genTable(cat *model.Catalog) Code {
	envelope := make(map[*model.Envelope]int, len(cat.Envelopes))
	envs := make([]Code, len(cat.Envelopes))
	for i, e := range cat.Envelopes {
		envelope[e] = i
		envs[i] = membersLit(e.Root)
	}
	rows := make([]errspec.CodeSpec, len(cat.Codes))
	params := make([]Code, len(cat.Codes))
	for i, c := range cat.Codes {
		rows[i] = codeRow(c, envelope[c.Envelope])
		params[i] = Nil()
		if c.ParamsType != "" {
			params[i] = Parens(Op("*").Id(c.ParamsType)).Parens(Nil())
		}
	}
	fields := []Code{
		field("Name", Lit(cat.Name)),
		field("Table", Id("codeTable")),
		field("Params", Index().Any().Add(elemLines(rowsOf(params, paramsPerLine)...))),
		field("Envelopes", Index().Index().Qual(runtimePkg, "Member").Add(elemLines(envs...))),
	}
	if cat.Version != "" {
		fields = append(fields, field("Version", Lit(cat.Version)))
	}
	cats := make([]Code, len(cat.Categories))
	for i, k := range cat.Categories {
		row := []Code{field("Name", Lit(k.Name)), field("HTTPStatus", Lit(k.HTTPStatus))}
		if k.RetryAfter > 0 {
			row = append(row, field("RetryAfter", Lit(k.RetryAfter)))
		}
		cats[i] = Values(row...)
	}
	fields = append(fields, field("Categories", Index().Qual(runtimePkg, "CategorySpec").Add(elemLines(cats...))))
	if cat.Outputs.JSONSchemaMode == model.SchemaExact {
		fields = append(fields, field("Exact", True()))
	}
	if cat.ErrorText.Source != "" {
		fields = append(fields, field("ErrorText", Lit(compile(nil, cat.ErrorText))))
	}
	if l := cat.Lists; l != model.EnglishLists {
		fields = append(fields, field("Lists", Qual(runtimePkg, "Lists").Values(
			field("Separator", Lit(l.Separator)), field("And", Lit(l.And)), field("Or", Lit(l.Or)))))
	}
	if len(cat.Tiers) > 0 {
		names := make([]Code, len(cat.Tiers))
		for i, t := range cat.Tiers {
			names[i] = Lit(t.Name)
		}
		fields = append(fields,
			field("Tiers", Index().String().Values(names...)),
			field("TierType", Parens(Op("*").Id("Tier")).Parens(Nil())))
	}
	return Add(
		doc("catalog is the catalog as errspec's runtime reads it."),
		Line(), Var().Id("catalog").Op("=").Qual(runtimePkg, "Catalog").Add(elemLines(fields...)),
		Line(), Line(), doc("codeTable holds every code, sorted, a line each: its metadata and its compiled templates, in the order of errspec.CodeSpec's fields."),
		// A raw string literal, which jennifer does not write: the rows
		// hold no backquote.
		Line(), Const().Id("codeTable").Op("=").Id(string(errspec.AppendTable(nil, rows))),
		Line(),
	)
}

// paramsPerLine is how many params types of the table a line of the
// catalog's Params holds.
const paramsPerLine = 4

// rowsOf returns elems in lines of n elements each.
func rowsOf(elems []Code, n int) []Code {
	var out []Code
	for i := 0; i < len(elems); i += n {
		out = append(out, List(elems[i:min(i+n, len(elems))]...))
	}
	return out
}

// elemLines is the elements of a composite literal, one a line, in
// braces.
func elemLines(elems ...Code) *Statement {
	return Custom(Options{Open: "{", Close: "}", Separator: ",", Multi: true}, elems...)
}

// field is a field of a keyed composite literal.
func field(name string, v Code) *Statement { return Id(name).Op(":").Add(v) }

// codeRow is the row of a code in the table, but its params type; a
// template the code does not have compiles to "".
func codeRow(c *model.Code, envelope int) errspec.CodeSpec {
	return errspec.CodeSpec{
		Code: c.Name, Category: c.Category.Name, Title: c.Title,
		Retryable: c.Retryable, Retry: errspec.Retry(c.Retry), RetryAfter: c.RetryAfter, Retries: c.Retries,
		HTTPStatus: c.HTTPStatus, DocsURL: c.DocsURL, Deprecated: c.Deprecated != nil, Envelope: envelope,
		Message: compile(c, c.Message), Detail: compile(c, c.Detail), Suggestion: compile(c, c.Suggestion),
		ErrorText: compile(c, c.ErrorText), Order: paramOrder(c),
	}
}

// structOrder returns the params in the order of the params struct's
// fields: the required ones, then the optional ones of the embedded
// options struct, each in declared order.
func structOrder(c *model.Code) []*model.Param {
	return append(c.Required(), c.Optional()...)
}

// paramOrder returns the declared order of the params as indexes into the
// params struct's fields, a byte each, or "" when the orders agree.
func paramOrder(c *model.Code) string {
	fields := structOrder(c)
	order := make([]byte, len(c.Params))
	same := true
	for i, p := range c.Params {
		j := slices.Index(fields, p)
		order[i] = byte(j)
		same = same && i == j
	}
	if same {
		return ""
	}
	return string(order)
}

// compile compiles a template of a code (nil for the catalog's error
// text): placeholders refer to the code's params by their declared
// position; the runtime writes a sensitive one as its redaction mark
// (see errspec's texter.param).
func compile(c *model.Code, t model.Template) string {
	parts := make([]tmpl.Part, 0, len(t.Parts))
	for _, p := range t.Parts {
		switch {
		case p.IsField:
			parts = append(parts, tmpl.Part{Holder: true, Param: -1, Field: int(p.Field), Default: p.Default, HasDefault: p.HasDefault})
		case p.Param == nil:
			parts = append(parts, tmpl.Part{Text: p.Text})
		default:
			parts = append(parts, tmpl.Part{Holder: true, Param: slices.Index(c.Params, p.Param), Format: formats[p.Format],
				Default: p.Default, HasDefault: p.HasDefault})
		}
	}
	return tmpl.Encode(parts)
}

// formats are the compiled formats of the model's.
var formats = map[model.Format]tmpl.Format{
	model.FormatText: tmpl.Text, model.FormatJSON: tmpl.JSON, model.FormatAnd: tmpl.And,
	model.FormatOr: tmpl.Or, model.FormatOrHigher: tmpl.OrHigher,
}

// membersLit is the members of an envelope's object.
func membersLit(s *model.Shape) Code {
	ms := make([]Code, len(s.Members))
	for i, m := range s.Members {
		var d []Code
		if m.Kind != model.KindSpread {
			d = append(d, field("Key", Lit(m.Key)))
		}
		d = append(d, field("Kind", Qual(runtimePkg, memberKinds[m.Kind])))
		switch m.Kind {
		case model.KindConst:
			d = append(d, field("Const", Lit(m.Const)))
		case model.KindField:
			d = append(d, field("Field", Qual(runtimePkg, "Field"+strings.TrimPrefix(m.Field.GoName(), "field"))))
		case model.KindParam:
			d = append(d, field("Param", Lit(m.Param)))
		case model.KindObject:
			d = append(d, field("Members", Index().Qual(runtimePkg, "Member").Add(membersLit(m.Object))))
		}
		ms[i] = Values(d...)
	}
	return elemLines(ms...)
}

// memberKinds are the runtime's names of the kinds of members.
var memberKinds = map[model.MemberKind]string{
	model.KindConst: "MemberConst", model.KindField: "MemberField", model.KindParams: "MemberParams",
	model.KindParam: "MemberParam", model.KindSpread: "MemberSpread", model.KindObject: "MemberObject",
}
