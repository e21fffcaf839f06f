package errspec_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec"
)

// testError is an Error type as a generated package declares one.
type testError struct{ v errspec.View }

func (e *testError) Error() string             { return e.v.ErrorText() }
func (e *testError) ErrspecView() errspec.View { return e.v }
func (e *testError) LogValue() slog.Value      { return e.v.LogValue() }
func (e *testError) Unwrap() error             { return e.v.Cause }
func wrapped(v errspec.View) error             { return fmt.Errorf("calling the API: %w", &testError{v}) }
func appendParams(t *testing.T, v errspec.View) string {
	t.Helper()
	b, err := v.AppendParams(nil)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAs(t *testing.T) {
	v := newError("FLAT", &smallParams{ID: "x"}, nil)
	for _, err := range []error{&testError{v}, wrapped(v), errors.Join(io.EOF, wrapped(v))} {
		got, ok := errspec.As(err)
		if !ok || got.Code != "FLAT" || got.Message != "Thing x is flat" {
			t.Errorf("As(%v) = %+v, %t", err, got, ok)
		}
	}
	if _, ok := errspec.As(io.EOF); ok {
		t.Error("As finds an errspec error in io.EOF")
	}
	// A nil *testError, returned by mistake as a non-nil error, is not
	// one: As and AsType look past it, in a chain and in a join.
	var nilErr *testError
	for _, err := range []error{nilErr, fmt.Errorf("x: %w", error(nilErr))} {
		if _, ok := errspec.As(err); ok {
			t.Errorf("As finds an error in a nil *testError: %#v", err)
		}
		if _, ok := errspec.AsType[*testError](err); ok {
			t.Errorf("AsType finds an error in a nil *testError: %#v", err)
		}
	}
	joined := errors.Join(nilErr, io.EOF, wrapped(v))
	if got, ok := errspec.As(joined); !ok || got.Code != "FLAT" {
		t.Errorf("As past a nil error in a join = %+v, %t", got, ok)
	}
	if got, ok := errspec.AsType[*testError](joined); !ok || got.v.Code != "FLAT" {
		t.Errorf("AsType past a nil error in a join = %+v, %t", got, ok)
	}
	if errspec.CatalogOf(&testError{v}) != &catalog {
		t.Error("CatalogOf does not give the error's catalog")
	}
}

// asOnly holds errors that it shows errors.As through its As method
// alone, with no Unwrap, as go.uber.org/multierr did before v1.9 and as
// the errors package lets any error do.
type asOnly []error

func (a asOnly) Error() string { return "several errors" }
func (a asOnly) As(target any) bool {
	for _, err := range a {
		if errors.As(err, target) {
			return true
		}
	}
	return false
}

// multi holds errors that it shows errors.As through an As method of a
// pointer, which dereferences it, as a wrapper of several errors may.
type multi struct{ errs []error }

func (m *multi) Error() string { return fmt.Sprint(len(m.errs), " errors") }
func (m *multi) As(target any) bool {
	for _, err := range m.errs {
		if errors.As(err, target) {
			return true
		}
	}
	return false
}

// TestAsMethod checks that As, AsType and FirstOf find an errspec error
// that an error shows errors.As through an As method, as errors.As finds
// it, where they found none and the adapters sent the wrapper's text
// alone; and that an As method that sets a nil error finds none.
func TestAsMethod(t *testing.T) {
	v := newError("FLAT", &smallParams{ID: "x"}, nil)
	var nilErr *testError
	for _, err := range []error{asOnly{io.EOF, wrapped(v)}, fmt.Errorf("calling: %w", asOnly{&testError{v}})} {
		var target *testError
		if !errors.As(err, &target) {
			t.Fatalf("errors.As finds no error in %v", err)
		}
		if got, ok := errspec.As(err); !ok || got.Code != "FLAT" {
			t.Errorf("As(%v) = %+v, %t", err, got, ok)
		}
		if got, ok := errspec.AsType[*testError](err); !ok || got.v.Code != "FLAT" {
			t.Errorf("AsType(%v) = %+v, %t", err, got, ok)
		}
		if got, ok := errspec.FirstOf[*testError](err); !ok || got.v.Code != "FLAT" {
			t.Errorf("FirstOf(%v) = %+v, %t", err, got, ok)
		}
		if got := errspec.TraceAttrs(err); len(got) == 0 || got[0].Value.String() != "FLAT" {
			t.Errorf("TraceAttrs(%v) = %v", err, got)
		}
	}
	if _, ok := errspec.As(asOnly{nilErr, io.EOF}); ok {
		t.Error("As finds an error in an As method that sets a nil *testError")
	}
}

// otherError is the Error type of another catalog's package.
type otherError struct{ testError }

// TestFirstOf checks that FirstOf gives the first error of a catalog in
// the chain only when it is of the type asked for: an error of another
// catalog that wraps one is that catalog's to serve.
func TestFirstOf(t *testing.T) {
	v := newError("FLAT", &smallParams{ID: "x"}, nil)
	mine := &testError{v}
	other := func(cause error) error {
		w := v
		w.Cause = cause
		return &otherError{testError{w}}
	}
	var nilErr *testError
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"alone", mine, true},
		{"wrapped", fmt.Errorf("x: %w", mine), true},
		{"the cause of another catalog's", other(mine), false},
		{"another catalog's as its cause", func() error { w := v; w.Cause = other(nil); return &testError{w} }(), true},
		{"joined after a nil one and another error", errors.Join(nilErr, io.EOF, mine), true},
		{"joined after another catalog's", errors.Join(other(nil), mine), false},
		{"none", io.EOF, false},
		// A nil pointer of another type, whose Unwrap dereferences it,
		// is not unwrapped: neither FirstOf nor an adapter panics on it.
		{"joined after a nil *fs.PathError, wrapped", errors.Join(fmt.Errorf("open: %w", nilPath), mine), true},
		{"a nil *fs.PathError, wrapped", fmt.Errorf("open: %w", nilPath), false},
		// Nor is its As method called, which may dereference it too.
		{"joined after a nil *multi, wrapped", errors.Join(fmt.Errorf("open: %w", (*multi)(nil)), mine), true},
		{"a nil *multi", (*multi)(nil), false},
		{"a *multi", &multi{[]error{io.EOF, mine}}, true},
	} {
		got, ok := errspec.FirstOf[*testError](tc.err)
		if ok != tc.want || ok && got.v.Code != "FLAT" {
			t.Errorf("%s: FirstOf = %v, %t; want %t", tc.name, got, ok, tc.want)
		}
	}
}

