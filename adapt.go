package errspec

import (
	"fmt"
	"iter"
	"reflect"
	"slices"
	"unicode/utf8"
)

// The functions of this file are for adapters: code that carries the
// errors of any generated package over another protocol (package errhttp;
// the generated MCP and gRPC adapters) and reads them back.

// As finds the first error in err's chain that a generated package made,
// as errors.As finds it, and returns it as the runtime sees it. A nil
// pointer of a generated Error type, returned by mistake as a non-nil
// error, is not one: As looks past it.
func As(err error) (View, bool) {
	e, ok := find[Error](err)
	if !ok {
		return View{}, false
	}
	return e.ErrspecView(), true
}

// AsType finds the first error of type E in err's chain, as errors.As
// finds it, but that a nil E, returned by mistake as a non-nil error, is
// not one: the adapters of a generated package find its *Error with it.
func AsType[E Error](err error) (E, bool) { return find[E](err) }

// FirstOf finds the first error in err's chain that a generated package
// made, as As finds it, and returns it when it is an E; false when it is
// another package's. The adapters of a generated package serve the error
// FirstOf gives: on a server with the adapters of two catalogs, an error
// of one that has an error of the other as its cause is served as
// itself, whichever adapter comes first, and not as its cause.
func FirstOf[E Error](err error) (E, bool) {
	e, ok := find[Error](err)
	if !ok {
		var zero E
		return zero, false
	}
	t, ok := e.(E)
	return t, ok
}

// find returns the first error of type E in err's chain (chain) that is
// not a nil pointer: an error of the chain that is an E, or, as errors.As
// asks of it, that has an As method that sets an E (a wrapper of several
// errors that lets errors.As see them through As alone, as
// go.uber.org/multierr before v1.9 did). It calls no As method of a nil
// pointer, which may dereference it, as chain calls no Unwrap of one.
func find[E Error](err error) (E, bool) {
	for err := range chain(err) {
		if isNil(err) {
			continue
		}
		if e, ok := err.(E); ok {
			return e, true
		}
		if x, ok := err.(interface{ As(any) bool }); ok {
			var e E
			if x.As(&e) && !isNil(e) {
				return e, true
			}
		}
	}
	var zero E
	return zero, false
}

// Leads reports whether cause is e or leads to it: whether e is in
// cause's chain (chain), by identity; or whether cause is a nil pointer
// (a nil *fs.PathError stored in an error), which is no cause. A
// generated WithCause attaches no cause that leads back to its error:
// errors.Is, errors.As, Error and Text would go round the circle
// forever; nor a nil pointer, whose Error and Unwrap methods may
// dereference it, as *fs.PathError's do, and panic in Error, Text, a
// log or errors.Is.
func Leads(cause, e error) bool {
	if cause != nil && isNil(cause) {
		return true
	}
	for err := range chain(cause) {
		if err == e {
			return true
		}
	}
	return false
}

// chain yields err and the errors of its chain as errors.Is and errors.As
// walk it, depth first through Unwrap() error and Unwrap() []error. It
// does not unwrap a nil pointer, of a generated Error type, whose Unwrap a
// package generated before it was nil-safe panics, or of any other type
// (a nil *fs.PathError that a handler wrapped with fmt.Errorf), whose
// Unwrap may dereference it: the adapters walk the chain of every error
// a server returns, and must not panic where fmt prints the error. It
// stops after maxChain errors, so that it ends on a chain that goes
// round a circle.
func chain(err error) iter.Seq[error] {
	return func(yield func(error) bool) {
		stack := []error{err}
		for n := 0; len(stack) > 0 && n < maxChain; n++ {
			err := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if err == nil {
				continue
			}
			if !yield(err) {
				return
			}
			if isNil(err) {
				continue // a nil error has no cause to unwrap
			}
			switch u := err.(type) {
			case interface{ Unwrap() error }:
				stack = append(stack, u.Unwrap())
			case interface{ Unwrap() []error }:
				errs := u.Unwrap()
				for i := len(errs) - 1; i >= 0; i-- {
					stack = append(stack, errs[i])
				}
			}
		}
	}
}

// maxChain is how many errors of a chain chain yields at most.
const maxChain = 1 << 16

// isNil reports whether e is nil, or a nil pointer.
func isNil(e error) bool {
	v := reflect.ValueOf(e)
	return !v.IsValid() || v.Kind() == reflect.Pointer && v.IsNil()
}

// CatalogOf returns the catalog of e's package. Any value of a generated
// Error type gives it, the zero value too.
func CatalogOf(e Error) *Catalog { return e.ErrspecView().Catalog }

// AppendJSONString appends s to b as a JSON string, as the wire format
// writes every string: invalid UTF-8 as U+FFFD, U+2028 and U+2029
// escaped, <, > and & as they are.
func AppendJSONString(b []byte, s string) []byte { return appendString(b, s) }

// ValidUTF8 returns s with each byte that is not part of valid UTF-8
// replaced by U+FFFD, as the wire format writes it and Parse reads it
// back; s itself when it is valid. A protocol whose strings must be UTF-8
// (protobuf's, and so gRPC's status and its details) fails to marshal a
// text of the error that a param of raw bytes made invalid: adapters
// pass every text through it.
func ValidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = utf8.AppendRune(b, utf8.RuneError)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// ParseParams reads an error of code from its params, a JSON object such
// as AppendParams writes (nil or empty for none), and fills its texts in
// from the code's templates. It reads the params as Parse reads them in
// the catalog's envelope: each of its type and within its bounds, the
// required ones present, unknown ones ignored. For a code the catalog does
// not know, it keeps the params as RawParams, and in the exact mode
// (Catalog.Exact) rejects it, as Parse does.
func (c *Catalog) ParseParams(code string, params []byte) (View, error) {
	c.init()
	v, err := c.parseParams(code, params)
	if err != nil {
		return View{}, fmt.Errorf("%s: parsing the params of %s: %w", c.Name, code, err)
	}
	return v, nil
}

