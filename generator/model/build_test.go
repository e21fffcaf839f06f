package model

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func testPtr[T any](v T) *T { return &v }

func inCat(name string, c InputCategory) Entry[InputCategory] { return Entry[InputCategory]{name, c} }
func inCode(name string, c InputCode) Entry[InputCode]        { return Entry[InputCode]{name, c} }
func inParam(name string, p InputParam) Entry[InputParam]     { return Entry[InputParam]{name, p} }

// testInput returns a catalog with one category, c, and the given codes.
func testInput(codes ...Entry[InputCode]) *Input {
	return &Input{
		Name:       "test",
		Categories: Ordered[InputCategory]{inCat("c", InputCategory{Description: "C."})},
		Codes:      codes,
	}
}

func mustBuild(t *testing.T, in *Input) *Catalog {
	t.Helper()
	c, err := Build(in)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return c
}

// buildErrors returns the errors Build reports, failing when it reports
// none or returns anything but Errors.
func buildErrors(t *testing.T, in *Input) Errors {
	t.Helper()
	c, err := Build(in)
	if err == nil {
		t.Fatal("Build succeeded, want errors")
	}
	if c != nil {
		t.Errorf("Build returned a catalog with its errors")
	}
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("Build returned %T, want Errors", err)
	}
	return errs
}

func keyNames[T interface{ key() string }](xs []T) []string {
	var out []string
	for _, x := range xs {
		out = append(out, x.key())
	}
	return out
}

func TestBuildCatalog(t *testing.T) {
	in := &Input{
		Name:        "agent_tools",
		Description: "Errors of the agent tools.",
		Docs:        InputDocs{BaseURL: "https://docs.example.com/errors"},
		Categories:  Ordered[InputCategory]{inCat("c", InputCategory{Description: "C."})},
		Codes:       Ordered[InputCode]{inCode("X", InputCode{Category: "c", Title: "X", Message: "x"})},
	}
	in.Outputs.Go = &InputGo{Dir: "./gen/errs/", Package: "errs"}
	in.Outputs.Markdown = &InputMarkdown{File: "docs/../ERRORS.md"}
	in.Outputs.JSONSchema = &InputJSONSchema{File: "schema//errors.json"}
	got := mustBuild(t, in)
	type view struct {
		Name, Title, Description, DocsBaseURL string
		Outputs                               Outputs
	}
	want := view{
		Name:        "agent_tools",
		Title:       "agent_tools",
		Description: "Errors of the agent tools.",
		DocsBaseURL: "https://docs.example.com/errors",
		Outputs:     Outputs{GoDir: "gen/errs", GoPackage: "errs", Markdown: "ERRORS.md", JSONSchema: "schema/errors.json", JSONSchemaMode: SchemaCompatible},
	}
	if diff := cmp.Diff(want, view{got.Name, got.Title, got.Description, got.DocsBaseURL, got.Outputs}); diff != "" {
		t.Errorf("catalog (-want +got):\n%s", diff)
	}

	in.Title = "Agent tools"
	in.Outputs.Go, in.Outputs.Markdown, in.Outputs.JSONSchema = nil, nil, nil
	got = mustBuild(t, in)
	if diff := cmp.Diff("Agent tools", got.Title); diff != "" {
		t.Errorf("Title (-want +got):\n%s", diff)
	}
	// The mode is what the generated Parse follows, with or without a schema.
	if diff := cmp.Diff(Outputs{JSONSchemaMode: SchemaCompatible}, got.Outputs); diff != "" {
		t.Errorf("Outputs without outputs (-want +got):\n%s", diff)
	}
}

type categoryView struct {
	Name, GoName, Parent string
	Retryable            bool
	HTTPStatus           int
	Anchor               string
	Ancestors, Codes     []string
}

func viewCategory(c *Category) categoryView {
	v := categoryView{
		Name: c.Name, GoName: c.GoName, Retryable: c.Retryable, HTTPStatus: c.HTTPStatus,
		Anchor: c.Anchor, Ancestors: keyNames(c.Ancestors()), Codes: keyNames(c.Codes),
	}
	if c.Parent != nil {
		v.Parent = c.Parent.Name
	}
	return v
}

type codeView struct {
	Name, Category string
	Retryable      bool
	HTTPStatus     int
}

