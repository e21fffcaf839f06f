package errspec

import (
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/errspec/errspec/internal/tmpl"
)

// New makes params, a pointer to s's params struct (nil for a code
// without params), the params of a new error of s, and returns its texts.
// opts is the list of options the constructor was given, or nil: the last
// one, if any, becomes the params' embedded options struct. Then each
// string param longer than its max length is cut, its last character "…",
// and the message, detail and suggestion templates of s are filled in; a
// message that renders empty is s's title.
func (c *Catalog) New(s *CodeSpec, params any, opts any) (message, detail, suggestion string) {
	if opts != nil {
		c.setOptions(s, params, opts)
	}
	return c.texts(s, params)
}

// setOptions copies the last of a list of options into the options
// struct embedded in params.
func (c *Catalog) setOptions(s *CodeSpec, params, opts any) {
	k := c.codec(s)
	if k == nil || k.opts == nil || typeWord(opts) != k.optsList || params == nil || typeWord(params) != k.ptr {
		panic(fmt.Sprintf("errspec: catalog %s: options %T for code %s", c.Name, opts, s.Code))
	}
	list := (*sliceHeader)(dataWord(opts))
	if list.len == 0 {
		return
	}
	last := unsafe.Add(list.data, uintptr(list.len-1)*k.opts.Size())
	dst := unsafe.Add(dataWord(params), k.optsOffset)
	reflect.NewAt(k.opts, dst).Elem().Set(reflect.NewAt(k.opts, last).Elem())
}

// texts fills in the message, detail and suggestion templates of s with
// params, after cutting each string param longer than its max length.
func (c *Catalog) texts(s *CodeSpec, params any) (message, detail, suggestion string) {
	k := c.codec(s)
	if k == nil {
		m, ok1 := tmpl.Literal(s.Message)
		d, ok2 := tmpl.Literal(s.Detail)
		g, ok3 := tmpl.Literal(s.Suggestion)
		if ok1 && ok2 && ok3 {
			return m, d, g
		}
	}
	var p unsafe.Pointer
	if k != nil {
		if params == nil || typeWord(params) != k.ptr {
			panic(fmt.Sprintf("errspec: catalog %s: params %T for code %s, want *%v", c.Name, params, s.Code, k.typ))
		}
		p = dataWord(params)
		for _, f := range k.params {
			if f.maxLen > 0 {
				q := (*string)(unsafe.Add(p, f.offset))
				*q = truncate(*q, f.maxLen)
			}
		}
	}
	t := texters.Get().(*texter)
	*t = texter{b: t.b[:0], c: c, k: k, p: p}
	t.fill(s.Message)
	m := len(t.b)
	t.fill(s.Detail)
	d := len(t.b)
	t.fill(s.Suggestion)
	all := string(t.b)
	t.release()
	return orTitle(all[:m], s), all[m:d], all[d:]
}

// message fills in the message template of s with the params at p, of
// the codec k, for an error built without its texts.
func (c *Catalog) message(s *CodeSpec, k *codec, p unsafe.Pointer) string {
	t := texters.Get().(*texter)
	*t = texter{b: t.b[:0], c: c, k: k, p: p}
	t.fill(s.Message)
	m := string(t.b)
	t.release()
	return orTitle(m, s)
}

// orTitle returns the message m of an error of s, or s's title where m is
// empty: a template that renders empty ("{reason}" with reason "") leaves
// an error without a message, which every envelope sends and the JSON
// Schema wants of every code.
func orTitle(m string, s *CodeSpec) string {
	if m == "" {
		return s.Title
	}
	return m
}

// texters holds texters for reuse.
var texters = sync.Pool{New: func() any { return new(texter) }}

// release puts t back in texters, unless its buffer grew large.
func (t *texter) release() {
	if cap(t.b) <= 4096 {
		*t = texter{b: t.b}
		texters.Put(t)
	}
}

// truncate cuts s to at most n characters, the last of them "…" when it
// cuts.
func truncate(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	i, count := 0, 0
	for i = range s {
		if count == n-1 {
			break
		}
		count++
	}
	return s[:i] + "…"
}

