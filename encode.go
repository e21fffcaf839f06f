package errspec

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// shape is an envelope's object, ready to write and read.
type shape struct {
	members []*smember
	placed  []string // the params the whole envelope places one by one
	// counts reports whether the object can hold members: an object that
	// can hold none is never written.
}

// smember is a member of a shape.
type smember struct {
	Member
	json string // the key as JSON, with its colon
	obj  *shape // MemberObject: the nested object
}

// newShape prepares an envelope for writing and reading.
func newShape(ms []Member) *shape {
	var placed []string
	var build func(ms []Member) *shape
	build = func(ms []Member) *shape {
		s := &shape{}
		for _, m := range ms {
			sm := &smember{Member: m, json: string(appendString(nil, m.Key)) + ":"}
			switch m.Kind {
			case MemberObject:
				sm.obj = build(m.Members)
			case MemberParam:
				placed = append(placed, m.Param)
			}
			s.members = append(s.members, sm)
		}
		return s
	}
	root := build(ms)
	var mark func(s *shape)
	mark = func(s *shape) {
		s.placed = placed
		for _, m := range s.members {
			if m.obj != nil {
				mark(m.obj)
			}
		}
	}
	mark(root)
	return root
}

// holds reports whether key is the key of one of the members of s.
func (s *shape) holds(key string) bool {
	return slices.ContainsFunc(s.members, func(m *smember) bool { return m.Kind != MemberSpread && m.Key == key })
}

// rest reports whether a param goes with the params not placed one by one.
func (s *shape) rest(f *field) bool {
	return f.name != "" && !slices.Contains(s.placed, f.name)
}

// MarshalJSON returns the error in its catalog's wire format.
func (v View) MarshalJSON() ([]byte, error) {
	return v.AppendJSON(make([]byte, 0, 384+len(v.Message)+len(v.Detail)+len(v.Suggestion)))
}

// AppendJSON appends the error in its catalog's wire format to b.
func (v View) AppendJSON(b []byte) ([]byte, error) {
	c := v.Catalog
	if c == nil {
		return append(b, "null"...), nil
	}
	c.init()
	w := writer{b: append(b, '{'), v: v}
	env := 0
	if s := v.spec(); s != nil {
		w.spec, env = s, s.Envelope
		w.codec = c.codec(s)
		if w.codec != nil {
			if v.Params == nil || typeWord(v.Params) != w.codec.ptr {
				return nil, fmt.Errorf("%s: marshaling an error of %s: params %T, want *%v", c.Name, v.Code, v.Params, w.codec.typ)
			}
			w.params = dataWord(v.Params)
			if w.params == nil {
				return nil, fmt.Errorf("%s: marshaling an error of %s: params are a nil %T", c.Name, v.Code, v.Params)
			}
		} else if v.Params != nil {
			return nil, fmt.Errorf("%s: marshaling an error of %s: params %T for a code without params", c.Name, v.Code, v.Params)
		}
	} else if v.Unknown == nil {
		return nil, fmt.Errorf("%s: marshaling an error of unknown code %q", c.Name, v.Code)
	} else {
		env = v.Unknown.Envelope
		if raw, ok := v.Params.(RawParams); ok && raw != nil {
			// Written as they are: they must be a JSON object that
			// Parse reads, as the wire's were.
			s := scanner{data: raw}
			err := s.skipObject()
			if err == nil {
				err = s.end()
			}
			if err != nil {
				return nil, fmt.Errorf("%s: marshaling an error of unknown code %q: params: %w", c.Name, v.Code, err)
			}
			w.raw = raw
		}
	}
	if env < 0 || env >= len(c.shapes) {
		return nil, fmt.Errorf("%s: the catalog has no envelope %d", c.Name, env)
	}
	w.object(c.shapes[env])
	if w.err != nil {
		return nil, w.err
	}
	return append(w.b, '}'), nil
}