func TestAppendJSONString(t *testing.T) {
	if got := string(errspec.AppendJSONString([]byte("x"), "a\"<&>\u2028\xff\n")); got != "x\"a\\\"<&>\\u2028\uFFFD\\n\"" {
		t.Errorf("AppendJSONString = %s", got)
	}
}

// TestValidUTF8 holds ValidUTF8 to what the wire does with bytes that are
// not UTF-8: each one is U+FFFD, as AppendJSONString writes it and Parse
// reads it back.
func TestValidUTF8(t *testing.T) {
	for _, s := range []string{"", "plain", "é 日本 🙂", "r\xe9sum\xe9", "\xff\xfe", "cut \xe2\x82", "\xed\xa0\x80", "\x00\x1b"} {
		got := errspec.ValidUTF8(s)
		var back string
		if err := json.Unmarshal(errspec.AppendJSONString(nil, s), &back); err != nil {
			t.Fatal(err)
		}
		if got != back || !utf8.ValidString(got) {
			t.Errorf("ValidUTF8(%q) = %q, the wire reads back %q", s, got, back)
		}
	}
}

func TestParseParams(t *testing.T) {
	for _, v := range []errspec.View{
		newError("ALL", fullParams(), []allOptions{{Note: "n", Num: 2, List: []tier{"Team"}, Ptr: &object{Field: "p"}}}),
		newError("FLAT", &smallParams{ID: "y", Hint: "h"}, nil),
		newError("FIXED", nil, nil),
	} {
		params := appendParams(t, v)
		got, err := v.Catalog.ParseParams(v.Code, []byte(params))
		if err != nil {
			t.Fatalf("ParseParams(%s, %s): %v", v.Code, params, err)
		}
		if again := appendParams(t, got); again != params {
			t.Errorf("%s: AppendParams, ParseParams, AppendParams:\n%s\n%s", v.Code, params, again)
		}
		// The texts come from the templates, over the params read; unsent
		// params (ALL's unit) are empty.
		want := v
		if v.Code == "ALL" {
			p := *v.Params.(*allParams)
			p.Unit = ""
			want = newError("ALL", &p, nil)
		}
		if got.Message != want.Message || got.Detail != want.Detail || got.Suggestion != want.Suggestion {
			t.Errorf("%s: texts %q %q %q, want %q %q %q", v.Code, got.Message, got.Detail, got.Suggestion, want.Message, want.Detail, want.Suggestion)
		}
		strs, err := v.Catalog.ParseParamStrings(v.Code, v.ParamStrings())
		if err != nil {
			t.Fatalf("ParseParamStrings(%s, %v): %v", v.Code, v.ParamStrings(), err)
		}
		if again := appendParams(t, strs); again != params {
			t.Errorf("%s: ParamStrings, ParseParamStrings, AppendParams:\n%s\n%s", v.Code, params, again)
		}
	}

	v, err := catalog.ParseParams("NEWER", []byte(`{"a":1,"b":"x"}`))
	if err != nil || v.Known() || string(v.Params.(errspec.RawParams)) != `{"a":1,"b":"x"}` {
		t.Errorf("an unknown code's params: %+v, %v", v, err)
	}
	v, err = catalog.ParseParamStrings("NEWER", map[string]string{"b": "x", "a": "1"})
	if err != nil || string(v.Params.(errspec.RawParams)) != `{"a":"1","b":"x"}` {
		t.Errorf("an unknown code's param strings: %+v, %v", v, err)
	}
	// The exact mode rejects a code it does not know, as its Parse does.
	if _, err := exactCatalog.ParseParams("NEWER", []byte(`{"a":1}`)); err == nil || !strings.Contains(err.Error(), `unknown code "NEWER"`) {
		t.Errorf("exact ParseParams of an unknown code: %v", err)
	}
	if v, err := catalog.ParseParams("FIXED", nil); err != nil || v.Message != "Internal error" {
		t.Errorf("no params for a code without params: %+v, %v", v, err)
	}

	for _, tt := range []struct {
		code, params, want string
	}{
		{"FLAT", `{}`, "id is missing"},
		{"FLAT", `{"id":1}`, "id: "},
		{"FLAT", `{"id":"x"} x`, "text after the value"},
		{"FLAT", `[]`, "an object"},
		{"FLAT", `{"id":"x","id":"y"}`, "repeated"},
		{"", `{}`, "no code"},
	} {
		if _, err := catalog.ParseParams(tt.code, []byte(tt.params)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseParams(%q, %s) = %v, want an error with %q", tt.code, tt.params, err, tt.want)
		}
	}
	// A value that is not one JSON value cannot add a member.
	strs := newError("ALL", fullParams(), nil).ParamStrings()
	strs["count"] = `1,"flag":true`
	if _, err := catalog.ParseParamStrings("ALL", strs); err == nil || !strings.Contains(err.Error(), "count") {
		t.Errorf("a param string that adds a member: %v", err)
	}
	strs["count"] = ""
	if _, err := catalog.ParseParamStrings("ALL", strs); err == nil || !strings.Contains(err.Error(), "count") {
		t.Errorf("an empty param string for an int: %v", err)
	}
}

