package generator

import (
	"bytes"
	"encoding/json"
	"math/big"
	"unicode/utf8"
)

// quickCheck reports whether value, a JSON value decoded with UseNumber,
// is valid against schema, a JSON Schema decoded the same way, for the
// keywords the generated schemas use. decided is false when the schema
// holds a keyword quickCheck does not know: the caller then asks a full
// validator. A JSON Schema validator compiles and checks the schema
// itself first, which costs far more than checking an example: this
// checks the examples of a valid catalog at once, and leaves the
// wording of a failure to the full validator.
func quickCheck(schema, value any) (valid, decided bool) {
	switch s := schema.(type) {
	case bool:
		return s, true
	case map[string]any:
		valid, decided = true, true
		for k, kv := range s {
			ok, known := keyword(s, k, kv, value)
			if !known {
				return false, false
			}
			valid = valid && ok
		}
		return valid, true
	}
	return false, false
}

// keyword checks value against one keyword of schema s.
func keyword(s map[string]any, k string, kv, value any) (valid, decided bool) {
	switch k {
	case "$schema", "$id", "$comment", "title", "description", "deprecated", "examples", "default":
		return true, true
	case "type":
		switch t := kv.(type) {
		case string:
			return hasType(value, t), true
		case []any:
			for _, x := range t {
				if name, ok := x.(string); ok && hasType(value, name) {
					return true, true
				}
			}
			return false, true
		}
	case "const":
		return equalJSON(kv, value), true
	case "enum":
		if list, ok := kv.([]any); ok {
			for _, x := range list {
				if equalJSON(x, value) {
					return true, true
				}
			}
			return false, true
		}
	case "not":
		ok, known := quickCheck(kv, value)
		return !ok, known
	case "properties", "required", "additionalProperties", "minProperties":
		return objectKeyword(s, k, kv, value)
	case "items":
		list, isList := value.([]any)
		if !isList {
			return true, true
		}
		valid := true
		for _, x := range list {
			ok, known := quickCheck(kv, x)
			if !known {
				return false, false
			}
			valid = valid && ok
		}
		return valid, true
	case "minItems":
		list, isList := value.([]any)
		n, ok := number(kv)
		return !isList || ok && big.NewRat(int64(len(list)), 1).Cmp(n) >= 0, ok
	case "minLength", "maxLength":
		str, isString := value.(string)
		n, ok := number(kv)
		if !isString || !ok {
			return true, ok
		}
		c := big.NewRat(int64(utf8.RuneCountInString(str)), 1).Cmp(n)
		return k == "minLength" && c >= 0 || k == "maxLength" && c <= 0, true
	case "minimum", "maximum":
		v, isNumber := number(value)
		n, ok := number(kv)
		if !isNumber || !ok {
			return true, ok
		}
		c := v.Cmp(n)
		return k == "minimum" && c >= 0 || k == "maximum" && c <= 0, true
	}
	return false, false
}

// objectKeyword checks value against a keyword of schema s about objects.
func objectKeyword(s map[string]any, k string, kv, value any) (valid, decided bool) {
	obj, isObject := value.(map[string]any)
	if !isObject {
		return true, true
	}
	switch k {
	case "properties":
		props, ok := kv.(map[string]any)
		if !ok {
			return false, false
		}
		valid := true
		for name, sub := range props {
			if x, present := obj[name]; present {
				ok, known := quickCheck(sub, x)
				if !known {
					return false, false
				}
				valid = valid && ok
			}
		}
		return valid, true
	case "required":
		names, ok := kv.([]any)
		if !ok {
			return false, false
		}
		for _, n := range names {
			name, _ := n.(string)
			if _, present := obj[name]; !present {
				return false, true
			}
		}
		return true, true
	case "additionalProperties":
		if _, ok := s["patternProperties"]; ok {
			return false, false
		}
		props, _ := s["properties"].(map[string]any)
		valid := true
		for name, x := range obj {
			if _, declared := props[name]; declared {
				continue
			}
			ok, known := quickCheck(kv, x)
			if !known {
				return false, false
			}
			valid = valid && ok
		}
		return valid, true
	case "minProperties":
		n, ok := number(kv)
		return ok && big.NewRat(int64(len(obj)), 1).Cmp(n) >= 0, ok
	}
	return false, false
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
