package errspec

import (
	"log/slog"
	"math"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/errspec/errspec/internal/textsafe"
)

// ErrorText returns what the error's Error method returns: the catalog's
// error text template filled in, "CODE: message" by default, then the
// cause's text after ": " when it has a cause.
func (v View) ErrorText() string {
	if v.Catalog == nil {
		return "<nil>"
	}
	t := v.errorTemplate()
	if t == "" {
		if v.Cause != nil {
			return v.Code + ": " + v.WireMessage() + ": " + v.Cause.Error()
		}
		return v.Code + ": " + v.WireMessage()
	}
	x := texters.Get().(*texter)
	*x = texter{b: x.b[:0], c: v.Catalog, v: v, hasView: true}
	x.k, x.p = v.params()
	x.fill(t)
	if v.Cause != nil {
		x.b = append(append(x.b, ": "...), v.Cause.Error()...)
	}
	s := string(x.b)
	x.release()
	return s
}

// WireMessage returns the error's message as the wire carries it:
// Message, or, for an error built without its texts (an Error literal,
// or one whose Message was set to ""), the message its code's template
// gives with its params, its code's title where that renders empty. Its
// Error method, Text, LogValue and package errhttp show this message.
func (v View) WireMessage() string {
	if v.Message != "" {
		return v.Message
	}
	s := v.spec()
	if s == nil {
		return ""
	}
	k, p := v.params()
	if k == nil && v.Catalog.codec(s) != nil {
		// Params missing or not of the code's type: no template to fill.
		return s.Title
	}
	return v.Catalog.message(s, k, p)
}

// errorTemplate returns the compiled template of the error's text.
func (v *View) errorTemplate() string {
	if s := v.spec(); s != nil && s.ErrorText != "" {
		return s.ErrorText
	}
	if v.Catalog == nil {
		return ""
	}
	return v.Catalog.ErrorText
}

// params returns the codec of the error's params and a pointer to them,
// or nil when it has none, they are not of its code's type, or they are a
// nil pointer of it.
func (v *View) params() (*codec, unsafe.Pointer) {
	s := v.spec()
	if s == nil {
		return nil, nil
	}
	k := v.Catalog.codec(s)
	if k == nil || v.Params == nil || typeWord(v.Params) != k.ptr || dataWord(v.Params) == nil {
		return nil, nil
	}
	return k, dataWord(v.Params)
}

// Text renders the error for a person at a terminal: the code and message
// on the first line, then the detail, the suggestion, the alternatives,
// the cause and the docs URL, each on a line of its own. Control
// characters and invisible formatting characters in any of them are
// written as escapes (\x1b, \u202e), so no value can move the cursor,
// hide text or forge a line.
func (v View) Text() string {
	if v.Catalog == nil {
		return "<nil>\n"
	}
	var b []byte
	line := func(label, text string) {
		b = append(b, label...)
		b = AppendTerminal(b, text)
		b = append(b, '\n')
	}
	b = append(b, "error "...)
	b = AppendTerminal(b, v.Code)
	b = append(b, ": "...)
	b = AppendTerminal(b, v.WireMessage())
	b = append(b, '\n')
	if v.Detail != "" {
		line("  detail: ", v.Detail)
	}
	if v.Suggestion != "" {
		line("  fix: ", v.Suggestion)
	}
	v.eachAlternative(func(action, description, availableOn string) {
		b = append(b, "  instead: "...)
		b = AppendTerminal(b, action)
		if description != "" {
			b = append(b, " — "...)
			b = AppendTerminal(b, description)
		}
		if availableOn != "" {
			b = append(b, " ("...)
			b = AppendTerminal(b, availableOn)
			b = append(b, ')')
		}
		b = append(b, '\n')
	})
	if v.Cause != nil {
		line("  cause: ", v.Cause.Error())
	}
	if u := v.DocsURL(); u != "" {
		line("  docs: ", u)
	}
	return string(b)
}