// writer writes an error as JSON, following an envelope.
type writer struct {
	b      []byte
	v      View // a copy: escape analysis would move a View whose address it holds to the heap
	spec   *CodeSpec
	codec  *codec
	params unsafe.Pointer
	raw    RawParams // the params of an unknown code
	n      int       // members written to the current object
	err    error
}

// object writes the members of an envelope's object, leaving out empty
// values and objects left empty.
func (w *writer) object(s *shape) {
	for _, m := range s.members {
		switch m.Kind {
		case MemberConst:
			w.member(m.json)
			w.b = append(w.b, m.Const...)
		case MemberField:
			w.field(m)
		case MemberParam:
			w.param(s, m.json, m.Param)
		case MemberSpread:
			w.rest(s, s)
		case MemberParams, MemberObject:
			mark, n := len(w.b), w.n
			w.member(m.json)
			w.b, w.n = append(w.b, '{'), 0
			if m.Kind == MemberParams {
				w.rest(s, nil)
			} else {
				w.object(m.obj)
			}
			if w.n == 0 {
				w.b, w.n = w.b[:mark], n
			} else {
				w.b, w.n = append(w.b, '}'), n+1
			}
		}
	}
}

// member starts a member of the current object: key is its key as JSON,
// with the colon.
func (w *writer) member(key string) {
	if w.n > 0 {
		w.b = append(w.b, ',')
	}
	w.n++
	w.b = append(w.b, key...)
}

// text writes a text, unless it is empty.
func (w *writer) text(key, s string) {
	if s != "" {
		w.member(key)
		w.b = appendString(w.b, s)
	}
}

// field writes a value of the error: empty texts, a zero retry-after and
// an empty docs URL are left off.
func (w *writer) field(m *smember) {
	v := &w.v
	switch m.Field {
	case FieldCode:
		w.text(m.json, v.Code)
	case FieldCategory:
		w.text(m.json, v.Category())
	case FieldMessage:
		w.text(m.json, v.WireMessage())
	case FieldDetail:
		w.text(m.json, v.Detail)
	case FieldSuggestion:
		w.text(m.json, v.Suggestion)
	case FieldRetryable:
		w.member(m.json)
		w.b = strconv.AppendBool(w.b, v.Retryable())
	case FieldRetry:
		w.text(m.json, string(v.Retry()))
	case FieldRetryAfter:
		if n := int64(v.RetryAfter().Seconds()); n > 0 {
			w.member(m.json)
			w.b = strconv.AppendInt(w.b, n, 10)
		}
	case FieldHTTPStatus:
		w.member(m.json)
		w.b = strconv.AppendInt(w.b, int64(v.HTTPStatus()), 10)
	case FieldDocsURL:
		w.text(m.json, v.DocsURL())
	case FieldTitle:
		w.text(m.json, v.Title())
	}
}

// param writes the param name alone, as key, unless it is optional and
// zero.
func (w *writer) param(s *shape, key, name string) {
	if w.raw != nil {
		eachMember(w.raw, func(k string, raw []byte) {
			if k == name {
				w.member(key)
				w.b = append(w.b, raw...)
			}
		})
		return
	}
	if w.codec == nil {
		return
	}
	for _, f := range w.codec.params {
		if f.name == name {
			w.value(key, f)
		}
	}
}

// rest writes the wire params the envelope does not place one by one,
// into the object of shape into when the envelope spreads them there (nil
// for an object of their own). An unknown code's param whose name is a key
// of that object, which Parse reads as the envelope's own member, is left
// off: written, it would repeat the key (a reader that keeps the last
// would take it for the envelope's member), and Parse would reject the
// object. A declared param never has such a name.
func (w *writer) rest(s, into *shape) {
	if w.raw != nil {
		eachMember(w.raw, func(k string, raw []byte) {
			if !slices.Contains(s.placed, k) && (into == nil || !into.holds(k)) {
				w.member(string(appendString(nil, k)) + ":")
				w.b = append(w.b, raw...)
			}
		})
		return
	}
	if w.codec == nil {
		return
	}
	for _, f := range w.codec.params {
		if s.rest(f) {
			w.value(f.json, f)
		}
	}
}

