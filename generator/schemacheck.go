package generator

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// schemaCheck validates JSON values, decoded with UseNumber, against JSON
// Schemas decoded the same way, for the keywords the generated schemas
// use; it says where a value breaks its schema, and how, in the words of
// the JSON Schema validator the tests hold it to. A validator library
// compiles the schema and its meta-schemas first, which costs far more
// than checking an example, and is not needed for the schemas errspec
// writes itself.
type schemaCheck struct {
	problems []string // "at /params/id: got string, want integer"
	unknown  string   // a keyword the check does not know, when it met one
}

// check validates value, at the location loc ("" for the root), against
// schema.
func (c *schemaCheck) check(schema, value any, loc string) {
	if c.unknown != "" {
		return
	}
	s, ok := schema.(map[string]any)
	if !ok {
		if b, isBool := schema.(bool); !isBool {
			c.unknown = fmt.Sprintf("a schema of %T", schema)
		} else if !b {
			c.add(loc, "false schema")
		}
		return
	}
	for k := range s {
		if !knownKeywords[k] {
			c.unknown = k
			return
		}
	}
	// A value of the wrong type, constant or enumerated value breaks the
	// schema there, and nothing else is checked.
	if t, ok := s["type"]; ok {
		want, ok := schemaTypes(t)
		if !ok {
			c.unknown = "type"
			return
		}
		if !slices.ContainsFunc(want, func(t string) bool { return hasType(value, t) }) {
			c.add(loc, "got "+typeName(value)+", want "+strings.Join(want, " or "))
			return
		}
	}
	if want, ok := s["const"]; ok && !equalJSON(want, value) {
		c.add(loc, "value must be "+display(want))
		return
	}
	if e, ok := s["enum"]; ok {
		list, ok := e.([]any)
		if !ok {
			c.unknown = "enum"
			return
		}
		if !slices.ContainsFunc(list, func(x any) bool { return equalJSON(x, value) }) {
			c.add(loc, enumMessage(list))
			return
		}
	}
	switch v := value.(type) {
	case map[string]any:
		c.object(s, v, loc)
	case []any:
		c.bound(s, "minItems", size(len(v)), loc)
		if items, ok := s["items"]; ok {
			for i, x := range v {
				c.check(items, x, loc+"/"+strconv.Itoa(i))
			}
		}
	case string:
		n := size(utf8.RuneCountInString(v))
		c.bound(s, "minLength", n, loc)
		c.bound(s, "maxLength", n, loc)
	case json.Number:
		if got, ok := number(v); ok {
			c.bound(s, "minimum", got, loc)
			c.bound(s, "maximum", got, loc)
		}
	}
	if not, ok := s["not"]; ok {
		sub := schemaCheck{}
		sub.check(not, value, loc)
		if sub.unknown != "" {
			c.unknown = sub.unknown
		} else if len(sub.problems) == 0 {
			c.add(loc, "'not' failed")
		}
	}
}

// knownKeywords are the keywords schemaCheck knows: those that annotate,
// and those it checks.
var knownKeywords = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true, "description": true,
	"deprecated": true, "examples": true, "default": true,
	"type": true, "const": true, "enum": true, "not": true,
	"properties": true, "required": true, "additionalProperties": true, "minProperties": true,
	"items": true, "minItems": true, "minLength": true, "maxLength": true, "minimum": true, "maximum": true,
}

// object checks an object against the keywords of s about objects.
func (c *schemaCheck) object(s map[string]any, obj map[string]any, loc string) {
	c.bound(s, "minProperties", size(len(obj)), loc)
	if r, ok := s["required"]; ok {
		names, ok := r.([]any)
		if !ok {
			c.unknown = "required"
			return
		}
		var missing []string
		for _, n := range names {
			name, _ := n.(string)
			if _, present := obj[name]; !present {
				missing = append(missing, name)
			}
		}
		switch len(missing) {
		case 0:
		case 1:
			c.add(loc, "missing property "+quote(missing[0]))
		default:
			c.add(loc, "missing properties "+joinQuoted(missing))
		}
	}
	props, _ := s["properties"].(map[string]any)
	if _, ok := s["properties"]; ok && props == nil {
		c.unknown = "properties"
		return
	}
	additional, hasAdditional := s["additionalProperties"]
	var notAllowed []string
	for _, name := range slices.Sorted(maps.Keys(obj)) {
		if sub, declared := props[name]; declared {
			c.check(sub, obj[name], loc+"/"+name)
			continue
		}
		if !hasAdditional {
			continue
		}
		if b, ok := additional.(bool); ok {
			if !b {
				notAllowed = append(notAllowed, name)
			}
			continue
		}
		c.check(additional, obj[name], loc+"/"+name)
	}
	if len(notAllowed) > 0 {
		c.add(loc, "additional properties "+joinQuoted(notAllowed)+" not allowed")
	}
}