// logLine logs err under the key err and returns the line without its
// time.
func logLine(h func(io.Writer, *slog.HandlerOptions) slog.Handler, wrap bool, replace bool, args ...any) string {
	var buf bytes.Buffer
	opts := &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(groups) == 0 {
			return slog.Attr{}
		}
		if replace {
			return errspec.ReplaceAttr(groups, a)
		}
		return a
	}}
	handler := h(&buf, opts)
	if wrap {
		handler = errspec.LogHandler(handler)
	}
	slog.New(handler).Info("failed", args...)
	return buf.String()
}

func textHandler(w io.Writer, o *slog.HandlerOptions) slog.Handler { return slog.NewTextHandler(w, o) }
func jsonHandler(w io.Writer, o *slog.HandlerOptions) slog.Handler { return slog.NewJSONHandler(w, o) }

func TestLogWrapped(t *testing.T) {
	v := newError("ALL", fullParams(), nil)
	err := wrapped(v)
	want := `level=INFO msg=failed err.code=ALL err.category=validation err.retryable=false err.message=` + fmt.Sprintf("%q", v.Message) +
		` err.detail=` + fmt.Sprintf("%q", v.Detail) +
		` err.params.name=abcd… err.params.token=[redacted] err.params.count=3 err.params.ratio=0.5 err.params.flag=true err.params.tier=Team` +
		` err.params.tags="[\"a\",\"b\",\"c\"]" err.params.labels="{\"a\":2,\"z\":1}"` +
		` err.params.obj="{\"field\":\"f\",\"inner\":{\"field\":\"g\",\"tags\":[\"x\"]}}" err.params.objs="[{\"field\":\"1\"},{\"field\":\"2\",\"count\":7}]"` +
		` err.params.nested="{\"k\":[true,false]}" err.text=` + fmt.Sprintf("%q", err.Error()) + "\n"
	if got := logLine(textHandler, true, false, "err", err); got != want {
		t.Errorf("LogHandler, text:\n got %s\nwant %s", got, want)
	}
	if got := logLine(textHandler, false, true, "err", err); got != want {
		t.Errorf("ReplaceAttr, text:\n got %s\nwant %s", got, want)
	}
	// Unwrapped, the error logs itself; the handler adds nothing.
	direct := logLine(textHandler, true, false, "err", &testError{v})
	if strings.Contains(direct, "err.text") || !strings.Contains(direct, "err.code=ALL") {
		t.Errorf("an unwrapped error: %s", direct)
	}
	// In a group, in WithAttrs, and as JSON.
	var buf bytes.Buffer
	slog.New(errspec.LogHandler(slog.NewJSONHandler(&buf, nil))).With("first", wrapped(newError("FIXED", nil, nil))).
		Info("failed", slog.Group("call", "err", err, "n", 1), "plain", io.EOF)
	got := buf.String()
	for _, want := range []string{`"first":{"code":"FIXED","category":"internal","retryable":true,"message":"Internal error","text":"calling the API: FIXED: Internal error"}`,
		`"call":{"err":{"code":"ALL",`, `"tags":["a","b","c"]`, `"token":"[redacted]"`, `,"n":1}`, `"plain":"EOF"`} {
		if !strings.Contains(got, want) {
			t.Errorf("JSON log lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "secret") {
		t.Errorf("JSON log holds a sensitive param:\n%s", got)
	}
	// Records without errspec errors pass as they are.
	if got := logLine(jsonHandler, true, false, "err", io.EOF, "n", 2); !strings.HasSuffix(got, `"msg":"failed","err":"EOF","n":2}`+"\n") {
		t.Errorf("a record without errspec errors: %s", got)
	}
	// The params of a code the catalog does not know log as those of one
	// it knows: a string as itself, not as its JSON text.
	raw, err := catalog.Parse([]byte(`{"code":"NEWER","category":"validation","message":"m","retryable":false,"params":{"token":"[redacted]","n":5,"l":["a"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := logLine(textHandler, true, false, "err", wrapped(raw)); !strings.Contains(got, ` err.params.token=[redacted] err.params.n=5 err.params.l="[\"a\"]" `) {
		t.Errorf("the params of an unknown code, text: %s", got)
	}
	if !errspec.LogHandler(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})).Enabled(context.Background(), slog.LevelWarn) {
		t.Error("LogHandler is not enabled where its handler is")
	}
}

// logValuer is a slog.LogValuer that gives a value it holds, as a
// program's own types give the errors they hold.
type logValuer struct{ v slog.Value }

func (l logValuer) LogValue() slog.Value { return l.v }

// TestLogValuerWrapped checks that LogHandler, as ReplaceAttr, finds an
// errspec error in what a slog.LogValuer gives: an error that wraps one,
// or a group that holds such an error, which slog's handlers resolve
// before they call ReplaceAttr.
func TestLogValuerWrapped(t *testing.T) {
	err := wrapped(newError("FIXED", nil, nil))
	args := []any{"req", logValuer{slog.GroupValue(slog.String("id", "r1"), slog.Any("err", err))},
		"lazy", logValuer{slog.AnyValue(err)}, "plain", logValuer{slog.StringValue("p")}}
	for _, wrap := range []bool{true, false} {
		got := logLine(jsonHandler, wrap, !wrap, args...)
		for _, want := range []string{`"req":{"id":"r1","err":{"code":"FIXED",`, `"lazy":{"code":"FIXED",`, `"plain":"p"`} {
			if !strings.Contains(got, want) {
				t.Errorf("LogHandler %v: the log lacks %s:\n%s", wrap, want, got)
			}
		}
	}
	var buf bytes.Buffer
	slog.New(errspec.LogHandler(slog.NewJSONHandler(&buf, nil))).With(args[:2]...).Info("failed")
	if got := buf.String(); !strings.Contains(got, `"req":{"id":"r1","err":{"code":"FIXED",`) {
		t.Errorf("LogHandler, WithAttrs: %s", got)
	}
}

func TestTraceAttrs(t *testing.T) {
	got := errspec.TraceAttrs(wrapped(newError("FIXED", nil, nil)))
	want := []slog.Attr{slog.String("error.type", "FIXED"), slog.String("errspec.category", "internal"), slog.Bool("errspec.retryable", true)}
	if !cmp.Equal(got, want, cmp.Comparer(func(a, b slog.Attr) bool { return a.Equal(b) })) {
		t.Errorf("TraceAttrs = %v, want %v", got, want)
	}
	if got := errspec.TraceAttrs(io.EOF); got != nil {
		t.Errorf("TraceAttrs of a foreign error = %v", got)
	}
	// A code the catalog does not know, as any wire may send one, is
	// _OTHER, and so is its category unless the catalog declares it:
	// what a peer sends cannot grow the values of a span's or a metric's
	// attributes without bound.
	c := &errspec.Catalog{Name: "cats", Envelopes: [][]errspec.Member{defaultEnvelope},
		Categories: []errspec.CategorySpec{{Name: "validation", HTTPStatus: 422}}}
	for _, tt := range []struct{ code, category, wantCategory string }{
		{"NEW_CODE", "validation", "validation"},
		{"NEW_CODE", "billing", "_OTHER"},
		{strings.Repeat("X", 100_000), strings.Repeat("c", 100_000), "_OTHER"},
	} {
		v, err := c.Parse([]byte(`{"code":"` + tt.code + `","category":"` + tt.category + `","message":"m","retryable":true}`))
		if err != nil {
			t.Fatal(err)
		}
		got := errspec.TraceAttrs(wrapped(v))
		want := []slog.Attr{slog.String("error.type", "_OTHER"), slog.String("errspec.category", tt.wantCategory), slog.Bool("errspec.retryable", true)}
		if !cmp.Equal(got, want, cmp.Comparer(func(a, b slog.Attr) bool { return a.Equal(b) })) {
			t.Errorf("TraceAttrs of a code the catalog does not know (%.20s, category %.20s) = %.200v, want %v", tt.code, tt.category, got, want)
		}
	}
}

// TestMetadata checks that Metadata gives the params as ParamStrings does
// with the code's category, retry class and title, and that ParseMetadata
// reads them back: for a known code, the params alone; for one the
// catalog does not know, its category, retry class and title too.
func TestMetadata(t *testing.T) {
	v := newError("FLAT", &smallParams{ID: "x", Hint: "h"}, nil)
	m := v.Metadata()
	want := map[string]string{"id": "x", "hint": "h", errspec.MetadataCategory: "conflict", errspec.MetadataRetry: "never", errspec.MetadataTitle: "Flat one"}
	if !maps.Equal(m, want) {
		t.Errorf("Metadata() = %v, want %v", m, want)
	}
	back, err := catalog.ParseMetadata("FLAT", m)
	if err != nil || !back.Known() || back.Params.(*smallParams).ID != "x" || back.Params.(*smallParams).Hint != "h" {
		t.Errorf("ParseMetadata(FLAT) = %+v, %v", back, err)
	}
	newer, err := catalog.ParseMetadata("NEWER", map[string]string{"n": "1", errspec.MetadataCategory: "conflict", errspec.MetadataRetry: "safe", errspec.MetadataTitle: "Newer one"})
	if err != nil || newer.Known() || newer.Category() != "conflict" || newer.Retry() != errspec.RetrySafe || !newer.Retryable() || newer.Title() != "Newer one" ||
		string(newer.Params.(errspec.RawParams)) != `{"n":"1"}` {
		t.Errorf("ParseMetadata(NEWER) = %+v %+v, %v", newer, newer.Unknown, err)
	}
	if _, err := exactCatalog.ParseMetadata("FLAT", m); err != nil {
		t.Errorf("the exact mode rejects the facts of a known code: %v", err)
	}
	// A code without a docs URL, where no link to its docs carries the
	// suggestion, sends it under MetadataSuggestion: a client that does
	// not know the code has it still.
	fixed := newError("FIXED", nil, nil).Metadata()
	if got := fixed[errspec.MetadataSuggestion]; got != "Retry once." {
		t.Errorf("Metadata() of a code without a docs URL = %v, want its suggestion under %s", fixed, errspec.MetadataSuggestion)
	}
	if back, err := catalog.ParseMetadata("FIXED", fixed); err != nil || back.Suggestion != "Retry once." || back.Params != nil {
		t.Errorf("ParseMetadata(FIXED) = %+v, %v", back, err)
	}
	newer, err = catalog.ParseMetadata("NEWER", map[string]string{errspec.MetadataTitle: "Newer one", errspec.MetadataSuggestion: "Wait for it."})
	if err != nil || newer.Known() || newer.Suggestion != "Wait for it." || newer.Params != nil {
		t.Errorf("ParseMetadata(NEWER) with a suggestion = %+v, %v", newer, err)
	}
}

// chain is an error that wraps the errors of its list.
type chain []error

func (c chain) Error() string   { return "chain" }
func (c chain) Unwrap() []error { return c }

// loop is an error whose chain goes round a circle of its own.
type loop struct{ next *loop }

func (l *loop) Error() string { return "loop" }
func (l *loop) Unwrap() error { return l.next }

// nilPath is a nil *fs.PathError stored in an error, whose Error and
// Unwrap methods dereference it.
var nilPath error = (*fs.PathError)(nil)

// TestLeads checks that Leads finds an error anywhere in a chain, and
// ends on a chain that goes round a circle without it.
func TestLeads(t *testing.T) {
	e := errors.New("e")
	l := &loop{}
	l.next = l
	for _, c := range []struct {
		cause error
		want  bool
	}{
		{nil, false},
		{e, true},
		{io.EOF, false},
		{fmt.Errorf("a: %w", fmt.Errorf("b: %w", e)), true},
		{chain{io.EOF, nil, chain{fmt.Errorf("x: %w", e)}}, true},
		{chain{io.EOF, nil}, false},
		{l, false},
		// A nil pointer is no cause: a generated WithCause does not
		// attach it, whose Error and Unwrap would panic.
		{nilPath, true},
		{fmt.Errorf("open: %w", nilPath), false},
	} {
		if got := errspec.Leads(c.cause, e); got != c.want {
			t.Errorf("Leads(%v, e) = %t, want %t", c.cause, got, c.want)
		}
	}
}
