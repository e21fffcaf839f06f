package schemagen

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const agenttoolsDir = "../../spec/agenttools"

var loadAgenttools = sync.OnceValues(func() (*model.Catalog, error) {
	c, err := load.Dir(agenttoolsDir)
	if err != nil {
		return nil, err
	}
	return c.Model, nil
})

// agenttools returns the model of the example catalog.
func agenttools(t *testing.T) *model.Catalog {
	t.Helper()
	cat, err := loadAgenttools()
	if err != nil {
		t.Fatalf("loading %s: %v", agenttoolsDir, err)
	}
	return cat
}

// render renders cat with its generated-file notice.
func render(t *testing.T, cat *model.Catalog) []byte {
	t.Helper()
	out, err := Render(cat, files.Notice(cat.Name))
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return out
}

// compile compiles a rendered schema, checking it against the 2020-12
// meta-schema and asserting formats.
func compile(t *testing.T, data []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const loc = "mem:///errors.schema.json"
	if err := c.AddResource(loc, doc); err != nil {
		t.Fatalf("AddResource: %v", err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		t.Fatalf("compiling the schema: %v", err)
	}
	return sch
}

// validate validates a JSON payload against sch.
func validate(t *testing.T, sch *jsonschema.Schema, payload string) error {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(payload))
	if err != nil {
		t.Fatalf("the payload is not JSON: %v\n%s", err, payload)
	}
	return sch.Validate(v)
}

// leafLocations returns the instance locations, as JSON Pointers, of the
// innermost causes of a validation error: where the payload is wrong.
func leafLocations(err error) []string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			ptr := ""
			for _, tok := range e.InstanceLocation {
				ptr += "/" + tok
			}
			out = append(out, ptr)
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	slices.Sort(out)
	return slices.Compact(out)
}

// built builds the catalog of testdata/NAME.input.json: a model.Input as
// the loader decodes it from CUE's export.
// built builds the catalog of a test input, in the exact mode, which most
// tests are about; tests of the compatible mode ask for it.
func built(t *testing.T, name string) *model.Catalog {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".input.json"))
	if err != nil {
		t.Fatal(err)
	}
	var in model.Input
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatalf("decoding %s: %v", name, err)
	}
	cat, err := model.Build(&in)
	if err != nil {
		t.Fatalf("building %s: %v", name, err)
	}
	cat.Outputs.JSONSchemaMode = model.SchemaExact
	return cat
}

// catalogs are the golden cases: the example catalog with the default
// envelope, and hand-written catalogs with other envelopes.
var catalogs = []struct {
	name string
	cat  func(*testing.T) *model.Catalog
}{
	{"agenttools", agenttools},
	{"default", func(t *testing.T) *model.Catalog { return built(t, "default") }},
	{"flat", func(t *testing.T) *model.Catalog { return built(t, "flat") }},
	{"nested", func(t *testing.T) *model.Catalog { return built(t, "nested") }},
	{"two", func(t *testing.T) *model.Catalog { return built(t, "two") }},
}

// TestGolden compares the schema of each catalog, in the exact mode
// (NAME.schema.json) and in the compatible one (NAME.compatible.schema.json),
// with its golden.
func TestGolden(t *testing.T) {
	for _, tc := range catalogs {
		for _, mode := range []string{model.SchemaExact, model.SchemaCompatible} {
			t.Run(tc.name+"/"+mode, func(t *testing.T) {
				golden(t, tc.name, mode, tc.cat(t))
			})
		}
	}
}

// golden compares the schema of cat in mode with its golden, and checks
// that it compiles.
func golden(t *testing.T, name, mode string, cat *model.Catalog) {
	t.Helper()
	s, err := BuildMode(cat, files.Notice(cat.Name), mode)
	if err != nil {
		t.Fatalf("BuildMode: %v", err)
	}
	got := s.JSON()
	file := name + ".schema.json"
	if mode == model.SchemaCompatible {
		file = name + ".compatible.schema.json"
	}
	path := filepath.Join("testdata", file)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("the %s schema of %s (-want +got):\n%s", mode, name, diff)
	}
	compile(t, got)
}

func TestDeterministic(t *testing.T) {
	cat := agenttools(t)
	first := render(t, cat)
	again, err := load.Dir(agenttoolsDir) // a model built anew
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*model.Catalog{cat, again.Model} {
		if diff := cmp.Diff(string(first), string(render(t, c))); diff != "" {
			t.Errorf("second render differs (-want +got):\n%s", diff)
		}
	}
	for _, name := range []string{"default", "flat", "nested", "two"} {
		if diff := cmp.Diff(string(render(t, built(t, name))), string(render(t, built(t, name)))); diff != "" {
			t.Errorf("%s: second render differs (-want +got):\n%s", name, diff)
		}
	}
}