// value writes a param as key, unless it is optional and zero.
func (w *writer) value(key string, f *field) {
	p := unsafe.Add(w.params, f.offset)
	if f.optional && f.typ.isZero(p) {
		return
	}
	w.member(key)
	if f.sensitive {
		w.b = appendString(w.b, Redacted)
		return
	}
	if f.maxLen > 0 {
		// Cut as the constructor cuts it, for params set without it.
		w.b = appendString(w.b, truncate(*(*string)(p), f.maxLen))
		return
	}
	var err error
	if w.b, err = f.typ.appendJSON(w.b, p); err != nil && w.err == nil {
		w.err = fmt.Errorf("%s: marshaling an error of %s: param %s: %w", w.v.Catalog.Name, w.v.Code, f.name, err)
	}
}

// appendJSON appends the value of type t at p as JSON: a nil list as [],
// a nil map as {}, an object's optional fields left off at their zero
// value.
func (t *vtype) appendJSON(b []byte, p unsafe.Pointer) ([]byte, error) {
	var err error
	switch t.kind {
	case kString, kTier:
		// A Tier is a string that may hold any text: only the
		// catalog's tiers, and "" for one not known, are on the wire,
		// as the schema and Parse have them.
		return appendString(b, t.str(p)), nil
	case kInt:
		return strconv.AppendInt(b, int64(intAt(p)), 10), nil
	case kBool:
		return strconv.AppendBool(b, boolAt(p)), nil
	case kFloat:
		// JSON cannot hold a float that is not finite: it is not known,
		// null where a value must be given, as the schema and Parse have
		// it.
		f := floatAt(p)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return append(b, "null"...), nil
		}
		return appendFloat(b, f), nil
	case kList:
		data, n := listAt(p)
		b = append(b, '[')
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = t.elem.appendJSON(b, t.elemAt(data, i)); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	case kMap, kOrdered:
		return t.appendMap(b, p)
	case kPointer:
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			return append(b, "null"...), nil
		}
		return t.elem.appendJSON(b, q)
	}
	b = append(b, '{')
	n := 0
	for _, f := range t.fields {
		q := unsafe.Add(p, f.offset)
		if f.name == "" || f.optional && f.typ.isZero(q) {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, f.json...)
		if f.sensitive {
			b = appendString(b, Redacted)
			continue
		}
		if b, err = f.typ.appendJSON(b, q); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// appendMap appends the map or Map of type t at p as a JSON object. It is
// apart from appendJSON so that only maps pay for the variables its
// callback shares, which escape to the heap.
func (t *vtype) appendMap(b []byte, p unsafe.Pointer) ([]byte, error) {
	each := t.eachEntry
	if t.kind == kOrdered {
		each = t.eachOrdered
	}
	b = append(b, '{')
	i := 0
	err := each(p, func(k string, e unsafe.Pointer) error {
		if i > 0 {
			b = append(b, ',')
		}
		i++
		b = append(appendString(b, k), ':')
		var err error
		b, err = t.elem.appendJSON(b, e)
		return err
	})
	return append(b, '}'), err
}

// appendString appends s as a JSON string, as encoding/json writes it
// without escaping <, > and &, and U+2028 and U+2029 escaped, but for a
// byte that is not UTF-8: it becomes U+FFFD written as itself, not as
// encoding/json's \ufffd, so that what Parse reads back from the wire
// marshals to the same bytes.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			if size == 1 {
				b = append(b, "\uFFFD"...)
			} else {
				b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
			}
			start = i + size
		}
		i += size
	}
	return append(append(b, s[start:]...), '"')
}

// hex are the hexadecimal digits.
const hex = "0123456789abcdef"

// appendFloat appends f as encoding/json writes a float64.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-06 || abs >= 1e+21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		// e-09 is written e-9.
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}
