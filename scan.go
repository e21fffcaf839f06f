package errspec

import (
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// scanner reads JSON text strictly, as RFC 8259 defines it, without
// building values: its callers decode each value where it belongs.
type scanner struct {
	data  []byte
	i     int
	depth int
}

// maxDepth is how deeply arrays and objects may nest, as in encoding/json.
const maxDepth = 10000

// syntaxError is an error in the JSON text.
type syntaxError struct {
	msg string
	at  int
}

func (e *syntaxError) Error() string { return fmt.Sprintf("invalid JSON at byte %d: %s", e.at, e.msg) }

func (s *scanner) fail(msg string) error { return &syntaxError{msg, s.i} }

// ws skips white space.
func (s *scanner) ws() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek returns the next byte after white space, or 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.i < len(s.data) {
		return s.data[s.i]
	}
	return 0
}

// end checks that nothing but white space follows: a NUL byte, which
// peek returns at the end too, is text after the value.
func (s *scanner) end() error {
	if s.ws(); s.i < len(s.data) {
		return s.fail("text after the value")
	}
	return nil
}

// errType is the error of a value of the wrong type.
var errType = errors.New("wrong type")

// object reads an object, calling member with each key; member reads the
// member's value (or skips it). The key is a slice of the text, or a new
// slice where it has escapes: it does not change after the call.
func (s *scanner) object(member func(key []byte) error) error {
	if s.peek() != '{' {
		return s.kindError("an object")
	}
	if s.depth++; s.depth > maxDepth {
		return s.fail("nested too deeply")
	}
	s.i++
	if s.peek() == '}' {
		s.i++
		s.depth--
		return nil
	}
	for {
		if s.peek() != '"' {
			return s.fail("expected a key")
		}
		key, err := s.rawString()
		if err != nil {
			return err
		}
		if s.peek() != ':' {
			return s.fail("expected a colon")
		}
		s.i++
		s.ws()
		if err := member(key); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			s.depth--
			return nil
		default:
			return s.fail("expected a comma or the end of the object")
		}
	}
}

// array reads an array, calling elem to read each element.
func (s *scanner) array(elem func() error) error {
	if s.peek() != '[' {
		return s.kindError("an array")
	}
	if s.depth++; s.depth > maxDepth {
		return s.fail("nested too deeply")
	}
	s.i++
	if s.peek() == ']' {
		s.i++
		s.depth--
		return nil
	}
	for {
		s.ws()
		if err := elem(); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.i++
		case ']':
			s.i++
			s.depth--
			return nil
		default:
			return s.fail("expected a comma or the end of the array")
		}
	}
}

// kindError is the error of a value that is not what was expected: a
// syntax error when it is not JSON, else errType in words.
func (s *scanner) kindError(want string) error {
	start := s.i
	if err := s.skip(); err != nil {
		return err
	}
	s.i = start
	return fmt.Errorf("%w: %s, want %s", errType, kindOf(s.peek()), want)
}