// texter fills in templates.
type texter struct {
	b       []byte
	c       *Catalog
	k       *codec         // the params' codec, or nil
	p       unsafe.Pointer // the params
	v       View           // the error, for templates that insert its fields
	hasView bool           // whether v is set
}

// fill appends the compiled template t, filled in.
func (t *texter) fill(s string) {
	for {
		text, what, f, rest, ok := tmpl.Next(s)
		t.b = append(t.b, text...)
		if !ok {
			return
		}
		s = rest
		var def string
		hasDefault := f&tmpl.HasDefault != 0
		if hasDefault {
			def, s = tmpl.SplitDefault(s)
			f &^= tmpl.HasDefault
		}
		mark := len(t.b)
		switch {
		case what == tmpl.LiteralNUL:
			t.b = append(t.b, 0)
			continue
		case what >= tmpl.FieldBase:
			if f := Field(what - tmpl.FieldBase); !hasDefault || !t.fieldZero(f) {
				t.field(f)
			}
		case t.k != nil && int(what) < len(t.k.params):
			if p := t.k.params[what]; hasDefault && p.typ.isZero(unsafe.Add(t.p, p.offset)) {
				break
			}
			t.param(t.k.params[what], f)
		}
		if hasDefault && len(t.b) == mark {
			t.fill(def)
		}
	}
}

// fieldZero reports whether a field that is not text is its zero value,
// which a placeholder's default stands in for: not retryable, or no
// retry-after known. (A text field that is empty writes nothing.)
func (t *texter) fieldZero(f Field) bool {
	switch f {
	case FieldRetryable:
		return t.hasView && !t.v.Retryable()
	case FieldRetryAfter:
		return t.hasView && t.v.RetryAfter() == 0
	}
	return false
}

// field appends a field of the error.
func (t *texter) field(f Field) {
	if !t.hasView {
		return
	}
	v := &t.v
	switch f {
	case FieldCode:
		t.b = append(t.b, v.Code...)
	case FieldCategory:
		t.b = append(t.b, v.Category()...)
	case FieldMessage:
		t.b = append(t.b, v.WireMessage()...)
	case FieldDetail:
		t.b = append(t.b, v.Detail...)
	case FieldSuggestion:
		t.b = append(t.b, v.Suggestion...)
	case FieldRetryable:
		t.b = strconv.AppendBool(t.b, v.Retryable())
	case FieldRetry:
		t.b = append(t.b, v.Retry()...)
	case FieldRetryAfter:
		t.b = strconv.AppendInt(t.b, int64(v.RetryAfter().Seconds()), 10)
	case FieldHTTPStatus:
		t.b = strconv.AppendInt(t.b, int64(v.HTTPStatus()), 10)
	case FieldDocsURL:
		t.b = append(t.b, v.DocsURL()...)
	case FieldTitle:
		t.b = append(t.b, v.Title()...)
	}
}

// param appends a param as a placeholder of format f formats it (a
// sensitive one as Redacted, nothing when it is optional and zero): as JSON
// with JSON, a tier with the tiers above it with OrHigher, a list joined
// as prose with And and Or, and anything else as prose (see prose).
func (t *texter) param(f *field, format tmpl.Format) {
	p := unsafe.Add(t.p, f.offset)
	if f.sensitive {
		// The mark, as the wire carries it (a JSON string with JSON),
		// unless the param is optional and not given: the wire leaves it
		// off then.
		switch {
		case f.optional && f.typ.isZero(p):
		case format == tmpl.JSON:
			t.b = append(append(append(t.b, '"'), Redacted...), '"')
		default:
			t.b = append(t.b, Redacted...)
		}
		return
	}
	if f.maxLen > 0 {
		// Cut as the constructor cuts it, for params set without it: a
		// message rendered for an error built without its texts.
		if s := *(*string)(p); len(s) > f.maxLen && utf8.RuneCountInString(s) > f.maxLen {
			cut := truncate(s, f.maxLen)
			p = unsafe.Pointer(&cut)
		}
	}
	typ := f.typ
	switch {
	case format == tmpl.JSON:
		if b, err := typ.appendJSON(t.b, p); err == nil {
			t.b = b
		}
	case format == tmpl.OrHigher && typ.kind == kTier:
		t.orHigher(typ.str(p))
	case (format == tmpl.And || format == tmpl.Or) && typ.kind == kList:
		t.list(typ, p, format)
	default:
		t.prose(typ, p)
	}
}