func TestBuildCategoryDefaults(t *testing.T) {
	in := &Input{
		Name: "test",
		Categories: Ordered[InputCategory]{
			inCat("leaf", InputCategory{Description: "Leaf.", Parent: "mid"}),
			inCat("root", InputCategory{Description: "Root.", Retryable: testPtr(true), HTTPStatus: testPtr(503)}),
			inCat("own_values", InputCategory{Description: "Own.", Parent: "mid", Retryable: testPtr(false), HTTPStatus: testPtr(400)}),
			inCat("mid", InputCategory{Description: "Mid.", Parent: "root", HTTPStatus: testPtr(429)}),
			inCat("plain", InputCategory{Description: "Plain."}),
			inCat("deep", InputCategory{Description: "Deep.", Parent: "leaf", HTTPStatus: testPtr(409)}),
			inCat("falsy", InputCategory{Description: "Falsy.", Parent: "root", Retryable: testPtr(false)}),
		},
		Codes: Ordered[InputCode]{
			inCode("LEAF_DEFAULTS", InputCode{Category: "leaf", Title: "T", Message: "m"}),
			inCode("LEAF_OVERRIDES", InputCode{Category: "leaf", Title: "T", Message: "m", Retryable: testPtr(false), HTTPStatus: testPtr(404)}),
			inCode("PLAIN_RETRYABLE", InputCode{Category: "plain", Title: "T", Message: "m", Retryable: testPtr(true)}),
			inCode("DEEP", InputCode{Category: "deep", Title: "T", Message: "m"}),
			inCode("ALSO_LEAF", InputCode{Category: "leaf", Title: "T", Message: "m", HTTPStatus: testPtr(599)}),
		},
	}
	got := mustBuild(t, in)

	var gotCats []categoryView
	for _, c := range got.Categories {
		gotCats = append(gotCats, viewCategory(c))
	}
	wantCats := []categoryView{
		{Name: "deep", GoName: "CategoryDeep", Parent: "leaf", Retryable: true, HTTPStatus: 409, Anchor: "category-deep",
			Ancestors: []string{"leaf", "mid", "root"}, Codes: []string{"DEEP"}},
		{Name: "falsy", GoName: "CategoryFalsy", Parent: "root", Retryable: false, HTTPStatus: 503, Anchor: "category-falsy",
			Ancestors: []string{"root"}},
		{Name: "leaf", GoName: "CategoryLeaf", Parent: "mid", Retryable: true, HTTPStatus: 429, Anchor: "category-leaf",
			Ancestors: []string{"mid", "root"}, Codes: []string{"ALSO_LEAF", "LEAF_DEFAULTS", "LEAF_OVERRIDES"}},
		{Name: "mid", GoName: "CategoryMid", Parent: "root", Retryable: true, HTTPStatus: 429, Anchor: "category-mid",
			Ancestors: []string{"root"}},
		{Name: "own_values", GoName: "CategoryOwnValues", Parent: "mid", Retryable: false, HTTPStatus: 400, Anchor: "category-own_values",
			Ancestors: []string{"mid", "root"}},
		{Name: "plain", GoName: "CategoryPlain", Retryable: false, HTTPStatus: 500, Anchor: "category-plain",
			Codes: []string{"PLAIN_RETRYABLE"}},
		{Name: "root", GoName: "CategoryRoot", Retryable: true, HTTPStatus: 503, Anchor: "category-root"},
	}
	if diff := cmp.Diff(wantCats, gotCats); diff != "" {
		t.Errorf("categories (-want +got):\n%s", diff)
	}

	var gotCodes []codeView
	for _, c := range got.Codes {
		gotCodes = append(gotCodes, codeView{c.Name, c.Category.Name, c.Retryable, c.HTTPStatus})
	}
	wantCodes := []codeView{
		{"ALSO_LEAF", "leaf", true, 599},
		{"DEEP", "deep", true, 409},
		{"LEAF_DEFAULTS", "leaf", true, 429},
		{"LEAF_OVERRIDES", "leaf", false, 404},
		{"PLAIN_RETRYABLE", "plain", true, 500},
	}
	if diff := cmp.Diff(wantCodes, gotCodes); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
}

