package catalogjson_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/catalogjson"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
)

func loadExample(t *testing.T) *model.Catalog {
	t.Helper()
	c, err := load.Dir("../../spec/agenttools")
	if err != nil {
		t.Fatalf("loading the example catalog: %v", err)
	}
	return c.Model
}

// TestRoundTrip reads the catalog JSON back into the package's types and
// writes it again: the bytes must not change, and nothing may be lost.
func TestRoundTrip(t *testing.T) {
	cat := loadExample(t)
	notice := files.Notice(cat.Name)
	data, err := catalogjson.Render(cat, notice)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	if owner, ok := files.Owner(data); !ok || owner != cat.Name {
		t.Errorf("files.Owner does not see the notice: %q, %v", owner, ok)
	}
	if !bytes.HasSuffix(data, []byte("}\n")) || bytes.HasSuffix(data, []byte("\n\n")) {
		t.Errorf("the JSON does not end with one newline")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc catalogjson.Catalog
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("reading the catalog JSON back: %v", err)
	}
	again, err := catalogjson.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(data), string(again)); diff != "" {
		t.Errorf("decode and encode change the catalog JSON (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(doc, withComment(catalogjson.FromModel(cat), notice), cmp.Comparer(jsonEqual)); diff != "" {
		t.Errorf("the decoded catalog differs from the model's (-decoded +model):\n%s", diff)
	}

	// Everything the model has is there.
	if len(doc.Codes) != len(cat.Codes) || len(doc.Categories) != len(cat.Categories) ||
		len(doc.Features) != len(cat.Features) || len(doc.Tools) != len(cat.Tools) || len(doc.Envelopes) != len(cat.Envelopes) {
		t.Errorf("counts differ: codes %d/%d, categories %d/%d, features %d/%d, tools %d/%d, envelopes %d/%d",
			len(doc.Codes), len(cat.Codes), len(doc.Categories), len(cat.Categories),
			len(doc.Features), len(cat.Features), len(doc.Tools), len(cat.Tools), len(doc.Envelopes), len(cat.Envelopes))
	}
	for i, c := range cat.Codes {
		got := doc.Codes[i]
		if got.Code != c.Name || got.DocsURL != c.DocsURL || got.Retry != string(c.Retry) || got.HTTPStatus != c.HTTPStatus ||
			got.GRPCCode != string(c.GRPC) || got.GRPCCode == "" || got.ErrorText != c.ErrorText.Source ||
			got.Message != c.Message.Source || len(got.Params) != len(c.Params) || len(got.Examples) != len(c.Examples) {
			t.Errorf("code %s: %+v", c.Name, got)
		}
		for j, ex := range c.Examples {
			if !jsonEqual(got.Examples[j].JSON, ex.JSON) {
				t.Errorf("code %s example %d: JSON %s, want %s", c.Name, j, got.Examples[j].JSON, ex.JSON)
			}
		}
	}
	if doc.Format != catalogjson.Version || doc.Name != cat.Name || doc.DocsURL != cat.DocsBaseURL || doc.ErrorText == "" {
		t.Errorf("header: format %d, name %q, docs URL %q, error text %q", doc.Format, doc.Name, doc.DocsURL, doc.ErrorText)
	}
}

func withComment(c catalogjson.Catalog, notice string) catalogjson.Catalog {
	c.Comment = notice
	return c
}

// jsonEqual compares JSON texts by value.
func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	return cmp.Equal(x, y)
}

func TestDeterministic(t *testing.T) {
	a, err := catalogjson.Render(loadExample(t), "n")
	if err != nil {
		t.Fatal(err)
	}
	b, err := catalogjson.Render(loadExample(t), "n")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("two renders differ:\n%s", cmp.Diff(string(a), string(b)))
	}
	if bytes.Contains(a, []byte(`\u003c`)) {
		t.Error("the JSON escapes HTML characters")
	}
}

func TestCodeOf(t *testing.T) {
	cat := loadExample(t)
	c := cat.Code("TIER_RESTRICTED")
	got := catalogjson.CodeOf(cat, c)
	if got.Role != "tier_restricted" || got.Category != "permission" || got.Categories[0] != "permission" {
		t.Errorf("TIER_RESTRICTED: role %q, category %q, categories %q", got.Role, got.Category, got.Categories)
	}
	for _, p := range got.Params {
		if p.Wire && p.Key != "params."+p.Name {
			t.Errorf("param %s: key %q, want params.%s", p.Name, p.Key, p.Name)
		}
	}
	var alts *catalogjson.Param
	for i := range got.Params {
		if got.Params[i].Name == "alternatives" {
			alts = &got.Params[i]
		}
	}
	if alts == nil || len(alts.Fields) != 3 {
		t.Errorf("alternatives has no fields: %+v", alts)
	}
	var params map[string]any
	if err := json.Unmarshal(got.Examples[0].Params, &params); err != nil || params["tool"] != "browse_protected_branches" {
		t.Errorf("example params %s: %v", got.Examples[0].Params, err)
	}

	old := catalogjson.CodeOf(cat, cat.Code("PROJECT_NOT_FOUND"))
	if old.Deprecated == nil || old.Deprecated.Use != "RESOURCE_NOT_FOUND" || old.Envelope != "legacy" {
		t.Errorf("PROJECT_NOT_FOUND: deprecated %+v, envelope %q", old.Deprecated, old.Envelope)
	}
	if p := old.Params[0]; p.Key != "project_id" {
		t.Errorf("PROJECT_NOT_FOUND: param %s spread at %q, want project_id", p.Name, p.Key)
	}
	repl := catalogjson.CodeOf(cat, cat.Code("RESOURCE_NOT_FOUND"))
	if diff := cmp.Diff([]string{"PROJECT_NOT_FOUND"}, repl.Replaces); diff != "" {
		t.Errorf("RESOURCE_NOT_FOUND replaces (-want +got):\n%s", diff)
	}
}

