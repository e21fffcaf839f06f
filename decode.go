package errspec

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Parse reads an error in the catalog's wire format. It accepts exactly
// what the catalog's JSON Schema accepts, in the mode the catalog chose
// (Catalog.Exact), but for JSON objects that repeat a key, which it
// rejects:
//
//   - For a code the catalog declares: the members its envelope writes for
//     it, each of its type and within every bound the constructor applies
//     (a param's max length, a tier of the catalog, or "" for a tier not
//     known where a value must be given, as null is a float not known
//     there, an HTTP status from 100 to 599, a number that fits the
//     param's Go type), the required ones present,
//     the constants and the values that follow from the code
//     (category, retryable, retry) as the catalog gives them. In the
//     compatible mode, keys it does not know are ignored, the title,
//     docs URL and retry-after, which a newer version may change, need
//     only be of their type, and every member but the code may be absent
//     (an older version's envelope may not have had it), the catalog
//     giving what follows from the code; in the exact mode, every key
//     must be one the code's envelope writes, and those values the
//     catalog's.
//   - For a code it does not declare, in the compatible mode: an error of
//     that code, in one of the catalog's envelopes (of those that match,
//     the one that names the most of its keys), with what that envelope's
//     places carry, typed as they are for any code, the ones always
//     written present, and its params as RawParams. The exact mode
//     rejects it.
//
// Texts the wire does not carry, or carries empty, are filled in from the
// code's templates.
func (c *Catalog) Parse(data []byte) (View, error) {
	c.init()
	v, err := c.parse(data)
	if err != nil {
		return View{}, fmt.Errorf("%s: parsing an error: %w", c.Name, err)
	}
	return v, nil
}

func (c *Catalog) parse(data []byte) (View, error) {
	if len(c.shapes) == 0 || len(c.codePath) == 0 {
		return View{}, errors.New("the catalog has no envelope")
	}
	code, err := c.findCode(data)
	if err != nil {
		return View{}, err
	}
	spec := c.Lookup(code)
	switch {
	case spec == nil && c.Exact:
		return View{}, fmt.Errorf("unknown code %q", code)
	case spec == nil:
		// A newer version sends a code in any of the envelopes: of those
		// that match, the one that names the most of its keys reads it
		// (then the one that leaves the fewest unread, then the default
		// and the one declared first): an envelope that matches only as
		// keys it does not know are ignored would lose the params that
		// another spreads; when none matches, the default's error says
		// why.
		var first error
		var best *reader
		for i, sh := range c.shapes {
			r := &reader{s: scanner{data: data}, c: c, v: View{Catalog: c, Code: code, Unknown: &Unknown{Envelope: i}}}
			err := r.unknown(sh)
			if err == nil {
				err = r.s.end()
			}
			if err != nil {
				if first == nil {
					first = err
				}
				continue
			}
			if best == nil || r.named > best.named || r.named == best.named && r.skipped < best.skipped {
				best = r
			}
		}
		if best == nil {
			return View{}, first
		}
		return best.v, nil
	}
	r := reader{s: scanner{data: data}, c: c, v: View{Catalog: c, Spec: spec, Code: code}}
	err = r.known(spec)
	if err == nil {
		err = r.s.end()
	}
	if err != nil {
		return View{}, err
	}
	return r.v, nil
}

// findCode finds the code at the place every envelope puts it.
func (c *Catalog) findCode(data []byte) (string, error) {
	s := scanner{data: data}
	var code string
	found := false
	var walk func(depth int) error
	walk = func(depth int) error {
		return s.object(func(key []byte) error {
			if string(key) != c.codePath[depth] || found || depth < len(c.codePath)-1 && s.peek() != '{' {
				// Another key, a repeated one, or a value that is not
				// an object on the way to the code: the reader reports
				// what is wrong with the last two.
				return placed(s.skip(), func() string { return joinPath(append(c.codePath[:depth:depth], string(key))) })
			}
			if depth < len(c.codePath)-1 {
				return walk(depth + 1)
			}
			b, err := s.rawString()
			if err != nil {
				return within(joinPath(c.codePath), err)
			}
			if len(b) == 0 {
				// No code either: the zero value of another server's
				// code field.
				return noCode{within(joinPath(c.codePath), errors.New("an empty string"))}
			}
			code, found = string(b), true
			return nil
		})
	}
	if err := walk(0); err != nil {
		if errors.Is(err, errType) {
			// JSON that is no object, or whose code is no string.
			return "", noCode{err}
		}
		return "", err
	}
	if !found {
		return "", fmt.Errorf("%w at %s", ErrNoCode, joinPath(c.codePath))
	}
	return code, nil
}