func TestBuildSorting(t *testing.T) {
	in := &Input{
		Name: "test",
		Categories: Ordered[InputCategory]{
			inCat("zeta", InputCategory{Description: "Z."}),
			inCat("alpha_2", InputCategory{Description: "A2."}),
			inCat("alpha", InputCategory{Description: "A."}),
		},
		Codes: Ordered[InputCode]{
			inCode("b_lower", InputCode{Category: "zeta", Title: "T", Message: "m"}),
			inCode("Z", InputCode{Category: "alpha", Title: "T", Message: "m"}),
			inCode("A_2", InputCode{Category: "zeta", Title: "T", Message: "m"}),
			inCode("A", InputCode{Category: "zeta", Title: "T", Message: "m"}),
			inCode("M", InputCode{Category: "alpha_2", Title: "T", Message: "m"}),
		},
	}
	got := mustBuild(t, in)
	if diff := cmp.Diff([]string{"alpha", "alpha_2", "zeta"}, keyNames(got.Categories)); diff != "" {
		t.Errorf("categories (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"A", "A_2", "M", "Z", "b_lower"}, keyNames(got.Codes)); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"A", "A_2", "b_lower"}, keyNames(got.Categories[2].Codes)); diff != "" {
		t.Errorf("codes of zeta (-want +got):\n%s", diff)
	}
	if got.Code("M") != got.Codes[2] || got.Code("NONE") != nil {
		t.Errorf("Catalog.Code does not find codes by name")
	}
}

type codeNames struct {
	Ident, GoName, Constructor, ParamsType, Anchor, DocsURL string
}

func TestBuildCodeNames(t *testing.T) {
	codes := Ordered[InputCode]{
		inCode("MISSING_REQUIRED_FIELD", InputCode{Category: "c", Title: "T", Message: "m",
			Params: Ordered[InputParam]{inParam("field", InputParam{Type: "string"})}}),

		inCode("docsUrlMissing", InputCode{Category: "c", Title: "T", Message: "m"}),
		inCode("HTTP_2_ERROR", InputCode{Category: "c", Title: "T", Message: "m"}),
	}
	tests := []struct {
		baseURL string
		want    map[string]codeNames
	}{
		{"", map[string]codeNames{
			"MISSING_REQUIRED_FIELD": {"MissingRequiredField", "CodeMissingRequiredField", "NewMissingRequiredField", "MissingRequiredFieldParams", "missing_required_field", ""},
			"docsUrlMissing":         {"DocsURLMissing", "CodeDocsURLMissing", "NewDocsURLMissing", "", "docsurlmissing", ""},
			"HTTP_2_ERROR":           {"HTTP2Error", "CodeHTTP2Error", "NewHTTP2Error", "", "http_2_error", ""},
		}},
		{"https://docs.example.com/errors", map[string]codeNames{
			"MISSING_REQUIRED_FIELD": {"MissingRequiredField", "CodeMissingRequiredField", "NewMissingRequiredField", "MissingRequiredFieldParams", "missing_required_field", "https://docs.example.com/errors#missing_required_field"},
			"docsUrlMissing":         {"DocsURLMissing", "CodeDocsURLMissing", "NewDocsURLMissing", "", "docsurlmissing", "https://docs.example.com/errors#docsurlmissing"},
			"HTTP_2_ERROR":           {"HTTP2Error", "CodeHTTP2Error", "NewHTTP2Error", "", "http_2_error", "https://docs.example.com/errors#http_2_error"},
		}},
		{"https://docs.example.com/errors/", map[string]codeNames{
			"MISSING_REQUIRED_FIELD": {"MissingRequiredField", "CodeMissingRequiredField", "NewMissingRequiredField", "MissingRequiredFieldParams", "missing_required_field", "https://docs.example.com/errors#missing_required_field"},
			"docsUrlMissing":         {"DocsURLMissing", "CodeDocsURLMissing", "NewDocsURLMissing", "", "docsurlmissing", "https://docs.example.com/errors#docsurlmissing"},
			"HTTP_2_ERROR":           {"HTTP2Error", "CodeHTTP2Error", "NewHTTP2Error", "", "http_2_error", "https://docs.example.com/errors#http_2_error"},
		}},
		{"https://docs.example.com//", map[string]codeNames{
			"MISSING_REQUIRED_FIELD": {"MissingRequiredField", "CodeMissingRequiredField", "NewMissingRequiredField", "MissingRequiredFieldParams", "missing_required_field", "https://docs.example.com#missing_required_field"},
			"docsUrlMissing":         {"DocsURLMissing", "CodeDocsURLMissing", "NewDocsURLMissing", "", "docsurlmissing", "https://docs.example.com#docsurlmissing"},
			"HTTP_2_ERROR":           {"HTTP2Error", "CodeHTTP2Error", "NewHTTP2Error", "", "http_2_error", "https://docs.example.com#http_2_error"},
		}},
	}
	for _, tt := range tests {
		in := testInput(codes...)
		in.Docs.BaseURL = tt.baseURL
		c := mustBuild(t, in)
		if diff := cmp.Diff(tt.baseURL, c.DocsBaseURL); diff != "" {
			t.Errorf("base URL %q: DocsBaseURL (-want +got):\n%s", tt.baseURL, diff)
		}
		got := map[string]codeNames{}
		for _, code := range c.Codes {
			got[code.Name] = codeNames{code.Ident, code.GoName, code.Constructor, code.ParamsType, code.Anchor, code.DocsURL}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("base URL %q (-want +got):\n%s", tt.baseURL, diff)
		}
	}
}

func TestBuildCodeTexts(t *testing.T) {
	c := mustBuild(t, testInput(inCode("X", InputCode{
		Category: "c", Title: "The title", Description: "The *description*.", Message: "m", Suggestion: "s",
	}))).
		Codes[0]
	got := []string{c.Title, c.Description, c.Message.Source, c.Suggestion.Source}
	if diff := cmp.Diff([]string{"The title", "The *description*.", "m", "s"}, got); diff != "" {
		t.Errorf("texts (-want +got):\n%s", diff)
	}
	if c.Deprecated != nil {
		t.Errorf("Deprecated = %+v, want nil", c.Deprecated)
	}
}

type paramView struct {
	Name, GoName, ArgName, Doc string
	Optional                   bool
}

func TestBuildParams(t *testing.T) {
	c := mustBuild(t, testInput(inCode("X", InputCode{Category: "c", Title: "T", Message: "m",
		Params: Ordered[InputParam]{
			inParam("zeta", InputParam{Type: "string", Doc: "Last in the alphabet."}),
			inParam("docs_url", InputParam{Type: "string", Optional: true}),
			inParam("merge_request_iid", InputParam{Type: "int"}),
			inParam("alpha", InputParam{Type: "bool", Optional: true}),
		},
	}))).
		Codes[0]
	view := func(ps []*Param) []paramView {
		var out []paramView
		for _, p := range ps {
			out = append(out, paramView{p.Name, p.GoName, p.ArgName, p.Doc, p.Optional})
		}
		return out
	}
	want := []paramView{
		{"zeta", "Zeta", "zeta", "Last in the alphabet.", false},
		{"docs_url", "DocsURL", "docsURL", "", true},
		{"merge_request_iid", "MergeRequestIID", "mergeRequestIID", "", false},
		{"alpha", "Alpha", "alpha", "", true},
	}
	if diff := cmp.Diff(want, view(c.Params)); diff != "" {
		t.Errorf("Params (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"zeta", "merge_request_iid"}, paramNames(c.Required())); diff != "" {
		t.Errorf("Required (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"docs_url", "alpha"}, paramNames(c.Optional())); diff != "" {
		t.Errorf("Optional (-want +got):\n%s", diff)
	}

	none := mustBuild(t, testInput(inCode("Y", InputCode{Category: "c", Title: "T", Message: "m"}))).Codes[0]
	if none.Params != nil || none.Required() != nil || none.Optional() != nil {
		t.Errorf("a code without params: Params %v, Required %v, Optional %v, want all nil", none.Params, none.Required(), none.Optional())
	}
}

type partView struct {
	Text   string
	Param  string
	Format Format
}

func TestBuildTemplates(t *testing.T) {
	params := Ordered[InputParam]{
		inParam("name", InputParam{Type: "string"}),
		inParam("ids", InputParam{Type: "[]int"}),
	}
	tests := []struct {
		src  string
		want []partView
	}{
		{"plain text", []partView{{Text: "plain text"}}},
		{"Missing {name}.", []partView{{Text: "Missing "}, {Param: "name"}, {Text: "."}}},
		{"{name}{ids:json}", []partView{{Param: "name"}, {Param: "ids", Format: FormatJSON}}},
		{"{ids} and {ids:json}", []partView{{Param: "ids"}, {Text: " and "}, {Param: "ids", Format: FormatJSON}}},
		{"{ids:and}; {ids:or}", []partView{{Param: "ids", Format: FormatAnd}, {Text: "; "}, {Param: "ids", Format: FormatOr}}},
		{"{{name}} is literal", []partView{{Text: "{name} is literal"}}},
		{"{{{name}}}", []partView{{Text: "{"}, {Param: "name"}, {Text: "}"}}},
		{"a}}b{{c", []partView{{Text: "a}b{c"}}},
		{"{{}}", []partView{{Text: "{}"}}},
		{"ünï {name} ©", []partView{{Text: "ünï "}, {Param: "name"}, {Text: " ©"}}},
	}
	for _, tt := range tests {
		c := mustBuild(t, testInput(inCode("X", InputCode{Category: "c", Title: "T", Message: tt.src, Detail: tt.src, Suggestion: tt.src, Params: params}))).Codes[0]
		for _, tmpl := range []Template{c.Message, c.Detail, c.Suggestion} {
			if diff := cmp.Diff(tt.src, tmpl.Source); diff != "" {
				t.Errorf("%q: Source (-want +got):\n%s", tt.src, diff)
			}
			var got []partView
			for _, p := range tmpl.Parts {
				v := partView{Text: p.Text, Format: p.Format}
				if p.Param != nil {
					v.Param = p.Param.Name
					if p.Param != c.Params[0] && p.Param != c.Params[1] {
						t.Errorf("%q: a placeholder points to a param that is not the code's", tt.src)
					}
				}
				got = append(got, v)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%q: Parts (-want +got):\n%s", tt.src, diff)
			}
		}
	}

	c := mustBuild(t, testInput(inCode("X", InputCode{Category: "c", Title: "T", Message: "m"}))).Codes[0]
	if diff := cmp.Diff(Template{}, c.Suggestion); diff != "" {
		t.Errorf("no suggestion (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(Template{}, c.Detail); diff != "" {
		t.Errorf("no detail (-want +got):\n%s", diff)
	}
}

func TestTemplateParams(t *testing.T) {
	a, b, c := &Param{Name: "a"}, &Param{Name: "b"}, &Param{Name: "c"}
	tests := []struct {
		parts []Part
		want  []string
	}{
		{nil, nil},
		{[]Part{{Text: "only text"}}, nil},
		{[]Part{{Param: b}, {Text: " "}, {Param: a}, {Param: b, Format: FormatJSON}, {Param: c}, {Param: a}}, []string{"b", "a", "c"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, paramNames(Template{Parts: tt.parts}.Params())); diff != "" {
			t.Errorf("Params (-want +got):\n%s", diff)
		}
	}
}

// templateErrors builds code X with src as each of its templates in turn
// and checks the errors, whose paths end in the template's name.
func templateErrors(t *testing.T, src string, params Ordered[InputParam], want Errors) {
	t.Helper()
	for _, field := range []string{"message", "detail", "suggestion"} {
		in := InputCode{Category: "c", Title: "T", Message: "m", Params: params}
		switch field {
		case "message":
			in.Message = src
		case "detail":
			in.Detail = src
		case "suggestion":
			in.Suggestion = src
		}
		for _, e := range want {
			e.Path = []string{"codes", "X", field}
		}
		if diff := cmp.Diff(want, buildErrors(t, testInput(inCode("X", in)))); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", field, src, diff)
		}
	}
}

func TestBuildTemplateErrors(t *testing.T) {
	params := Ordered[InputParam]{
		inParam("name", InputParam{Type: "string"}),
		inParam("ids", InputParam{Type: "[]int"}),
		inParam("objs", InputParam{Type: "[]object", Fields: Ordered[InputParam]{inParam("a", InputParam{Type: "int"})}}),
	}
	// The formats a string takes; a list's take :and and :or too.
	const formats = "write {name} or {name:json}"
	tests := []struct {
		src    string
		params Ordered[InputParam]
		want   Errors
	}{
		{"Missing {nmae}", params, Errors{{Msg: "placeholder {nmae} names no param of this code", Fix: `did you mean "name"?`, At: 9}}},
		{"{name:yaml}", params, Errors{{Msg: `unknown format "yaml" in placeholder {name:yaml}`, Fix: formats, At: 1}}},
		{"{name:JSON}", params, Errors{{Msg: `unknown format "JSON" in placeholder {name:JSON}`, Fix: formats, At: 1}}},
		{"{ids:upper}", params, Errors{{Msg: `unknown format "upper" in placeholder {ids:upper}`, Fix: "write {ids}, {ids:json}, {ids:and} or {ids:or}", At: 1}}},
		{"{params.name}", params, Errors{{Msg: "placeholder {params.name} names no param of this code", Fix: "write {name}: a placeholder names the param alone, not its place on the wire", At: 1}}},
		{"{name:and}", params, Errors{{Msg: "placeholder {name:and}: :and joins a list, and name is string", Fix: "write {name}, or use :and on a list", At: 1}}},
		{"oops {name", params, Errors{{Msg: `unclosed { at offset 5, in "oops {name"`, Fix: "close the placeholder with }, or write {{ for a literal {", At: 6}}},
		{"a { {name}", params, Errors{{Msg: `unclosed { at offset 2, in "a { {name}"`, Fix: "close the placeholder with }, or write {{ for a literal {", At: 3}}},
		{"{a {b", params, Errors{{Msg: `unclosed { at offset 0, in "{a {b"`, Fix: "close the placeholder with }, or write {{ for a literal {", At: 1}}},
		{"a } b", params, Errors{{Msg: `unmatched } at offset 2, in "a } b"`, Fix: "write }} for a literal }", At: 3}}},
		{"{name}}", params, Errors{{Msg: `unmatched } at offset 6, in "{name}}"`, Fix: "write }} for a literal }", At: 7}}},
		{"The quick brown fox } jumps over the lazy dog", params, Errors{{Msg: `unmatched } at offset 20, in "…k brown fox } jumps over …"`, Fix: "write }} for a literal }", At: 21}}},
		{"ünïcödé ünïcödé } ünïcödé ünïcödé", params, Errors{{Msg: `unmatched } at offset 16, in "…ödé ünïcödé } ünïcödé ünï…"`, Fix: "write }} for a literal }", At: 25}}},
		{"{}", params, Errors{{Msg: "placeholder {} names no param", Fix: "put the name of a param in it, or write {{ and }} for literal braces", At: 1}}},
		{"{:json}", params, Errors{{Msg: "placeholder {:json} names no param", Fix: "put the name of a param in it, or write {{ and }} for literal braces", At: 1}}},
		{"{x}", nil, Errors{{Msg: "placeholder {x} names no param of this code", Fix: "declare it under params", At: 1}}},
		{"} {nope} {name", params, Errors{
			{Msg: `unmatched } at offset 0, in "} {nope} {nam…"`, Fix: "write }} for a literal }", At: 1},
			{Msg: "placeholder {nope} names no param of this code", Fix: `use one of "name", "ids", "objs", or declare it under params`, At: 3},
			{Msg: `unclosed { at offset 9, in "} {nope} {name"`, Fix: "close the placeholder with }, or write {{ for a literal {", At: 10},
		}},
	}
	for _, tt := range tests {
		templateErrors(t, tt.src, tt.params, tt.want)
	}
}

func TestBuildTemplateEmptyFormat(t *testing.T) {
	templateErrors(t, "{name:}", Ordered[InputParam]{inParam("name", InputParam{Type: "string"})}, Errors{{
		Msg: `unknown format "" in placeholder {name:}`,
		Fix: "write {name} or {name:json}", At: 1}})
}

type fieldView struct {
	Name, GoName, ArgName string
	Optional              bool
	Type                  typeView
}

type typeView struct {
	Kind   Kind
	Source string
	GoName string
	Elem   *typeView
	Fields []fieldView
}

func viewType(t *Type) typeView {
	v := typeView{Kind: t.Kind, Source: t.Source, GoName: t.GoName}
	if t.Elem != nil {
		e := viewType(t.Elem)
		v.Elem = &e
	}
	for _, f := range t.Fields {
		v.Fields = append(v.Fields, fieldView{f.Name, f.GoName, f.ArgName, f.Optional, viewType(f.Type)})
	}
	return v
}

func TestBuildTypes(t *testing.T) {
	fields := Ordered[InputParam]{
		inParam("zip_code", InputParam{Type: "string"}),
		inParam("geo", InputParam{Type: "object", Optional: true, Fields: Ordered[InputParam]{
			inParam("lat", InputParam{Type: "float"}),
			inParam("lng", InputParam{Type: "float"}),
		}}),

		inParam("type", InputParam{Type: "string"}),
	}
	wantFields := []fieldView{
		{"zip_code", "ZipCode", "zipCode", false, typeView{Kind: String, Source: "string"}},
		{"geo", "Geo", "geo", true, typeView{Kind: Object, Source: "object", GoName: "FooAddressGeo", Fields: []fieldView{
			{"lat", "Lat", "lat", false, typeView{Kind: Float, Source: "float"}},
			{"lng", "Lng", "lng", false, typeView{Kind: Float, Source: "float"}},
		}}},
		{"type", "Type", "type", false, typeView{Kind: String, Source: "string"}},
	}
	tests := []struct {
		param string
		in    InputParam
		want  typeView
	}{
		{"s", InputParam{Type: "string"}, typeView{Kind: String, Source: "string"}},
		{"i", InputParam{Type: "int"}, typeView{Kind: Int, Source: "int"}},
		{"b", InputParam{Type: "bool"}, typeView{Kind: Bool, Source: "bool"}},
		{"f", InputParam{Type: "float"}, typeView{Kind: Float, Source: "float"}},
		{"tags", InputParam{Type: "[]string"}, typeView{Kind: List, Source: "[]string", Elem: &typeView{Kind: String, Source: "string"}}},
		{"counts", InputParam{Type: "map[string]int"}, typeView{Kind: Map, Source: "map[string]int", Elem: &typeView{Kind: Int, Source: "int"}}},
		{"matrix", InputParam{Type: "[]map[string][]bool"}, typeView{Kind: List, Source: "[]map[string][]bool",
			Elem: &typeView{Kind: Map, Source: "map[string][]bool",
				Elem: &typeView{Kind: List, Source: "[]bool", Elem: &typeView{Kind: Bool, Source: "bool"}}}}},
		{"address", InputParam{Type: "object", Fields: fields},
			typeView{Kind: Object, Source: "object", GoName: "FooAddress", Fields: wantFields}},
		{"address", InputParam{Type: "[]object", Fields: fields},
			typeView{Kind: List, Source: "[]object", Elem: &typeView{Kind: Object, Source: "object", GoName: "FooAddress", Fields: wantFields}}},
		{"address", InputParam{Type: "map[string][]object", Fields: fields},
			typeView{Kind: Map, Source: "map[string][]object", Elem: &typeView{Kind: List, Source: "[]object",
				Elem: &typeView{Kind: Object, Source: "object", GoName: "FooAddress", Fields: wantFields}}}},
	}
	for _, tt := range tests {
		c := mustBuild(t, testInput(inCode("FOO", InputCode{Category: "c", Title: "T", Message: "m",
			Params: Ordered[InputParam]{inParam(tt.param, tt.in)}})))

		if diff := cmp.Diff(tt.want, viewType(c.Codes[0].Params[0].Type)); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tt.param, tt.in.Type, diff)
		}
	}
}

func TestTypeIsScalar(t *testing.T) {
	want := map[Kind]bool{String: true, Int: true, Bool: true, Float: true, List: false, Map: false, Object: false}
	got := map[Kind]bool{}
	for k := range want {
		got[k] = (&Type{Kind: k}).IsScalar()
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("IsScalar (-want +got):\n%s", diff)
	}
}

func TestBuildDeprecations(t *testing.T) {
	c := mustBuild(t, testInput(
		inCode("OLD", InputCode{Category: "c", Title: "T", Message: "m", Deprecated: &InputDeprecation{Since: "1.2", Use: "NEW"}}),
		inCode("OLDER", InputCode{Category: "c", Title: "T", Message: "m", Deprecated: &InputDeprecation{Since: "1.0"}}),
		inCode("OLDEST", InputCode{Category: "c", Title: "T", Message: "m", Deprecated: &InputDeprecation{Use: "OLD"}}),
		inCode("NEW", InputCode{Category: "c", Title: "T", Message: "m"}),
	))

	type view struct {
		Deprecated bool
		Since, Use string
	}
	got := map[string]view{}
	for _, code := range c.Codes {
		v := view{Deprecated: code.Deprecated != nil}
		if d := code.Deprecated; d != nil {
			v.Since = d.Since
			if d.Use != nil {
				if d.Use != c.Code(d.Use.Name) {
					t.Errorf("%s: Use is not the catalog's code %s", code.Name, d.Use.Name)
				}
				v.Use = d.Use.Name
			}
		}
		got[code.Name] = v
	}
	want := map[string]view{
		"NEW":    {},
		"OLD":    {true, "1.2", "NEW"},
		"OLDER":  {true, "1.0", ""},
		"OLDEST": {true, "", "OLD"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("deprecations (-want +got):\n%s", diff)
	}
}

func TestBuildCategoryCycle(t *testing.T) {
	errs := buildErrors(t, &Input{
		Name: "test",
		Categories: Ordered[InputCategory]{
			inCat("outside", InputCategory{Description: "O.", Parent: "a"}),
			inCat("a", InputCategory{Description: "A.", Parent: "c"}),
			inCat("b", InputCategory{Description: "B.", Parent: "a"}),
			inCat("c", InputCategory{Description: "C.", Parent: "b"}),
			inCat("self", InputCategory{Description: "S.", Parent: "self"}),
			inCat("pair_two", InputCategory{Description: "P2.", Parent: "pair_one"}),
			inCat("pair_one", InputCategory{Description: "P1.", Parent: "pair_two"}),
		},
		Codes: Ordered[InputCode]{inCode("X", InputCode{Category: "outside", Title: "T", Message: "m"})},
	})
	fix := "remove one parent so the chain ends at a top-level category"
	want := Errors{
		{Path: []string{"categories", "a", "parent"}, Msg: "categories form a cycle: a → c → b → a", Fix: fix},
		{Path: []string{"categories", "self", "parent"}, Msg: "categories form a cycle: self → self", Fix: fix},
		{Path: []string{"categories", "pair_two", "parent"}, Msg: "categories form a cycle: pair_two → pair_one → pair_two", Fix: fix},
	}
	if diff := cmp.Diff(want, errs); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func TestBuildErrors(t *testing.T) {
	const rename = "rename one of them so that their Go names differ"
	tests := []struct {
		name string
		in   *Input
		want Errors
	}{
		{
			name: "unknown category",
			in: &Input{
				Name: "test",
				Categories: Ordered[InputCategory]{
					inCat("limits", InputCategory{Description: "L."}),
					inCat("validation", InputCategory{Description: "V."}),
				},
				Codes: Ordered[InputCode]{
					inCode("A", InputCode{Category: "validaton", Title: "T", Message: "m"}),
					inCode("B", InputCode{Category: "nothing_like_it", Title: "T", Message: "m"}),
				},
			},
			want: Errors{
				{Path: []string{"codes", "A", "category"}, Msg: `category "validaton" is not declared`, Fix: `did you mean "validation"?`},
				{Path: []string{"codes", "B", "category"}, Msg: `category "nothing_like_it" is not declared`, Fix: `use one of "limits", "validation", or declare it under categories`},
			},
		},
		{
			name: "unknown parent",
			in: &Input{
				Name: "test",
				Categories: Ordered[InputCategory]{
					inCat("limits", InputCategory{Description: "L.", Parent: "limit"}),
				},
				Codes: Ordered[InputCode]{inCode("A", InputCode{Category: "limits", Title: "T", Message: "m"})},
			},
			want: Errors{
				{Path: []string{"categories", "limits", "parent"}, Msg: `parent category "limit" is not declared`, Fix: "declare it under categories"},
			},
		},
		{
			name: "category Go names",
			in: &Input{
				Name: "test",
				Categories: Ordered[InputCategory]{
					inCat("not_found", InputCategory{Description: "N."}),
					inCat("not__found", InputCategory{Description: "N2."}),
					inCat("foo_params", InputCategory{Description: "F."}),
				},
				Codes: Ordered[InputCode]{
					inCode("CATEGORY_FOO", InputCode{Category: "not_found", Title: "T", Message: "m",
						Params: Ordered[InputParam]{inParam("a", InputParam{Type: "string"})}}),
				},
			},
			want: Errors{
				{Path: []string{"categories", "not__found"}, Msg: "category not__found gives the Go constant CategoryNotFound, which is already the constant of category not_found", Fix: rename},
				{Path: []string{"codes", "CATEGORY_FOO"}, Msg: "code CATEGORY_FOO gives the Go params struct CategoryFooParams, which is already the constant of category foo_params", Fix: rename},
			},
		},
		{
			name: "code Go names",
			in: testInput(
				inCode("FOO_BAR", InputCode{Category: "c", Title: "T", Message: "m"}),
				inCode("FooBar", InputCode{Category: "c", Title: "T", Message: "m"}),
				inCode("NEW", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
					inParam("baz", InputParam{Type: "object", Fields: Ordered[InputParam]{inParam("a", InputParam{Type: "int"})}}),
				}}),

				inCode("BAZ", InputCode{Category: "c", Title: "T", Message: "m"}),
				inCode("QUX", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
					inParam("params", InputParam{Type: "[]object", Fields: Ordered[InputParam]{inParam("a", InputParam{Type: "int"})}}),
				}}),

				inCode("OBJ", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
					inParam("a", InputParam{Type: "object", Fields: Ordered[InputParam]{
						inParam("b", InputParam{Type: "object", Fields: Ordered[InputParam]{inParam("c", InputParam{Type: "int"})}}),
					}}),

					inParam("a_b", InputParam{Type: "object", Fields: Ordered[InputParam]{inParam("c", InputParam{Type: "int"})}}),
				}}),
			),
			want: Errors{
				{Path: []string{"codes", "FooBar"}, Msg: "code FooBar gives the Go constant CodeFooBar, which is already the constant of code FOO_BAR", Fix: rename},
				{Path: []string{"codes", "BAZ"}, Msg: "code BAZ gives the Go constructor NewBaz, which is already the struct of param baz of code NEW", Fix: rename},
				{Path: []string{"codes", "QUX", "params", "params"}, Msg: "param params of code QUX gives the Go struct QuxParams, which is already the params struct of code QUX", Fix: rename},
				{Path: []string{"codes", "OBJ", "params", "a_b"}, Msg: "param a_b of code OBJ gives the Go struct ObjAB, which is already the struct of field b of param a of code OBJ", Fix: rename},
			},
		},
		{
			name: "param Go names",
			in: testInput(inCode("X", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
				inParam("user_id", InputParam{Type: "string"}),
				inParam("user_i_d", InputParam{Type: "string"}),
				inParam("obj", InputParam{Type: "object", Fields: Ordered[InputParam]{
					inParam("a_b", InputParam{Type: "int"}),
					inParam("a__b", InputParam{Type: "int"}),
				}}),
			}})),
			want: Errors{
				{Path: []string{"codes", "X", "params", "user_i_d"}, Msg: `"user_id" and "user_i_d" both give the Go field name UserID`, Fix: "rename one of them"},
				{Path: []string{"codes", "X", "params", "obj", "fields", "a__b"}, Msg: `"a_b" and "a__b" both give the Go field name AB`, Fix: "rename one of them"},
			},
		},
		{
			name: "docs anchors",
			in: testInput(
				inCode("FOOBAR", InputCode{Category: "c", Title: "T", Message: "m"}),
				inCode("fooBar", InputCode{Category: "c", Title: "T", Message: "m"}),
				inCode("Foobar", InputCode{Category: "c", Title: "T", Message: "m"}),
			),
			want: Errors{
				// FOOBAR and Foobar share a Go name; that is reported once.
				{Path: []string{"codes", "Foobar"}, Msg: "code Foobar gives the Go constant CodeFoobar, which is already the constant of code FOOBAR", Fix: rename},
				{Path: []string{"codes", "fooBar"}, Msg: "code fooBar has the docs anchor #foobar, which code FOOBAR already has", Fix: "rename one of them"},
			},
		},
		{
			// On the one page the title is a heading: #test would open it.
			name: "code anchor of the title",
			in: testInput(
				inCode("TEST", InputCode{Category: "c", Title: "T", Message: "m"}),
			),
			want: Errors{
				{Path: []string{"codes", "TEST"}, Msg: "code TEST has the docs anchor #test, which the title of the reference already has", Fix: `give the catalog a title of its own, such as title: "test errors"`},
			},
		},
		{
			// The title's heading shows it without the spaces around it:
			// #test would open it too.
			name: "code anchor of a title with spaces",
			in: func() *Input {
				in := testInput(inCode("TEST", InputCode{Category: "c", Title: "T", Message: "m"}))
				in.Title = " Test\u00a0"
				return in
			}(),
			want: Errors{
				{Path: []string{"codes", "TEST"}, Msg: "code TEST has the docs anchor #test, which the title of the reference already has", Fix: `give the catalog a title of its own, such as title: " Test\u00a0 errors"`},
			},
		},
		{
			name: "types",
			in: testInput(inCode("X", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
				inParam("empty", InputParam{Type: "object"}),
				inParam("empty_list", InputParam{Type: "[]object"}),
				inParam("tagged", InputParam{Type: "string", Fields: Ordered[InputParam]{inParam("a", InputParam{Type: "int"})}}),
				inParam("tagged_map", InputParam{Type: "map[string]int", Fields: Ordered[InputParam]{inParam("a", InputParam{Type: "int"})}}),
				inParam("uuid", InputParam{Type: "uuid"}),
				inParam("nested", InputParam{Type: "object", Fields: Ordered[InputParam]{
					inParam("inner", InputParam{Type: "object"}),
				}}),
			}})),
			want: Errors{
				{Path: []string{"codes", "X", "params", "empty", "type"}, Msg: "an object type needs fields", Fix: "declare the object's fields under fields"},
				{Path: []string{"codes", "X", "params", "empty_list", "type"}, Msg: "an object type needs fields", Fix: "declare the object's fields under fields"},
				{Path: []string{"codes", "X", "params", "tagged", "fields"}, Msg: "fields are only allowed on object types, not string", Fix: "remove fields, or make the type object or []object"},
				{Path: []string{"codes", "X", "params", "tagged_map", "fields"}, Msg: "fields are only allowed on object types, not int", Fix: "remove fields, or make the type object or []object"},
				{Path: []string{"codes", "X", "params", "uuid", "type"}, Msg: `unknown type "uuid"`, Fix: "use string, int, bool, float, tier, object, []T or map[string]T"},
				{Path: []string{"codes", "X", "params", "nested", "fields", "inner", "type"}, Msg: "an object type needs fields", Fix: "declare the object's fields under fields"},
			},
		},
		{
			name: "deprecations",
			in: testInput(
				inCode("SELF", InputCode{Category: "c", Title: "T", Message: "m", Deprecated: &InputDeprecation{Since: "1", Use: "SELF"}}),
				inCode("TYPO", InputCode{Category: "c", Title: "T", Message: "m", Deprecated: &InputDeprecation{Use: "SELFF"}}),
				inCode("GONE", InputCode{Category: "c", Title: "T", Message: "m", Deprecated: &InputDeprecation{Use: "NO_SUCH_THING_AT_ALL"}}),
			),
			want: Errors{
				{Path: []string{"codes", "SELF", "deprecated", "use"}, Msg: "a code cannot replace itself", Fix: "name another code, or drop use"},
				{Path: []string{"codes", "TYPO", "deprecated", "use"}, Msg: `replacement code "SELFF" is not declared`, Fix: `did you mean "SELF"?`},
				{Path: []string{"codes", "GONE", "deprecated", "use"}, Msg: `replacement code "NO_SUCH_THING_AT_ALL" is not declared`, Fix: `use one of "SELF", "TYPO", "GONE", or declare it under codes`},
			},
		},
		{
			name: "catalog order",
			in: &Input{
				Name: "test",
				Categories: Ordered[InputCategory]{
					inCat("b", InputCategory{Description: "B.", Parent: "zzzzzz"}),
					inCat("a", InputCategory{Description: "A.", Parent: "a"}),
				},
				Codes: Ordered[InputCode]{
					inCode("Z", InputCode{Category: "b", Title: "T", Message: "{q}", Deprecated: &InputDeprecation{Use: "Z"}}),
					inCode("Y", InputCode{Category: "yyyyyy", Title: "T", Message: "m"}),
				},
			},
			want: Errors{
				{Path: []string{"categories", "b", "parent"}, Msg: `parent category "zzzzzz" is not declared`, Fix: `use one of "a", or declare it under categories`},
				{Path: []string{"categories", "a", "parent"}, Msg: "categories form a cycle: a → a", Fix: "remove one parent so the chain ends at a top-level category"},
				{Path: []string{"codes", "Z", "message"}, Msg: "placeholder {q} names no param of this code", Fix: "declare it under params", At: 1},
				{Path: []string{"codes", "Y", "category"}, Msg: `category "yyyyyy" is not declared`, Fix: `use one of "b", "a", or declare it under categories`},
				{Path: []string{"codes", "Z", "deprecated", "use"}, Msg: "a code cannot replace itself", Fix: "name another code, or drop use"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, buildErrors(t, tt.in)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBuildOptionsTypeCollision(t *testing.T) {
	opt := inParam("note", InputParam{Type: "string", Optional: true})
	for _, extra := range []Entry[InputParam]{
		inParam("options", InputParam{Type: "object", Fields: Ordered[InputParam]{inParam("a", InputParam{Type: "int"})}}),
		inParam("foo_options", InputParam{Type: "int"}),
	} {
		if _, err := Build(testInput(inCode("FOO", InputCode{Category: "c", Title: "T", Message: "m",
			Params: Ordered[InputParam]{opt, extra}}))); err == nil {
			t.Errorf("param %s next to optional params: Build succeeded, want a Go name collision on FooOptions", extra.Key)
		}
	}
}

// TestBuildReservedParams checks that a param spelled like a Go keyword,
// a predeclared identifier or a name the constructor uses keeps its name
// on the wire and in the params struct, and only its constructor argument
// takes a "_" after it.
func TestBuildReservedParams(t *testing.T) {
	c := mustBuild(t, testInput(inCode("X", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
		inParam("type", InputParam{Type: "string"}),
		inParam("len", InputParam{Type: "int"}),
		inParam("error", InputParam{Type: "string"}),
		inParam("new_error", InputParam{Type: "string"}),
		inParam("strings", InputParam{Type: "[]string"}),
		inParam("func_", InputParam{Type: "string"}),
		inParam("opts", InputParam{Type: "string", Optional: true}),
		inParam("obj", InputParam{Type: "object", Fields: Ordered[InputParam]{
			inParam("type", InputParam{Type: "string"}),
		}}),
	}}))).Codes[0]
	type names struct{ Name, GoName, ArgName string }
	var got []names
	for _, p := range c.Params {
		got = append(got, names{p.Name, p.GoName, p.ArgName})
	}
	want := []names{
		{"type", "Type", "type_"},
		{"len", "Len", "len_"},
		{"error", "Error", "error_"},
		{"new_error", "NewError", "newError_"},
		{"strings", "Strings", "strings"},
		{"func_", "Func", "func_"},
		{"opts", "Opts", "opts_"},
		{"obj", "Obj", "obj"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("params (-want +got):\n%s", diff)
	}
	// Two params whose argument would both be type_ share a Go field name,
	// which is reported.
	if _, err := Build(testInput(inCode("Y", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
		inParam("type", InputParam{Type: "string"}),
		inParam("type_", InputParam{Type: "string"}),
	}}))); err == nil {
		t.Error("params type and type_: Build succeeded, want a Go field name collision")
	}
}