func TestLayout(t *testing.T) {
	out := render(t, agenttools(t))

	dec := json.NewDecoder(bytes.NewReader(out))
	var top []string
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("the schema does not start with an object: %v %v", tok, err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		top = append(top, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"$comment", "$schema", "$id", "title", "description", "type",
		"properties", "required", "allOf", "$defs"}
	if diff := cmp.Diff(want, top); diff != "" {
		t.Errorf("top-level keys (-want +got):\n%s", diff)
	}

	if name, ok := files.Owner(out); !ok || name != "agenttools" {
		t.Errorf("files.Owner = %q, %v; want agenttools, true", name, ok)
	}
	if !bytes.HasSuffix(out, []byte("}\n")) || bytes.HasSuffix(out, []byte("\n\n")) {
		t.Errorf("the schema does not end in exactly one newline")
	}
	if !bytes.HasPrefix(out, []byte("{\n  \"$comment\": ")) {
		t.Errorf("the schema is not indented with two spaces:\n%.40s", out)
	}
}

func TestNoHTMLEscaping(t *testing.T) {
	for _, tc := range []struct{ catalog, literal string }{
		{"flat", `"Feature needs a <higher> tier"`},
		{"flat", `a < b && c > d.`},
		{"two", `"b": "<x>"`}, // inside a constant of the envelope
	} {
		if out := render(t, built(t, tc.catalog)); !bytes.Contains(out, []byte(tc.literal)) {
			t.Errorf("the schema of %s lacks %s literally", tc.catalog, tc.literal)
		}
	}
}

// TestExamples checks that every example of the example catalog, the JSON
// its constructor must produce, validates.
func TestExamples(t *testing.T) {
	cat := agenttools(t)
	sch := compile(t, render(t, cat))
	n := 0
	for _, code := range cat.Codes {
		for _, ex := range code.Examples {
			n++
			if err := validate(t, sch, string(ex.JSON)); err != nil {
				t.Errorf("%s example %d rejected: %v\n%s", code.Name, ex.Index, err, ex.JSON)
			}
		}
	}
	t.Logf("%d examples checked", n)
}

type validCase struct{ name, payload string }

// faultCase is a payload with one thing wrong; at is where the validator
// must place the fault.
type faultCase struct{ name, at, payload string }

func checkPayloads(t *testing.T, sch *jsonschema.Schema, valid []validCase, invalid []faultCase) {
	t.Helper()
	for _, tc := range valid {
		t.Run("valid/"+tc.name, func(t *testing.T) {
			if err := validate(t, sch, tc.payload); err != nil {
				t.Errorf("valid payload rejected: %v\n%s", err, tc.payload)
			}
		})
	}
	for _, tc := range invalid {
		t.Run("invalid/"+tc.name, func(t *testing.T) {
			err := validate(t, sch, tc.payload)
			if err == nil {
				t.Fatalf("invalid payload accepted:\n%s", tc.payload)
			}
			if locs := leafLocations(err); !slices.Contains(locs, tc.at) {
				t.Errorf("faults at %q, want one at %q:\n%v", locs, tc.at, err)
			}
		})
	}
}

// TestDefaultEnvelope validates payloads in the default envelope: code,
// category, message, detail, suggestion, retryable, docs_url and params.
// The catalog is the example catalog as it was before envelopes.
func TestDefaultEnvelope(t *testing.T) {
	sch := compile(t, render(t, built(t, "default")))
	checkPayloads(t, sch, []validCase{
		{"required params only, no detail", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation",
			"message": "Missing required fields for manage_merge_request create: title",
			"suggestion": "Add the required fields: title",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "manage_merge_request", "action": "create", "missing_fields": ["title"]}}`},
		{"optional map param and detail", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation",
			"message": "Missing required fields for manage_merge_request merge: project_id, merge_request_iid",
			"detail": "called from <agent> & friends",
			"suggestion": "Add the required fields: project_id, merge_request_iid",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "manage_merge_request", "action": "merge",
				"missing_fields": ["project_id", "merge_request_iid"],
				"action_required_fields": {"create": ["project_id", "title"], "merge": [], "close": ["project_id"]}}}`},
		{"empty list and no suggestion", `{
			"code": "INVALID_ACTION", "category": "validation", "message": "Tool t has no action a",
			"retryable": false, "docs_url": "https://docs.example.com/errors#invalid_action",
			"params": {"tool": "t", "action": "a", "valid_actions": []}}`},
		{"list of objects", `{
			"code": "TYPE_MISMATCH", "category": "validation",
			"message": "Arguments of the wrong type: [{\"field\":\"limit\",\"expected\":\"int\",\"received\":\"string\"}]",
			"suggestion": "Pass each field with its expected type.",
			"retryable": false, "docs_url": "https://docs.example.com/errors#type_mismatch",
			"params": {"tool": "browse_pipelines", "invalid_fields": [
				{"field": "limit", "expected": "int", "received": "string"},
				{"field": "ref", "expected": "string", "received": "bool"}]}}`},
		{"nested object present", `{
			"code": "RESOURCE_NOT_FOUND", "category": "not_found", "message": "Deployment web not found",
			"retryable": false, "docs_url": "https://docs.example.com/errors#resource_not_found",
			"params": {"kind": "Deployment", "id": "web", "gvk": {"group": "apps", "version": "v1", "kind": "Deployment"}}}`},
		{"nested object absent", `{
			"code": "RESOURCE_NOT_FOUND", "category": "not_found", "message": "pipeline 42 not found",
			"retryable": false, "docs_url": "https://docs.example.com/errors#resource_not_found",
			"params": {"kind": "pipeline", "id": "42"}}`},
		{"no params", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "Internal error",
			"suggestion": "Wait briefly, then retry once.",
			"retryable": true, "docs_url": "https://docs.example.com/errors#internal_error"}`},
		{"nested category", `{
			"code": "UPSTREAM_TIMEOUT", "category": "upstream_timeout",
			"message": "Upstream API did not answer within 3000 ms",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_timeout",
			"params": {"timeout_ms": 3000}}`},
		{"optional bool absent", `{
			"code": "UPSTREAM_ERROR", "category": "upstream", "message": "Upstream API answered 503: unavailable",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_error",
			"params": {"status": 503, "upstream_message": "unavailable"}}`},
		{"optional bool present", `{
			"code": "UPSTREAM_ERROR", "category": "upstream", "message": "Upstream API answered 503: unavailable",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_error",
			"params": {"status": 503, "upstream_message": "unavailable", "metrics_available": true}}`},
		{"optional string present", `{
			"code": "TIER_RESTRICTED", "category": "permission",
			"message": "Protected Branches API requires the Premium tier or higher",
			"retryable": false, "docs_url": "https://docs.example.com/errors#tier_restricted",
			"params": {"tool": "browse_protected_branches", "feature_name": "Protected Branches API",
				"tier_required": "Premium", "current_tier": "Free", "upgrade_available": true}}`},
		{"floats, whole and fractional", `{
			"code": "VALUE_OUT_OF_RANGE", "category": "validation", "message": "limit must be between 1 and 100, got 250.5",
			"retryable": false, "docs_url": "https://docs.example.com/errors#value_out_of_range",
			"params": {"field": "limit", "minimum": 1, "maximum": 100.0, "value": 250.5}}`},
		{"code retryable against its category", `{
			"code": "STALE_REVISION", "category": "conflict",
			"message": "file changed since revision 3; it is now at 4",
			"retryable": true, "docs_url": "https://docs.example.com/errors#stale_revision",
			"params": {"kind": "file", "expected_revision": 3, "current_revision": 4}}`},
		{"code not retryable against its category", `{
			"code": "PAYLOAD_TOO_LARGE", "category": "limit", "message": "content is 2048 bytes; the limit is 1024",
			"retryable": false, "docs_url": "https://docs.example.com/errors#payload_too_large",
			"params": {"field": "content", "size": 2048, "max_size": 1024}}`},
		{"deprecated code", `{
			"code": "PROJECT_NOT_FOUND", "category": "not_found", "message": "Project g/p not found",
			"retryable": false, "docs_url": "https://docs.example.com/errors#project_not_found",
			"params": {"project_id": "g/p"}}`},
	}, []faultCase{
		{"unknown code", "/code", `{
			"code": "NO_SUCH_CODE", "category": "internal", "message": "m", "retryable": true}`},
		{"code of the wrong case", "/code", `{
			"code": "internal_error", "category": "internal", "message": "m", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
		{"no code", "", `{"category": "internal", "message": "m", "retryable": true}`},
		{"missing required param", "/params", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "t", "action": "a"}}`},
		{"param of the wrong type", "/params/missing_fields", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "t", "action": "a", "missing_fields": "title"}}`},
		{"null list", "/params/missing_fields", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "t", "action": "a", "missing_fields": null}}`},
		{"null optional param", "/params/action_required_fields", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "t", "action": "a", "missing_fields": ["x"], "action_required_fields": null}}`},
		{"empty optional map", "/params/action_required_fields", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "t", "action": "a", "missing_fields": ["x"], "action_required_fields": {}}}`},
		{"optional bool false", "/params/metrics_available", `{
			"code": "UPSTREAM_ERROR", "category": "upstream", "message": "m",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_error",
			"params": {"status": 503, "upstream_message": "unavailable", "metrics_available": false}}`},
		{"empty optional string", "/params/current_tier", `{
			"code": "TIER_RESTRICTED", "category": "permission", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#tier_restricted",
			"params": {"tool": "t", "feature_name": "f", "tier_required": "Premium", "current_tier": "", "upgrade_available": false}}`},
		{"fraction for an int", "/params/size", `{
			"code": "PAYLOAD_TOO_LARGE", "category": "limit", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#payload_too_large",
			"params": {"field": "content", "size": 2048.5, "max_size": 1024}}`},
		{"string for a bool", "/params/upgrade_available", `{
			"code": "TIER_RESTRICTED", "category": "permission", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#tier_restricted",
			"params": {"tool": "t", "feature_name": "f", "tier_required": "Premium", "upgrade_available": "yes"}}`},
		{"map element of the wrong type", "/params/action_required_fields/create", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "t", "action": "a", "missing_fields": ["x"], "action_required_fields": {"create": "x"}}}`},
		{"list element of the wrong type", "/params/invalid_fields/1/expected", `{
			"code": "TYPE_MISMATCH", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#type_mismatch",
			"params": {"tool": "t", "invalid_fields": [
				{"field": "a", "expected": "int", "received": "string"},
				{"field": "b", "expected": 1, "received": "string"}]}}`},
		{"list element missing a field", "/params/invalid_fields/0", `{
			"code": "TYPE_MISMATCH", "category": "validation", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#type_mismatch",
			"params": {"tool": "t", "invalid_fields": [{"field": "a", "expected": "int"}]}}`},
		{"nested object with an extra field", "/params/gvk", `{
			"code": "RESOURCE_NOT_FOUND", "category": "not_found", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#resource_not_found",
			"params": {"kind": "Deployment", "id": "web",
				"gvk": {"group": "apps", "version": "v1", "kind": "Deployment", "plural": "deployments"}}}`},
		{"nested object missing a field", "/params/gvk", `{
			"code": "RESOURCE_NOT_FOUND", "category": "not_found", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#resource_not_found",
			"params": {"kind": "Deployment", "id": "web", "gvk": {"group": "apps", "version": "v1"}}}`},
		{"extra top-level key", "", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error", "error": true}`},
		{"extra param", "/params", `{
			"code": "UPSTREAM_TIMEOUT", "category": "upstream_timeout", "message": "m",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_timeout",
			"params": {"timeout_ms": 3000, "attempt": 2}}`},
		{"params on a code without params", "", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error", "params": {}}`},
		{"no params on a code with params", "", `{
			"code": "UPSTREAM_TIMEOUT", "category": "upstream_timeout", "message": "m",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_timeout"}`},
		{"category of another code", "/category", `{
			"code": "MISSING_REQUIRED_FIELD", "category": "not_found", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#missing_required_field",
			"params": {"tool": "t", "action": "a", "missing_fields": ["x"]}}`},
		{"parent category instead of the code's own", "/category", `{
			"code": "UPSTREAM_TIMEOUT", "category": "upstream", "message": "m",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_timeout",
			"params": {"timeout_ms": 3000}}`},
		{"unknown category", "/category", `{
			"code": "INTERNAL_ERROR", "category": "fatal", "message": "m", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
		{"retryable against the code", "/retryable", `{
			"code": "RATE_LIMITED", "category": "limit", "message": "m",
			"retryable": false, "docs_url": "https://docs.example.com/errors#rate_limited",
			"params": {"limit": 10, "window": "minute", "retry_after_seconds": 30}}`},
		{"docs URL of another code", "/docs_url", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "retryable": true,
			"docs_url": "https://docs.example.com/errors#rate_limited"}`},
		{"no docs URL", "", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "retryable": true}`},
		{"no message", "", `{
			"code": "INTERNAL_ERROR", "category": "internal", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
		{"empty message", "/message", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
		{"empty detail", "/detail", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "detail": "", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
		{"retryable as a string", "/retryable", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "retryable": "true",
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
	})
}

// TestFlatEnvelope: the params spread among the members, renamed keys, a
// constant, no message; a wire: false param, tiers, alternatives and
// optional params of every kind.
func TestFlatEnvelope(t *testing.T) {
	sch := compile(t, render(t, built(t, "flat")))
	checkPayloads(t, sch, []validCase{
		{"required params", `{"error_code": "TIER_RESTRICTED", "feature": "Protected branches",
			"tier_required": "Premium", "suggested_fix": "Upgrade to Premium.", "error": true}`},
		{"optional tier present", `{"error_code": "TIER_RESTRICTED", "feature": "Protected branches",
			"tier_required": "Ultimate", "current_tier": "Free", "suggested_fix": "Upgrade to Ultimate.", "error": true}`},
		{"no suggestion", `{"error_code": "TIER_RESTRICTED", "feature": "f", "tier_required": "Free", "error": true}`},
		{"optional params absent", `{"error_code": "UPSTREAM_ERROR", "status": 503, "error": true}`},
		{"optional params present", `{"error_code": "UPSTREAM_ERROR", "status": 503, "load": 0.5,
			"metrics_available": true, "headers": {"Retry-After": "30"}, "tags": ["a", "b"], "error": true}`},
		{"members in another order", `{"error": true, "status": 0, "error_code": "UPSTREAM_ERROR"}`},
		{"alternatives with every field of the shared type", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "alternatives": [
				{"action": "browse_branches", "description": "Read the branches instead.", "available_on": "Free"},
				{"action": "ask an admin"}], "error": true}`},
	}, []faultCase{
		{"wire: false param present", "", `{"error_code": "TIER_RESTRICTED", "tool": "browse_protected_branches",
			"feature": "f", "tier_required": "Premium", "error": true}`},
		{"tier not among the tiers", "/tier_required", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Gold", "error": true}`},
		{"tier in another case", "/current_tier", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "current_tier": "free", "error": true}`},
		{"null optional tier", "/current_tier", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "current_tier": null, "error": true}`},
		{"missing required param", "", `{"error_code": "TIER_RESTRICTED", "feature": "f", "error": true}`},
		{"params nested instead of spread", "", `{"error_code": "TIER_RESTRICTED",
			"params": {"feature": "f", "tier_required": "Premium"}, "error": true}`},
		{"constant of another value", "/error", `{"error_code": "UPSTREAM_ERROR", "status": 503, "error": false}`},
		{"constant missing", "", `{"error_code": "UPSTREAM_ERROR", "status": 503}`},
		{"default key for the code", "", `{"code": "UPSTREAM_ERROR", "status": 503, "error": true}`},
		{"unknown code", "/error_code", `{"error_code": "NOPE", "error": true}`},
		{"message the envelope does not place", "", `{"error_code": "UPSTREAM_ERROR", "status": 503,
			"message": "Upstream answered 503", "error": true}`},
		{"default key for the suggestion", "", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "suggestion": "Upgrade.", "error": true}`},
		{"empty suggestion", "/suggested_fix", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "suggested_fix": "", "error": true}`},
		{"param of another code", "", `{"error_code": "UPSTREAM_ERROR", "status": 503, "feature": "f", "error": true}`},
		{"int param as a string", "/status", `{"error_code": "UPSTREAM_ERROR", "status": "503", "error": true}`},
		{"optional float at zero", "/load", `{"error_code": "UPSTREAM_ERROR", "status": 503, "load": 0.0, "error": true}`},
		{"optional bool false", "/metrics_available", `{"error_code": "UPSTREAM_ERROR", "status": 503,
			"metrics_available": false, "error": true}`},
		{"optional map empty", "/headers", `{"error_code": "UPSTREAM_ERROR", "status": 503, "headers": {}, "error": true}`},
		{"optional map element of the wrong type", "/headers/a", `{"error_code": "UPSTREAM_ERROR", "status": 503,
			"headers": {"a": 1}, "error": true}`},
		{"alternative with an unknown field", "/alternatives/0", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "alternatives": [{"action": "a", "url": "https://x"}], "error": true}`},
		{"alternative without an action", "/alternatives/0", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "alternatives": [{"description": "d"}], "error": true}`},
		{"alternatives empty", "/alternatives", `{"error_code": "TIER_RESTRICTED", "feature": "f",
			"tier_required": "Premium", "alternatives": [], "error": true}`},
		{"optional list empty", "/tags", `{"error_code": "UPSTREAM_ERROR", "status": 503, "tags": [], "error": true}`},
	})
}

