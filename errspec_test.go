package errspec_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec"
	"github.com/errspec/errspec/internal/tmpl"
)

// The catalogs of these tests are written by hand the way errspec writes
// them: params structs with json and errspec tags, compiled templates, a
// table of codes.

type tier string

type object struct {
	_     [0]func()
	Field string   `json:"field"`
	Note  string   `json:"note,omitempty"`
	Count int      `json:"count,omitempty"`
	Inner *object  `json:"inner,omitempty"`
	Tags  []string `json:"tags,omitempty"`
}

type allParams struct {
	_      [0]func()
	Name   string            `json:"name" errspec:"max=5"`
	Token  string            `json:"token" errspec:"sensitive"`
	Count  int               `json:"count"`
	Ratio  float64           `json:"ratio"`
	Flag   bool              `json:"flag"`
	Tier   tier              `json:"tier"`
	Tags   []string          `json:"tags"`
	Labels map[string]int    `json:"labels"`
	Obj    object            `json:"obj"`
	Objs   []object          `json:"objs"`
	Nested map[string][]bool `json:"nested"`
	Unit   string            `json:"-"`
	allOptions
}

type allOptions struct {
	_    [0]func()
	Note string            `json:"note,omitempty"`
	Num  int               `json:"num,omitempty"`
	Real float64           `json:"real,omitempty"`
	On   bool              `json:"on,omitempty"`
	List []tier            `json:"list,omitempty"`
	Map  map[string]string `json:"map,omitempty"`
	Ptr  *object           `json:"ptr,omitempty"`
	Plan tier              `json:"plan,omitempty"`
}

type smallParams struct {
	_    [0]func()
	ID   string `json:"id"`
	Hint string `json:"hint,omitempty"`
}

func text(t string) tmpl.Part { return tmpl.Part{Text: t} }
func param(i int, f tmpl.Format) tmpl.Part {
	return tmpl.Part{Holder: true, Param: i, Format: f}
}

// defaultEnvelope is errspec's default envelope.
var defaultEnvelope = []errspec.Member{
	{Key: "code", Kind: errspec.MemberField, Field: errspec.FieldCode},
	{Key: "category", Kind: errspec.MemberField, Field: errspec.FieldCategory},
	{Key: "message", Kind: errspec.MemberField, Field: errspec.FieldMessage},
	{Key: "detail", Kind: errspec.MemberField, Field: errspec.FieldDetail},
	{Key: "suggestion", Kind: errspec.MemberField, Field: errspec.FieldSuggestion},
	{Key: "retryable", Kind: errspec.MemberField, Field: errspec.FieldRetryable},
	{Key: "docs_url", Kind: errspec.MemberField, Field: errspec.FieldDocsURL},
	{Key: "params", Kind: errspec.MemberParams},
}

// flatEnvelope spreads the params at the top, beside constants.
var flatEnvelope = []errspec.Member{
	{Key: "code", Kind: errspec.MemberField, Field: errspec.FieldCode},
	{Key: "error", Kind: errspec.MemberField, Field: errspec.FieldMessage},
	{Kind: errspec.MemberSpread},
	{Key: "ok", Kind: errspec.MemberConst, Const: "false"},
	{Key: "v", Kind: errspec.MemberConst, Const: "1.0"},
	{Key: "kind", Kind: errspec.MemberConst, Const: `"\u0065rr"`},
}

// nestedEnvelope nests the error, spreads the params beside a suggestion,
// places one param at the top and holds constants.
var nestedEnvelope = []errspec.Member{
	{Key: "error", Kind: errspec.MemberObject, Members: []errspec.Member{
		{Key: "code", Kind: errspec.MemberField, Field: errspec.FieldCode},
		{Key: "message", Kind: errspec.MemberField, Field: errspec.FieldMessage},
		{Key: "details", Kind: errspec.MemberObject, Members: []errspec.Member{
			{Kind: errspec.MemberSpread},
			{Key: "fix", Kind: errspec.MemberField, Field: errspec.FieldSuggestion},
		}},
	}},
	{Key: "ok", Kind: errspec.MemberConst, Const: "false"},
	{Key: "v", Kind: errspec.MemberConst, Const: "1.0"},
	{Key: "status", Kind: errspec.MemberField, Field: errspec.FieldHTTPStatus},
	{Key: "retry", Kind: errspec.MemberField, Field: errspec.FieldRetry},
	{Key: "after", Kind: errspec.MemberField, Field: errspec.FieldRetryAfter},
	{Key: "title", Kind: errspec.MemberField, Field: errspec.FieldTitle},
	{Key: "hint", Kind: errspec.MemberParam, Param: "hint"},
}

var codes = [...]errspec.CodeSpec{
	{Code: "ALL", Category: "validation", Title: "Every type", Retry: errspec.RetryAfterFix, HTTPStatus: 400,
		DocsURL: "https://docs.example.com/errors#all",
		Message: tmpl.Encode([]tmpl.Part{text("n="), param(0, tmpl.Text), text(" t="), param(1, tmpl.Text), text(" tj="), param(1, tmpl.JSON), text(" c="), param(2, tmpl.Text),
			text(" r="), param(3, tmpl.Text), text(" f="), param(4, tmpl.Text), text(" tier="), param(5, tmpl.OrHigher),
			text(" tags="), param(6, tmpl.And), text(" labels="), param(7, tmpl.Text), text(" obj="), param(8, tmpl.JSON)}),
		Detail: tmpl.Encode([]tmpl.Part{text("unit "), param(11, tmpl.Text), text(" list "), param(16, tmpl.Or),
			text(" objs "), param(9, tmpl.And), text(" obj "), param(8, tmpl.Text), text(" nested "), param(10, tmpl.Text)}),
		Suggestion: tmpl.Encode([]tmpl.Part{text("fix \x00 it")}),
		Params:     (*allParams)(nil)},
	{Code: "FIXED", Category: "internal", Title: "Fixed", Retryable: true, Retry: errspec.RetryAfterDelay, RetryAfter: 5, HTTPStatus: 500,
		Message: "Internal error", Suggestion: "Retry once."},
	{Code: "FLAT", Category: "conflict", Title: "Flat one", Retry: errspec.RetryNever, HTTPStatus: 409, Envelope: 1,
		Message: tmpl.Encode([]tmpl.Part{text("Thing "), param(0, tmpl.Text), text(" is flat")}),
		Params:  (*smallParams)(nil)},
	{Code: "PLAIN", Category: "conflict", Title: "Without params", Retry: errspec.RetryNever, HTTPStatus: 409, Envelope: 1,
		Message: "Nothing to say"},
}

var catalog = errspec.Catalog{
	Name:      "test",
	Codes:     codes[:],
	Envelopes: [][]errspec.Member{defaultEnvelope, flatEnvelope},
	Tiers:     []string{"Free", "Team", "Enterprise"},
	TierType:  (*tier)(nil),
}

var nestedCodes = [...]errspec.CodeSpec{
	{Code: "NESTED", Category: "conflict", Title: "Nested one", Retry: errspec.RetrySafe, RetryAfter: 2, HTTPStatus: 409,
		Message:    tmpl.Encode([]tmpl.Part{text("Thing "), param(0, tmpl.Text), text(" is busy")}),
		Suggestion: "Wait.", Params: (*smallParams)(nil)},
}

var nestedCatalog = errspec.Catalog{Name: "nested", Codes: nestedCodes[:], Envelopes: [][]errspec.Member{nestedEnvelope}}

// The same catalogs in the exact mode.
var (
	exactCatalog = errspec.Catalog{Name: "test", Codes: codes[:], Envelopes: catalog.Envelopes, Tiers: catalog.Tiers, TierType: catalog.TierType, Exact: true}
	exactNested  = errspec.Catalog{Name: "nested", Codes: nestedCodes[:], Envelopes: nestedCatalog.Envelopes, Exact: true}
)

// catalogOf returns the test catalog that declares code.
func catalogOf(code string) *errspec.Catalog {
	if nestedCatalog.Lookup(code) != nil {
		return &nestedCatalog
	}
	return &catalog
}

// newError builds an error as a generated constructor does.
func newError(code string, p, opts any) errspec.View {
	c := catalogOf(code)
	s := c.Lookup(code)
	v := errspec.View{Catalog: c, Spec: s, Code: code, Params: p}
	v.Message, v.Detail, v.Suggestion = c.New(s, p, opts)
	return v
}

func marshal(t *testing.T, v errspec.View) string {
	t.Helper()
	b, err := v.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b) {
		t.Fatalf("not JSON: %s", b)
	}
	return string(b)
}

func fullParams() *allParams {
	return &allParams{
		Name: "abcdefgh", Token: "secret", Count: 3, Ratio: 0.5, Flag: true, Tier: "Team",
		Tags: []string{"a", "b", "c"}, Labels: map[string]int{"z": 1, "a": 2},
		Obj:    object{Field: "f", Inner: &object{Field: "g", Tags: []string{"x"}}},
		Objs:   []object{{Field: "1"}, {Field: "2", Count: 7}},
		Nested: map[string][]bool{"k": {true, false}},
		Unit:   "apples",
	}
}

