package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// The numbers of a catalog reach Go code and JSON readers, which hold an
// integer in 64 bits and any other number in a float64: a number that
// does not fit would not compile, or would reach a client changed.

// intProblem says why the JSON number n is not an int of the generated
// Go, or "".
func intProblem(n json.Number) string {
	if _, err := strconv.ParseInt(string(n), 10, 64); err != nil {
		return fmt.Sprintf("%s is out of the range of an int, %d to %d", n, int64(-1<<63), int64(1<<63-1))
	}
	return ""
}

// floatProblem says why the JSON number n is not a float64 as written, or
// "": too large, so small that it becomes 0, or with more digits than a
// float64 holds.
func floatProblem(n json.Number) string {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return fmt.Sprintf("%s is out of the range of a float64, about ±1.8e308", n)
	}
	mantissa, _, _ := strings.Cut(strings.ToLower(string(n)), "e")
	if f == 0 {
		if strings.Trim(mantissa, "-+0.") != "" {
			return fmt.Sprintf("%s is too small for a float64, which makes it 0", n)
		}
		return ""
	}
	written, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return fmt.Sprintf("%s has an exponent too large to read", n)
	}
	held, _ := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
	if written.Cmp(held) != 0 {
		return fmt.Sprintf("%s has more digits than a float64 holds, which makes it %s", n, strconv.FormatFloat(f, 'g', -1, 64))
	}
	return ""
}

// numberProblem says why a JSON number of the wire, such as an envelope's
// constant or a number of an example's json, cannot reach a client as
// written, or "": an integer must fit in 64 bits, any other number in a
// float64.
func numberProblem(n json.Number) string {
	if !strings.ContainsAny(string(n), ".eE") {
		return intProblem(n)
	}
	return floatProblem(n)
}

// numberFix says how to fix a number numberProblem finds at fault.
const numberFix = "write a number a float64 holds exactly, or an integer of 64 bits; send a larger or more precise number as a string"

// checkNumbers reports every number of the JSON value data, at p and the
// path below it, that cannot reach a client as written.
func (b *builder) checkNumbers(p []string, data []byte) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return
	}
	var walk func(p []string, v any)
	walk = func(p []string, v any) {
		switch v := v.(type) {
		case json.Number:
			if msg := numberProblem(v); msg != "" {
				b.errs.add(p, numberFix, "%s", msg)
			}
		case []any:
			for i, x := range v {
				walk(append(p[:len(p):len(p)], index(i)), x)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(append(p[:len(p):len(p)], k), v[k])
			}
		}
	}
	walk(p, v)
}

// wireNumbers returns the JSON text raw, a value of type t or, with t
// nil, an example's json of code c, with every number the wire carries
// as a float64, the value of a float param or field, spelt as the
// generated code sends it: 2.5 for 2.50, 1 for 1.0, 1e+21 for 1E+21.
// A number constant of the envelope is spelt as the envelope writes it,
// which the wire sends: 1.50 where the example has 1.5. Everything else
// is left as written: integers, which the wire sends as given. raw is
// valid JSON.
func wireNumbers(raw json.RawMessage, t *Type, c *Code) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	type level struct {
		object bool
		path   []string // the keys that lead to it
		key    string   // in an object, the key of the value to come
	}
	var stack []level
	// at returns the keys that lead to the value the next token starts,
	// "" standing for an element of an array.
	at := func() []string {
		if len(stack) == 0 {
			return nil
		}
		l := stack[len(stack)-1]
		return append(l.path[:len(l.path):len(l.path)], l.key)
	}
	var out []byte
	last := 0
	keyNext := false
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if k, ok := tok.(string); ok && keyNext {
			stack[len(stack)-1].key = k
			keyNext = false
			continue
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				stack = append(stack, level{object: v == '{', path: at()})
				keyNext = v == '{'
				continue
			}
			stack = stack[:len(stack)-1]
		case json.Number:
			ft, m := typeAt(at(), t, c)
			var spelt []byte
			var err1, err2 error
			switch {
			case ft != nil && ft.Kind == Float:
				// A number that is no float64 is reported by numberProblem.
				var f float64
				f, err1 = strconv.ParseFloat(string(v), 64)
				spelt, err2 = json.Marshal(f)
			case m != nil && m.Kind == KindConst && sameNumber(m.Const, string(v)):
				spelt = []byte(m.Const)
			}
			if end := int(dec.InputOffset()); spelt != nil && err1 == nil && err2 == nil {
				out = append(append(out, raw[last:end-len(v)]...), spelt...)
				last = end
			}
		}
		keyNext = len(stack) > 0 && stack[len(stack)-1].object
	}
	if out == nil {
		return raw
	}
	return append(out, raw[last:]...)
}

// sameNumber reports whether the JSON numbers a and b have one value.
func sameNumber(a, b string) bool {
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	return ok1 && ok2 && x.Cmp(y) == 0
}

// typeAt returns the type of the value at the keys path ("" for an
// element of an array) in a value of type t or, with t nil, in an
// example's json of code c, which its envelope places; nil where the
// value is not a param's or a field's. For an example's json, it
// returns the envelope's member at path too, when there is one.
func typeAt(path []string, t *Type, c *Code) (*Type, *Member) {
	if t == nil {
		if c.Envelope == nil || c.Envelope.Root == nil {
			return nil, nil
		}
		param := func(name string) *Type {
			if p := c.Param(name); p != nil && p.Wire {
				return p.Type
			}
			return nil
		}
		shape := c.Envelope.Root
		for t == nil {
			if len(path) == 0 {
				return nil, nil
			}
			k := path[0]
			path = path[1:]
			var m *Member
			spread := false
			for _, x := range shape.Members {
				if x.Kind == KindSpread {
					spread = true
				} else if x.Key == k {
					m = x
				}
			}
			switch {
			case m == nil && spread:
				t = param(k)
			case m == nil:
				return nil, nil
			case len(path) == 0 && m.Kind == KindConst:
				return nil, m
			case m.Kind == KindObject:
				shape = m.Object
				continue
			case m.Kind == KindParam:
				t = param(m.Param)
			case m.Kind == KindParams && len(path) > 0:
				t = param(path[0])
				path = path[1:]
			}
			if t == nil {
				return nil, nil
			}
		}
	}
	for _, k := range path {
		switch t.Kind {
		case List, Map:
			t = t.Elem
		case Object:
			var f *Param
			for _, x := range t.WireFields() {
				if x.Name == k {
					f = x
				}
			}
			if f == nil {
				return nil, nil
			}
			t = f.Type
		default:
			return nil, nil
		}
	}
	return t, nil
}
