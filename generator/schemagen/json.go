package schemagen

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/errspec/errspec/internal/textsafe"
)

// object is a JSON object whose members are written in the order they were
// added, so the document reads in the order it is built. Its values, and
// those of the lists in it, are objects, lists of objects, strings or
// anything else, strings, ints, bools, json.Numbers and nil.
type object []member

type member struct {
	key   string
	value any
}

func (o *object) add(key string, value any) { *o = append(*o, member{key, value}) }

// appendJSON appends v to buf as encoding/json's Encoder writes it with
// SetEscapeHTML(false) and SetIndent("", "  "), nested depth levels deep,
// without the Encoder's final newline.
func appendJSON(buf []byte, v any, depth int) ([]byte, error) {
	switch v := v.(type) {
	case object:
		return appendElems(buf, '{', '}', len(v), depth, func(buf []byte, i int) ([]byte, error) {
			buf, err := appendJSON(append(appendString(buf, v[i].key), ": "...), v[i].value, depth+1)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", v[i].key, err)
			}
			return buf, nil
		})
	case []object:
		return appendList(buf, v, depth)
	case []string:
		return appendList(buf, v, depth)
	case []any:
		return appendList(buf, v, depth)
	case string:
		return appendString(buf, v), nil
	case int:
		return strconv.AppendInt(buf, int64(v), 10), nil
	case bool:
		return strconv.AppendBool(buf, v), nil
	case json.Number:
		if !json.Valid([]byte(v)) {
			return nil, fmt.Errorf("invalid number %q", v)
		}
		return append(buf, v...), nil
	case nil:
		return append(buf, "null"...), nil
	}
	return nil, fmt.Errorf("cannot write a %T as JSON", v)
}

// appendList appends a list as appendJSON does.
func appendList[T any](buf []byte, list []T, depth int) ([]byte, error) {
	return appendElems(buf, '[', ']', len(list), depth, func(buf []byte, i int) ([]byte, error) {
		return appendJSON(buf, any(list[i]), depth+1)
	})
}

// appendElems appends n elements between the brackets opening and closing
// as encoding/json indents them, nested depth levels deep: each on a line
// of its own, one level deeper; for none, the brackets side by side. elem
// appends the i-th.
func appendElems(buf []byte, opening, closing byte, n, depth int, elem func(buf []byte, i int) ([]byte, error)) ([]byte, error) {
	buf = append(buf, opening)
	if n == 0 {
		return append(buf, closing), nil
	}
	for i := range n {
		if i > 0 {
			buf = append(buf, ',')
		}
		var err error
		if buf, err = elem(newline(buf, depth+1), i); err != nil {
			return nil, err
		}
	}
	return append(newline(buf, depth), closing), nil
}

// newline appends a newline and the indent of depth levels.
func newline(buf []byte, depth int) []byte {
	buf = append(buf, '\n')
	for range depth {
		buf = append(buf, "  "...)
	}
	return buf
}

// appendString appends s as a JSON string, as encoding/json writes it
// without HTML escaping, and with every hidden character escaped as
// textsafe.JSON escapes it: quotes, backslashes, control characters,
// format characters, U+2028 and U+2029 escaped, each byte of invalid
// UTF-8 as U+FFFD.
func appendString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0 // of the run of s not yet appended
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if (r != utf8.RuneError || size != 1) && !textsafe.Hidden(r) {
				i += size
				continue
			}
		}
		buf = append(buf, s[start:i]...)
		size := 1
		switch c {
		case '"', '\\':
			buf = append(buf, '\\', c)
		case '\b':
			buf = append(buf, `\b`...)
		case '\f':
			buf = append(buf, `\f`...)
		case '\n':
			buf = append(buf, `\n`...)
		case '\r':
			buf = append(buf, `\r`...)
		case '\t':
			buf = append(buf, `\t`...)
		default:
			var r rune
			if r, size = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 {
				r = '\ufffd'
			}
			buf = textsafe.AppendJSONEscape(buf, r)
		}
		i += size
		start = i
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// decoded returns v, a value appendJSON writes, as encoding/json decodes
// what it writes into an any with UseNumber.
func decoded(v any) any {
	switch v := v.(type) {
	case object:
		m := make(map[string]any, len(v))
		for _, x := range v {
			m[x.key] = decoded(x.value)
		}
		return m
	case []object:
		return decodedList(v)
	case []string:
		return decodedList(v)
	case []any:
		return decodedList(v)
	case int:
		return json.Number(strconv.Itoa(v))
	case string:
		if !utf8.ValidString(v) {
			// encoding/json writes each invalid byte as U+FFFD.
			var s string
			_ = json.Unmarshal(appendString(nil, v), &s)
			return s
		}
	}
	return v
}

func decodedList[T any](list []T) []any {
	out := make([]any, len(list))
	for i, x := range list {
		out[i] = decoded(any(x))
	}
	return out
}