// ErrNoCode is in the chain of the error of Parse for JSON that holds no
// code where the catalog's envelopes put it: a value that is not an
// object, an object without the code, or one whose code is not a string
// or is the empty string, as the JSON error bodies of servers that are
// not errspec's are.
var ErrNoCode = errors.New("no code")

// noCode is an error of JSON that holds no code, in the words of err.
type noCode struct{ err error }

func (e noCode) Error() string   { return e.err.Error() }
func (e noCode) Unwrap() []error { return []error{e.err, ErrNoCode} }

// joinPath names the place of a path of keys: error.details.id.
func joinPath(path []string) string {
	out := ""
	for _, k := range path {
		out = joinStep(out, step(k))
	}
	return out
}

// step is a key as a step of a path: as it is when it is a name, else
// quoted in brackets (labels["a.b"]), so that a key of the wire can
// neither be mistaken for two steps nor put a control character in the
// error.
func step(key string) string {
	for _, r := range key {
		if !(r == '_' || r == '-' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return fmt.Sprintf("[%q]", key)
		}
	}
	if key == "" {
		return `[""]`
	}
	return key
}

// joinStep appends the steps rest to the path before.
func joinStep(before, rest string) string {
	if before == "" || strings.HasPrefix(rest, "[") {
		return before + rest
	}
	return before + "." + rest
}

// A pathError is an error of the value at a place of the JSON, which it
// names by its path: params.largest_files[0].path.
type pathError struct {
	path string
	err  error // errMissing when the place has no value
}

var (
	errMissing  = errors.New("is missing")
	errRepeated = errors.New("the key is repeated")
)

func (e *pathError) Error() string {
	if e.err == errMissing {
		return e.path + " is missing"
	}
	return e.path + ": " + e.err.Error()
}

func (e *pathError) Unwrap() error { return e.err }

// at places err, an error of the value at key of the object being read,
// in front of the place within it that err names, if any: each reader of
// an object or a list places the errors of its members, and Parse gets the
// whole path.
func at(key string, err error) error {
	return within(step(key), err)
}

// within places err at the steps s, as at does.
func within(s string, err error) error {
	if pe, ok := err.(*pathError); ok {
		return &pathError{path: joinStep(s, pe.path), err: pe.err}
	}
	return &pathError{path: s, err: err}
}

// reader reads an error, following an envelope.
type reader struct {
	s       scanner
	c       *Catalog
	v       View
	spec    *CodeSpec
	codec   *codec
	params  unsafe.Pointer
	seen    []bool // by declared param: read from the wire
	placed  []string
	raw     []byte // an unknown code's params, as a JSON object being built
	rawKeys keySet // their keys
	named   int    // of an unknown code: the keys its envelope names, at any depth
	skipped int    // and the keys it read past, which that envelope does not place
}

// known reads an error of a code the catalog declares.
func (r *reader) known(spec *CodeSpec) error {
	r.spec = spec
	r.codec = r.c.codec(spec)
	sh := r.c.shapes[spec.Envelope]
	r.placed = sh.placed
	var pv reflect.Value
	if r.codec != nil {
		pv = reflect.New(r.codec.typ)
		r.params = pv.UnsafePointer()
		r.seen = make([]bool, len(r.codec.params))
	}
	if _, err := r.object(sh); err != nil {
		return err
	}
	v := &r.v
	if v.Status == spec.HTTPStatus {
		v.Status = 0
	}
	var params any
	if r.codec != nil {
		params = pv.Interface()
		v.Params = params
	}
	m, d, g := r.c.texts(spec, params)
	if v.Message == "" {
		v.Message = m
	}
	if v.Detail == "" {
		v.Detail = d
	}
	if v.Suggestion == "" {
		v.Suggestion = g
	}
	return nil
}

// presence is whether a member is written for a code: never (then it is
// not a property of the code's schema, and ignored when present),
// optionally, or always.
type presence uint8

const (
	never presence = iota
	optional
	required
)