// kindOf names the kind of JSON value that starts with c.
func kindOf(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// skip reads any value. Like every reader of Parse, it rejects an object
// that repeats a key, wherever it is.
func (s *scanner) skip() error {
	switch c := s.peek(); c {
	case '{':
		return s.skipObject()
	case '[':
		i := 0
		return s.array(func() error {
			if err := s.skip(); err != nil {
				return placed(err, func() string { return fmt.Sprintf("[%d]", i) })
			}
			i++
			return nil
		})
	case '"':
		_, err := s.rawString()
		return err
	case 't':
		return s.literal("true")
	case 'f':
		return s.literal("false")
	case 'n':
		return s.literal("null")
	case 0:
		return s.fail("unexpected end of the text")
	default:
		_, err := s.number()
		return err
	}
}

// skipObject reads an object and ignores its members, as skip does.
func (s *scanner) skipObject() error {
	var keys keySet
	return s.object(func(key []byte) error {
		if keys.add(key) {
			return at(string(key), errRepeated)
		}
		return placedAt(key, s.skip())
	})
}

// placed places err at the steps st when it is an error of a value at a
// place (a repeated key); a syntax error names its byte. st is called
// only then.
func placed(err error, st func() string) error {
	if _, ok := err.(*pathError); ok {
		return within(st(), err)
	}
	return err
}

// placedAt places err, the error of the value of key, as placed does.
func placedAt(key []byte, err error) error {
	return placed(err, func() string { return step(string(key)) })
}

// keySetList is how many keys a keySet holds in a list before it moves
// them to a map.
const keySetList = 16

// A keySet holds the keys an object had so far, to find one it repeats:
// in place while the object is small, in a map past that, so that an
// object of many keys takes linear time.
type keySet struct {
	list [keySetList][]byte
	n    int
	m    map[string]struct{}
}

// add adds key, which must not change afterwards, and reports whether
// the set had it already.
func (k *keySet) add(key []byte) bool {
	if k.m != nil {
		if _, ok := k.m[string(key)]; ok {
			return true
		}
		k.m[string(key)] = struct{}{}
		return false
	}
	for _, o := range k.list[:k.n] {
		if string(o) == string(key) {
			return true
		}
	}
	if k.n < keySetList {
		k.list[k.n] = key
		k.n++
		return false
	}
	k.m = make(map[string]struct{}, 2*keySetList)
	for _, o := range k.list {
		k.m[string(o)] = struct{}{}
	}
	k.m[string(key)] = struct{}{}
	return false
}

// literal reads true, false or null.
func (s *scanner) literal(word string) error {
	if len(s.data)-s.i < len(word) || string(s.data[s.i:s.i+len(word)]) != word {
		return s.fail("invalid value")
	}
	s.i += len(word)
	return nil
}

// boolean reads true or false.
func (s *scanner) boolean() (bool, error) {
	switch s.peek() {
	case 't':
		return true, s.literal("true")
	case 'f':
		return false, s.literal("false")
	}
	return false, s.kindError("a boolean")
}

// number reads a number and returns its text.
func (s *scanner) number() ([]byte, error) {
	start := s.i
	d := s.data
	i := s.i
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		return nil, s.fail("invalid value")
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			s.i = i
			return nil, s.fail("invalid number")
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			s.i = i
			return nil, s.fail("invalid number")
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	s.i = i
	return d[start:i], nil
}

// rawString reads a string and returns its text unescaped: a slice of the
// input when it has no escapes and is valid UTF-8, else a new slice.
func (s *scanner) rawString() ([]byte, error) {
	if s.peek() != '"' {
		return nil, s.kindError("a string")
	}
	d := s.data
	start := s.i + 1
	i := start
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			s.i = i + 1
			return d[start:i], nil
		case c == '\\' || c >= utf8.RuneSelf:
			return s.slowString(start)
		case c < ' ':
			s.i = i
			return nil, s.fail("a control character in a string")
		}
		i++
	}
	s.i = i
	return nil, s.fail("unterminated string")
}

// slowString reads the rest of a string that has escapes or non-ASCII
// text, as encoding/json does: invalid UTF-8 and lone surrogates become
// U+FFFD.
func (s *scanner) slowString(start int) ([]byte, error) {
	d := s.data
	out := make([]byte, 0, len(d)-start)
	i := start
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			s.i = i + 1
			return out, nil
		case c < ' ':
			s.i = i
			return nil, s.fail("a control character in a string")
		case c == '\\':
			if i+1 >= len(d) {
				s.i = i
				return nil, s.fail("unterminated string")
			}
			i++
			switch d[i] {
			case '"', '\\', '/':
				out = append(out, d[i])
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := hex4(d[i+1:])
				if !ok {
					s.i = i
					return nil, s.fail("invalid escape")
				}
				i += 4
				if utf16.IsSurrogate(r) {
					r2, ok := rune(-1), false
					if i+6 < len(d) && d[i+1] == '\\' && d[i+2] == 'u' {
						r2, ok = hex4(d[i+3:])
					}
					if dec := utf16.DecodeRune(r, r2); ok && dec != utf8.RuneError {
						r = dec
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				out = utf8.AppendRune(out, r)
			default:
				s.i = i
				return nil, s.fail("invalid escape")
			}
			i++
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, d[i:i+size]...)
			}
			i += size
		}
	}
	s.i = i
	return nil, s.fail("unterminated string")
}

// hex4 reads four hexadecimal digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// str reads a string.
func (s *scanner) str() (string, error) {
	b, err := s.rawString()
	return string(b), err
}

// bytesString returns b as a string without copying; b must not change
// while the string is in use.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// eachMember calls f with each member of the JSON object obj, its key and
// its value's text. obj must be a valid object.
func eachMember(obj []byte, f func(key string, value []byte)) {
	s := scanner{data: obj}
	s.object(func(key []byte) error {
		k := string(key)
		start := s.i
		if err := s.skip(); err != nil {
			return err
		}
		f(k, obj[start:s.i])
		return nil
	})
}