// TestNestedEnvelope: the code and message nested under "error", the
// params and the suggestion under "details", one param beside them.
func TestNestedEnvelope(t *testing.T) {
	sch := compile(t, render(t, built(t, "nested")))
	checkPayloads(t, sch, []validCase{
		{"param beside the nested error", `{"error": {"code": "UPSTREAM_ERROR", "message": "Upstream answered 503"},
			"details": {"status": 503}, "metrics_available": false}`},
		{"optional param present", `{"error": {"code": "UPSTREAM_ERROR", "message": "Upstream answered 503"},
			"details": {"status": 503, "upstream_message": "unavailable"}, "metrics_available": true}`},
		{"details holding only the suggestion", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "Not found"},
			"details": {"suggestion": "List the resources first."}}`},
		{"optional object present", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "Not found"},
			"details": {"id": "web", "gvk": {"version": "v1", "kind": "Deployment"}, "suggestion": "List the resources first."}}`},
		{"details absent", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "Not found"}}`},
		{"code without params", `{"error": {"code": "INTERNAL_ERROR", "message": "Internal error"}}`},
	}, []faultCase{
		{"code at the top level", "", `{"code": "INTERNAL_ERROR", "message": "Internal error"}`},
		{"unknown nested code", "/error/code", `{"error": {"code": "NOPE", "message": "m"}}`},
		{"error not an object", "/error", `{"error": "Internal error"}`},
		{"message missing", "/error", `{"error": {"code": "INTERNAL_ERROR"}}`},
		{"extra key in the nested error", "/error", `{"error": {"code": "INTERNAL_ERROR", "message": "m", "category": "internal"}}`},
		{"empty details", "/details", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "Not found"}, "details": {}}`},
		{"details missing a required param", "/details", `{"error": {"code": "UPSTREAM_ERROR", "message": "m"},
			"details": {"upstream_message": "x"}, "metrics_available": true}`},
		{"details absent with a required param", "", `{"error": {"code": "UPSTREAM_ERROR", "message": "m"},
			"metrics_available": true}`},
		{"placed param inside details", "/details", `{"error": {"code": "UPSTREAM_ERROR", "message": "m"},
			"details": {"status": 503, "metrics_available": true}}`},
		{"placed param missing", "", `{"error": {"code": "UPSTREAM_ERROR", "message": "m"}, "details": {"status": 503}}`},
		{"placed param on a code without it", "", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "m"},
			"metrics_available": true}`},
		{"details on a code without params or suggestion", "/details", `{"error": {"code": "INTERNAL_ERROR", "message": "m"},
			"details": {"status": 1}}`},
		{"object param missing a field", "/details/gvk", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "m"},
			"details": {"gvk": {"version": "v1"}}}`},
		{"null object param", "/details/gvk", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "m"},
			"details": {"gvk": null}}`},
		{"optional object field empty", "/details/gvk/group", `{"error": {"code": "RESOURCE_NOT_FOUND", "message": "m"},
			"details": {"gvk": {"group": "", "version": "v1", "kind": "Deployment"}}}`},
	})

	var doc struct {
		Defs map[string]struct {
			Deprecated bool   `json:"deprecated"`
			Comment    string `json:"$comment"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(render(t, built(t, "nested")), &doc); err != nil {
		t.Fatal(err)
	}
	if d := doc.Defs["INTERNAL_ERROR"]; !d.Deprecated || d.Comment != "Deprecated since v2; use UPSTREAM_ERROR instead." {
		t.Errorf("INTERNAL_ERROR: deprecated %v, $comment %q", d.Deprecated, d.Comment)
	}
	if d := doc.Defs["UPSTREAM_ERROR"]; d.Deprecated || d.Comment != "" {
		t.Errorf("UPSTREAM_ERROR: deprecated %v, $comment %q", d.Deprecated, d.Comment)
	}
}