func TestErrorText(t *testing.T) {
	errs := Errors{
		{Path: []string{"codes", "X", "category"}, Msg: `category "y" is not declared`, Fix: `did you mean "x"?`},
		{Path: []string{"categories", "a"}, Msg: "no fix"},
	}
	want := "codes.X.category: category \"y\" is not declared\n\tdid you mean \"x\"?\ncategories.a: no fix"
	if diff := cmp.Diff(want, errs.Error()); diff != "" {
		t.Errorf("Errors.Error (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("categories.a: no fix", errs[1].Error()); diff != "" {
		t.Errorf("Error.Error (-want +got):\n%s", diff)
	}
}

func TestErrorListCopiesPath(t *testing.T) {
	var l errorList
	p := make([]string, 2, 4)
	copy(p, []string{"codes", "X"})
	l.add(append(p, "message"), "", "first")
	l.add(append(p, "suggestion"), "", "second %d", 2)
	want := Errors{
		{Path: []string{"codes", "X", "message"}, Msg: "first"},
		{Path: []string{"codes", "X", "suggestion"}, Msg: "second 2"},
	}
	if diff := cmp.Diff(want, l.errs); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

// TestBuildTitleAnchorPerCode checks that a code spelled like the title is
// accepted where each code has a page of its own, and where the catalog
// gives a title of more than one word.
func TestBuildTitleAnchorPerCode(t *testing.T) {
	in := testInput(inCode("TEST", InputCode{Category: "c", Title: "T", Message: "m"}))
	in.Outputs.Markdown = &InputMarkdown{Layout: LayoutPerCode, Dir: "docs"}
	mustBuild(t, in)
	in = testInput(inCode("TEST", InputCode{Category: "c", Title: "T", Message: "m"}))
	in.Title = "Test errors"
	mustBuild(t, in)
}

// TestListWordsGlued checks the words of lists that would glue the
// elements of a list to them, a letter of a script written with spaces
// at an end, combining marks after it too (và written with a combining
// grave accent), and those that would not.
func TestListWordsGlued(t *testing.T) {
	for word, glued := range map[string]bool{
		" et ":           false,
		"et":             true,
		" et":            true,
		" va\u0300":      true,
		" va\u0300 ":     false,
		"、":              false,
		" و":             false,
		", ":             false,
		" и ":            false,
		" и":             true,
		"\u00a0et\u00a0": false,
	} {
		in := testInput(inCode("X", InputCode{Category: "c", Title: "X", Message: "X"}))
		in.Lists.And = word
		_, err := Build(in)
		if got := err != nil; got != glued {
			t.Errorf("lists.and %q: Build error %v, want one: %v", word, err, glued)
		}
	}
}