// eachAlternative calls f with each alternative among the error's params:
// the elements of a list param named alternatives whose elements have the
// string fields action, description and available_on.
func (v *View) eachAlternative(f func(action, description, availableOn string)) {
	k, p := v.params()
	if k == nil {
		return
	}
	for _, fd := range k.params {
		t := fd.typ
		if fd.name != "alternatives" || t.kind != kList || t.elem.kind != kObject {
			continue
		}
		offsets := map[string]uintptr{}
		for _, ef := range t.elem.fields {
			if ef.typ.kind == kString {
				offsets[ef.name] = ef.offset
			}
		}
		get := func(q unsafe.Pointer, name string) string {
			if off, ok := offsets[name]; ok {
				return strAt(unsafe.Add(q, off))
			}
			return ""
		}
		if _, ok := offsets["action"]; !ok {
			continue
		}
		data, n := listAt(unsafe.Add(p, fd.offset))
		for i := range n {
			q := t.elemAt(data, i)
			f(get(q, "action"), get(q, "description"), get(q, "available_on"))
		}
	}
}

// AppendTerminal appends s for a terminal: control characters (C0, DEL,
// C1), and the invisible characters that reorder or hide text (bidi
// controls, zero-width characters, tag characters), as Go escapes
// (\u202e, \U000e0041); invalid UTF-8 as U+FFFD. A zero-width joiner or
// non-joiner that is text stays as it is, as in every text output of
// errspec (see textsafe.HiddenAt): Persian writes می‌توانم with one, the
// scripts of India shape their conjuncts with them, and an emoji (👩‍💻)
// joins its pictographs with one.
func AppendTerminal(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= ' ' && c < utf8.RuneSelf && c != 0x7f {
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b = utf8.AppendRune(b, utf8.RuneError)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r < 0x80:
			b = append(b, '\\', 'x', hex[r>>4], hex[r&15])
		case (r == '\u200c' || r == '\u200d') && !textsafe.HiddenAt(s, i-size):
			// A joiner or non-joiner that is part of the text: between
			// two letters of Persian or Hindi, or in an emoji.
			b = append(b, s[i-size:i]...)
		case r > 0xffff && unicode.Is(unicode.Cf, r):
			// A tag character (U+E0041, which hides an A) and the other
			// format characters beyond U+FFFF, written as Go writes them.
			b = append(b, '\\', 'U', '0', '0', hex[r>>20&15], hex[r>>16&15], hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		case unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		default:
			b = append(b, s[i-size:i]...)
		}
	}
	return b
}

// LogValue returns the error for log/slog: its code, category, whether a
// retry can help, its message, its detail when it has one (the context of
// this occurrence, which the wire carries too), its wire params, sensitive
// ones redacted as on the wire, and its cause.
func (v View) LogValue() slog.Value {
	if v.Catalog == nil {
		return slog.StringValue("<nil>")
	}
	attrs := []slog.Attr{
		slog.String("code", v.Code),
		slog.String("category", v.Category()),
		slog.Bool("retryable", v.Retryable()),
		slog.String("message", v.WireMessage()),
	}
	if v.Detail != "" {
		attrs = append(attrs, slog.String("detail", v.Detail))
	}
	if ps := v.paramAttrs(); len(ps) > 0 {
		attrs = append(attrs, slog.Attr{Key: "params", Value: slog.GroupValue(ps...)})
	}
	if v.Cause != nil {
		attrs = append(attrs, slog.String("cause", v.Cause.Error()))
	}
	return slog.GroupValue(attrs...)
}

// rawParams returns the params of an error of a code the catalog does not
// know as the wire gave them: RawParams that hold one JSON object, as
// MarshalJSON writes them. It reports false for RawParams of a code the
// catalog knows, whose params are its params struct (the wire sends no
// other, and its sensitive params would go out as they are), and for
// bytes that are no JSON object, which MarshalJSON refuses to write.
func (v *View) rawParams() (RawParams, bool) {
	raw, ok := v.Params.(RawParams)
	if !ok || len(raw) == 0 || v.spec() != nil {
		return nil, false
	}
	s := scanner{data: raw}
	if s.skipObject() != nil || s.end() != nil {
		return nil, false
	}
	return raw, true
}

// paramAttrs returns the wire params as attributes: scalars as themselves,
// anything else as its JSON text; the params of a code the catalog does
// not know likewise, as the wire gave them.
func (v *View) paramAttrs() []slog.Attr {
	if raw, ok := v.rawParams(); ok {
		var out []slog.Attr
		eachMember(raw, func(key string, value []byte) {
			if t, ok := jsonString(value); ok {
				out = append(out, slog.String(key, t))
				return
			}
			out = append(out, slog.Any(key, jsonText{value}))
		})
		return out
	}
	k, p := v.params()
	if k == nil {
		return nil
	}
	var out []slog.Attr
	for _, f := range k.params {
		q := unsafe.Add(p, f.offset)
		if f.name == "" || f.optional && f.typ.isZero(q) {
			continue
		}
		out = append(out, slog.Attr{Key: f.name, Value: f.logValue(q)})
	}
	return out
}

