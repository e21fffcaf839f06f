package model

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func docsInput(markdown *InputMarkdown) *Input {
	type req = struct {
		Required []string `json:"required"`
	}
	return &Input{
		Name:    "docs",
		Docs:    InputDocs{BaseURL: "https://docs.example.com/errors/"},
		Outputs: InputOutputs{Markdown: markdown},
		Categories: Ordered[InputCategory]{
			inCat("root", InputCategory{Description: "R."}),
			inCat("mid", InputCategory{Description: "M.", Parent: "root"}),
			inCat("leaf", InputCategory{Description: "L.", Parent: "mid"}),
			inCat("other", InputCategory{Description: "O."}),
		},
		Tiers: []string{"Free", "Pro"},
		Features: Ordered[InputFeature]{
			{"whole", InputFeature{Name: "Whole", Tier: "Pro", Tools: []string{"t1"}}},
			{"one", InputFeature{Name: "One", Tier: "Pro", Tools: []string{"t2:write"}}},
		},
		Tools: Ordered[InputTool]{
			{"t1", InputTool{Actions: Ordered[req]{{"read", req{}}}}},
			{"t2", InputTool{Actions: Ordered[req]{{"read", req{}}, {"write", req{}}}}},
		},
		Roles: Ordered[string]{{"not_found", "NEW"}},
		Codes: Ordered[InputCode]{
			inCode("NEW", InputCode{Category: "leaf", Title: "New", Message: "n"}),
			inCode("OLD", InputCode{Category: "root", Title: "Old", Message: "o", Deprecated: &InputDeprecation{Use: "NEW"}}),
			inCode("OLDER", InputCode{Category: "mid", Title: "Older", Message: "o", Deprecated: &InputDeprecation{Use: "NEW"}}),
			inCode("ALONE", InputCode{Category: "other", Title: "Alone", Message: "a"}),
		},
	}
}

func TestDocsURLs(t *testing.T) {
	tests := []struct {
		name          string
		markdown      *InputMarkdown
		layout, page  string
		code, section string
	}{
		{"single", &InputMarkdown{File: "ERRORS.md"}, LayoutSingle, "",
			"https://docs.example.com/errors#new", "https://docs.example.com/errors#category-root"},
		{"no markdown", nil, LayoutSingle, "",
			"https://docs.example.com/errors#new", "https://docs.example.com/errors#category-root"},
		{"per code", &InputMarkdown{Layout: LayoutPerCode, Dir: "d"}, LayoutPerCode, "new.md",
			"https://docs.example.com/errors/new", "https://docs.example.com/errors/#category-root"},
		{"per code, html", &InputMarkdown{Layout: LayoutPerCode, Dir: "d", URLSuffix: ".html"}, LayoutPerCode, "new.md",
			"https://docs.example.com/errors/new.html", "https://docs.example.com/errors/#category-root"},
		{"per code, markdown", &InputMarkdown{Layout: LayoutPerCode, Dir: "d", Index: "README.md", URLSuffix: ".md"}, LayoutPerCode, "new.md",
			"https://docs.example.com/errors/new.md", "https://docs.example.com/errors/README.md#category-root"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat := mustBuild(t, docsInput(tt.markdown))
			code := cat.Code("NEW")
			root := cat.Categories[slicesIndex(cat.Categories, "root")]
			got := []string{cat.Layout(), cat.CodePage(code), code.DocsURL, cat.SectionURL(root.Anchor)}
			want := []string{tt.layout, tt.page, tt.code, tt.section}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("layout, page, docs URL, section URL (-want +got):\n%s", diff)
			}
		})
	}
	in := docsInput(nil)
	in.Docs.BaseURL = ""
	cat := mustBuild(t, in)
	if cat.Code("NEW").DocsURL != "" || cat.ReferenceURL() != "" || cat.SectionURL("x") != "" {
		t.Error("without a base URL there are docs URLs")
	}
}

