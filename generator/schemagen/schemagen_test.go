package schemagen

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
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

func TestGolden(t *testing.T) {
	got := render(t, agenttools(t))
	golden := filepath.Join("testdata", "agenttools.schema.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("Render(agenttools) mismatch (-want +got):\n%s", diff)
	}
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
	want := []string{"$schema", "$id", "$comment", "title", "description", "type",
		"properties", "required", "additionalProperties", "allOf", "$defs"}
	if diff := cmp.Diff(want, top); diff != "" {
		t.Errorf("top-level keys (-want +got):\n%s", diff)
	}

	if name, ok := files.Owner(out); !ok || name != "agenttools" {
		t.Errorf("files.Owner = %q, %v; want agenttools, true", name, ok)
	}
	if !bytes.HasSuffix(out, []byte("}\n")) || bytes.HasSuffix(out, []byte("\n\n")) {
		t.Errorf("the schema does not end in exactly one newline")
	}
	if !bytes.HasPrefix(out, []byte("{\n  \"$schema\": ")) {
		t.Errorf("the schema is not indented with two spaces:\n%.40s", out)
	}
}

func TestValidPayloads(t *testing.T) {
	sch := compile(t, render(t, agenttools(t)))
	for _, tc := range []struct{ name, payload string }{
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
		{"optional bool present and false", `{
			"code": "UPSTREAM_ERROR", "category": "upstream", "message": "Upstream API answered 503: unavailable",
			"retryable": true, "docs_url": "https://docs.example.com/errors#upstream_error",
			"params": {"status": 503, "upstream_message": "unavailable", "metrics_available": false}}`},
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := validate(t, sch, tc.payload); err != nil {
				t.Errorf("valid payload rejected: %v\n%s", err, tc.payload)
			}
		})
	}
}

func TestInvalidPayloads(t *testing.T) {
	sch := compile(t, render(t, agenttools(t)))
	// Each payload is a valid one with one thing wrong; at is where the
	// validator must place the fault.
	for _, tc := range []struct{ name, at, payload string }{
		{"unknown code", "/code", `{
			"code": "NO_SUCH_CODE", "category": "internal", "message": "m", "retryable": true}`},
		{"code of the wrong case", "/code", `{
			"code": "internal_error", "category": "internal", "message": "m", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
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
		{"params on a code without params", "/params", `{
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
		{"empty detail", "/detail", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "detail": "", "retryable": true,
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
		{"retryable as a string", "/retryable", `{
			"code": "INTERNAL_ERROR", "category": "internal", "message": "m", "retryable": "true",
			"docs_url": "https://docs.example.com/errors#internal_error"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
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

// small is a hand-built catalog: a renamed envelope, no docs base URL,
// text with HTML's special characters, a params object with no required
// param, and a code without params.
func small() *model.Catalog {
	io := &model.Category{Name: "io", Description: "Input & output", Retryable: true, HTTPStatus: 503}
	full := &model.Code{
		Name: "DISK_FULL", Category: io, Title: "Disk <full>", Retryable: true,
		Description: "No space left: a < b && c > d.",
		Params: []*model.Param{
			{Name: "free_bytes", Doc: "Bytes left, if known.", Optional: true, Type: &model.Type{Kind: model.Int, Source: "int"}},
		},
	}
	oops := &model.Code{Name: "OOPS", Category: io, Title: "Oops"}
	io.Codes = []*model.Code{full, oops}
	return &model.Catalog{
		Name:  "small",
		Title: "small",
		Envelope: model.Envelope{
			Code: "error_code", Category: "kind", Message: "error", Detail: "details",
			Suggestion: "suggested_fix", Retryable: "retry", DocsURL: "help", Params: "context",
		},
		Categories: []*model.Category{io},
		Codes:      []*model.Code{full, oops},
	}
}

func TestSmallCatalog(t *testing.T) {
	out := render(t, small())
	for _, literal := range []string{`"Disk <full>"`, `a < b && c > d.`} {
		if !bytes.Contains(out, []byte(literal)) {
			t.Errorf("the schema lacks %s literally", literal)
		}
	}
	var doc struct {
		ID         string                     `json:"$id"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.ID != "urn:errspec:small" {
		t.Errorf("$id = %q, want urn:errspec:small", doc.ID)
	}
	var keys []string
	for k := range doc.Properties {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	// No code has a docs URL, so "help" is not a key of the envelope.
	wantKeys := []string{"context", "details", "error", "error_code", "kind", "retry", "suggested_fix"}
	if diff := cmp.Diff(wantKeys, keys); diff != "" {
		t.Errorf("envelope keys (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"error_code", "kind", "error", "retry"}, doc.Required); diff != "" {
		t.Errorf("required (-want +got):\n%s", diff)
	}

	sch := compile(t, out)
	for _, payload := range []string{
		`{"error_code": "DISK_FULL", "kind": "io", "error": "disk full", "retry": true, "context": {}}`,
		`{"error_code": "DISK_FULL", "kind": "io", "error": "disk full", "retry": true, "context": {"free_bytes": 0}}`,
		`{"error_code": "OOPS", "kind": "io", "error": "oops", "details": "d", "suggested_fix": "s", "retry": false}`,
	} {
		if err := validate(t, sch, payload); err != nil {
			t.Errorf("valid payload rejected: %v\n%s", err, payload)
		}
	}
	for _, payload := range []string{
		`{"code": "OOPS", "category": "io", "message": "oops", "retryable": false}`,
		`{"error_code": "DISK_FULL", "kind": "io", "error": "disk full", "retry": true}`,
		`{"error_code": "OOPS", "kind": "io", "error": "oops", "retry": false, "context": {}}`,
		`{"error_code": "OOPS", "kind": "io", "error": "oops", "retry": false, "help": "https://x"}`,
	} {
		if err := validate(t, sch, payload); err == nil {
			t.Errorf("invalid payload accepted:\n%s", payload)
		}
	}
}

func TestNoCodes(t *testing.T) {
	cat := small()
	cat.Codes, cat.Categories[0].Codes = nil, nil
	out := render(t, cat)
	if bytes.Contains(out, []byte(`"allOf"`)) {
		t.Errorf("a catalog without codes has an allOf:\n%s", out)
	}
	sch := compile(t, out)
	if err := validate(t, sch, `{"error_code": "OOPS", "kind": "io", "error": "oops", "retry": false}`); err == nil {
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
	} {
		got := schemaID(&model.Catalog{Name: "cat", DocsBaseURL: tc.base})
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

func TestRenderErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*model.Catalog)
		want   string
	}{
		{"shared envelope key", func(c *model.Catalog) { c.Envelope.Detail = c.Envelope.Message },
			`the envelope gives the message and the detail the same key "error"`},
		{"empty envelope key", func(c *model.Catalog) { c.Envelope.Params = "" },
			"the envelope gives the params no key"},
		{"unknown type kind", func(c *model.Catalog) { c.Codes[0].Params[0].Type.Kind = 99 },
			"code DISK_FULL: free_bytes: unknown type kind 99"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat := small()
			tc.change(cat)
			_, err := Render(cat, "")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Render error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}