// wireString returns the value of a string or tier param at p as the
// wire sends it: a string longer than its max length cut as the
// constructor cuts it, for params set without it (an Error literal,
// params changed after it).
func (f *field) wireString(p unsafe.Pointer) string {
	if f.maxLen > 0 {
		return truncate(f.typ.str(p), f.maxLen)
	}
	return f.typ.str(p)
}

// logValue returns a param's value for log/slog.
func (f *field) logValue(p unsafe.Pointer) slog.Value {
	if f.sensitive {
		return slog.StringValue(Redacted)
	}
	switch f.typ.kind {
	case kString, kTier:
		return slog.StringValue(f.wireString(p))
	case kInt:
		return slog.IntValue(intAt(p))
	case kBool:
		return slog.BoolValue(boolAt(p))
	case kFloat:
		// One that is not finite, which JSON cannot hold, logs as the
		// wire carries it, null, and not as a value that a JSON handler
		// fails to write.
		if x := floatAt(p); !math.IsNaN(x) && !math.IsInf(x, 0) {
			return slog.Float64Value(x)
		}
	}
	b, err := f.typ.appendJSON(nil, p)
	if err != nil {
		return slog.StringValue(err.Error())
	}
	return slog.AnyValue(jsonText{b})
}

// jsonString returns the string that value, a JSON value, is, if it is
// one.
func jsonString(value []byte) (string, bool) {
	s := scanner{data: value}
	if s.peek() != '"' {
		return "", false
	}
	t, err := s.str()
	return t, err == nil
}

// jsonText is JSON text that log handlers write as JSON (encoding/json),
// as text (encoding.TextMarshaler) or with fmt (fmt.Stringer). It is a
// struct: a handler that converts a value by its kind, as OpenTelemetry's
// slog bridge does, writes a struct with fmt, where it would write a
// []byte as a list of numbers.
type jsonText struct{ b []byte }

func (j jsonText) MarshalJSON() ([]byte, error) { return j.b, nil }
func (j jsonText) MarshalText() ([]byte, error) { return j.b, nil }
func (j jsonText) String() string               { return string(j.b) }

// AppendParams appends the error's wire params to b as one JSON object,
// sensitive ones redacted, optional ones at their zero value left off;
// an error without params gives {}.
func (v View) AppendParams(b []byte) ([]byte, error) {
	if raw, ok := v.rawParams(); ok {
		return append(b, raw...), nil
	}
	w := writer{b: append(b, '{'), v: v}
	w.codec, w.params = v.params()
	if w.codec != nil {
		for _, f := range w.codec.params {
			if f.name != "" {
				w.value(f.json, f)
			}
		}
	}
	if w.err != nil {
		return nil, w.err
	}
	return append(w.b, '}'), nil
}

// ParamStrings returns the error's wire params as strings, keyed by name:
// strings and tiers as they are, other scalars as their JSON text, lists,
// maps and objects as JSON; sensitive ones redacted, optional ones at
// their zero value left off. Every string is valid UTF-8, as ValidUTF8
// makes it.
func (v View) ParamStrings() map[string]string {
	out := map[string]string{}
	if raw, ok := v.rawParams(); ok {
		eachMember(raw, func(key string, value []byte) {
			if t, ok := jsonString(value); ok {
				out[key] = t
				return
			}
			out[key] = ValidUTF8(string(value))
		})
		return out
	}
	k, p := v.params()
	if k == nil {
		return out
	}
	for _, f := range k.params {
		q := unsafe.Add(p, f.offset)
		switch {
		case f.name == "" || f.optional && f.typ.isZero(q):
		case f.sensitive:
			out[f.name] = Redacted
		case f.typ.kind == kString || f.typ.kind == kTier:
			out[f.name] = ValidUTF8(f.wireString(q))
		default:
			if j, err := f.typ.appendJSON(nil, q); err == nil {
				out[f.name] = string(j)
			}
		}
	}
	return out
}
