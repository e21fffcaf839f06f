package load

import (
	"bytes"
	"encoding/json"
	"regexp"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"
	"github.com/cockroachdb/apd/v3"

	"github.com/errspec/errspec/generator/model"
)

// literalCodes decodes the codes of a file of codes from splitFile or
// chunkCodes from their syntax, once CUE has evaluated them unified with
// the schema and found them valid and concrete, and reports true. It
// reports false, and the caller exports the codes from CUE, unless every
// code is written as plain data: structs of regular fields, each named
// once, lists, strings, decimal numbers, booleans and null; no reference,
// expression, optional or hidden field, or code declared twice. The schema
// gives a code no value of its own (no default), so the value CUE exports
// for such a code is the data as written, in the order written, and
// exporting it, which costs CUE about as much as evaluating it, is spared.
func literalCodes(f *ast.File) ([]model.Entry[model.InputCode], bool) {
	var out []model.Entry[model.InputCode]
	seen := map[string]bool{}
	var enc literalEncoder
	elts, ok := codeElts(f)
	if !ok {
		return nil, false
	}
	for _, e := range elts {
		code, ok := e.(*ast.Field)
		if !ok {
			return nil, false
		}
		key, ok := literalLabel(code)
		if !ok || seen[key] {
			return nil, false
		}
		seen[key] = true
		data, ok := enc.encode(code.Value)
		if !ok {
			return nil, false
		}
		out = append(out, model.Entry[model.InputCode]{Key: key})
		if err := json.Unmarshal(data, &out[len(out)-1].Value); err != nil {
			return nil, false
		}
	}
	return out, true
}

// literalEncoder writes plain CUE data as the JSON CUE exports it.
type literalEncoder struct {
	buf  []byte        // the JSON of the value encode was last given
	strs bytes.Buffer  // the JSON of a string, as strJ writes it
	strJ *json.Encoder // writes to strs
}

// encode returns the JSON of the value e, or false when e is not plain
// data. The bytes are valid until the next call.
func (l *literalEncoder) encode(e ast.Expr) ([]byte, bool) {
	var ok bool
	l.buf, ok = l.append(l.buf[:0], e)
	return l.buf, ok
}

// append appends the JSON of e to b, or returns false.
func (l *literalEncoder) append(b []byte, e ast.Expr) ([]byte, bool) {
	switch x := e.(type) {
	case *ast.StructLit:
		b = append(b, '{')
		var names []string
		for _, elt := range x.Elts {
			if _, isComment := elt.(*ast.CommentGroup); isComment {
				continue
			}
			f, ok := elt.(*ast.Field)
			if !ok {
				return nil, false
			}
			name, ok := literalLabel(f)
			if !ok {
				return nil, false
			}
			for _, n := range names {
				if n == name {
					return nil, false
				}
			}
			if len(names) > 0 {
				b = append(b, ',')
			}
			names = append(names, name)
			b = l.appendString(b, name)
			b = append(b, ':')
			if b, ok = l.append(b, f.Value); !ok {
				return nil, false
			}
		}
		return append(b, '}'), true
	case *ast.ListLit:
		b = append(b, '[')
		for n, elt := range x.Elts {
			if n > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = l.append(b, elt); !ok {
				return nil, false
			}
		}
		return append(b, ']'), true
	case *ast.BasicLit:
		switch x.Kind {
		case token.STRING:
			s, ok := literalString(x.Value)
			if !ok {
				return nil, false
			}
			return l.appendString(b, s), true
		case token.INT, token.FLOAT:
			return appendNumber(b, "", x.Value)
		case token.NULL, token.TRUE, token.FALSE:
			return append(b, x.Value...), true
		}
	case *ast.UnaryExpr:
		if n, ok := x.X.(*ast.BasicLit); ok && x.Op == token.SUB && (n.Kind == token.INT || n.Kind == token.FLOAT) {
			return appendNumber(b, "-", n.Value)
		}
	}
	return nil, false
}

// literalLabel returns the name of a regular field f written as an
// identifier or a double-quoted string; false for any other field: one
// that is optional, required, hidden, a definition, aliased or named by
// an expression.
func literalLabel(f *ast.Field) (string, bool) {
	if f.Constraint != token.ILLEGAL {
		return "", false
	}
	switch l := f.Label.(type) {
	case *ast.Ident:
		if l.Name == "" || l.Name[0] == '_' || l.Name[0] == '#' {
			return "", false
		}
		return l.Name, true
	case *ast.BasicLit:
		if l.Kind == token.STRING {
			return literalString(l.Value)
		}
	}
	return "", false
}

// literalString unquotes a CUE string literal; false for a bytes literal.
func literalString(lit string) (string, bool) {
	q, n, _, err := literal.ParseQuotes(lit, lit)
	if err != nil || !q.IsDouble() {
		return "", false
	}
	s, err := q.Unquote(lit[n:])
	return s, err == nil
}

// decimal matches the number literals appendNumber takes: plain decimal
// digits, with a fraction or not; not 1_000, 0x10, 1Ki, .5 or 1e3.
var decimal = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.[0-9]+)?$`)

// appendNumber appends the number literal lit, negated when sign is "-",
// as CUE exports it: the decimal it denotes, formatted by apd as CUE
// formats numbers. It reports false for a literal decimal does not match
// and for a negated zero.
func appendNumber(b []byte, sign, lit string) ([]byte, bool) {
	if !decimal.MatchString(lit) {
		return nil, false
	}
	d, _, err := apd.NewFromString(sign + lit)
	if err != nil || (sign != "" && d.IsZero()) {
		return nil, false
	}
	return d.Append(b, 'G'), true
}

// appendString appends s as CUE exports a string: JSON, HTML characters
// not escaped.
func (l *literalEncoder) appendString(b []byte, s string) []byte {
	if l.strJ == nil {
		l.strJ = json.NewEncoder(&l.strs)
		l.strJ.SetEscapeHTML(false)
	}
	l.strs.Reset()
	l.strJ.Encode(s)
	return append(b, bytes.TrimSuffix(l.strs.Bytes(), []byte("\n"))...)
}