// object reads an object of the envelope. It returns how many members the
// object had.
func (r *reader) object(sh *shape) (int, error) {
	seen := make([]bool, len(sh.members))
	var others keySet
	n := 0
	err := r.s.object(func(key []byte) error {
		n++
		for i, m := range sh.members {
			if m.Kind == MemberSpread || m.Key != string(key) {
				continue
			}
			if r.presence(m) == never {
				break
			}
			if seen[i] {
				return r.repeated(key)
			}
			seen[i] = true
			if err := r.member(m); err != nil {
				return at(m.Key, err)
			}
			return nil
		}
		if spread(sh) && r.codec != nil {
			for i, f := range r.codec.params {
				if f.name == string(key) && r.restParam(f) {
					if err := r.param(i, f); err != nil {
						return at(f.name, err)
					}
					return nil
				}
			}
		}
		return r.other(&others, key)
	})
	if err != nil {
		return 0, err
	}
	for i, m := range sh.members {
		if !seen[i] && m.Kind != MemberSpread && r.presence(m) == required {
			return 0, missing(m.Key)
		}
	}
	if spread(sh) {
		if err := r.missingParams(r.restParam); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// other reads the value of a key the object does not describe: an error
// in the exact mode, skipped in the compatible one. others are the keys of
// the kind the object had so far.
func (r *reader) other(others *keySet, key []byte) error {
	if r.c.Exact {
		return at(string(key), fmt.Errorf("a key %s does not send", r.v.Code))
	}
	if others.add(key) {
		return r.repeated(key)
	}
	return placedAt(key, r.s.skip())
}

// repeated is the error of a key an object repeats.
func (r *reader) repeated(key []byte) error {
	return at(string(key), errRepeated)
}

// missing is the error of a key an object lacks.
func missing(key string) error {
	return at(key, errMissing)
}

// spread reports whether the object spreads the params.
func spread(sh *shape) bool {
	return slices.ContainsFunc(sh.members, func(m *smember) bool { return m.Kind == MemberSpread })
}

// restParam reports whether f goes with the params not placed one by one.
func (r *reader) restParam(f *field) bool {
	return f.name != "" && !slices.Contains(r.placed, f.name)
}

// missingParams reports the first required param among those of which
// reports true that the wire lacked; a code without params lacks none.
func (r *reader) missingParams(of func(*field) bool) error {
	if r.codec == nil {
		return nil
	}
	for i, f := range r.codec.params {
		if of(f) && !f.optional && !r.seen[i] {
			return missing(f.name)
		}
	}
	return nil
}

// presence returns whether a member is written for the code being read.
func (r *reader) presence(m *smember) presence {
	s := r.spec
	switch m.Kind {
	case MemberConst:
		if !r.c.Exact {
			return optional // an older version's envelope may not have had it
		}
		return required
	case MemberField:
		switch {
		case m.Field == FieldCode:
			return required
		case !r.c.Exact:
			// What follows from the code, the catalog gives when the
			// wire does not: an older version's envelope may not have
			// sent it, and a newer one may not send what it leaves out.
			return optional
		}
		switch m.Field {
		case FieldDetail, FieldSuggestion:
			return optional
		case FieldRetryAfter:
			if s.RetryAfter <= 0 {
				return never
			}
		case FieldDocsURL:
			if s.DocsURL == "" {
				return never
			}
		}
		return required
	case MemberParam:
		f := r.field(m.Param)
		switch {
		case f == nil || f.name == "":
			return never
		case f.optional:
			return optional
		}
		return required
	case MemberParams:
		p := never
		if r.codec != nil {
			for _, f := range r.codec.params {
				switch {
				case !r.restParam(f):
				case !f.optional:
					return required
				default:
					p = optional
				}
			}
		}
		return p
	case MemberObject:
		p := never
		for _, sub := range m.obj.members {
			q := r.presence(sub)
			if sub.Kind == MemberSpread {
				q = never
				if r.codec != nil {
					for _, f := range r.codec.params {
						if r.restParam(f) {
							q = max(q, optional)
							if !f.optional {
								q = required
							}
						}
					}
				}
			}
			p = max(p, q)
		}
		return p
	}
	return never
}

// field returns the param of the code being read named name, or nil.
func (r *reader) field(name string) *field {
	if r.codec == nil {
		return nil
	}
	for _, f := range r.codec.params {
		if f.name == name {
			return f
		}
	}
	return nil
}

// member reads the value of a member of the envelope.
func (r *reader) member(m *smember) error {
	s := &r.s
	v := &r.v
	spec := r.spec
	var err error
	switch m.Kind {
	case MemberConst:
		err = r.constant(m.Const)
	case MemberField:
		switch m.Field {
		case FieldCode:
			_, err = s.rawString() // findCode read it
		case FieldCategory:
			err = r.constString(spec.Category)
		case FieldMessage:
			v.Message, err = r.text()
		case FieldDetail:
			v.Detail, err = r.text()
		case FieldSuggestion:
			v.Suggestion, err = r.text()
		case FieldRetryable:
			var b bool
			if b, err = s.boolean(); err == nil && b != spec.Retryable {
				err = fmt.Errorf("%t, want %t for %s", b, spec.Retryable, spec.Code)
			}
		case FieldRetry:
			err = r.constString(string(spec.Retry))
		case FieldRetryAfter:
			var n int64
			if n, err = r.retryAfter(); err == nil && r.c.Exact && n != int64(spec.RetryAfter) {
				err = fmt.Errorf("%d, want %d for %s", n, spec.RetryAfter, spec.Code)
			}
		case FieldHTTPStatus:
			v.Status, err = r.status()
		case FieldDocsURL:
			err = r.pinned(spec.DocsURL)
		case FieldTitle:
			err = r.pinned(spec.Title)
		}
	case MemberParam:
		for i, f := range r.codec.params {
			if f.name == m.Param {
				return r.param(i, f)
			}
		}
	case MemberParams:
		var n int
		if n, err = r.paramsObject(); err == nil && n == 0 {
			err = errors.New("an empty object")
		}
	case MemberObject:
		var n int
		if n, err = r.object(m.obj); err == nil && n == 0 {
			err = errors.New("an empty object")
		}
	}
	return err
}

// paramsObject reads the object of the params not placed one by one.
func (r *reader) paramsObject() (int, error) {
	n := 0
	var others keySet
	err := r.s.object(func(key []byte) error {
		n++
		for i, f := range r.codec.params {
			if f.name == string(key) && r.restParam(f) {
				if err := r.param(i, f); err != nil {
					return at(f.name, err)
				}
				return nil
			}
		}
		return r.other(&others, key)
	})
	if err != nil {
		return 0, err
	}
	return n, r.missingParams(r.restParam)
}

// param reads the value of param i, f, of the code.
func (r *reader) param(i int, f *field) error {
	if r.seen[i] {
		return errRepeated
	}
	r.seen[i] = true
	return r.value(f.typ, unsafe.Add(r.params, f.offset), f)
}

// text reads a text of the error: a string of at least one character.
func (r *reader) text() (string, error) {
	t, err := r.s.str()
	if err == nil && t == "" {
		err = errors.New("an empty string")
	}
	return t, err
}

// constString reads a string that must be want.
func (r *reader) constString(want string) error {
	got, err := r.s.rawString()
	if err == nil && string(got) != want {
		err = fmt.Errorf("%q, want %q for %s", got, want, r.v.Code)
	}
	return err
}

// pinned reads a text that the exact mode pins to want, and the
// compatible one, where a newer version may change it, needs only be one.
func (r *reader) pinned(want string) error {
	if r.c.Exact {
		return r.constString(want)
	}
	_, err := r.text()
	return err
}

// retryAfter reads seconds to wait before a retry: an integer from one
// to MaxRetryAfter.
func (r *reader) retryAfter() (int64, error) {
	// Read as 64 bits on every platform, so that a retry-after beyond
	// MaxRetryAfter is told as such, and not as a number an int of 32
	// bits cannot hold.
	n, err := r.integerOf(64)
	switch {
	case err != nil:
	case n < 1:
		err = fmt.Errorf("%d seconds, fewer than 1", n)
	case n > MaxRetryAfter:
		err = fmt.Errorf("%d seconds, more than %d", n, MaxRetryAfter)
	}
	return n, err
}

// status reads an HTTP status: an integer from 100 to 599.
func (r *reader) status() (int, error) {
	n, err := r.integerOf(64)
	if err == nil && (n < 100 || n > 599) {
		err = fmt.Errorf("HTTP status %d, not from 100 to 599", n)
	}
	return int(n), err
}

// integer reads a number without a fractional part that fits an int.
func (r *reader) integer() (int64, error) { return r.integerOf(strconv.IntSize) }

// integerOf reads a number without a fractional part that fits a signed
// integer of the given bits.
func (r *reader) integerOf(bits int) (int64, error) {
	if c := r.s.peek(); c != '-' && (c < '0' || c > '9') {
		return 0, r.s.kindError("an integer")
	}
	text, err := r.s.number()
	if err != nil {
		return 0, err
	}
	return parseIntOf(text, bits)
}

// parseIntOf reads the text of a JSON number that must be an integer, as
// JSON Schema counts integers (1.0 and 1e2 are), that a signed integer of
// the given bits, 32 or 64, holds: an int's, strconv.IntSize, for a param.
func parseIntOf(text []byte, bits int) (int64, error) {
	if n, err := strconv.ParseInt(bytesString(text), 10, bits); err == nil {
		return n, nil
	}
	d := readDecimal(text)
	switch m := d.magnitude(); {
	case len(d.digits) == 0:
		return 0, nil
	case m < 0 || m < 19 && d.exp < 0:
		return 0, fmt.Errorf("%s is not an integer", text)
	case m >= 19:
		return 0, fmt.Errorf("%s does not fit a %d-bit integer", text, bits)
	}
	// At most 19 digits, the zeros after them included.
	b := make([]byte, 0, 20)
	if d.neg {
		b = append(b, '-')
	}
	b = append(b, d.digits...)
	for range d.exp {
		b = append(b, '0')
	}
	n, err := strconv.ParseInt(string(b), 10, bits)
	if err != nil {
		return 0, fmt.Errorf("%s does not fit a %d-bit integer", text, bits)
	}
	return n, nil
}

// A decimal is the value of the text of a JSON number, read in one pass:
// digits × 10^exp, the digits without the zeros that lead or trail them
// (none for 0, whose sign is dropped), so that the texts of one value
// read alike (1.50, 15e-1 and 0.15e1 are all 15 × 10^-1). It is read in
// time that grows with the text alone, where big.Rat takes time that
// grows with the square of the digits (seconds for a million zeros
// after a point) and refuses more than a million.
type decimal struct {
	neg    bool
	digits []byte
	exp    int
	// capped reports an exponent too large to count (beyond 1<<30 either
	// way), which exp holds capped: far beyond any bound that matters,
	// but not the exponent of any one value.
	capped bool
}

// expCap caps the exponent of a decimal.
const expCap = 1 << 30

// readDecimal reads the text of a JSON number.
func readDecimal(text []byte) decimal {
	var d decimal
	i := 0
	if i < len(text) && text[i] == '-' {
		d.neg = true
		i++
	}
	frac, point := 0, false // the digits after the point
	for ; i < len(text); i++ {
		c := text[i]
		if c == '.' {
			point = true
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if point {
			frac++
		}
		if c != '0' || len(d.digits) > 0 {
			d.digits = append(d.digits, c)
		}
	}
	exp, neg := 0, false
	for i++; i < len(text); i++ {
		switch c := text[i]; {
		case c == '-':
			neg = true
		case c < '0' || c > '9':
		case exp > expCap/10:
			exp, d.capped = expCap, true
		default:
			exp = exp*10 + int(c-'0')
		}
	}
	if neg {
		exp = -exp
	}
	n := len(d.digits)
	for n > 0 && d.digits[n-1] == '0' {
		n--
	}
	if n == 0 {
		return decimal{}
	}
	d.exp = exp - frac + len(d.digits) - n
	d.digits = d.digits[:n]
	return d
}

// magnitude returns the power of ten of d's first digit (2 for 123, -1
// for 0.5), 0 for 0.
func (d decimal) magnitude() int {
	if len(d.digits) == 0 {
		return 0
	}
	return len(d.digits) - 1 + d.exp
}

// maxFloat is the largest float64 as its shortest text writes it,
// 1.7976931348623157e308: the bound the JSON Schema gives a float, a
// little below the float's exact value (1.797693134862315708…e308).
var maxFloat = readDecimal(strconv.AppendFloat(nil, math.MaxFloat64, 'g', -1, 64))

// parseFloat reads the text of a JSON number that a float64 holds: one
// no larger in magnitude than the largest float64 as the JSON Schema
// bounds it, 1.7976931348623157e308, so that Parse takes what the schema
// takes.
func parseFloat(text []byte) (float64, error) {
	f, err := strconv.ParseFloat(bytesString(text), 64)
	switch {
	case err != nil:
		// ±Inf: beyond the largest float64 by half a unit or more.
		return 0, fmt.Errorf("%s does not fit a 64-bit float", text)
	case math.Abs(f) == math.MaxFloat64:
		// Rounded to the largest float64, from above the bound or not.
		d := readDecimal(text)
		if m := d.magnitude(); m > maxFloat.magnitude() || m == maxFloat.magnitude() && bytes.Compare(d.digits, maxFloat.digits) > 0 {
			return 0, fmt.Errorf("%s does not fit a 64-bit float", text)
		}
	}
	return f, nil
}

// constant reads a value that must equal the JSON text want: the same
// type and value, numbers compared as numbers.
func (r *reader) constant(want string) error {
	start := r.s.i
	if err := r.s.skip(); err != nil {
		return err
	}
	got := r.s.data[start:r.s.i]
	if !sameJSON(want, got) {
		return fmt.Errorf("%s, want %s", got, want)
	}
	return nil
}

// sameJSON reports whether two JSON scalars are the same value.
func sameJSON(a string, b []byte) bool {
	if a == string(b) {
		return true
	}
	sa, sb := scanner{data: []byte(a)}, scanner{data: b}
	ca, cb := sa.peek(), sb.peek()
	switch {
	case ca == '"' && cb == '"':
		x, err1 := sa.rawString()
		y, err2 := sb.rawString()
		return err1 == nil && err2 == nil && string(x) == string(y)
	case (ca == '-' || ca >= '0' && ca <= '9') && (cb == '-' || cb >= '0' && cb <= '9'):
		x, y := readDecimal([]byte(a)), readDecimal(b)
		return !x.capped && !y.capped && x.neg == y.neg && x.exp == y.exp && string(x.digits) == string(y.digits)
	}
	return false
}

// value reads a value of type t into p. f is the param or field the value
// is, for its bounds; a list's and a map's elements have none.
func (r *reader) value(t *vtype, p unsafe.Pointer, f *field) error {
	s := &r.s
	optional, maxLen := f != nil && f.optional, 0
	if f != nil {
		maxLen = f.maxLen
		if f.sensitive {
			if err := r.constString(Redacted); err != nil {
				return err
			}
			*(*string)(p) = Redacted
			return nil
		}
	}
	switch t.kind {
	case kString, kTier:
		str, err := s.str()
		if err != nil {
			return err
		}
		switch {
		case t.kind == kTier && str != "" && !slices.Contains(r.c.Tiers, str):
			return fmt.Errorf("%q is not a tier of %s", str, r.c.Name)
		case optional && str == "":
			return errors.New("an empty string")
		case maxLen > 0 && utf8.RuneCountInString(str) > maxLen:
			return fmt.Errorf("a string of %d characters, longer than %d", utf8.RuneCountInString(str), maxLen)
		}
		*(*string)(p) = str
	case kInt:
		n, err := r.integer()
		if err != nil {
			return err
		}
		if optional && n == 0 {
			return errors.New("0, which is left off the wire")
		}
		*(*int)(p) = int(n)
	case kFloat:
		if c := s.peek(); c == 'n' && !optional {
			// A float not known, which a constructor given one that
			// is not finite writes.
			if err := s.literal("null"); err != nil {
				return err
			}
			*(*float64)(p) = math.NaN()
			return nil
		}
		if c := s.peek(); c != '-' && (c < '0' || c > '9') {
			return s.kindError("a number")
		}
		text, err := s.number()
		if err != nil {
			return err
		}
		x, err := parseFloat(text)
		if err != nil {
			return err
		}
		if optional && isZeroNumber(text) {
			return errors.New("0, which is left off the wire")
		}
		*(*float64)(p) = x
	case kBool:
		b, err := s.boolean()
		if err != nil {
			return err
		}
		if optional && !b {
			return errors.New("false, which is left off the wire")
		}
		*(*bool)(p) = b
	case kList:
		return r.list(t, p, optional)
	case kMap:
		return r.mapValue(t, p, optional)
	case kOrdered:
		return r.orderedValue(t, p, optional)
	case kPointer:
		q := reflect.New(t.elem.rtype)
		if err := r.objectValue(t.elem, q.UnsafePointer()); err != nil {
			return err
		}
		*(*unsafe.Pointer)(p) = q.UnsafePointer()
	case kObject:
		return r.objectValue(t, p)
	}
	return nil
}

// isZeroNumber reports whether a JSON number is 0, whatever its sign,
// fraction or exponent.
func isZeroNumber(text []byte) bool {
	for _, c := range text {
		switch {
		case c >= '1' && c <= '9':
			return false
		case c == 'e' || c == 'E':
			return true
		}
	}
	return true
}

// list reads a list of type t into p.
func (r *reader) list(t *vtype, p unsafe.Pointer, nonEmpty bool) error {
	start := r.s.i
	n := 0
	if err := r.s.array(func() error { n++; return r.s.skip() }); err != nil {
		return err
	}
	if nonEmpty && n == 0 {
		return errors.New("an empty list")
	}
	if n == 0 {
		return nil
	}
	r.s.i = start
	data := reflect.MakeSlice(t.rtype, n, n).UnsafePointer()
	i := 0
	err := r.s.array(func() error {
		if err := r.value(t.elem, t.elemAt(data, i), nil); err != nil {
			return within(fmt.Sprintf("[%d]", i), err)
		}
		i++
		return nil
	})
	if err != nil {
		return err
	}
	*(*sliceHeader)(p) = sliceHeader{data: data, len: n, cap: n}
	return nil
}

// mapValue reads a map of type t into p.
func (r *reader) mapValue(t *vtype, p unsafe.Pointer, nonEmpty bool) error {
	m := reflect.MakeMap(t.rtype)
	tmp := reflect.New(t.elem.rtype)
	err := r.s.object(func(key []byte) error {
		k := reflect.ValueOf(string(key)).Convert(t.rtype.Key())
		if m.MapIndex(k).IsValid() {
			return at(string(key), errRepeated)
		}
		tmp.Elem().SetZero()
		if err := r.value(t.elem, tmp.UnsafePointer(), nil); err != nil {
			return at(string(key), err)
		}
		m.SetMapIndex(k, tmp.Elem())
		return nil
	})
	if err != nil {
		return err
	}
	if nonEmpty && m.Len() == 0 {
		return errors.New("an empty object")
	}
	*(*unsafe.Pointer)(p) = m.UnsafePointer()
	return nil
}

// orderedValue reads a Map of type t into p, its keys in the order of the
// object.
func (r *reader) orderedValue(t *vtype, p unsafe.Pointer, nonEmpty bool) error {
	start := r.s.i
	var keys []string
	var set keySet
	err := r.s.object(func(key []byte) error {
		if set.add(key) {
			return at(string(key), errRepeated)
		}
		keys = append(keys, string(key))
		return placedAt(key, r.s.skip())
	})
	switch {
	case err != nil:
		return err
	case nonEmpty && len(keys) == 0:
		return errors.New("an empty object")
	case len(keys) == 0:
		return nil
	}
	r.s.i = start
	data := reflect.MakeSlice(t.rtype, len(keys), len(keys)).UnsafePointer()
	i := 0
	err = r.s.object(func(key []byte) error {
		e := unsafe.Add(data, uintptr(i)*t.entry.size)
		*(*string)(unsafe.Add(e, t.entry.key)) = keys[i]
		if err := r.value(t.elem, unsafe.Add(e, t.entry.value), nil); err != nil {
			return at(string(key), err)
		}
		i++
		return nil
	})
	if err != nil {
		return err
	}
	*(*sliceHeader)(p) = sliceHeader{data: data, len: len(keys), cap: len(keys)}
	return nil
}

// objectValue reads an object param of type t into p: its required fields
// present, fields it does not know ignored.
func (r *reader) objectValue(t *vtype, p unsafe.Pointer) error {
	seen := make([]bool, len(t.fields))
	var others keySet
	err := r.s.object(func(key []byte) error {
		for i, f := range t.fields {
			if f.name == "" || f.name != string(key) {
				continue
			}
			if seen[i] {
				return at(string(key), errRepeated)
			}
			seen[i] = true
			if err := r.value(f.typ, unsafe.Add(p, f.offset), f); err != nil {
				return at(f.name, err)
			}
			return nil
		}
		return r.other(&others, key)
	})
	if err != nil {
		return err
	}
	for i, f := range t.fields {
		if f.name != "" && !f.optional && !seen[i] {
			return missing(f.name)
		}
	}
	return nil
}

// unknown reads an error of a code the catalog does not declare in the
// envelope sh: the values at the places sh gives them, typed as for any
// code, those the envelope always writes present, the constants as given,
// its params as RawParams.
func (r *reader) unknown(sh *shape) error {
	r.placed = sh.placed
	if _, err := r.unknownObject(sh); err != nil {
		return err
	}
	if r.raw != nil {
		r.v.Params = RawParams(append(r.raw, '}'))
	}
	return nil
}

// generalPresence is whether an envelope writes a member for a code the
// catalog does not know: always its code, category, message,
// title, retry, retryable flag, HTTP status and constants and the objects
// that hold one of them; when they have a value, the rest.
func generalPresence(m *smember) presence {
	switch m.Kind {
	case MemberConst:
		return required
	case MemberField:
		switch m.Field {
		case FieldDetail, FieldSuggestion, FieldDocsURL, FieldRetryAfter:
			return optional
		}
		return required
	case MemberObject:
		p := never
		for _, sub := range m.obj.members {
			if sub.Kind != MemberSpread {
				p = max(p, generalPresence(sub))
			} else {
				p = max(p, optional)
			}
		}
		return p
	}
	return optional
}

// unknownObject reads an object of an envelope for an unknown code, and
// returns how many members it had.
func (r *reader) unknownObject(sh *shape) (int, error) {
	s := &r.s
	var keys keySet
	seen := make([]bool, len(sh.members))
	n := 0
	err := s.object(func(key []byte) error {
		n++
		if keys.add(key) {
			return r.repeated(key)
		}
		for i, m := range sh.members {
			if m.Kind == MemberSpread || m.Key != string(key) {
				continue
			}
			seen[i] = true
			r.named++
			if err := r.unknownMember(m); err != nil {
				return at(m.Key, err)
			}
			return nil
		}
		if spread(sh) && !r.isPlaced(key) {
			if err := r.rawParam(key); err != nil {
				return at(string(key), err)
			}
			return nil
		}
		r.skipped++
		return placedAt(key, s.skip())
	})
	if err != nil {
		return 0, err
	}
	for i, m := range sh.members {
		if !seen[i] && m.Kind != MemberSpread && generalPresence(m) == required {
			return 0, missing(m.Key)
		}
	}
	return n, nil
}

// unknownMember reads a member of an envelope for an unknown code.
func (r *reader) unknownMember(m *smember) error {
	s := &r.s
	u := r.v.Unknown
	var err error
	switch m.Kind {
	case MemberConst:
		return r.constant(m.Const)
	case MemberParam:
		return r.rawParam([]byte(m.Param))
	case MemberParams:
		return r.rawParams()
	case MemberObject:
		var n int
		if n, err = r.unknownObject(m.obj); err == nil && n == 0 {
			err = errors.New("an empty object")
		}
		return err
	}
	switch m.Field {
	case FieldCode:
		_, err = s.rawString()
	case FieldCategory:
		u.Category, err = r.text()
	case FieldMessage:
		r.v.Message, err = r.text()
	case FieldDetail:
		r.v.Detail, err = r.text()
	case FieldSuggestion:
		r.v.Suggestion, err = r.text()
	case FieldRetryable:
		u.Retryable, err = s.boolean()
	case FieldRetry:
		var t string
		t, err = r.text()
		u.Retry = Retry(t)
	case FieldRetryAfter:
		var n int64
		n, err = r.retryAfter()
		u.RetryAfter = int(n)
	case FieldHTTPStatus:
		u.HTTPStatus, err = r.status()
	case FieldDocsURL:
		u.DocsURL, err = r.text()
	case FieldTitle:
		u.Title, err = r.text()
	}
	return err
}

// rawParams reads an object of an unknown code's params; a key that
// names a param placed one by one is another key of the object (other).
func (r *reader) rawParams() error {
	var others keySet
	return r.s.object(func(key []byte) error {
		if r.isPlaced(key) {
			return r.other(&others, key)
		}
		if err := r.rawParam(key); err != nil {
			return at(string(key), err)
		}
		return nil
	})
}

// isPlaced reports whether the envelope places a param named key one by
// one: where the params not placed go, such a key is not a param, and is
// ignored, as it is for a code the catalog declares, and as the writer
// never writes one there.
func (r *reader) isPlaced(key []byte) bool {
	for _, name := range r.placed {
		if name == string(key) {
			return true
		}
	}
	return false
}

// rawParam adds the member being read to an unknown code's params.
func (r *reader) rawParam(key []byte) error {
	if r.rawKeys.add(key) {
		return errRepeated
	}
	start := r.s.i
	if err := r.s.skip(); err != nil {
		return err
	}
	if r.raw == nil {
		r.raw = []byte{'{'}
	} else {
		r.raw = append(r.raw, ',')
	}
	r.raw = append(appendString(r.raw, bytesString(key)), ':')
	// The value as the wire gave it, but for bytes that are not UTF-8,
	// which only a string can hold: U+FFFD, as the wire format writes
	// every string and Parse reads it, so that what Parse read marshals
	// to JSON text, which is UTF-8.
	r.raw = append(r.raw, ValidUTF8(bytesString(r.s.data[start:r.s.i]))...)
	return nil
}