// TestLists fills the templates of a catalog that gives its own words for
// lists: every list of {p}, {p:and}, {p:or} and {tier:or_higher} takes
// them, and a word left "" keeps English's.
func TestLists(t *testing.T) {
	for _, tc := range []struct {
		lists           errspec.Lists
		message, detail string
	}{
		{errspec.Lists{And: " et ", Or: " ou "},
			"tier=Team ou Enterprise tags=a, b et c",
			"unit apples list Free ou Team objs 1 et 2 (7) obj f (g (x)) nested k: true, false"},
		{errspec.Lists{Separator: "、", And: "和", Or: "或"},
			"tier=Team或Enterprise tags=a、b和c",
			"unit apples list Free或Team objs 1和2 (7) obj f (g (x)) nested k: true、false"},
		{errspec.Lists{Separator: "; "},
			"tier=Team or Enterprise tags=a; b and c",
			"unit apples list Free or Team objs 1 and 2 (7) obj f (g (x)) nested k: true; false"},
	} {
		c := errspec.Catalog{Name: "test", Codes: codes[:], Envelopes: catalog.Envelopes, Tiers: catalog.Tiers, TierType: catalog.TierType, Lists: tc.lists}
		message, detail, _ := c.New(c.Lookup("ALL"), fullParams(), []allOptions{{List: []tier{"Free", "Team"}}})
		if !strings.Contains(message, tc.message) {
			t.Errorf("%+v: message %q, want it to hold %q", tc.lists, message, tc.message)
		}
		if detail != tc.detail {
			t.Errorf("%+v: detail %q, want %q", tc.lists, detail, tc.detail)
		}
	}
}

// TestListsObjectFields fills an object's fields after its first, in
// parentheses, joined with the catalog's separator, as the elements of a
// list are: "2 (7、y、z)" in Chinese, where they kept English's ", ".
func TestListsObjectFields(t *testing.T) {
	for _, tc := range []struct {
		lists errspec.Lists
		want  string
	}{
		{errspec.Lists{}, "objs 1 and 2 (n, 7, y, z) obj"},
		{errspec.Lists{Separator: "、", And: "和"}, "objs 1和2 (n、7、y、z) obj"},
	} {
		c := errspec.Catalog{Name: "test", Codes: codes[:], Envelopes: catalog.Envelopes, Tiers: catalog.Tiers, TierType: catalog.TierType, Lists: tc.lists}
		params := fullParams()
		params.Objs = []object{{Field: "1"}, {Field: "2", Note: "n", Count: 7, Tags: []string{"y", "z"}}}
		_, detail, _ := c.New(c.Lookup("ALL"), params, nil)
		if !strings.Contains(detail, tc.want) {
			t.Errorf("%+v: detail %q, want it to hold %q", tc.lists, detail, tc.want)
		}
	}
}

func TestNewAndMarshal(t *testing.T) {
	v := newError("ALL", fullParams(), []allOptions{{Note: "first"}, {Num: 9, List: []tier{"Free", "Team"}, Map: map[string]string{"b": "<&>"}}})
	if want := `n=abcd… t=[redacted] tj="[redacted]" c=3 r=0.5 f=true tier=Team or Enterprise tags=a, b and c labels=a: 2; z: 1 obj={"field":"f","inner":{"field":"g","tags":["x"]}}`; v.Message != want {
		t.Errorf("message\n got %s\nwant %s", v.Message, want)
	}
	if want := "unit apples list Free or Team objs 1 and 2 (7) obj f (g (x)) nested k: true, false"; v.Detail != want {
		t.Errorf("detail %q, want %q", v.Detail, want)
	}
	if want := "fix \x00 it"; v.Suggestion != want {
		t.Errorf("suggestion %q, want %q", v.Suggestion, want)
	}
	got := marshal(t, v)
	want := `{"code":"ALL","category":"validation","message":` + string(mustJSON(v.Message)) + `,"detail":"unit apples list Free or Team objs 1 and 2 (7) obj f (g (x)) nested k: true, false","suggestion":"fix \u0000 it","retryable":false,"docs_url":"https://docs.example.com/errors#all",` +
		`"params":{"name":"abcd…","token":"[redacted]","count":3,"ratio":0.5,"flag":true,"tier":"Team","tags":["a","b","c"],"labels":{"a":2,"z":1},` +
		`"obj":{"field":"f","inner":{"field":"g","tags":["x"]}},"objs":[{"field":"1"},{"field":"2","count":7}],"nested":{"k":[true,false]},` +
		`"num":9,"list":["Free","Team"],"map":{"b":"<&>"}}}`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("wire (-want +got):\n%s", diff)
	}
}

func mustJSON(s string) []byte {
	b, _ := json.Marshal(s)
	return bytes.ReplaceAll(bytes.ReplaceAll(bytes.ReplaceAll(b, []byte(`\u003c`), []byte("<")), []byte(`\u003e`), []byte(">")), []byte(`\u0026`), []byte("&"))
}

func TestNilListsAndMaps(t *testing.T) {
	v := newError("ALL", &allParams{Tier: "Free"}, nil)
	got := marshal(t, v)
	if !strings.Contains(got, `"tags":[],"labels":{},"obj":{"field":""},"objs":[],"nested":{}`) {
		t.Errorf("nil lists and maps are not [] and {}: %s", got)
	}
}