// prose appends a value in words, for a sentence: a scalar as text, a
// list's elements joined with the catalog's separator (", " in English),
// a map's keys each with its value ("create: project_id, title; merge:
// project_id"), an object's first field not empty with the others that
// are not after it in parentheses, joined with the separator too ("Use
// the web UI (Settings > Branches, Free)"). A nil object is nothing.
func (t *texter) prose(typ *vtype, p unsafe.Pointer) {
	switch typ.kind {
	case kList:
		t.list(typ, p, tmpl.Text)
	case kMap, kOrdered:
		each := typ.eachEntry
		if typ.kind == kOrdered {
			each = typ.eachOrdered
		}
		n := 0
		each(p, func(k string, e unsafe.Pointer) error {
			if n > 0 {
				t.b = append(t.b, "; "...)
			}
			n++
			t.b = append(append(t.b, k...), ": "...)
			t.prose(typ.elem, e)
			return nil
		})
	case kPointer:
		if q := *(*unsafe.Pointer)(p); q != nil {
			t.prose(typ.elem, q)
		}
	case kObject:
		n := 0
		for _, f := range typ.fields {
			q := unsafe.Add(p, f.offset)
			if f.typ.isZero(q) {
				continue
			}
			mark := len(t.b)
			switch n {
			case 0:
			case 1:
				t.b = append(t.b, " ("...)
			default:
				t.b = append(t.b, t.c.Lists.words().Separator...)
			}
			start := len(t.b)
			if f.sensitive {
				t.b = append(t.b, Redacted...)
			} else {
				t.prose(f.typ, q)
			}
			if len(t.b) == start {
				t.b = t.b[:mark] // nothing to say: no separator either
				continue
			}
			n++
		}
		if n > 1 {
			t.b = append(t.b, ')')
		}
	default:
		t.scalar(typ, p)
	}
}

// scalar appends a scalar as text.
func (t *texter) scalar(typ *vtype, p unsafe.Pointer) {
	switch typ.kind {
	case kString, kTier:
		t.b = append(t.b, typ.str(p)...)
	case kInt:
		t.b = strconv.AppendInt(t.b, int64(intAt(p)), 10)
	case kBool:
		t.b = strconv.AppendBool(t.b, boolAt(p))
	case kFloat:
		t.b = strconv.AppendFloat(t.b, floatAt(p), 'g', -1, 64)
	}
}

// list appends a list, its elements in words, joined with the catalog's
// words (English's where it gives none): its separator, and before the
// last element its and for {param:and}, its or for {param:or}.
func (t *texter) list(typ *vtype, p unsafe.Pointer, format tmpl.Format) {
	words := t.c.Lists.words()
	last := words.Separator
	switch format {
	case tmpl.And:
		last = words.And
	case tmpl.Or:
		last = words.Or
	}
	data, n := listAt(p)
	for i := range n {
		switch {
		case i == 0:
		case i == n-1:
			t.b = append(t.b, last...)
		default:
			t.b = append(t.b, words.Separator...)
		}
		t.prose(typ.elem, typ.elemAt(data, i))
	}
}

// orHigher appends a tier and every tier above it, joined as list joins
// those of {param:or}: "Premium or Ultimate".
func (t *texter) orHigher(tier string) {
	tiers := t.c.Tiers
	words := t.c.Lists.words()
	for i, x := range tiers {
		if x != tier {
			continue
		}
		for j, y := range tiers[i:] {
			switch {
			case j == 0:
			case j == len(tiers)-i-1:
				t.b = append(t.b, words.Or...)
			default:
				t.b = append(t.b, words.Separator...)
			}
			t.b = append(t.b, y...)
		}
		return
	}
	t.b = append(t.b, tier...)
}
