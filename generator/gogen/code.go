package gogen

import (
	"fmt"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// genCode writes the declarations of a code, each preceded by a blank
// line: its params type, its options and object types, and its
// constructor.
func genCode(cat *model.Catalog, c *model.Code) Code {
	s := Null()
	if c.ParamsType != "" {
		s.Add(genParamsType(c), genObjectTypes(c))
	}
	return s.Add(genConstructor(cat, c))
}

// constructorDoc is the doc comment of a code's constructor: its title
// and the message it builds from its params, then its description. The
// other templates are in the reference and in the code's row of the
// table.
func constructorDoc(c *model.Code) string {
	text := fmt.Sprintf("%s returns an error of code %s: %s. Its message reads \"%s\".", c.Constructor, c.Name,
		strings.TrimSuffix(oneLine(c.Title), "."), oneLine(c.Message.Source))
	if d := strings.TrimSpace(c.Description); d != "" {
		text += "\n" + d
	}
	return text
}

// oneLine puts a text on one line of a comment.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// genParamsType writes the params type of a code and the type of its
// optional params.
func genParamsType(c *model.Code) Code {
	opt := c.Optional()
	fields := paramFields(c.Required())
	if len(opt) > 0 {
		// The options struct is not comparable, so neither is this one.
		fields = append(fields, Id(c.OptionsType))
	} else {
		fields = noCompare(c.Required(), fields)
	}
	s := Add(
		Line(), doc(fmt.Sprintf("%s are the params of %s.", c.ParamsType, c.Name)),
		Line(), Type().Id(c.ParamsType).Struct(fields...),
		Line(),
	)
	if len(opt) > 0 {
		s.Add(
			Line(), doc(fmt.Sprintf("%s are the optional params of %s. A param left at its zero value is left off the wire.", c.OptionsType, c.Name)),
			Line(), Type().Id(c.OptionsType).Struct(noCompare(opt, paramFields(opt))...),
			Line(),
		)
	}
	return s
}

// paramFields writes the struct fields of params, each documented by a
// comment at the end of its line. The json tag gives the wire name ("-"
// for a param the wire does not carry) and omitempty for an optional one;
// the errspec tag says what the runtime must know besides.
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
		tags := map[string]string{"json": key}
		text := strings.Join(strings.Fields(p.Doc), " ")
		typ := goType(p.Type, p.Optional)
		switch {
		case p.Sensitive:
			typ = Qual(runtimePkg, "Sensitive")
			text = strings.TrimSpace(text + " Sensitive: never echoed, it shows as " + model.Redacted + ".")
		case p.MaxLength > 0:
			tags["errspec"] = fmt.Sprintf("max=%d", p.MaxLength)
			text = strings.TrimSpace(text + fmt.Sprintf(" Cut to %d characters.", p.MaxLength))
		}
		if !p.Wire {
			text = strings.TrimSpace(text + " Not sent on the wire.")
		}
		f := Id(p.GoName).Add(typ).Tag(tags)
		if text != "" {
			f = lineDoc(f, text)
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
		if t.Ordered {
			return Qual(runtimePkg, "Map").Types(goType(t.Elem, false))
		}
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
				Line(), Type().Id(t.GoName).Struct(noCompare(t.Fields, paramFields(t.Fields))...),
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

// genConstructor writes the constructor of a code: it fills the code's
// params struct and hands off to newError with the code's row.
func genConstructor(cat *model.Catalog, c *model.Code) Code {
	row := Lit(cat.CodeIndex(c))
	args := make([]Code, 0, len(c.Params)+1)
	var values []Code
	for _, p := range c.Required() {
		args = append(args, Id(p.ArgName).Add(goType(p.Type, false)))
		value := Id(p.ArgName)
		if p.Sensitive {
			value = Qual(runtimePkg, "Sensitive").Call(value)
		}
		values = append(values, field(p.GoName, value))
	}
	params, opts := Nil(), Nil()
	if c.ParamsType != "" {
		if len(c.Optional()) > 0 {
			args = append(args, Id("opts").Op("...").Id(c.OptionsType))
			opts = Id("opts")
		}
		params = Op("&").Id(c.ParamsType).Values(values...)
	}
	return Add(
		Line(), codeDoc(c, constructorDoc(c), true),
		Line(), Func().Id(c.Constructor).Params(args...).Op("*").Id("Error").Add(oneLineBody(Return(Id("newError").Call(row, params, opts)))),
		Line(),
	)
}

// oneLineBody is a function body written on one line.
func oneLineBody(stmts ...Code) *Statement {
	return Custom(Options{Open: "{ ", Close: " }", Separator: "; "}, stmts...)
}

// noCompare returns the fields of a params, options or object struct of
// params ps, with a first field _ [0]func() when nothing else makes the
// struct not comparable: the compiler then writes no equality function
// for it, which a package of many codes would pay for in build time. A
// list, a map, or an object held by value (whose struct this makes not
// comparable in turn, but for the shared Alternative) already does.
func noCompare(ps []*model.Param, fields []Code) []Code {
	for _, p := range ps {
		switch t := p.Type; t.Kind {
		case model.List, model.Map:
			return fields
		case model.Object:
			if !p.Optional && t.GoName != model.AlternativeType {
				return fields
			}
		}
	}
	return append([]Code{Id("_").Index(Lit(0)).Func().Params()}, fields...)
}