func TestFixed(t *testing.T) {
	v := newError("FIXED", nil, nil)
	if v.Message != "Internal error" || v.Suggestion != "Retry once." {
		t.Errorf("texts %q %q", v.Message, v.Suggestion)
	}
	want := `{"code":"FIXED","category":"internal","message":"Internal error","suggestion":"Retry once.","retryable":true}`
	if got := marshal(t, v); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestNested(t *testing.T) {
	v := newError("NESTED", &smallParams{ID: "x"}, nil)
	want := `{"error":{"code":"NESTED","message":"Thing x is busy","details":{"id":"x","fix":"Wait."}},"ok":false,"v":1.0,"status":409,"retry":"safe","after":2,"title":"Nested one"}`
	if got := marshal(t, v); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	v = newError("NESTED", &smallParams{ID: "x", Hint: "h"}, nil)
	v.Status = 429
	want = `{"error":{"code":"NESTED","message":"Thing x is busy","details":{"id":"x","fix":"Wait."}},"ok":false,"v":1.0,"status":429,"retry":"safe","after":2,"title":"Nested one","hint":"h"}`
	if got := marshal(t, v); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// roundTrip marshals v, parses it and marshals the result again.
func roundTrip(t *testing.T, v errspec.View) errspec.View {
	t.Helper()
	first := marshal(t, v)
	p, err := v.Catalog.Parse([]byte(first))
	if err != nil {
		t.Fatalf("Parse(%s): %v", first, err)
	}
	if again := marshal(t, p); again != first {
		t.Errorf("marshal, Parse, marshal:\n%s\n%s", first, again)
	}
	return p
}

func TestRoundTrip(t *testing.T) {
	p := roundTrip(t, newError("ALL", fullParams(), []allOptions{{Note: "n", Real: 1.5, On: true, Ptr: &object{Field: "p"}}}))
	got := p.Params.(*allParams)
	if got.Name != "abcd…" || got.Token != errspec.Redacted || got.Unit != "" || got.Ptr.Field != "p" || !got.On {
		t.Errorf("parsed params %+v", got)
	}
	roundTrip(t, newError("FIXED", nil, nil))
	roundTrip(t, newError("FLAT", &smallParams{ID: "y", Hint: "z"}, nil))
	// A code without params in an envelope that spreads them.
	roundTrip(t, newError("PLAIN", nil, nil))
	n := newError("NESTED", &smallParams{ID: "x", Hint: "h"}, nil)
	n.Status = 503
	if p := roundTrip(t, n); p.Status != 503 || p.HTTPStatus() != 503 {
		t.Errorf("status %d", p.Status)
	}
	if p := roundTrip(t, newError("NESTED", &smallParams{ID: "x"}, nil)); p.Status != 0 {
		t.Errorf("the code's own status read back as set: %d", p.Status)
	}
	// Strings that are not UTF-8, and text a client must not see raw,
	// come back as the same bytes.
	for _, s := range []string{"r\xe9sum\xe9", "\xed\xa0\x80", "cut \xe2\x82", "\x00\x1b[31m\u2028\ufffd", "\"\\</>&"} {
		p := fullParams()
		p.Name, p.Tags, p.Labels, p.Obj.Field, p.Obj.Inner = s, []string{s}, map[string]int{s: 1}, s, nil
		roundTrip(t, newError("ALL", p, []allOptions{{Note: s, Map: map[string]string{s: s}}}))
		roundTrip(t, newError("FLAT", &smallParams{ID: s, Hint: s}, nil))
	}
}

func TestParseFillsTexts(t *testing.T) {
	v, err := nestedCatalog.Parse([]byte(`{"error":{"code":"NESTED","message":"Other text","details":{"id":"q"}},"ok":false,"v":1,"status":409,"retry":"safe","after":2.0,"title":"Nested one"}`))
	if err != nil {
		t.Fatal(err)
	}
	if v.Message != "Other text" || v.Suggestion != "Wait." {
		t.Errorf("texts %q %q", v.Message, v.Suggestion)
	}
}

func TestParseAccepts(t *testing.T) {
	base := `"code":"ALL","category":"validation","message":"m","retryable":false,"docs_url":"https://docs.example.com/errors#all"`
	params := `"name":"abc","token":"[redacted]","count":1,"ratio":1,"flag":false,"tier":"Free","tags":[],"labels":{},"obj":{"field":""},"objs":[],"nested":{}`
	for _, in := range []string{
		`{` + base + `,"params":{` + params + `}}`,
		` { ` + base + ` , "params" : { ` + params + ` } } `,
		`{` + base + `,"params":{` + params + `},"extra":{"a":[1,2,{}]}}`,                          // unknown members are ignored
		`{` + base + `,"params":{` + params + `,"new_param":1}}`,                                   // so are unknown params
		`{` + base + `,"params":{` + strings.Replace(params, `"count":1`, `"count":1e2`, 1) + `}}`, // an integer written with an exponent
		`{` + base + `,"params":{` + strings.Replace(params, `"count":1`, `"count":-0.0`, 1) + `}}`,
		`{` + base + `,"params":{` + strings.Replace(params, `"name":"abc"`, `"name":"a\u00e9\ud83d\ude00b"`, 1) + `}}`,
		`{` + base + `,"params":{` + params + `,"note":"x","num":-1,"real":1e-3,"on":true,"list":["Team"],"map":{"a":""},"ptr":{"field":"f","note":"n","unknown":1}}}`,
	} {
		if _, err := catalog.Parse([]byte(in)); err != nil {
			t.Errorf("Parse(%s): %v", in, err)
		}
	}
}

func TestParseRejects(t *testing.T) {
	base := `"code":"ALL","category":"validation","message":"m","retryable":false,"docs_url":"https://docs.example.com/errors#all"`
	params := `"name":"abc","token":"[redacted]","count":1,"ratio":1,"flag":false,"tier":"Free","tags":[],"labels":{},"obj":{"field":""},"objs":[],"nested":{}`
	all := func(repl ...string) string {
		b, p := base, params
		for i := 0; i < len(repl); i += 2 {
			b = strings.Replace(b, repl[i], repl[i+1], 1)
			p = strings.Replace(p, repl[i], repl[i+1], 1)
		}
		return `{` + b + `,"params":{` + p + `}}`
	}
	nested := `{"error":{"code":"NESTED","message":"m","details":{"id":"x"}},"ok":false,"v":1.0,"status":409,"retry":"safe","after":2,"title":"Nested one"}`
	flat := `{"code":"FLAT","error":"m","id":"x","ok":false,"v":1.0,"kind":"err"}`
	for _, tt := range []struct{ in, want string }{
		{``, "invalid JSON at byte 0: unexpected end of the text"},
		{`[]`, "wrong type: an array, want an object"},
		{`{"code":1}`, "code: wrong type: a number, want a string"},
		{`{"message":"x"}`, "no code at code"},
		{all() + `x`, "invalid JSON at byte 274: text after the value"},
		{all(`"m"`, `""`), "message: an empty string"},
		{all(`"validation"`, `"limit"`), `category: "limit", want "validation" for ALL`},
		{all(`"retryable":false`, `"retryable":true`), "retryable: true, want false for ALL"},
		{all(`"count":1`, `"count":1.5`), "params.count: 1.5 is not an integer"},
		{all(`"count":1`, `"count":"1"`), "params.count: wrong type: a string, want an integer"},
		{all(`"count":1`, `"count":9223372036854775808`), "params.count: 9223372036854775808 does not fit a " + strconv.Itoa(strconv.IntSize) + "-bit integer"},
		{all(`"ratio":1`, `"ratio":1e400`), "params.ratio: 1e400 does not fit a 64-bit float"},
		{all(`"ratio":1`, `"ratio":1.7976931348623158e308`), "params.ratio: 1.7976931348623158e308 does not fit a 64-bit float"},
		{all(`"tier":"Free"`, `"tier":"Gold"`), `params.tier: "Gold" is not a tier of test`},
		{all(`"name":"abc"`, `"name":"abcdef"`), "params.name: a string of 6 characters, longer than 5"},
		{all(`"token":"[redacted]"`, `"token":"secret"`), `params.token: "secret", want "[redacted]" for ALL`},
		{all(`"tags":[]`, `"tags":null`), "params.tags: wrong type: null, want an array"},
		{all(`"tags":[]`, `"tags":[1]`), "params.tags[0]: wrong type: a number, want a string"},
		{all(`"obj":{"field":""}`, `"obj":{}`), "params.obj.field is missing"},
		{all(`"objs":[]`, `"objs":[{"field":1}]`), "params.objs[0].field: wrong type: a number, want a string"},
		{all(`"nested":{}`, `"nested":{"a":[1]}`), "params.nested.a[0]: wrong type: a number, want a boolean"},
		{all(`"labels":{}`, `"labels":{"a":1,"a":2}`), "params.labels.a: the key is repeated"},
		{all(`"count":1`, `"count":1,"count":2`), "params.count: the key is repeated"},
		{all(`"message":"m"`, `"message":"m","message":"n"`), "message: the key is repeated"},
		{all(`"tier":"Free"`, `"tier":"Free","note":""`), "params.note: an empty string"},
		{all(`"tier":"Free"`, `"tier":"Free","num":0`), "params.num: 0, which is left off the wire"},
		{all(`"tier":"Free"`, `"tier":"Free","real":-0e5`), "params.real: 0, which is left off the wire"},
		{all(`"tier":"Free"`, `"tier":"Free","on":false`), "params.on: false, which is left off the wire"},
		{all(`"tier":"Free"`, `"tier":"Free","list":[]`), "params.list: an empty list"},
		{all(`"tier":"Free"`, `"tier":"Free","map":{}`), "params.map: an empty object"},
		{all(`"tier":"Free"`, `"tier":"Free","ptr":{"field":"f","count":0}`), "params.ptr.count: 0, which is left off the wire"},
		{all(`"tier":"Free"`, `"tier":"Free","ptr":null`), "params.ptr: wrong type: null, want an object"},
		{strings.Replace(all(), `"flag":false,`, ``, 1), "params.flag is missing"},
		{`{` + base + `}`, "params is missing"},
		{strings.Replace(flat, `"ok":false`, `"ok":0`, 1), "ok: 0, want false"},
		{strings.Replace(flat, `"v":1.0`, `"v":1.5`, 1), "v: 1.5, want 1.0"},
		{strings.Replace(flat, `"kind":"err"`, `"kind":"er"`, 1), `kind: "er", want "\u0065rr"`},
		{strings.Replace(flat, `"id":"x",`, ``, 1), "id is missing"},
		{strings.Replace(flat, `"id":"x"`, `"id":"x","hint":""`, 1), "hint: an empty string"},
		{strings.Replace(flat, `"id":"x"`, `"id":"x","id":"y"`, 1), "id: the key is repeated"},
		{strings.Replace(nested, `"status":409`, `"status":600`, 1), "status: HTTP status 600, not from 100 to 599"},
		{strings.Replace(nested, `"status":409`, `"status":99`, 1), "status: HTTP status 99, not from 100 to 599"},
		{strings.Replace(nested, `"after":2`, `"after":0`, 1), "after: 0 seconds, fewer than 1"},
		{strings.Replace(nested, `"retry":"safe"`, `"retry":"never"`, 1), `retry: "never", want "safe" for NESTED`},
		{strings.Replace(nested, `"title":"Nested one"`, `"title":""`, 1), "title: an empty string"},
		{strings.Replace(nested, `"details":{"id":"x"}`, `"details":{}`, 1), "error.details.id is missing"},
		{strings.Replace(nested, `"title":"Nested one"`, `"title":"Nested one","hint":""`, 1), "hint: an empty string"},
		{`{"error":{"code":"NESTED","message":"m","details":{"id":"x"}},"error":{"code":"NESTED"}}`, "error: the key is repeated"},
		{strings.Repeat(`{"a":`, 20000) + strings.Repeat(`}`, 20000), "invalid JSON at byte 50000: nested too deeply"},
		{"{\"code\":\"ALL\x01\"}", "code: invalid JSON at byte 12: a control character in a string"},
		{`{"code":"ALL","message":"\x"}`, "invalid JSON at byte 26: invalid escape"},
		{`{"code":"NO","message":""}`, "message: an empty string"},
		{`{"code":"NO","retryable":1}`, "retryable: wrong type: a number, want a boolean"},
		{`{"code":"NO","params":[]}`, "params: wrong type: an array, want an object"},
		{`{"code":"NO","params":{"a":1,"a":2}}`, "params.a: the key is repeated"},
		// A key of the wire that is not a name is quoted: it cannot pass
		// for two steps of the path, or put a control character in the
		// error.
		{all(`"labels":{}`, `"labels":{"a.b":"x"}`), `params.labels["a.b"]: wrong type: a string, want an integer`},
		{all(`"labels":{}`, `"labels":{"x\u001b[31m":"x"}`), `params.labels["x\x1b[31m"]: wrong type: a string, want an integer`},
		{all(`"labels":{}`, `"labels":{"":"x"}`), `params.labels[""]: wrong type: a string, want an integer`},
		{all(`"objs":[]`, `"objs":[{"field":""},{}]`), "params.objs[1].field is missing"},
		{`{"code":"NO","params":{"a b":1,"a b":2}}`, `params["a b"]: the key is repeated`},
	} {
		c := &catalog
		if strings.HasPrefix(tt.in, `{"error":{`) {
			c = &nestedCatalog
		}
		_, err := c.Parse([]byte(tt.in))
		if want := c.Name + ": parsing an error: " + tt.want; err == nil || err.Error() != want {
			in := tt.in
			if len(in) > 200 {
				in = in[:200] + "…"
			}
			t.Errorf("Parse(%s) = %v, want %q", in, err, want)
		}
	}
}

// TestParseNoCode checks that Parse says, with errspec.ErrNoCode, of
// JSON that holds no code where the envelopes put it (the error body of
// a server that is not errspec's) that it holds none, and of JSON that
// holds a code but is wrong, or is no JSON, only what is wrong.
func TestParseNoCode(t *testing.T) {
	for _, tt := range []struct {
		c    *errspec.Catalog
		in   string
		want bool
	}{
		{&catalog, `[]`, true},
		{&catalog, `null`, true},
		{&catalog, `"Not Found"`, true},
		{&catalog, `{"message":"x"}`, true},
		{&catalog, `{"code":40401,"message":"x"}`, true},
		{&catalog, `{"code":"","message":"x"}`, true},
		{&nestedCatalog, `{"error":{"code":""}}`, true},
		{&nestedCatalog, `{"error":"not found"}`, true},
		{&nestedCatalog, `{"error":{"message":"x"}}`, true},
		{&catalog, `<html>`, false},
		{&catalog, `{"code":"NO","params":[]}`, false},
		{&catalog, `{"code":"ALL"}`, false},
	} {
		_, err := tt.c.Parse([]byte(tt.in))
		if err == nil || errors.Is(err, errspec.ErrNoCode) != tt.want {
			t.Errorf("Parse(%s) = %v, want ErrNoCode in its chain: %t", tt.in, err, tt.want)
		}
	}
	if _, err := catalog.ParseParams("", nil); !errors.Is(err, errspec.ErrNoCode) {
		t.Errorf("ParseParams without a code = %v, want ErrNoCode in its chain", err)
	}
}

// TestParseExact checks what the exact mode rejects and the compatible
// one accepts: keys and codes this version does not send, and a title,
// docs URL or retry-after other than the catalog's.
func TestParseExact(t *testing.T) {
	base := `"code":"ALL","category":"validation","message":"m","retryable":false,"docs_url":"https://docs.example.com/errors#all"`
	params := `"name":"abc","token":"[redacted]","count":1,"ratio":1,"flag":false,"tier":"Free","tags":[],"labels":{},"obj":{"field":""},"objs":[],"nested":{}`
	nested := `{"error":{"code":"NESTED","message":"m","details":{"id":"x"}},"ok":false,"v":1.0,"status":409,"retry":"safe","after":2,"title":"Nested one"}`
	for _, tt := range []struct {
		c      *errspec.Catalog
		in     string
		reject string // what the exact mode says
	}{
		{&catalog, `{` + base + `,"params":{` + params + `},"extra":1}`, "extra: a key ALL does not send"},
		{&catalog, `{` + base + `,"params":{` + params + `,"new":1}}`, "params.new: a key ALL does not send"},
		{&catalog, `{` + base + `,"params":{` + strings.Replace(params, `"field":""`, `"field":"","x":2`, 1) + `}}`, "x: a key ALL does not send"},
		{&catalog, `{` + strings.Replace(base, `#all`, `#other`, 1) + `,"params":{` + params + `}}`, "docs_url"},
		{&catalog, `{"code":"FIXED","category":"internal","message":"m","retryable":true,"docs_url":"https://x"}`, "docs_url: a key FIXED does not send"},
		{&catalog, `{"code":"NEW","category":"c","message":"m","retryable":true}`, `unknown code "NEW"`},
		{&nestedCatalog, strings.Replace(nested, `"after":2`, `"after":3`, 1), "after: 3, want 2"},
		{&nestedCatalog, strings.Replace(nested, `"title":"Nested one"`, `"title":"x"`, 1), `title: "x", want "Nested one"`},
		{&nestedCatalog, strings.Replace(nested, `"hint"`, `"hint"`, 1)[:len(nested)-1] + `,"more":[]}`, "more: a key NESTED does not send"},
		// An error of a server of an older version, whose envelope did not
		// have a member this one has: a value, or a constant.
		{&catalog, `{"code":"ALL","params":{` + params + `}}`, "category is missing"},
		{&catalog, `{` + strings.Replace(base, `"message":"m",`, ``, 1) + `,"params":{` + params + `}}`, "message is missing"},
		{&nestedCatalog, `{"error":{"code":"NESTED","details":{"id":"x"}}}`, "error.message is missing"},
		{&nestedCatalog, `{"error":{"code":"NESTED","message":"m","details":{"id":"x"}},"ok":false,"v":1.0}`, "status is missing"},
		{&nestedCatalog, strings.Replace(nested, `"ok":false,"v":1.0,`, ``, 1), "ok is missing"},
	} {
		if _, err := tt.c.Parse([]byte(tt.in)); err != nil {
			t.Errorf("compatible Parse(%s): %v", tt.in, err)
		}
		exact := &exactCatalog
		if tt.c == &nestedCatalog {
			exact = &exactNested
		}
		if _, err := exact.Parse([]byte(tt.in)); err == nil || !strings.Contains(err.Error(), tt.reject) {
			t.Errorf("exact Parse(%s) = %v, want an error with %q", tt.in, err, tt.reject)
		}
	}
}

// TestParseOlderEnvelope reads, in the compatible mode, the error of a
// server of an older version whose envelope had none of the members this
// version added: what follows from the code is the catalog's, the texts
// are filled in from the templates.
func TestParseOlderEnvelope(t *testing.T) {
	v, err := nestedCatalog.Parse([]byte(`{"error":{"code":"NESTED","details":{"id":"x"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !v.Known() || v.Message != "Thing x is busy" || v.Suggestion != "Wait." || v.Category() != "conflict" || v.Title() != "Nested one" ||
		v.Retry() != errspec.RetrySafe || v.RetryAfter() != 2*time.Second || v.HTTPStatus() != 409 {
		t.Errorf("an error without the members an older envelope did not have: %+v", v)
	}
}

func TestParseUnknownCode(t *testing.T) {
	in := `{"code":"NEW_CODE","category":"validation","message":"A newer error","suggestion":"Do x.","retryable":true,"docs_url":"https://docs.example.com/errors#new_code","params":{"a":1,"b":["x"]},"extra":true}`
	v, err := catalog.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if v.Known() || v.Code != "NEW_CODE" || v.Message != "A newer error" || v.Suggestion != "Do x." || !v.Retryable() ||
		v.Category() != "validation" || v.DocsURL() != "https://docs.example.com/errors#new_code" || v.HTTPStatus() != 500 {
		t.Errorf("unknown code read as %+v %+v", v, v.Unknown)
	}
	if got := string(v.Params.(errspec.RawParams)); got != `{"a":1,"b":["x"]}` {
		t.Errorf("raw params %s", got)
	}
	want := `{"code":"NEW_CODE","category":"validation","message":"A newer error","suggestion":"Do x.","retryable":true,"docs_url":"https://docs.example.com/errors#new_code","params":{"a":1,"b":["x"]}}`
	if got := marshal(t, v); got != want {
		t.Errorf("marshal of an unknown code\n got %s\nwant %s", got, want)
	}
	if got := v.ParamStrings(); !cmp.Equal(got, map[string]string{"a": "1", "b": `["x"]`}) {
		t.Errorf("ParamStrings %v", got)
	}
	// Bytes that are not UTF-8 in the params of an unknown code read as
	// U+FFFD, as in every other string, so that what Parse read marshals
	// to JSON text, which is UTF-8.
	v, err = catalog.Parse([]byte("{\"code\":\"NEW_CODE\",\"category\":\"c\",\"message\":\"m\",\"retryable\":true,\"params\":{\"a\":\"x\xffy\",\"b\":[\"\xed\xa0\x80\",{\"c\\u00e9\":\"\\ud800\"}]}}"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(v.Params.(errspec.RawParams)), strings.ReplaceAll(`{"a":"x?y","b":["???",{"c\u00e9":"\ud800"}]}`, "?", "\uFFFD"); got != want {
		t.Errorf("raw params of bytes not UTF-8\n got %s\nwant %s", got, want)
	}
	// Raw params are written as they are, so they must be what Parse
	// reads: one JSON object, no key repeated.
	for _, raw := range []string{`{"a":1,"a":2}`, `{"a":{"b":1,"b":1}}`, `{"a":1`, `{"a":1}x`, `[1]`, `"x"`, `{"a":1},{"b":2}`} {
		bad := v
		bad.Params = errspec.RawParams(raw)
		if _, err := bad.AppendJSON(nil); err == nil || !strings.Contains(err.Error(), "params") {
			t.Errorf("raw params %s marshal: %v", raw, err)
		}
	}
	// What the default envelope always writes is required.
	v, err = catalog.Parse([]byte(`{"code":"BARE","category":"c","message":"m","retryable":false}`))
	if err != nil || v.Code != "BARE" || v.Params != nil {
		t.Errorf("bare unknown code: %+v %v", v, err)
	}
	for _, tt := range []struct{ in, want string }{
		{`{"code":"BARE","message":"m","retryable":false}`, "category is missing"},
		{`{"code":"BARE","category":"c","message":"m","retryable":false,"retry_after":0}`, ""}, // not a place of this envelope
		{`{"code":"BARE","category":"c","message":"m","retryable":false,"docs_url":""}`, "docs_url: an empty string"},
	} {
		if _, err := catalog.Parse([]byte(tt.in)); (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%s) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
	// A newer code may come in any envelope of the catalog, and is
	// written back in the one it came in.
	flat := `{"code":"NEWER","error":"m","x":1,"ok":false,"v":1.0,"kind":"\u0065rr"}`
	v, err = catalog.Parse([]byte(flat))
	if err != nil || v.Unknown.Envelope != 1 || v.Message != "m" || string(v.Params.(errspec.RawParams)) != `{"x":1}` {
		t.Errorf("unknown code of the flat envelope: %+v %+v %v", v, v.Unknown, err)
	} else if got := marshal(t, v); got != flat {
		t.Errorf("marshal of an unknown code of the flat envelope\n got %s\nwant %s", got, flat)
	}
	nested := `{"error":{"code":"NEW","message":"m","details":{"a":1,"fix":"f"}},"ok":false,"v":1,"status":418,"retry":"later","after":7,"title":"T","hint":"h"}`
	if _, err := nestedCatalog.Parse([]byte(strings.Replace(nested, `"ok":false`, `"ok":true`, 1))); err == nil || !strings.Contains(err.Error(), "ok: true, want false") {
		t.Errorf("a constant of the envelope: %v", err)
	}
	if _, err := nestedCatalog.Parse([]byte(strings.Replace(nested, `"after":7`, `"after":0`, 1))); err == nil || !strings.Contains(err.Error(), "after: 0 seconds") {
		t.Errorf("retry-after of 0: %v", err)
	}
	// A retry-after is at most what a catalog may set, so that it fits
	// a time.Duration: 9223372037 seconds made it negative.
	for _, after := range []string{"2147483648", "9223372037", "9223372036854775807"} {
		if _, err := nestedCatalog.Parse([]byte(strings.Replace(nested, `"after":7`, `"after":`+after, 1))); err == nil || !strings.Contains(err.Error(), "after: "+after+" seconds, more than 2147483647") {
			t.Errorf("retry-after of %s: %v", after, err)
		}
	}
	if v, err := nestedCatalog.Parse([]byte(strings.Replace(nested, `"after":7`, `"after":2147483647`, 1))); err != nil || v.RetryAfter() != errspec.MaxRetryAfter*time.Second {
		t.Errorf("retry-after of 2147483647: %v, %v", v.RetryAfter(), err)
	}
	v, err = nestedCatalog.Parse([]byte(nested))
	if err != nil {
		t.Fatal(err)
	}
	if v.Suggestion != "f" || v.HTTPStatus() != 418 || v.RetryAfter().Seconds() != 7 || v.Title() != "T" || v.Retry() != "later" || string(v.Params.(errspec.RawParams)) != `{"a":1,"hint":"h"}` {
		t.Errorf("unknown code of a nested envelope: %+v %+v %s", v, v.Unknown, v.Params)
	}
}

// TestParseUnknownCodePlacedParam: where an envelope puts the params it
// does not place one by one, a key that names a param it places is no
// param of an unknown code, as it is none of a known one: Parse ignores
// it, as the JSON Schema does, and the placed param is read from its
// place.
// TestRawParamsShown checks that the params of a code the catalog does
// not know, which a client of an older version of the catalog reads from
// a newer server, show as the JSON object the wire carried wherever a
// client passes them on: encoding/json (a struct that holds them, a log
// handler), fmt and log/slog's text, and back through encoding/json.
func TestRawParamsShown(t *testing.T) {
	in := `{"code":"NEW_CODE","category":"validation","message":"A newer error","retryable":true,"params":{"a":1,"b":["x"],"c":{"d":null}}}`
	v, err := catalog.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"a":1,"b":["x"],"c":{"d":null}}`
	b, err := json.Marshal(v.Params)
	if err != nil || string(b) != want {
		t.Errorf("json.Marshal of the raw params: %s, %v; want %s", b, err, want)
	}
	type forwarded struct {
		Code   string
		Params any
		Raw    errspec.RawParams
		None   errspec.RawParams
	}
	b, err = json.Marshal(forwarded{Code: v.Code, Params: v.Params, Raw: v.Params.(errspec.RawParams)})
	wantStruct := `{"Code":"NEW_CODE","Params":` + want + `,"Raw":` + want + `,"None":null}`
	if err != nil || string(b) != wantStruct {
		t.Errorf("json.Marshal of a struct holding the raw params:\n got %s, %v\nwant %s", b, err, wantStruct)
	}
	var back forwarded
	if err := json.Unmarshal(b, &back); err != nil || string(back.Raw) != want || back.None != nil {
		t.Errorf("json.Unmarshal of the raw params: %q %q, %v", back.Raw, back.None, err)
	}
	if err := json.Unmarshal([]byte(`{"Raw":[1]}`), &back); err == nil {
		t.Errorf("json.Unmarshal of raw params that are no object: no error")
	}
	for _, verb := range []string{"%v", "%s", "%+v"} {
		if got := fmt.Sprintf(verb, v.Params); got != want {
			t.Errorf("fmt %s of the raw params: %s, want %s", verb, got, want)
		}
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("failed", "params", v.Params)
	if !strings.Contains(logged.String(), `"params":`+want) {
		t.Errorf("slog's JSON handler wrote the raw params as %s", logged.String())
	}
	logged.Reset()
	slog.New(slog.NewTextHandler(&logged, nil)).Info("failed", "params", v.Params)
	if !strings.Contains(logged.String(), `params="{\"a\":1`) {
		t.Errorf("slog's text handler wrote the raw params as %s", logged.String())
	}
}

func TestParseUnknownCodePlacedParam(t *testing.T) {
	params := errspec.Catalog{Name: "params", Codes: nestedCodes[:], Envelopes: [][]errspec.Member{{
		{Key: "code", Kind: errspec.MemberField, Field: errspec.FieldCode},
		{Key: "message", Kind: errspec.MemberField, Field: errspec.FieldMessage},
		{Key: "params", Kind: errspec.MemberParams},
		{Key: "hint", Kind: errspec.MemberParam, Param: "hint"},
	}}}
	for _, tt := range []struct {
		c        *errspec.Catalog
		in, want string
	}{
		{&nestedCatalog, `{"error":{"code":"NEW","message":"m","details":{"a":1,"hint":"d"}},"ok":false,"v":1,"status":418,"retry":"later","title":"T","hint":"h"}`,
			`{"error":{"code":"NEW","message":"m","details":{"a":1}},"ok":false,"v":1.0,"status":418,"retry":"later","title":"T","hint":"h"}`},
		{&nestedCatalog, `{"error":{"code":"NEW","message":"m","details":{"hint":"d"}},"ok":false,"v":1,"status":418,"retry":"later","title":"T"}`,
			`{"error":{"code":"NEW","message":"m"},"ok":false,"v":1.0,"status":418,"retry":"later","title":"T"}`},
		{&params, `{"code":"NEW","message":"m","params":{"hint":"d","a":1},"hint":"h"}`, `{"code":"NEW","message":"m","params":{"a":1},"hint":"h"}`},
		{&params, `{"code":"NEW","message":"m","params":{"hint":"d"}}`, `{"code":"NEW","message":"m"}`},
	} {
		v, err := tt.c.Parse([]byte(tt.in))
		if err != nil {
			t.Errorf("Parse(%s): %v", tt.in, err)
			continue
		}
		if got := marshal(t, v); got != tt.want {
			t.Errorf("Parse(%s) marshals to\n%s\nwant\n%s", tt.in, got, tt.want)
		}
	}
	// The key is still one of its object, which must not repeat it.
	for _, in := range []string{
		`{"error":{"code":"NEW","message":"m","details":{"hint":"d","hint":"d"}},"ok":false,"v":1,"status":418,"retry":"later","title":"T"}`,
		`{"code":"NEW","message":"m","params":{"hint":"d","hint":"d"}}`,
	} {
		c := &nestedCatalog
		if strings.HasPrefix(in, `{"code"`) {
			c = &params
		}
		if _, err := c.Parse([]byte(in)); err == nil || !strings.Contains(err.Error(), "hint: the key is repeated") {
			t.Errorf("Parse(%s) = %v, want the key repeated", in, err)
		}
	}
}

func TestErrorText(t *testing.T) {
	v := newError("NESTED", &smallParams{ID: "x"}, nil)
	if got := v.ErrorText(); got != "NESTED: Thing x is busy" {
		t.Errorf("ErrorText %q", got)
	}
	v.Cause = fmt.Errorf("dial: refused")
	if got := v.ErrorText(); got != "NESTED: Thing x is busy: dial: refused" {
		t.Errorf("ErrorText with a cause %q", got)
	}
	c := errspec.Catalog{Name: catalog.Name, Codes: catalog.Codes, Envelopes: catalog.Envelopes}
	c.ErrorText = tmpl.Encode([]tmpl.Part{text("["), {Holder: true, Param: -1, Field: int(errspec.FieldCode)}, text("] "),
		{Holder: true, Param: -1, Field: int(errspec.FieldMessage)}, text(" ("), {Holder: true, Param: -1, Field: int(errspec.FieldSuggestion)}, text(")")})
	v.Catalog, v.Spec, v.Cause = &c, nil, nil
	if got := v.ErrorText(); got != "[NESTED] Thing x is busy (Wait.)" {
		t.Errorf("ErrorText of a template %q", got)
	}
}

func TestTerminalText(t *testing.T) {
	v := newError("NESTED", &smallParams{ID: "x\x1b[31m\u202e\n"}, nil)
	v.Detail = "line\r\nnext\u200b tag\U000E0041\U000E007F \U0001D173"
	got := v.Text()
	want := "error NESTED: Thing x\\x1b[31m\\u202e\\n is busy\n" +
		"  detail: line\\r\\nnext\\u200b tag\\U000e0041\\U000e007f \\U0001d173\n" +
		"  fix: Wait.\n"
	if got != want {
		t.Errorf("Text\n got %q\nwant %q", got, want)
	}

	// Joiners that are text stay; the others are escaped.
	v.Detail = "می\u200cتوانم क्\u200dष 👩\u200d💻 a\u200cb \u200dx\u200d"
	want = "  detail: می\u200cتوانم क्\u200dष 👩\u200d💻 a\\u200cb \\u200dx\\u200d\n"
	if got := v.Text(); !strings.Contains(got, want) {
		t.Errorf("Text\n got %q\nwant a line %q", got, want)
	}
}

func TestLogValue(t *testing.T) {
	v := newError("ALL", fullParams(), nil)
	v.Detail = "while charging order 7"
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}})).Info("failed", "err", v)
	got := buf.String()
	for _, want := range []string{"err.code=ALL", "err.category=validation", "err.retryable=false", "err.params.token=[redacted]",
		"err.params.count=3", `err.params.tags="[\"a\",\"b\",\"c\"]"`, `err.params.name=abcd…`,
		`err.detail="while charging order 7"`} {
		if !strings.Contains(got, want) {
			t.Errorf("log line lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "secret") || strings.Contains(got, "apples") {
		t.Errorf("log line holds a sensitive or unsent param:\n%s", got)
	}
	buf.Reset()
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("failed", "err", v)
	if !strings.Contains(buf.String(), `"tags":["a","b","c"]`) {
		t.Errorf("JSON log does not hold params as JSON: %s", buf.String())
	}
}

// TestLogValueByKind checks that a param that is no scalar logs as its
// JSON text also where a handler converts a value by its reflect kind, as
// OpenTelemetry's slog bridge does (a struct with fmt's %+v, a slice
// element by element): as a value that is no slice, array or map, which
// fmt writes as that text.
func TestLogValueByKind(t *testing.T) {
	raw, err := catalog.Parse([]byte(`{"code":"NEWER","category":"validation","message":"m","retryable":false,"params":{"l":["a"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		v         errspec.View
		key, want string
	}{
		{newError("ALL", fullParams(), nil), "tags", `["a","b","c"]`},
		{newError("ALL", fullParams(), nil), "labels", `{"a":2,"z":1}`},
		{raw, "l", `["a"]`},
	} {
		var got *slog.Value
		for _, a := range tt.v.LogValue().Group() {
			if a.Key != "params" {
				continue
			}
			for _, p := range a.Value.Group() {
				if p.Key == tt.key {
					got = &p.Value
				}
			}
		}
		if got == nil {
			t.Fatalf("%s: no param %s in %v", tt.v.Code, tt.key, tt.v.LogValue())
		}
		switch k := reflect.ValueOf(got.Any()).Kind(); k {
		case reflect.Slice, reflect.Array, reflect.Map:
			t.Errorf("%s: the param %s logs as a %v", tt.v.Code, tt.key, k)
		}
		if s := fmt.Sprintf("%+v", got.Any()); s != tt.want {
			t.Errorf("%s: the param %s logs with fmt as %s, want %s", tt.v.Code, tt.key, s, tt.want)
		}
	}
}

// TestLogFloatNotFinite checks that a float param that is not finite logs
// as the wire carries it, null, with slog's JSON and text handlers alike.
func TestLogFloatNotFinite(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		p := fullParams()
		p.Ratio = f
		v := newError("ALL", p, nil)
		var buf bytes.Buffer
		slog.New(slog.NewJSONHandler(&buf, nil)).Info("failed", "err", v)
		if got := buf.String(); !strings.Contains(got, `"ratio":null`) || strings.Contains(got, "!ERROR") {
			t.Errorf("%v, JSON log: %s", f, got)
		}
		buf.Reset()
		slog.New(slog.NewTextHandler(&buf, nil)).Info("failed", "err", v)
		if got := buf.String(); !strings.Contains(got, " err.params.ratio=null ") {
			t.Errorf("%v, text log: %s", f, got)
		}
	}
}

func TestMarshalErrors(t *testing.T) {
	v := newError("NESTED", &smallParams{ID: "x"}, nil)
	v.Params = &allParams{}
	if _, err := v.AppendJSON(nil); err == nil || !strings.HasSuffix(err.Error(), "params *errspec_test.allParams, want *errspec_test.smallParams") {
		t.Errorf("params of another code marshal, or fail with %v", err)
	}
}

// TestNilParamsPointer checks that an error whose params are a nil
// pointer of its code's type (built by hand, or with its Params set so)
// fails to marshal as one without params does, and renders and logs as
// one without params, where it dereferenced the nil pointer.
func TestNilParamsPointer(t *testing.T) {
	v := newError("ALL", fullParams(), nil)
	v.Params = (*allParams)(nil)
	if _, err := v.AppendJSON(nil); err == nil || !strings.HasSuffix(err.Error(), "params are a nil *errspec_test.allParams") {
		t.Errorf("nil params marshal, or fail with %v", err)
	}
	v.Text()
	v.ErrorText()
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("failed", "err", v)
	if strings.Contains(buf.String(), "panic") || !strings.Contains(buf.String(), `"code":"ALL"`) {
		t.Errorf("log of an error with nil params: %s", buf.String())
	}
}

// TestUnknownTier checks that an error built with a Tier the catalog does
// not have (a plan's name read from elsewhere, another case) reaches the
// client whole: the tier is not known, "" where a value must be given, left
// off where it is optional, and named in no text; what is written parses
// back, in both modes, to the same bytes.
func TestUnknownTier(t *testing.T) {
	for _, bad := range []tier{"", "team", "Nonexistent"} {
		p := fullParams()
		p.Tier = bad
		v := newError("ALL", p, []allOptions{{List: []tier{"Team", bad}, Plan: bad}})
		b := marshal(t, v)
		if !strings.Contains(b, `"tier":"","tags"`) || !strings.Contains(b, `"list":["Team",""]`) || strings.Contains(b, `"plan"`) {
			t.Errorf("tier %q: %s", bad, b)
		}
		if bad != "" && (strings.Contains(b, string(bad)) || strings.Contains(v.Message+v.Detail, string(bad))) {
			t.Errorf("tier %q is named: %s", bad, b)
		}
		if !strings.Contains(v.Message, " tier= tags=") || !strings.Contains(v.Detail, " list Team or  objs") {
			t.Errorf("tier %q: message %q, detail %q", bad, v.Message, v.Detail)
		}
		parsesBack(t, b)
		if got := v.ParamStrings()["tier"]; got != "" {
			t.Errorf("tier %q: ParamStrings gives %q", bad, got)
		}
	}
}

// parsesBack checks that Parse reads the wire JSON b in both modes, back
// to the same bytes.
func parsesBack(t *testing.T, b string) {
	t.Helper()
	for _, c := range []*errspec.Catalog{&catalog, &exactCatalog} {
		back, err := c.Parse([]byte(b))
		if err != nil {
			t.Fatalf("exact mode %t: %v\n%s", c.Exact, err, b)
		}
		if again := marshal(t, back); again != b {
			t.Errorf("exact mode %t: marshal, Parse, marshal\n got %s\nwant %s", c.Exact, again, b)
		}
	}
}

// reasonCodes have a message of text alone, and one that a param alone
// fills in, which renders empty when the param is "".
var reasonCodes = [...]errspec.CodeSpec{
	{Code: "PLAIN", Category: "upstream", Title: "Plain", Retry: errspec.RetryNever, HTTPStatus: 500, Message: "Nothing to say"},
	{Code: "REASON", Category: "upstream", Title: "Upstream failed", Retry: errspec.RetryAfterFix, HTTPStatus: 502,
		Message: tmpl.Encode([]tmpl.Part{param(0, tmpl.Text)}), Params: (*smallParams)(nil)},
}

var (
	reasonCatalog      = errspec.Catalog{Name: "reason", Codes: reasonCodes[:], Envelopes: [][]errspec.Member{defaultEnvelope}}
	reasonExactCatalog = errspec.Catalog{Name: "reason", Codes: reasonCodes[:], Envelopes: [][]errspec.Member{defaultEnvelope}, Exact: true}
)

// TestEmptyMessage checks that every error is sent with a message, which
// the exact mode's JSON Schema and Parse want of every known code: one
// whose template renders empty (a message "{reason}" with reason "") has
// its code's title for a message, and one built without its texts (an
// Error literal, or one whose Message was set to "") is sent with the
// message its template gives. What is written parses back, in both
// modes, to the same bytes.
func TestEmptyMessage(t *testing.T) {
	reason := reasonCatalog.Lookup("REASON")
	plain := reasonCatalog.Lookup("PLAIN")
	built := func(id string) errspec.View {
		v := errspec.View{Catalog: &reasonCatalog, Spec: reason, Code: "REASON", Params: &smallParams{ID: id}}
		v.Message, v.Detail, v.Suggestion = reasonCatalog.New(reason, v.Params, nil)
		return v
	}
	for _, tt := range []struct {
		v    errspec.View
		want string // the message on the wire
	}{
		{built(""), "Upstream failed"},
		{built("timed out"), "timed out"},
		{errspec.View{Catalog: &reasonCatalog, Spec: reason, Code: "REASON", Params: &smallParams{ID: "reset"}}, "reset"},
		{errspec.View{Catalog: &reasonCatalog, Spec: reason, Code: "REASON", Params: &smallParams{}}, "Upstream failed"},
		{errspec.View{Catalog: &reasonCatalog, Spec: plain, Code: "PLAIN"}, "Nothing to say"},
	} {
		b := marshal(t, tt.v)
		if !strings.Contains(b, `"message":`+string(mustJSON(tt.want))) {
			t.Errorf("%s, want the message %q", b, tt.want)
		}
		// Every other surface shows the message the wire carries.
		if got := tt.v.WireMessage(); got != tt.want {
			t.Errorf("WireMessage() = %q, want %q", got, tt.want)
		}
		if got, want := tt.v.ErrorText(), tt.v.Code+": "+tt.want; got != want {
			t.Errorf("ErrorText() = %q, want %q", got, want)
		}
		if got, want := tt.v.Text(), "error "+tt.v.Code+": "+tt.want+"\n"; !strings.HasPrefix(got, want) {
			t.Errorf("Text() = %q, want it to begin %q", got, want)
		}
		if got := tt.v.LogValue().String(); !strings.Contains(got, "message="+tt.want+" ") && !strings.HasSuffix(got, "message="+tt.want+"]") {
			t.Errorf("LogValue() = %s, want the message %q", got, tt.want)
		}
		if tt.v.Message != "" && tt.v.Message != tt.want {
			t.Errorf("the constructor's message is %q, want %q", tt.v.Message, tt.want)
		}
		for _, c := range []*errspec.Catalog{&reasonCatalog, &reasonExactCatalog} {
			back, err := c.Parse([]byte(b))
			if err != nil {
				t.Errorf("exact mode %t: %v\n%s", c.Exact, err, b)
				continue
			}
			if back.Message != tt.want {
				t.Errorf("exact mode %t: Parse reads the message %q, want %q", c.Exact, back.Message, tt.want)
			}
			if again := marshal(t, back); again != b {
				t.Errorf("exact mode %t: marshal, Parse, marshal\n got %s\nwant %s", c.Exact, again, b)
			}
		}
	}
	// The compatible mode fills in a message the wire does not carry as
	// the constructor does.
	in := `{"code":"REASON","category":"upstream","retryable":false,"params":{"id":""}}`
	if v, err := reasonCatalog.Parse([]byte(in)); err != nil || v.Message != "Upstream failed" {
		t.Errorf("Parse(%s) = %q, %v; want the message Upstream failed", in, v.Message, err)
	}
}

// TestMaxLengthByHand checks that an error built without its constructor
// (an Error literal, or params set after it) sends a string param longer
// than its max length cut, as the constructor cuts it, which the JSON
// Schema and Parse want, and leaves the params as they are.
func TestMaxLengthByHand(t *testing.T) {
	p := fullParams()
	p.Name = "abcdefgh"
	v := errspec.View{Catalog: &catalog, Spec: catalog.Lookup("ALL"), Code: "ALL", Params: p, Message: "m"}
	b := marshal(t, v)
	if !strings.Contains(b, `"name":"abcd…"`) {
		t.Errorf("the name is not cut: %s", b)
	}
	for _, c := range []*errspec.Catalog{&catalog, &exactCatalog} {
		back, err := c.Parse([]byte(b))
		if err != nil {
			t.Fatalf("exact mode %t: %v\n%s", c.Exact, err, b)
		}
		if got := back.Params.(*allParams).Name; got != "abcd…" {
			t.Errorf("exact mode %t: Parse reads the name %q", c.Exact, got)
		}
	}
	if p.Name != "abcdefgh" {
		t.Errorf("marshal changed the params: name %q", p.Name)
	}
	// Without its texts, the message its template gives holds the param
	// cut too, on the wire and in the error's text.
	v.Message = ""
	b = marshal(t, v)
	if !strings.Contains(b, `"message":"n=abcd… `) || strings.Contains(b, "abcdefgh") {
		t.Errorf("the name is not cut in the message: %s", b)
	}
	if got := v.ErrorText(); !strings.Contains(got, "n=abcd… ") || strings.Contains(got, "abcdefgh") {
		t.Errorf("the name is not cut in the error's text: %s", got)
	}
	if p.Name != "abcdefgh" {
		t.Errorf("marshal changed the params: name %q", p.Name)
	}
}

// TestFloatNotFinite checks that an error built with a float that is not
// finite, which JSON cannot hold, reaches the client whole: the float is
// not known, null where a value must be given, left off where optional;
// what is written parses back, in both modes, to the same bytes.
func TestFloatNotFinite(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		p := fullParams()
		p.Ratio = f
		b := marshal(t, newError("ALL", p, []allOptions{{Real: f}}))
		if !strings.Contains(b, `"ratio":null`) || strings.Contains(b, `"real"`) {
			t.Errorf("%v: %s", f, b)
		}
		parsesBack(t, b)
	}
	// null stays a value not known of a required float alone.
	for _, bad := range []string{`"real":null`, `"count":null`} {
		b := strings.Replace(marshal(t, newError("ALL", fullParams(), nil)), `"ratio":0.5`, `"ratio":0.5,`+bad, 1)
		if _, err := catalog.Parse([]byte(b)); err == nil {
			t.Errorf("Parse accepts %s", bad)
		}
	}
}

// FuzzParse feeds Parse arbitrary bytes for both test catalogs: it must
// never panic, and what it reads must marshal to JSON that it reads back
// to the same bytes.
func FuzzParse(f *testing.F) {
	for _, v := range []errspec.View{
		newError("ALL", fullParams(), []allOptions{{Note: "n", Ptr: &object{Field: "p", Inner: &object{Field: "q"}}}}),
		newError("FIXED", nil, nil),
		newError("FLAT", &smallParams{ID: "x", Hint: "h"}, nil),
		newError("PLAIN", nil, nil),
		newError("NESTED", &smallParams{ID: "x", Hint: "h"}, nil),
	} {
		b, err := v.AppendJSON(nil)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"code":"NEW","params":{"a":[1,{"b":null}]},"message":"\ud800x"}`))
	f.Add([]byte(`{"error":{"code":"NEW","details":{"x":1}}}`))
	f.Add([]byte(`{"code":"NEW","category":"c","message":"m","retryable":true,"zz":[{"a":1,"a":2}]}`))
	f.Add([]byte(`{"code":"NEW","category":"c","message":"m","retryable":true,"http_status":1e999999,"retry_after":0e999999}`))
	f.Add([]byte("{\"code\":\"NEW\",\"category\":\"c\",\"message\":\"\xff\xed\xa0\x80\",\"retryable\":true}"))
	f.Add([]byte("{\"code\":\"NEW\",\"category\":\"c\",\"message\":\"m\",\"retryable\":true,\"params\":{\"a\":[\"\xff\"]}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, c := range []*errspec.Catalog{&catalog, &nestedCatalog, &exactCatalog, &exactNested} {
			v, err := c.Parse(data)
			if err != nil {
				continue
			}
			if !json.Valid(data) {
				t.Fatalf("Parse accepted text that is not JSON: %q", data)
			}
			first, err := v.AppendJSON(nil)
			if err != nil {
				t.Fatalf("Parse(%q) gave an error that does not marshal: %v", data, err)
			}
			if !utf8.Valid(first) {
				t.Fatalf("Parse(%q) gave an error that marshals to text that is not UTF-8: %q", data, first)
			}
			again, err := c.Parse(first)
			if err != nil {
				t.Fatalf("the marshaled form of a parsed error does not parse: %v\n%s", err, first)
			}
			second, err := again.AppendJSON(nil)
			if err != nil || !bytes.Equal(first, second) {
				t.Fatalf("marshal, Parse, marshal is not stable (%v):\n%s\n%s", err, first, second)
			}
		}
	})
}

func TestDefaults(t *testing.T) {
	withDefault := func(i int, f tmpl.Format, def string) tmpl.Part {
		return tmpl.Part{Holder: true, Param: i, Format: f, Default: def, HasDefault: true}
	}
	codes := []errspec.CodeSpec{{Code: "D", Category: "c", Title: "D", Retry: errspec.RetryAfterFix, HTTPStatus: 400,
		Message: tmpl.Encode([]tmpl.Part{text("id="), withDefault(0, tmpl.Text, "none\x00"), text(" hint="), withDefault(1, tmpl.Text, "")}),
		Params:  (*smallParams)(nil)}}
	c := errspec.Catalog{Name: "d", Codes: codes, Envelopes: [][]errspec.Member{defaultEnvelope},
		ErrorText: tmpl.Encode([]tmpl.Part{{Holder: true, Param: -1, Field: int(errspec.FieldDetail), HasDefault: true, Default: "no detail"}})}
	for _, tt := range []struct {
		p            *smallParams
		message, err string
	}{
		{&smallParams{}, "id=none\x00 hint=", "no detail"},
		{&smallParams{ID: "7", Hint: "h"}, "id=7 hint=h", "no detail"},
	} {
		m, _, _ := c.New(&codes[0], tt.p, nil)
		if m != tt.message {
			t.Errorf("message %q, want %q", m, tt.message)
		}
		v := errspec.View{Catalog: &c, Code: "D", Message: m, Params: tt.p}
		if got := v.ErrorText(); got != tt.err {
			t.Errorf("error text %q, want %q", got, tt.err)
		}
	}
}

// TestUnknownCodeOfKnownCategory checks that an error of a code the
// catalog does not know, of a category it knows, has that category's HTTP
// status and retry-after where the wire gives none, as the catalog's own
// codes of the category inherit them; the wire's own values win, and a
// category the catalog does not know, or a code it knows, changes nothing.
func TestUnknownCodeOfKnownCategory(t *testing.T) {
	c := &errspec.Catalog{
		Name:      "cats",
		Envelopes: [][]errspec.Member{defaultEnvelope},
		Categories: []errspec.CategorySpec{
			{Name: "limit", HTTPStatus: 429, RetryAfter: 30},
			{Name: "validation", HTTPStatus: 422},
		},
	}
	for _, tt := range []struct {
		in         string
		status     int
		retryAfter int
	}{
		{`{"code":"SLOW_DOWN","category":"limit","message":"m","retryable":true}`, 429, 30},
		// Not retryable: no wait is worth it.
		{`{"code":"SLOW_DOWN","category":"limit","message":"m","retryable":false}`, 429, 0},
		{`{"code":"BAD_THING","category":"validation","message":"m","retryable":false}`, 422, 0},
		{`{"code":"ELSEWHERE","category":"unheard_of","message":"m","retryable":true}`, 500, 0},
	} {
		v, err := c.Parse([]byte(tt.in))
		if err != nil {
			t.Fatalf("Parse(%s): %v", tt.in, err)
		}
		if v.HTTPStatus() != tt.status || v.RetryAfter().Seconds() != float64(tt.retryAfter) {
			t.Errorf("Parse(%s): HTTP status %d, retry after %v; want %d and %ds", tt.in, v.HTTPStatus(), v.RetryAfter(), tt.status, tt.retryAfter)
		}
	}
	// The wire's values win over the category's.
	v, err := c.Parse([]byte(`{"code":"SLOW_DOWN","category":"limit","message":"m","retryable":true}`))
	if err != nil {
		t.Fatal(err)
	}
	v.Unknown.HTTPStatus, v.Unknown.RetryAfter = 503, 5
	if v.HTTPStatus() != 503 || v.RetryAfter().Seconds() != 5 {
		t.Errorf("wire status 503 and retry-after 5: got %d and %v", v.HTTPStatus(), v.RetryAfter())
	}
}

// TestUnknownCodeParamsNamedLikeEnvelopeKeys: the params of an unknown
// code that ParseParams read (from problem details, a gRPC status) may
// have the name of a key of the object the envelope spreads them into,
// which no declared param may have. Such a param is left off the wire:
// written, the key would repeat, and Parse would reject the object.
func TestUnknownCodeParamsNamedLikeEnvelopeKeys(t *testing.T) {
	flat := errspec.Catalog{Name: "flat", Codes: nestedCodes[:], Envelopes: [][]errspec.Member{flatEnvelope}}
	for _, tt := range []struct {
		c    *errspec.Catalog
		want string
	}{
		{&flat, `{"code":"NEWER","error":"m","fix":"f","a":1,"ok":false,"v":1.0,"kind":"\u0065rr"}`},
		{&nestedCatalog, `{"error":{"code":"NEWER","message":"m","details":{"code":"X","error":"e","ok":true,"a":1}},"ok":false,"v":1.0,"status":500,"retry":"after_fix","title":"T"}`},
	} {
		v, err := tt.c.ParseParams("NEWER", []byte(`{"code":"X","error":"e","ok":true,"fix":"f","a":1}`))
		if err != nil {
			t.Fatal(err)
		}
		v.Message, v.Unknown.Title = "m", "T"
		got := marshal(t, v)
		if got != tt.want {
			t.Errorf("%s: marshaled\n%s\nwant\n%s", tt.c.Name, got, tt.want)
		}
		again, err := tt.c.Parse([]byte(got))
		if err != nil {
			t.Errorf("%s: Parse(%s): %v", tt.c.Name, got, err)
		} else if back := marshal(t, again); back != got {
			t.Errorf("%s: Parse, marshal:\n%s\nwant\n%s", tt.c.Name, back, got)
		}
	}
}

// TestParseUnknownCodeEnvelopeOfItsKeys: an unknown code comes in the
// envelope of the catalog that names the most of its keys, then leaves
// the fewest unread, whichever is declared first: a flat envelope's
// error, whose keys the default also reads, ignoring the rest, keeps its
// params.
func TestParseUnknownCodeEnvelopeOfItsKeys(t *testing.T) {
	errorObject := errspec.Member{Key: "error", Kind: errspec.MemberObject, Members: []errspec.Member{
		{Key: "code", Kind: errspec.MemberField, Field: errspec.FieldCode},
		{Key: "type", Kind: errspec.MemberField, Field: errspec.FieldCategory},
		{Key: "message", Kind: errspec.MemberField, Field: errspec.FieldMessage},
		{Key: "hint", Kind: errspec.MemberField, Field: errspec.FieldSuggestion},
	}}
	nested := errspec.Catalog{Name: "nested", Codes: nestedCodes[:], Envelopes: [][]errspec.Member{
		{errorObject, {Key: "details", Kind: errspec.MemberParams}},
		{errorObject, {Kind: errspec.MemberSpread}, {Key: "ok", Kind: errspec.MemberConst, Const: "false"}},
	}}
	plain := errspec.Catalog{Name: "plain", Codes: nestedCodes[:], Envelopes: [][]errspec.Member{
		{{Key: "code", Kind: errspec.MemberField, Field: errspec.FieldCode}, {Key: "message", Kind: errspec.MemberField, Field: errspec.FieldMessage},
			{Key: "params", Kind: errspec.MemberParams}},
		{{Key: "code", Kind: errspec.MemberField, Field: errspec.FieldCode}, {Key: "message", Kind: errspec.MemberField, Field: errspec.FieldMessage},
			{Kind: errspec.MemberSpread}},
	}}
	for _, tt := range []struct {
		c        *errspec.Catalog
		in       string
		envelope int
		params   string
	}{
		{&nested, `{"error":{"code":"NEW","type":"c","message":"m"},"a":{"b":1},"c":[2],"ok":false}`, 1, `{"a":{"b":1},"c":[2]}`},
		{&nested, `{"error":{"code":"NEW","type":"c","message":"m","hint":"h","title":"t"},"details":{"a":1}}`, 0, `{"a":1}`},
		{&plain, `{"code":"NEW","message":"m","a":1}`, 1, `{"a":1}`},
		{&plain, `{"code":"NEW","message":"m","params":{"a":1},"title":"t"}`, 0, `{"a":1}`},
		{&plain, `{"code":"NEW","message":"m"}`, 0, ``},
	} {
		v, err := tt.c.Parse([]byte(tt.in))
		if err != nil {
			t.Errorf("Parse(%s): %v", tt.in, err)
			continue
		}
		raw, _ := v.Params.(errspec.RawParams)
		if v.Unknown.Envelope != tt.envelope || string(raw) != tt.params {
			t.Errorf("Parse(%s) read in envelope %d with params %s, want %d with %s", tt.in, v.Unknown.Envelope, raw, tt.envelope, tt.params)
		}
	}
}

// TestRawParamsOfAKnownCode checks that RawParams set by hand on an error
// of a code the catalog knows, which MarshalJSON refuses (its params are
// its params struct), and RawParams that hold no JSON object, are
// neither logged, nor given to an adapter's metadata, nor written into
// problem details, where they went out as they were: a sensitive param
// (token) in clear, and "params":not json in a body that was then no
// JSON. The params of a code the catalog does not know, as Parse reads
// them, still are.
func TestRawParamsOfAKnownCode(t *testing.T) {
	known := errspec.View{Catalog: &catalog, Spec: catalog.Lookup("ALL"), Code: "ALL", Message: "m",
		Params: errspec.RawParams(`{"token":"hunter2","name":"x"}`)}
	newer, err := catalog.Parse([]byte(`{"code":"NEWER","category":"validation","message":"m","retryable":false,"params":{"n":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	broken := newer
	broken.Params = errspec.RawParams(`not json`)
	for _, tt := range []struct {
		name   string
		v      errspec.View
		params string
	}{
		{"a known code", known, `{}`},
		{"bytes that are no JSON object", broken, `{}`},
		{"a code the catalog does not know", newer, `{"n":1}`},
	} {
		if _, err := tt.v.AppendJSON(nil); err == nil && tt.params == `{}` {
			t.Errorf("%s: MarshalJSON writes its RawParams", tt.name)
		}
		var buf bytes.Buffer
		slog.New(slog.NewJSONHandler(&buf, nil)).Info("failed", "err", tt.v)
		params, err := tt.v.AppendParams(nil)
		got := fmt.Sprint(buf.String(), string(params), err, tt.v.ParamStrings(), tt.v.Metadata())
		if strings.Contains(got, "hunter2") || strings.Contains(got, "not json") {
			t.Errorf("%s: its RawParams go out: %s", tt.name, got)
		}
		if string(params) != tt.params || !json.Valid(params) {
			t.Errorf("%s: AppendParams = %s, %v, want %s", tt.name, params, err, tt.params)
		}
	}
}

// TestMaxLengthWithoutTheConstructor checks that a string param longer
// than its max length, in params set without the constructor (an Error
// literal), is cut in the log and in an adapter's metadata as the wire
// cuts it, where both showed it whole.
func TestMaxLengthWithoutTheConstructor(t *testing.T) {
	p := fullParams()
	p.Name = "abcdefghijklmnopqrstuvwxyz"
	v := errspec.View{Catalog: &catalog, Spec: catalog.Lookup("ALL"), Code: "ALL", Params: p}
	wire := marshal(t, v)
	if !strings.Contains(wire, `"name":"abcd…"`) {
		t.Fatalf("the wire does not cut the name: %s", wire)
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("failed", "err", v)
	got := fmt.Sprint(buf.String(), v.ParamStrings(), v.Metadata())
	if strings.Contains(got, "abcdefghij") || !strings.Contains(buf.String(), `"name":"abcd…"`) || v.ParamStrings()["name"] != "abcd…" {
		t.Errorf("a name past its max length goes out whole: %s", got)
	}
}