func TestEnvelopeShape(t *testing.T) {
	in := &model.Input{
		Name:       "shapes",
		Envelope:   json.RawMessage(`{"error": {"code": "$code", "msg": "$message"}, "ok": false, "tag": "$$dollar", "n": 1, "x": "$params.x", "rest": {"$params": true}}`),
		Categories: model.Ordered[model.InputCategory]{{Key: "c", Value: model.InputCategory{Description: "C."}}},
		Codes: model.Ordered[model.InputCode]{{Key: "A", Value: model.InputCode{Category: "c", Title: "A", Message: "a",
			Params: model.Ordered[model.InputParam]{{Key: "x", Value: model.InputParam{Type: "int"}}, {Key: "y", Value: model.InputParam{Type: "int"}}}}}},
	}
	cat, err := model.Build(in)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	doc := catalogjson.FromModel(cat)
	want := `{"error":{"code":"$code","msg":"$message"},"ok":false,"tag":"$$dollar","n":1,"x":"$params.x","rest":{"$params":true}}`
	if diff := cmp.Diff(want, string(doc.Envelopes[0].Shape)); diff != "" {
		t.Errorf("shape (-want +got):\n%s", diff)
	}
	// The shape, written back, is the catalog's own.
	again, err := model.Build(&model.Input{Name: in.Name, Envelope: doc.Envelopes[0].Shape, Categories: in.Categories, Codes: in.Codes})
	if err != nil {
		t.Fatalf("Build from the written shape: %v", err)
	}
	if diff := cmp.Diff(want, string(catalogjson.FromModel(again).Envelopes[0].Shape)); diff != "" {
		t.Errorf("shape after a round trip (-want +got):\n%s", diff)
	}
	if got := doc.Codes[0].Params; got[0].Key != "x" || got[1].Key != "rest.y" {
		t.Errorf("param keys %q and %q, want x and rest.y", got[0].Key, got[1].Key)
	}
}

func TestRenderIndex(t *testing.T) {
	cat := loadExample(t)
	notice := files.Notice(cat.Name)
	data := catalogjson.RenderIndex(cat, notice)
	if owner, ok := files.Owner(data); !ok || owner != cat.Name {
		t.Errorf("files.Owner does not see the notice: %q, %v", owner, ok)
	}
	if !bytes.Equal(data, catalogjson.RenderIndex(loadExample(t), notice)) {
		t.Error("two renders differ")
	}
	text := string(data)
	if !strings.HasSuffix(text, "\n") || strings.HasSuffix(text, "\n\n") {
		t.Error("the index does not end with one newline")
	}
	lines := strings.Split(text, "\n")
	if lines[1] != "# "+cat.Title {
		t.Errorf("second line %q, want the title", lines[1])
	}
	for _, c := range cat.Codes {
		prefix := "- [" + c.Name + "](" + c.DocsURL + "): "
		n := 0
		for _, l := range lines {
			if strings.HasPrefix(l, prefix) {
				n++
				if !strings.Contains(l, c.Title) || !strings.Contains(l, "retry "+string(c.Retry)) {
					t.Errorf("line of %s lacks its title or retry class: %s", c.Name, l)
				}
			}
		}
		if n != 1 {
			t.Errorf("code %s has %d lines starting %q, want 1", c.Name, n, prefix)
		}
	}
	for _, f := range cat.Features {
		if !strings.Contains(text, "- ["+f.Key+"](") {
			t.Errorf("feature %s has no line", f.Key)
		}
	}
}

// TestRenderIndexOneLine checks that catalog text with newlines stays on
// its line.
func TestRenderIndexOneLine(t *testing.T) {
	in := &model.Input{
		Name:        "lines",
		Title:       "Two  spaces",
		Description: "First\nparagraph.\n\nSecond.",
		Categories:  model.Ordered[model.InputCategory]{{Key: "c", Value: model.InputCategory{Description: "C\nc."}}},
		Codes: model.Ordered[model.InputCode]{{Key: "A", Value: model.InputCode{Category: "c", Title: "A\ttitle", Message: "a",
			Suggestion: "Do\nthis."}}},
	}
	cat, err := model.Build(in)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	want := "# Two spaces\n\n> First paragraph.\n"
	if got := string(catalogjson.RenderIndex(cat, "")); !strings.HasPrefix(got, want) ||
		!strings.Contains(got, "\n- A: A title. Category c, HTTP 500, retry after_fix. Suggestion: Do this.\n") ||
		!strings.Contains(got, "\n- c: C c. Default HTTP 500, retry after_fix.\n") {
		t.Errorf("index:\n%s", got)
	}
}