// bound checks got, a number or how many items, characters or properties
// a value has, against the bound keyword k of s, when s has it: a keyword
// whose name starts with "min" is a least value, any other a greatest.
func (c *schemaCheck) bound(s map[string]any, k string, got *big.Rat, loc string) {
	kv, present := s[k]
	if !present {
		return
	}
	want, ok := number(kv)
	if !ok {
		c.unknown = k
		return
	}
	if d := got.Cmp(want); strings.HasPrefix(k, "min") && d < 0 || !strings.HasPrefix(k, "min") && d > 0 {
		c.add(loc, fmt.Sprintf("%s: got %s, want %s", k, ratText(got), ratText(want)))
	}
}

// size is a count as a number.
func size(n int) *big.Rat { return big.NewRat(int64(n), 1) }

func (c *schemaCheck) add(loc, msg string) {
	c.problems = append(c.problems, "at "+cmp.Or(loc, "/")+": "+msg)
}

// summary says in one line where a value breaks its schema: the problems
// sorted, at most three.
func (c *schemaCheck) summary() string {
	p := slices.Sorted(slices.Values(c.problems))
	if len(p) > 3 {
		p = append(p[:3], fmt.Sprintf("and %d more", len(p)-3))
	}
	return strings.Join(p, "; ")
}

// schemaTypes returns the types the keyword type names, in the order the
// validator names them.
func schemaTypes(t any) ([]string, bool) {
	var names []string
	switch t := t.(type) {
	case string:
		names = []string{t}
	case []any:
		for _, x := range t {
			name, ok := x.(string)
			if !ok {
				return nil, false
			}
			names = append(names, name)
		}
	default:
		return nil, false
	}
	var out []string
	for _, name := range []string{"null", "boolean", "number", "integer", "string", "array", "object"} {
		if slices.Contains(names, name) {
			out = append(out, name)
		}
	}
	return out, len(out) == len(names)
}

// typeName is the JSON type of v, as the validator names it: a number is
// a number, even when it is an integer.
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// enumMessage says which values an enum allows.
func enumMessage(list []any) string {
	var want []string
	for _, x := range list {
		switch x.(type) {
		case []any, map[string]any:
			return "'enum' failed"
		}
		want = append(want, display(x))
	}
	if len(want) == 1 {
		return "value must be " + want[0]
	}
	return "value must be one of " + strings.Join(want, ", ")
}

// display shows a value in a problem: a string quoted, anything else as
// fmt prints it, "value" for a list or an object.
func display(v any) string {
	switch v := v.(type) {
	case string:
		return quote(v)
	case []any, map[string]any:
		return "value"
	}
	return fmt.Sprint(v)
}

// quote quotes s in single quotes, with Go's escapes.
func quote(s string) string {
	s = strconv.Quote(s)
	s = strings.ReplaceAll(s, `\"`, `"`)
	s = strings.ReplaceAll(s, `'`, `\'`)
	return "'" + s[1:len(s)-1] + "'"
}

func joinQuoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quote(n)
	}
	return strings.Join(q, ", ")
}

// count writes n with its thousands grouped, as the validator does: 1,000.
func count(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// ratText writes a number of a schema or a value as the validator does:
// an integer with its thousands grouped, any other number as Go prints a
// float64.
func ratText(r *big.Rat) string {
	if r.IsInt() && r.Num().IsInt64() {
		return count(int(r.Num().Int64()))
	}
	f, _ := r.Float64()
	return fmt.Sprint(f)
}

// hasType reports whether v is of the JSON Schema type t.
func hasType(v any, t string) bool {
	switch v := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	case json.Number:
		if t == "number" {
			return true
		}
		n, ok := number(v)
		return t == "integer" && ok && n.IsInt()
	}
	return false
}

// number returns a JSON number exactly.
func number(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}

// equalJSON reports whether two decoded JSON values are equal, numbers by
// value.
func equalJSON(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		x, ok1 := number(a)
		y, ok2 := number(b)
		return ok1 && ok2 && x.Cmp(y) == 0
	case []any:
		l, ok := b.([]any)
		if !ok || len(l) != len(a) {
			return false
		}
		for i := range a {
			if !equalJSON(a[i], l[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		m, ok := b.(map[string]any)
		if !ok || len(m) != len(a) {
			return false
		}
		for k, x := range a {
			y, present := m[k]
			if !present || !equalJSON(x, y) {
				return false
			}
		}
		return true
	}
	return a == b
}

// decodeJSON decodes JSON with numbers as json.Number.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
