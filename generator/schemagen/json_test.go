package schemagen

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
	"github.com/errspec/errspec/internal/textsafe"
)

// encode is what encoding/json's Encoder writes for v, indented with two
// spaces, without HTML escaping.
func encode(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestAppendJSON checks that appendJSON writes what encoding/json writes,
// hidden characters escaped (textsafe.JSON): strings with every kind of
// character, and nesting of every kind.
func TestAppendJSON(t *testing.T) {
	strs := []string{"", "plain text", `quote " and backslash \`, "<b>&amp;</b>", "tab\tnew\nline\rcr",
		"\x00\x01\b\f\x1f\x7f", "€\x80ok\xe2\x82", "é ü 日本 🙂", "line\u2028para\u2029", "bad \xff\xfe utf-8", "\ufffd",
		"\u202Eevil\u202C \u200Bzero\uFEFF \u009B2J \U000E0041tag"}
	for _, s := range strs {
		got, err := appendJSON(nil, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(textsafe.JSON([]byte(encode(t, s)))), string(got)); diff != "" {
			t.Errorf("appendJSON(%q) (-encoding/json +got):\n%s", s, diff)
		}
	}
	for _, tc := range []struct {
		v    any
		want any // the same value as encoding/json takes it
	}{
		{object{}, map[string]any{}},
		{[]string{}, []string{}},
		{[]object{}, []any{}},
		{object{{"a", 1}, {"b", true}, {"c", nil}, {"d", json.Number("1.50")}},
			map[string]any{"a": 1, "b": true, "c": nil, "d": json.Number("1.50")}},
		// Keys in order: encoding/json sorts a map's.
		{object{{"any", []any{1, "s", object{{"z", []any{}}}}}, {"list", []string{"x", "y"}}, {"objects", []object{{{"k", "v"}}, {}}}},
			map[string]any{"list": []string{"x", "y"}, "objects": []any{map[string]any{"k": "v"}, map[string]any{}},
				"any": []any{1, "s", map[string]any{"z": []any{}}}}},
	} {
		got, err := appendJSON(nil, tc.v, 0)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(encode(t, tc.want), string(got)); diff != "" {
			t.Errorf("appendJSON(%v) (-encoding/json +got):\n%s", tc.v, diff)
		}
	}
	for _, v := range []any{json.Number("1e"), 1.5, object{{"k", struct{}{}}}} {
		if _, err := appendJSON(nil, v, 0); err == nil {
			t.Errorf("appendJSON(%#v) succeeded", v)
		}
	}
}

// TestDef checks that a code's $defs entry as Def gives it is what
// decoding the document gives, for every code of the golden catalogs and
// of a synthetic one, and for strings encoding/json rewrites.
func TestDef(t *testing.T) {
	dir := synthtest.Dir(t, 60)
	syn, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	cases := append(catalogs[:len(catalogs):len(catalogs)], struct {
		name string
		cat  func(*testing.T) *model.Catalog
	}{"synthetic", func(*testing.T) *model.Catalog { return syn.Model }})
	for _, tc := range cases {
		cat := tc.cat(t)
		s, err := Build(cat, files.Notice(cat.Name))
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(s.JSON()))
		dec.UseNumber()
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		defs := doc["$defs"].(map[string]any)
		for _, c := range cat.Codes {
			def, ok := s.Def(c.Name)
			if !ok {
				t.Errorf("%s: Def(%s) found nothing", tc.name, c.Name)
				continue
			}
			if diff := cmp.Diff(defs[c.Name], def); diff != "" {
				t.Errorf("%s: Def(%s) (-decoded +Def):\n%s", tc.name, c.Name, diff)
			}
		}
		if _, ok := s.Def("NO_SUCH_CODE"); ok {
			t.Errorf("%s: Def(NO_SUCH_CODE) found an entry", tc.name)
		}
	}
	v := object{{"s", "bad \xff utf-8"}, {"n", 7}}
	var want any
	if err := json.Unmarshal([]byte(`{"s": "bad \ufffd utf-8", "n": 7}`), &want); err != nil {
		t.Fatal(err)
	}
	want.(map[string]any)["n"] = json.Number("7")
	if diff := cmp.Diff(want, decoded(v)); diff != "" {
		t.Errorf("decoded (-want +got):\n%s", diff)
	}
}
