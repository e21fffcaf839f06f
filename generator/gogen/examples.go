package gogen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// genExamplesTest writes the test of the catalog's examples: each is built
// with its code's constructor, marshaled and compared with the example's
// JSON, then that JSON is parsed and marshaled again. It returns nil when
// the catalog has no examples. The test needs only the standard library.
func genExamplesTest(cat *model.Catalog, notice string) *File {
	n := 0
	for _, c := range cat.Codes {
		n += len(c.Examples)
	}
	if n == 0 {
		return nil
	}
	f := newFile(cat, notice)
	table, wide := genExamplesTable(cat)
	if wide {
		// go vet and go test of a 32-bit platform, where int has 32
		// bits, would fail to compile the package's tests.
		f.HeaderComment("//go:build " + sixtyFourBit)
	}
	f.Add(
		table,
		Line(), Line(), doc("TestExamples checks that every example of the catalog comes out of its constructor as the exact wire JSON the catalog gives, and that Parse reads that JSON back to the same error."),
		Line(), Func().Id("TestExamples").Params(Id("t").Op("*").Qual(testingPkg, "T")).Block(
			For(List(Id("_"), Id("tt")).Op(":=").Range().Id("examples")).Block(
				Id("t").Dot("Run").Call(Id("tt").Dot("name"), Func().Params(Id("t").Op("*").Qual(testingPkg, "T")).Block(
					List(Id("got"), Err()).Op(":=").Qual(jsonPkg, "Marshal").Call(Id("tt").Dot("err")),
					If(Err().Op("!=").Nil()).Block(Id("t").Dot("Fatal").Call(Err())),
					If(Id("diff").Op(":=").Qual(runtimePkg, "JSONDiff").Call(Id("got"), Index().Byte().Parens(Id("tt").Dot("want")), Lit("the constructor sends")), Id("diff").Op("!=").Lit("")).Block(
						Id("t").Dot("Errorf").Call(Lit("%s: the example's json is not what the constructor sends for its params: %s\nthe constructor gives\n%s\nthe example's json\n%s\nfix: make the example's json what the constructor gives, or its params what the json says, and run errspec again"), Id("tt").Dot("where"), Id("diff"), Id("got"), Id("tt").Dot("want"))),
					List(Id("parsed"), Err()).Op(":=").Id("Parse").Call(Index().Byte().Parens(Id("tt").Dot("want"))),
					If(Err().Op("!=").Nil()).Block(Id("t").Dot("Fatalf").Call(Lit("%s: Parse: %v"), Id("tt").Dot("where"), Err())),
					List(Id("again"), Err()).Op(":=").Qual(jsonPkg, "Marshal").Call(Id("parsed")),
					If(Err().Op("!=").Nil()).Block(Id("t").Dot("Fatal").Call(Err())),
					If(Id("diff").Op(":=").Qual(runtimePkg, "JSONDiff").Call(Id("again"), Index().Byte().Parens(Id("tt").Dot("want")), Lit("Parse then marshal gives")), Id("diff").Op("!=").Lit("")).Block(
						Id("t").Dot("Errorf").Call(Lit("%s: Parse then marshal gives another json: %s\nParse then marshal gives\n%s\nthe example's json\n%s"), Id("tt").Dot("where"), Id("diff"), Id("again"), Id("tt").Dot("want"))),
				)),
			),
		),
	)
	return f
}

// sixtyFourBit is the build constraint of the platforms whose int has 64
// bits: those Go supports but 386, arm, mips and mipsle.
const sixtyFourBit = "!386 && !arm && !mips && !mipsle"

// genExamplesTable writes the table of the catalog's examples, a row an
// example: its name, the error its constructor builds, and the wire JSON
// it must marshal to. wide reports whether an example gives an int param
// a value that an int of 32 bits cannot hold, which the constructor of a
// 32-bit platform cannot take.
func genExamplesTable(cat *model.Catalog) (table Code, wide bool) {
	var rows []Code
	l := literals{tiers: map[string]string{}}
	for _, t := range cat.Tiers {
		l.tiers[t.Name] = t.GoName
	}
	for _, c := range cat.Codes {
		for _, ex := range c.Examples {
			var want bytes.Buffer
			json.Compact(&want, ex.JSON)
			where := fmt.Sprintf("codes.%s.examples[%d].json", c.Name, ex.Index)
			if ex.Pos != "" {
				where = ex.Pos + ": " + where
			}
			rows = append(rows, Values(Lit(fmt.Sprintf("%s/%d", c.Name, ex.Index)), Lit(where), l.exampleError(c, ex), Lit(want.String())))
		}
	}
	text := "examples are the examples of the catalog: where the catalog gives each, the error it builds, and the wire JSON it must marshal to."
	if l.wide {
		text += " Some give an int param a value beyond 32 bits: the test builds where int has 64 bits only."
	}
	return Add(
		doc(text),
		Line(), Var().Id("examples").Op("=").Index().Struct(
			Id("name").String(),
			Id("where").String(),
			Id("err").Op("*").Id("Error"),
			Id("want").String(),
		).Add(elemLines(rows...)),
	), l.wide
}