// TestTwoEnvelopes: codes in the default envelope and in a named one,
// chosen by the code and by its category.
func TestTwoEnvelopes(t *testing.T) {
	sch := compile(t, render(t, built(t, "two")))
	const meta = `"v": 1, "meta": {"api": "v1", "flags": [1, {"b": "<x>", "a": null}]}`
	checkPayloads(t, sch, []validCase{
		{"named envelope by category", `{"code": "RATE_LIMITED", "kind": "limit", "error": "At most 10 calls a minute",
			"status": 429, "retry": "after_delay", "retry_after": 30, "title": "Rate limited",
			"context": {"limit": 10}, ` + meta + `}`},
		{"per-error HTTP status", `{"code": "RATE_LIMITED", "kind": "limit", "error": "m",
			"status": 503, "retry": "after_delay", "retry_after": 30, "title": "Rate limited",
			"context": {"limit": 10}, ` + meta + `}`},
		{"constant object in another key order", `{"code": "RATE_LIMITED", "kind": "limit", "error": "m",
			"status": 429, "retry": "after_delay", "retry_after": 30, "title": "Rate limited",
			"context": {"limit": 10}, "meta": {"flags": [1, {"a": null, "b": "<x>"}], "api": "v1"}, "v": 1.0}`},
		{"named envelope by code, params absent", `{"code": "OLD_INVALID", "kind": "validation", "error": "Invalid ",
			"status": 400, "retry": "after_fix", "title": "Invalid (old)", ` + meta + `}`},
		{"named envelope by code, params present", `{"code": "OLD_INVALID", "kind": "validation", "error": "Invalid x",
			"status": 400, "retry": "after_fix", "title": "Invalid (old)", "context": {"field": "x"}, ` + meta + `}`},
		{"default envelope", `{"code": "INVALID", "category": "validation", "message": "Invalid x",
			"suggestion": "Fix x.", "retryable": false, "params": {"field": "x"}}`},
	}, []faultCase{
		{"default envelope for a named-envelope code", "", `{"code": "OLD_INVALID", "category": "validation",
			"message": "Invalid x", "retryable": false, "params": {"field": "x"}}`},
		{"named envelope for a default-envelope code", "", `{"code": "INVALID", "kind": "validation", "error": "Invalid x",
			"status": 400, "retry": "after_fix", "title": "Invalid", "context": {"field": "x"}, ` + meta + `}`},
		{"retry after of another value", "/retry_after", `{"code": "RATE_LIMITED", "kind": "limit", "error": "m",
			"status": 429, "retry": "after_delay", "retry_after": 60, "title": "Rate limited",
			"context": {"limit": 10}, ` + meta + `}`},
		{"retry after missing", "", `{"code": "RATE_LIMITED", "kind": "limit", "error": "m",
			"status": 429, "retry": "after_delay", "title": "Rate limited",
			"context": {"limit": 10}, ` + meta + `}`},
		{"retry after on a code without one", "", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"status": 400, "retry": "after_fix", "retry_after": 30, "title": "Invalid (old)", ` + meta + `}`},
		{"retry class of another code", "/retry", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"status": 400, "retry": "after_delay", "title": "Invalid (old)", ` + meta + `}`},
		{"HTTP status out of range", "/status", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"status": 42, "retry": "after_fix", "title": "Invalid (old)", ` + meta + `}`},
		{"HTTP status missing", "", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"retry": "after_fix", "title": "Invalid (old)", ` + meta + `}`},
		{"title of another code", "/title", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"status": 400, "retry": "after_fix", "title": "Invalid", ` + meta + `}`},
		{"category of another code", "/kind", `{"code": "OLD_INVALID", "kind": "limit", "error": "m",
			"status": 400, "retry": "after_fix", "title": "Invalid (old)", ` + meta + `}`},
		{"constant of another value", "/v", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"status": 400, "retry": "after_fix", "title": "Invalid (old)", "v": 2,
			"meta": {"api": "v1", "flags": [1, {"b": "<x>", "a": null}]}}`},
		{"constant object of another value", "/meta/flags", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"status": 400, "retry": "after_fix", "title": "Invalid (old)", "v": 1,
			"meta": {"api": "v1", "flags": [{"b": "<x>", "a": null}, 1]}}`},
		{"empty params object", "/context", `{"code": "OLD_INVALID", "kind": "validation", "error": "m",
			"status": 400, "retry": "after_fix", "title": "Invalid (old)", "context": {}, ` + meta + `}`},
	})
}

func TestNoCodes(t *testing.T) {
	cat := built(t, "flat")
	cat.Codes = nil
	for _, c := range cat.Categories {
		c.Codes = nil
	}
	out := render(t, cat)
	if bytes.Contains(out, []byte(`"allOf"`)) {
		t.Errorf("a catalog without codes has an allOf:\n%s", out)
	}
	sch := compile(t, out)
	if err := validate(t, sch, `{"error_code": "UPSTREAM_ERROR", "status": 503, "error": true}`); err == nil {
		t.Errorf("a catalog without codes accepts a payload")
	}
}

func TestSchemaID(t *testing.T) {
	for _, tc := range []struct{ base, want string }{
		{"", "urn:errspec:cat"},
		{"https://docs.example.com/errors", "https://docs.example.com/errors/cat.schema.json"},
		{"https://docs.example.com/errors/", "https://docs.example.com/errors/cat.schema.json"},
		{"https://docs.example.com", "https://docs.example.com/cat.schema.json"},
		{"http://example.com/e?lang=en", "http://example.com/e/cat.schema.json"},
		{"docs/errors", "urn:errspec:cat"},
		{"https://docs.example.com/errors|1.4.0", "https://docs.example.com/errors/cat-1.4.0.schema.json"},
		{"|v2.0.0-rc.1+b7", "urn:errspec:cat:v2.0.0-rc.1+b7"},
	} {
		base, version, _ := strings.Cut(tc.base, "|")
		got := schemaID(&model.Catalog{Name: "cat", DocsBaseURL: base, Version: version})
		if got != tc.want {
			t.Errorf("schemaID(base %q) = %q, want %q", tc.base, got, tc.want)
		}
	}
}

func TestDefRef(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"MISSING_REQUIRED_FIELD", "#/$defs/MISSING_REQUIRED_FIELD"},
		{"a/b~c d", "#/$defs/a~1b~0c%20d"},
	} {
		if got := defRef(tc.name); got != tc.want {
			t.Errorf("defRef(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestConstValue(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`true`, `true`},
		{`1.50`, `1.50`},
		{`"a<b>&c"`, `"a<b>&c"`},
		{`"\u003c"`, `"<"`},
		{`{"z":1,"a":[{},[],null]}`, `{"z":1,"a":[{},[],null]}`},
	} {
		v, err := constValue(tc.text)
		if err != nil {
			t.Errorf("constValue(%s): %v", tc.text, err)
			continue
		}
		out, err := appendJSON(nil, object{{"v", v}}, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := json.Compact(&got, out); err != nil {
			t.Fatal(err)
		}
		if want := `{"v":` + tc.want + `}`; got.String() != want {
			t.Errorf("constValue(%s) is written %s, want %s", tc.text, got.String(), want)
		}
	}
	for _, text := range []string{`{`, `1 2`, ``} {
		if _, err := constValue(text); err == nil {
			t.Errorf("constValue(%q) succeeded", text)
		}
	}
}

func TestRenderErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		catalog string
		change  func(*model.Catalog)
		want    string
	}{
		{"no envelope", "flat", func(c *model.Catalog) { c.Envelopes = nil },
			"JSON Schema of catalog flat: the catalog has no envelope"},
		{"member key twice", "flat", func(c *model.Catalog) {
			root := c.Envelopes[0].Root
			root.Members = append(root.Members, &model.Member{Key: "error", Kind: model.KindConst, Const: "false"})
		}, `code TIER_RESTRICTED: the envelope writes the key "error" twice in one object`},
		{"spread param on a member's key", "flat", func(c *model.Catalog) {
			c.Code("UPSTREAM_ERROR").Param("status").Name = "suggested_fix"
		}, `code UPSTREAM_ERROR: the envelope writes the key "suggested_fix" twice in one object`},
		{"constant not JSON", "flat", func(c *model.Catalog) { c.Envelopes[0].Root.Members[3].Const = "{" },
			"code TIER_RESTRICTED: the envelope gives error the constant {, which is not JSON"},
		{"unknown field", "nested", func(c *model.Catalog) { c.Envelopes[0].Root.Members[0].Object.Members[1].Field = 99 },
			"code INTERNAL_ERROR: the envelope gives message an unknown field 99"},
		{"unknown type kind", "flat", func(c *model.Catalog) { c.Code("UPSTREAM_ERROR").Param("status").Type.Kind = 99 },
			"code UPSTREAM_ERROR: status: unknown type kind 99"},
		{"tier without tiers", "flat", func(c *model.Catalog) { c.Tiers = nil },
			"code TIER_RESTRICTED: tier_required: type tier, and the catalog declares no tiers"},
		{"code elsewhere in a named envelope", "two", func(c *model.Catalog) { c.Envelopes[1].CodePath = []string{"error", "code"} },
			"code OLD_INVALID: envelope legacy puts the code at error.code, the default envelope at code"},
		{"no code in the default envelope", "two", func(c *model.Catalog) { c.Envelopes[0].CodePath = nil },
			"the default envelope does not place the code"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat := built(t, tc.catalog)
			tc.change(cat)
			_, err := Render(cat, "")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Render error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// typedKeywords are the keywords that apply to values of some types only,
// with those types.
var typedKeywords = map[string][]string{
	"properties": {"object"}, "required": {"object"}, "additionalProperties": {"object"},
	"minProperties": {"object"}, "maxProperties": {"object"},
	"items": {"array"}, "minItems": {"array"}, "maxItems": {"array"},
	"minLength": {"string"}, "maxLength": {"string"},
	"minimum": {"number", "integer"}, "maximum": {"number", "integer"},
}

// TestKeywordsTyped checks that every keyword that applies to values of
// some types only sits in a schema that declares such a type, or below
// one that does for the same value through allOf, anyOf, if or then: a
// keyword without its type holds for any value of another type (an if
// of "required" on a string holds), and a validator in a strict mode,
// Ajv's strictTypes, refuses to compile the schema.
func TestKeywordsTyped(t *testing.T) {
	for _, tc := range catalogs {
		for _, mode := range []string{model.SchemaExact, model.SchemaCompatible} {
			s, err := BuildMode(tc.cat(t), "", mode)
			if err != nil {
				t.Fatal(err)
			}
			var doc map[string]any
			if err := json.Unmarshal(s.JSON(), &doc); err != nil {
				t.Fatal(err)
			}
			for _, at := range untypedKeywords(doc, "#", nil) {
				t.Errorf("%s, %s mode: %s", tc.name, mode, at)
			}
		}
	}
}

// untypedKeywords lists the keywords of the schema at path, and of the
// schemas within it, that no declared type allows; types are those the
// schemas above it declare for the same value.
func untypedKeywords(schema map[string]any, path string, types []string) []string {
	switch ts := schema["type"].(type) {
	case string:
		types = []string{ts}
	case []any:
		types = nil
		for _, ty := range ts {
			types = append(types, ty.(string))
		}
	}
	var out []string
	for _, key := range slices.Sorted(maps.Keys(schema)) {
		if want, ok := typedKeywords[key]; ok && !slices.ContainsFunc(types, func(ty string) bool { return slices.Contains(want, ty) }) {
			out = append(out, fmt.Sprintf("%s: %s without a type %s", path, key, strings.Join(want, " or ")))
		}
		at := path + "/" + key
		switch v := schema[key].(type) {
		case map[string]any:
			switch key {
			case "if", "then", "else", "not":
				out = append(out, untypedKeywords(v, at, types)...)
			case "properties", "$defs":
				for _, name := range slices.Sorted(maps.Keys(v)) {
					out = append(out, untypedKeywords(v[name].(map[string]any), at+"/"+name, nil)...)
				}
			case "items", "additionalProperties":
				out = append(out, untypedKeywords(v, at, nil)...)
			}
		case []any:
			if key == "allOf" || key == "anyOf" || key == "oneOf" {
				for i, sub := range v {
					out = append(out, untypedKeywords(sub.(map[string]any), fmt.Sprintf("%s/%d", at, i), types)...)
				}
			}
		}
	}
	return out
}