func (c *Catalog) parseParams(code string, params []byte) (View, error) {
	if code == "" {
		return View{}, ErrNoCode
	}
	if len(params) == 0 {
		params = []byte("{}")
	}
	spec := c.Lookup(code)
	if spec == nil && c.Exact {
		return View{}, fmt.Errorf("unknown code %q", code)
	}
	r := reader{s: scanner{data: params}, c: c, v: View{Catalog: c, Spec: spec, Code: code}}
	if spec == nil {
		r.v.Unknown = &Unknown{}
		if err := r.rawParams(); err != nil {
			return View{}, err
		}
		if r.raw != nil {
			r.v.Params = RawParams(append(r.raw, '}'))
		}
		return r.v, r.s.end()
	}
	r.spec = spec
	r.codec = c.codec(spec)
	var pv reflect.Value
	if r.codec == nil {
		if err := r.s.skipObject(); err != nil {
			return View{}, err
		}
	} else {
		pv = reflect.New(r.codec.typ)
		r.params = pv.UnsafePointer()
		r.seen = make([]bool, len(r.codec.params))
		if _, err := r.paramsObject(); err != nil {
			return View{}, err
		}
		r.v.Params = pv.Interface()
	}
	if err := r.s.end(); err != nil {
		return View{}, err
	}
	r.v.Message, r.v.Detail, r.v.Suggestion = c.texts(spec, r.v.Params)
	return r.v, nil
}

// The keys of the facts of a code that Metadata writes beside the params:
// no param has a hyphen in its name.
const (
	MetadataCategory   = "errspec-category"   // the code's category
	MetadataRetry      = "errspec-retry"      // the code's retry class (Retry)
	MetadataTitle      = "errspec-title"      // the code's title
	MetadataSuggestion = "errspec-suggestion" // the error's suggestion, for a code without a docs URL
)

// Metadata returns the error's wire params as ParamStrings gives them and,
// under MetadataCategory, MetadataRetry and MetadataTitle, its category,
// retry class and title: what a client of an older version of the
// catalog, which does not know the code, needs of it to match its
// category, to know whether a retry can help and to tell the code's title
// from the other texts of the error, where a protocol carries the params
// alone (the ErrorInfo of a gRPC status). For a code without a docs URL,
// whose suggestion no link to its docs describes, the suggestion is under
// MetadataSuggestion. ParseMetadata reads it back.
func (v View) Metadata() map[string]string {
	m := v.ParamStrings()
	if c := v.Category(); c != "" {
		m[MetadataCategory] = c
	}
	m[MetadataRetry] = string(v.Retry())
	if t := v.Title(); t != "" {
		m[MetadataTitle] = ValidUTF8(t)
	}
	if v.Suggestion != "" && v.DocsURL() == "" {
		m[MetadataSuggestion] = ValidUTF8(v.Suggestion)
	}
	return m
}

// ParseMetadata reads an error of code from what Metadata gives: its
// params as ParseParamStrings reads them; its suggestion, when Metadata
// gives one; and, for a code the catalog does not know, its category,
// retry class and title, and whether a retry can help, from the keys of
// Metadata.
func (c *Catalog) ParseMetadata(code string, metadata map[string]string) (View, error) {
	params := make(map[string]string, len(metadata))
	for k, s := range metadata {
		if k != MetadataCategory && k != MetadataRetry && k != MetadataTitle && k != MetadataSuggestion {
			params[k] = s
		}
	}
	v, err := c.ParseParamStrings(code, params)
	if err != nil {
		return v, err
	}
	if s := metadata[MetadataSuggestion]; s != "" {
		v.Suggestion = s
	}
	if v.Unknown == nil {
		return v, nil
	}
	v.Unknown.Category, v.Unknown.Title = metadata[MetadataCategory], metadata[MetadataTitle]
	switch r := Retry(metadata[MetadataRetry]); r {
	case RetryNever, RetryAfterFix, RetryAfterDelay, RetrySafe:
		v.Unknown.Retry, v.Unknown.Retryable = r, r == RetryAfterDelay || r == RetrySafe
	}
	return v, nil
}

// ParseParamStrings reads an error of code from its params as
// ParamStrings gives them: for a code the catalog declares, a string or
// tier param as the string itself and any other as its JSON text; then it
// reads them as ParseParams does. For a code the catalog does not know,
// every param is kept as a string.
func (c *Catalog) ParseParamStrings(code string, params map[string]string) (View, error) {
	c.init()
	var kinds map[string]kind
	if s := c.Lookup(code); s != nil {
		if k := c.codec(s); k != nil {
			kinds = make(map[string]kind, len(k.params))
			for _, f := range k.params {
				if f.name != "" {
					kinds[f.name] = f.typ.kind
				}
			}
		}
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendString(b, k), ':')
		switch kd, known := kinds[k]; {
		case !known || kd == kString || kd == kTier:
			b = appendString(b, params[k])
		default:
			// One JSON value, and nothing that could add a member.
			s := scanner{data: []byte(params[k])}
			if err := s.skip(); err != nil {
				return View{}, fmt.Errorf("%s: parsing the params of %s: %s: %w", c.Name, code, k, err)
			}
			if err := s.end(); err != nil {
				return View{}, fmt.Errorf("%s: parsing the params of %s: %s: %w", c.Name, code, k, err)
			}
			b = append(b, params[k]...)
		}
	}
	return c.ParseParams(code, append(b, '}'))
}