func slicesIndex(cs []*Category, name string) int {
	for i, c := range cs {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func TestIndexPageCollision(t *testing.T) {
	in := docsInput(&InputMarkdown{Layout: LayoutPerCode, Dir: "d", Index: "README.md"})
	in.Codes = append(in.Codes, inCode("README", InputCode{Category: "other", Title: "R", Message: "r"}))
	errs := buildErrors(t, in)
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "the index page README.md would be the page of code README") ||
		errs[0].Fix != "name the index page otherwise, such as index.md" {
		t.Errorf("errors: %v", errs)
	}
	// The fix names neither the index page nor a code's page.
	in.Codes = append(in.Codes, inCode("INDEX", InputCode{Category: "other", Title: "I", Message: "i"}))
	if errs := buildErrors(t, in); len(errs) != 1 || errs[0].Fix != "name the index page otherwise, such as _index.md" {
		t.Errorf("errors: %v", errs)
	}
}

func TestDocsLookups(t *testing.T) {
	cat := mustBuild(t, docsInput(nil))
	names := func(cs []*Code) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	cats := map[string]*Category{}
	for _, c := range cat.Categories {
		cats[c.Name] = c
	}
	if diff := cmp.Diff([]string{"OLD", "OLDER"}, names(cat.ReplacedBy(cat.Code("NEW")))); diff != "" {
		t.Errorf("ReplacedBy (-want +got):\n%s", diff)
	}
	if got := cat.ReplacedBy(cat.Code("ALONE")); got != nil {
		t.Errorf("ReplacedBy(ALONE) = %v", names(got))
	}
	if diff := cmp.Diff([]string{"NEW", "OLD", "OLDER"}, names(cat.CodesUnder(cats["root"]))); diff != "" {
		t.Errorf("CodesUnder(root) (-want +got):\n%s", diff)
	}
	// A catalog not built by Build finds the same codes without the index.
	unindexed := *cat
	unindexed.indexed = false
	for _, c := range cat.Categories {
		if diff := cmp.Diff(names(unindexed.CodesUnder(c)), names(cat.CodesUnder(c))); diff != "" {
			t.Errorf("CodesUnder(%s) (-scan +index):\n%s", c.Name, diff)
		}
	}
	if got := cat.Subcategories(cats["root"]); len(got) != 1 || got[0] != cats["mid"] {
		t.Errorf("Subcategories(root) = %v", got)
	}
	if cat.RoleOf(cat.Code("NEW")) != RoleNotFound || cat.RoleOf(cat.Code("OLD")) != "" {
		t.Error("RoleOf")
	}
	feature := func(tool, action string) string {
		if f := cat.GatingFeature(tool, action); f != nil {
			return f.Key
		}
		return ""
	}
	got := []string{feature("t1", "read"), feature("t1", ""), feature("t2", "write"), feature("t2", "read"), feature("t2", ""), feature("t3", "")}
	if diff := cmp.Diff([]string{"whole", "whole", "one", "", "", ""}, got); diff != "" {
		t.Errorf("GatingFeature (-want +got):\n%s", diff)
	}
}

func TestEnvelopePaths(t *testing.T) {
	in := docsInput(nil)
	in.Envelope = json.RawMessage(`{"error": {"code": "$code", "msg": "$message"}, "x": "$params.x", "rest": {"$params": true}}`)
	in.Codes = Ordered[InputCode]{inCode("A", InputCode{Category: "other", Title: "A", Message: "a",
		Params: Ordered[InputParam]{inParam("x", InputParam{Type: "int"}), inParam("y", InputParam{Type: "int"})}})}
	in.Roles = nil
	env := mustBuild(t, in).Envelopes[0]
	got := [][]string{env.FieldPath(FieldCode), env.FieldPath(FieldMessage), env.FieldPath(FieldSuggestion), env.ParamPath("x"), env.ParamPath("y")}
	want := [][]string{{"error", "code"}, {"error", "msg"}, nil, {"x"}, {"rest", "y"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	in.Envelope = json.RawMessage(`{"code": "$code", "details": "$params"}`)
	env = mustBuild(t, in).Envelopes[0]
	if diff := cmp.Diff([]string{"details", "y"}, env.ParamPath("y")); diff != "" {
		t.Errorf("ParamPath under $params (-want +got):\n%s", diff)
	}
}

// TestKeyPath checks that two different places of a JSON object never
// read as the same key path.
func TestKeyPath(t *testing.T) {
	tests := []struct {
		keys []string
		want string
	}{
		{nil, ""},
		{[]string{"error", "code"}, "error.code"},
		{[]string{"error.code"}, `"error.code"`},
		{[]string{"retry able"}, `"retry able"`},
		{[]string{`say "this"`, "x"}, `"say \"this\"".x`},
		{[]string{`"a"`}, `"\"a\""`},
		{[]string{`back\slash`}, `"back\\slash"`},
		{[]string{""}, `""`},
		{[]string{"line\u2028sep"}, `"line\u2028sep"`},
		{[]string{"rtl\u202e"}, `"rtl\u202e"`},
		{[]string{"$params", "é-ü", "a`b"}, "$params.é-ü.a`b"},
	}
	for _, tt := range tests {
		if got := KeyPath(tt.keys); got != tt.want {
			t.Errorf("KeyPath(%q) = %s, want %s", tt.keys, got, tt.want)
		}
	}
}