// literals writes the Go literals of example values, and notes whether
// one is an int beyond 32 bits.
type literals struct {
	tiers map[string]string // the Go constant of each tier, by name
	wide  bool
}

// exampleError is the Go expression that builds an example's error.
func (l *literals) exampleError(c *model.Code, ex *model.Example) *Statement {
	values := map[string]Code{}
	for _, v := range ex.Values {
		values[v.Param.Name] = l.literal(v.Param.Type, v.JSON, valueForm(v.Param.Type, v.Param.Optional))
	}
	var args []Code
	for _, p := range c.Required() {
		args = append(args, values[p.Name])
	}
	var opts []Code
	for _, p := range c.Optional() {
		if v, ok := values[p.Name]; ok {
			opts = append(opts, Id(p.GoName).Op(":").Add(v))
		}
	}
	if len(opts) > 0 {
		args = append(args, Id(c.OptionsType).Values(opts...))
	}
	call := Id(c.Constructor).Call(args...)
	if ex.Detail != "" {
		call.Dot("WithDetail").Call(Lit(ex.Detail))
	}
	if ex.HTTPStatus != 0 {
		call.Dot("WithHTTPStatus").Call(Lit(ex.HTTPStatus))
	}
	return call
}

// form is how literal writes a composite literal: with its type, as a
// pointer to it (an optional object), or with its type left out, as gofmt
// -s writes the element of a list or a map, whose type gives it.
type form int

const (
	typed form = iota
	pointer
	elided
)

// valueForm is the form of the value of a param or a field of type t: a
// pointer for an optional object, which the Go API holds as a pointer.
func valueForm(t *model.Type, optional bool) form {
	if optional && t.Kind == model.Object {
		return pointer
	}
	return typed
}

// literal is the Go literal, in the form f, of the JSON text of a value of
// a param type, which the model has checked. The keys of an ordered map
// keep the order of the text.
func (l *literals) literal(t *model.Type, text json.RawMessage, f form) *Statement {
	switch t.Kind {
	case model.String, model.TierKind:
		var s string
		json.Unmarshal(text, &s)
		if t.Kind == model.TierKind {
			if name, ok := l.tiers[s]; ok {
				return Id(name)
			}
			return Id("Tier").Call(Lit(s))
		}
		return Lit(s)
	case model.Bool:
		var b bool
		json.Unmarshal(text, &b)
		return Lit(b)
	case model.Int:
		n, _ := json.Number(bytes.TrimSpace(text)).Int64()
		l.wide = l.wide || n != int64(int32(n))
		return Lit(int(n))
	case model.Float:
		f, _ := json.Number(bytes.TrimSpace(text)).Float64()
		return Lit(f)
	case model.List:
		var elems []json.RawMessage
		json.Unmarshal(text, &elems)
		out := make([]Code, len(elems))
		for i, e := range elems {
			out[i] = l.literal(t.Elem, e, elided)
		}
		return composite(goType(t, false), f, out)
	}
	keys, values := members(text)
	if t.Kind == model.Map {
		out := make([]Code, len(keys))
		for i, k := range keys {
			if t.Ordered {
				out[i] = Values(Id("Key").Op(":").Lit(k), Id("Value").Op(":").Add(l.literal(t.Elem, values[i], typed)))
			} else {
				out[i] = Lit(k).Op(":").Add(l.literal(t.Elem, values[i], elided))
			}
		}
		if !t.Ordered {
			out = l.sortedMap(keys, values, t)
		}
		return composite(goType(t, false), f, out)
	}
	var elems []Code
	for _, fd := range t.WireFields() {
		if i := slices.Index(keys, fd.Name); i >= 0 {
			elems = append(elems, Id(fd.GoName).Op(":").Add(l.literal(fd.Type, values[i], valueForm(fd.Type, fd.Optional))))
		}
	}
	return composite(Id(t.GoName), f, elems)
}

// composite is the composite literal of type typ and elements elems in
// the form f.
func composite(typ *Statement, f form, elems []Code) *Statement {
	switch f {
	case pointer:
		return Op("&").Add(typ).Values(elems...)
	case elided:
		return Values(elems...)
	}
	return typ.Values(elems...)
}

// sortedMap is the elements of a Go map literal, by key.
func (l *literals) sortedMap(keys []string, values []json.RawMessage, t *model.Type) []Code {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	out := make([]Code, len(idx))
	for j, i := range idx {
		out[j] = Lit(keys[i]).Op(":").Add(l.literal(t.Elem, values[i], elided))
	}
	return out
}

// members returns the keys of a JSON object, in the order of the text,
// and the text of each value.
func members(text json.RawMessage) ([]string, []json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var keys []string
	var values []json.RawMessage
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			break
		}
		keys = append(keys, tok.(string))
		values = append(values, v)
	}
	return keys, values
}
