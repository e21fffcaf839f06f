package load

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"github.com/google/go-cmp/cmp"

	diag "github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/spec"
)

// writeFiles writes files, keyed by name, into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// diagnostics loads dir, which must fail, and returns its diagnostics.
func diagnostics(t *testing.T, dir string) Diagnostics {
	t.Helper()
	c, err := Dir(dir)
	if err == nil {
		t.Fatalf("Dir(%s) succeeded, want diagnostics", dir)
	}
	if c != nil {
		t.Errorf("Dir(%s) returned a catalog with its error", dir)
	}
	var ds Diagnostics
	if !errors.As(err, &ds) {
		t.Fatalf("Dir(%s) returned %T (%v), want Diagnostics", dir, err, err)
	}
	return ds
}

const validCatalog = `package demo

name:  "demo"
title: "Demo errors"
docs: base_url: "https://docs.example.com/errors/"
outputs: {
	go: {dir: "./gen/", package: "demo"}
	markdown: file: "ERRORS.md"
}
categories: {
	validation: {description: "Bad input.", http_status: 400}
	limits: {description: "Too much.", parent: "validation", retryable: true, http_status: 429}
	quota: {description: "Quota.", parent: "limits"}
}
codes: {
	TOO_MANY: {
		category: "quota"
		title:    "Too many"
		message:  "Over by {excess} for {user_id}"
		params: {
			user_id: type: "string"
			excess: type:  "int"
			hint: {type: "string", optional: true}
		}
	}
	OLD_LIMIT: {
		category:    "limits"
		title:       "Old limit"
		message:     "old"
		http_status: 503
		deprecated: {since: "2.0", use: "TOO_MANY"}
	}
}
`

func TestDirValid(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"catalog.cue": validCatalog, "README.md": "not CUE"})
	c, err := Dir(dir)
	if err != nil {
		t.Fatalf("Dir: %v", err)
	}
	if diff := cmp.Diff(dir, c.Dir); diff != "" {
		t.Errorf("Dir (-want +got):\n%s", diff)
	}
	m := c.Model

	type catalogView struct {
		Name, Title, DocsBaseURL string
		Outputs                  model.Outputs
	}
	wantCatalog := catalogView{"demo", "Demo errors", "https://docs.example.com/errors/",
		model.Outputs{GoDir: "gen", GoPackage: "demo", Markdown: "ERRORS.md", JSONSchemaMode: model.SchemaCompatible}}
	if diff := cmp.Diff(wantCatalog, catalogView{m.Name, m.Title, m.DocsBaseURL, m.Outputs}); diff != "" {
		t.Errorf("catalog (-want +got):\n%s", diff)
	}

	type categoryView struct {
		Name, Parent string
		Retryable    bool
		HTTPStatus   int
	}
	var gotCats []categoryView
	for _, cat := range m.Categories {
		v := categoryView{Name: cat.Name, Retryable: cat.Retryable, HTTPStatus: cat.HTTPStatus}
		if cat.Parent != nil {
			v.Parent = cat.Parent.Name
		}
		gotCats = append(gotCats, v)
	}
	wantCats := []categoryView{
		{"limits", "validation", true, 429},
		{"quota", "limits", true, 429},
		{"validation", "", false, 400},
	}
	if diff := cmp.Diff(wantCats, gotCats); diff != "" {
		t.Errorf("categories (-want +got):\n%s", diff)
	}

	type codeView struct {
		Name, GoName, Category string
		Retryable              bool
		HTTPStatus             int
		Params                 []string
		Required, Optional     []string
		Message                string
		Placeholders           []string
		DocsURL                string
		DeprecatedUse          string
	}
	names := func(ps []*model.Param) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Name)
		}
		return out
	}
	var gotCodes []codeView
	for _, code := range m.Codes {
		v := codeView{
			Name: code.Name, GoName: code.GoName, Category: code.Category.Name,
			Retryable: code.Retryable, HTTPStatus: code.HTTPStatus,
			Params: names(code.Params), Required: names(code.Required()), Optional: names(code.Optional()),
			Message: code.Message.Source, Placeholders: names(code.Message.Params()), DocsURL: code.DocsURL,
		}
		if d := code.Deprecated; d != nil && d.Use != nil {
			v.DeprecatedUse = d.Use.Name
		}
		gotCodes = append(gotCodes, v)
	}
	wantCodes := []codeView{
		{Name: "OLD_LIMIT", GoName: "CodeOldLimit", Category: "limits", Retryable: true, HTTPStatus: 503,
			Message: "old", DocsURL: "https://docs.example.com/errors#old_limit", DeprecatedUse: "TOO_MANY"},
		// Params keep the order they are written in.
		{Name: "TOO_MANY", GoName: "CodeTooMany", Category: "quota", Retryable: true, HTTPStatus: 429,
			Params: []string{"user_id", "excess", "hint"}, Required: []string{"user_id", "excess"}, Optional: []string{"hint"},
			Message: "Over by {excess} for {user_id}", Placeholders: []string{"excess", "user_id"},
			DocsURL: "https://docs.example.com/errors#too_many"},
	}
	if diff := cmp.Diff(wantCodes, gotCodes); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
}

// The parts of one catalog, to be spread over files.
var catalogParts = []string{
	`name: "demo"
outputs: go: {dir: ".", package: "demo"}
docs: base_url: "https://docs.example.com/errors"
`,
	`categories: {
	validation: {description: "Bad input.", http_status: 400}
	limits: {description: "Too much.", parent: "validation", retryable: true}
}
codes: ZED: {category: "limits", title: "Zed", message: "z {n:json}", params: {n: type: "map[string][]int", a: {type: "string", optional: true}}}
`,
	`codes: {
	ALPHA: {category: "validation", title: "Alpha", message: "a {who}", params: who: type: "string"}
	MIDDLE: {
		category: "quota"
		title:    "Middle"
		message:  "m {items}"
		params: items: {type: "[]object", fields: {id: type: "int", tags: type: "[]string"}}
	}
}
`,
	`categories: quota: {description: "Quota.", parent: "limits", http_status: 429}
codes: BETA: {category: "quota", title: "Beta", message: "b", deprecated: use: "ALPHA"}
`,
}

func TestDirFileOrder(t *testing.T) {
	// Each arrangement gives part i the file name at names[arrangement[i]].
	names := []string{"a.cue", "b.cue", "c.cue", "d.cue"}
	arrangements := [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {1, 3, 0, 2}, {2, 0, 3, 1}}
	var wantModel *model.Catalog
	var wantGo map[string]string
	for _, arr := range arrangements {
		dir := t.TempDir()
		files := map[string]string{}
		for i, part := range catalogParts {
			files[names[arr[i]]] = "package demo\n\n" + part
		}
		writeFiles(t, dir, files)
		c, err := Dir(dir)
		if err != nil {
			t.Fatalf("arrangement %v: %v", arr, err)
		}
		outs, err := gogen.Render(c.Model, "// Code generated by errspec. DO NOT EDIT.")
		if err != nil {
			t.Fatalf("arrangement %v: Render: %v", arr, err)
		}
		src := map[string]string{}
		for _, o := range outs {
			src[o.Name] = string(o.Data)
		}
		if wantModel == nil {
			wantModel, wantGo = c.Model, src
			continue
		}
		if diff := cmp.Diff(wantModel, c.Model, cmp.Exporter(func(reflect.Type) bool { return true })); diff != "" {
			t.Errorf("arrangement %v: model (-want +got):\n%s", arr, diff)
		}
		if diff := cmp.Diff(wantGo, src); diff != "" {
			t.Errorf("arrangement %v: Go (-want +got):\n%s", arr, diff)
		}
	}
	if got := len(wantModel.Codes); got != 4 {
		t.Errorf("the catalog has %d codes, want 4", got)
	}
}

func TestDirSchemaDiagnostics(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, filepath.Join(root, "cat"), map[string]string{
		"b.cue": `package x

name: "Bad Name"
codes: X: {category: "c", title: "T", message: "m", retryable: "no"}
`,
		"a.cue": `package x

outputs: go: {dir: ".", package: "x"}
categories: c: {description: "C.", http_status: 99}
`,
	})
	t.Chdir(root)
	want := Diagnostics{
		{File: "cat/a.cue", Line: 4, Col: 49, Path: "categories.c.http_status",
			Msg: "invalid value 99 (out of bound >=400)", Fix: "give an HTTP error status between 400 and 599"},
		{File: "cat/b.cue", Line: 3, Col: 7, Path: "name",
			Msg: `invalid value "Bad Name": a catalog name is lower snake_case`, Fix: "use lower snake_case, such as agent_tools"},
		{File: "cat/b.cue", Line: 4, Col: 64, Path: "codes.X.retryable",
			Msg: `want a boolean, got a string: "no"`, Fix: "write true or false, without quotes"},
	}
	if diff := cmp.Diff(want, diagnostics(t, "cat")); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	// An absolute directory gives the same positions, relative to the
	// working directory.
	if diff := cmp.Diff(want, diagnostics(t, filepath.Join(root, "cat"))); diff != "" {
		t.Errorf("diagnostics of the absolute directory (-want +got):\n%s", diff)
	}
}

func TestDirModelDiagnostics(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, filepath.Join(root, "cat"), map[string]string{
		"a.cue": `package x

codes: {
	A: {category: "nope", title: "T", message: "m"}
	B: {category: "c", title: "T", message: "{q}"}
}
`,
		"b.cue": `package x

name: "x"
outputs: go: {dir: ".", package: "x"}
categories: {
	c: {description: "C.", parent: "d"}
	d: {description: "D.", parent: "c"}
}
`,
	})
	t.Chdir(root)
	// The model reports categories first; the diagnostics are in file order.
	want := Diagnostics{
		{File: "cat/a.cue", Line: 4, Col: 16, Path: "codes.A.category",
			Msg: `category "nope" is not declared`, Fix: `use one of "c", "d", or declare it under categories`},
		{File: "cat/a.cue", Line: 5, Col: 43, Path: "codes.B.message",
			Msg: "placeholder {q} names no param of this code", Fix: "declare it under params"},
		{File: "cat/b.cue", Line: 6, Col: 33, Path: "categories.c.parent",
			Msg: "categories form a cycle: c → d → c", Fix: "remove one parent so the chain ends at a top-level category"},
	}
	if diff := cmp.Diff(want, diagnostics(t, "cat")); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// catalogWith is a valid catalog with extra appended to it.
func catalogWith(extra string) string {
	return catalogOutputs(`go: {dir: ".", package: "x"}`, extra)
}

// catalogOutputs is a valid catalog with the given outputs and extra
// appended to it.
func catalogOutputs(outputs, extra string) string {
	return `package x

name: "x"
outputs: ` + outputs + `
categories: c: description: "C."
codes: X: {category: "c", title: "T", message: "m"}
` + extra
}

func TestDirFixes(t *testing.T) {
	tests := []struct {
		name  string
		extra string
		want  Diagnostics
	}{
		{"misspelt top-level field", `nmae: "y"` + "\n", Diagnostics{{Line: 7, Col: 1, Path: "nmae", Msg: "field not allowed",
			Fix: "did you mean name? the fields allowed here are name, title, description, error_text, lists, version, docs, outputs, envelope, envelopes, categories, codes, tiers, upgrade_url, features, tools, roles, lint, breaking"}}},
		{"misspelt docs field", `docs: baseurl: "https://x"` + "\n", Diagnostics{{Line: 7, Col: 7, Path: "docs.baseurl", Msg: "field not allowed",
			Fix: "did you mean base_url? the fields allowed here are base_url"}}},
		{"unknown output", `outputs: html: {}` + "\n", Diagnostics{{Line: 7, Col: 10, Path: "outputs.html", Msg: "field not allowed",
			Fix: "remove it; the fields allowed here are go, markdown, jsonschema, catalog, llms, mcp, grpc"}}},
		{"unknown go output field", `outputs: go: pkg: "x"` + "\n", Diagnostics{{Line: 7, Col: 14, Path: "outputs.go.pkg", Msg: "field not allowed",
			Fix: "remove it; the fields allowed here are dir, package, import_path"}}},
		{"misspelt deprecation field", `codes: X: deprecated: sinse: "1"` + "\n", Diagnostics{{Line: 7, Col: 23, Path: "codes.X.deprecated.sinse", Msg: "field not allowed",
			Fix: "did you mean since? the fields allowed here are since, use"}}},
		{"required of a tool that has no actions", `tools: refund_payment: required: ["payment_id"]` + "\n", Diagnostics{{Line: 7, Col: 24, Path: "tools.refund_payment.required", Msg: "field not allowed",
			Fix: "it is a field of each entry of actions (actions: NAME: required): move it there; the fields allowed here are description, actions"}}},
		{"base_url outside docs", `base_url: "https://docs.example.com/errors"` + "\n", Diagnostics{{Line: 7, Col: 1, Path: "base_url", Msg: "field not allowed",
			Fix: "it is a field of docs (docs: base_url): move it there; the fields allowed here are name, title, description, error_text, lists, version, docs, outputs, envelope, envelopes, categories, codes, tiers, upgrade_url, features, tools, roles, lint, breaking"}}},
		{"a gRPC output's domain at the top", `domain: "pay.example.com"` + "\n", Diagnostics{{Line: 7, Col: 1, Path: "domain", Msg: "field not allowed",
			Fix: "it is a field of outputs.grpc (outputs: grpc: domain): move it there; the fields allowed here are name, title, description, error_text, lists, version, docs, outputs, envelope, envelopes, categories, codes, tiers, upgrade_url, features, tools, roles, lint, breaking"}}},
		{"a field of several outputs at the top", `package: "payerr"` + "\n", Diagnostics{{Line: 7, Col: 1, Path: "package", Msg: "field not allowed",
			Fix: "remove it; the fields allowed here are name, title, description, error_text, lists, version, docs, outputs, envelope, envelopes, categories, codes, tiers, upgrade_url, features, tools, roles, lint, breaking"}}},
		{"a param's field in a code", `codes: X: doc: "d"` + "\n", Diagnostics{{Line: 7, Col: 11, Path: "codes.X.doc", Msg: "field not allowed",
			Fix: "it is a field of each entry of params (params: NAME: doc): move it there; the fields allowed here are category, title, description, message, suggestion, detail, error_text, retryable, http_status, retry, retry_after, retries, envelope, params, examples, deprecated, grpc_code"}}},
		{"a role named as its code", `roles: internal_error: "X"` + "\n", Diagnostics{{Line: 7, Col: 8, Path: "roles.internal_error", Msg: "field not allowed",
			Fix: "did you mean internal? the fields allowed here are tier_restricted, permission_denied, not_found, api_error, missing_fields, invalid_action, invalid_arguments, internal"}}},
		{"a category's field without the category's name", `categories: retry: "never"` + "\n", Diagnostics{{Line: 7, Col: 20, Path: "categories.retry",
			Msg: `want an object, got a string: "never"`, Fix: `declare the category under its name, categories: NAME: {retry: "never"}: categories holds categories by name, and retry is a field of each`}}},
		{"a param's type without the param's name", `codes: X: params: type: "string"` + "\n", Diagnostics{{Line: 7, Col: 25, Path: "codes.X.params.type",
			Msg: `want an object, got a string: "string"`, Fix: `declare the param under its name, params: NAME: {type: "string"}: params holds params by name, and type is a field of each`}}},
		{"a category named like a field of the catalog", `categories: name: "limits"` + "\n", Diagnostics{{Line: 7, Col: 19, Path: "categories.name",
			Msg: `want an object, got a string: "limits"`, Fix: "write an object in braces, such as {name: value}"}}},
		{"category name", `categories: "not-found": description: "N."` + "\n", Diagnostics{{Line: 7, Col: 13, Path: `categories."not-found"`, Msg: "field not allowed",
			Fix: "name it not_found: start category names with an ASCII letter and use ASCII letters, digits and _, such as not_found or NOT_FOUND"}}},
		{"code name", `codes: "9LIVES": title: "T"` + "\n", Diagnostics{{Line: 7, Col: 8, Path: `codes."9LIVES"`, Msg: "field not allowed",
			Fix: "start code names with an ASCII letter and use ASCII letters, digits and _, such as NOT_FOUND"}}},
		{"param name", `codes: X: params: Bad: type: "string"` + "\n", Diagnostics{{Line: 7, Col: 19, Path: "codes.X.params.Bad", Msg: "field not allowed",
			Fix: "name it bad: name params in lower snake_case, such as missing_fields"}}},
		{"field name", `codes: X: params: p: {type: "object", fields: Bad: type: "int"}` + "\n", Diagnostics{{Line: 7, Col: 47, Path: "codes.X.params.p.fields.Bad", Msg: "field not allowed",
			Fix: "name it bad: name fields in lower snake_case, such as missing_fields"}}},
		{"package", "", Diagnostics{{Line: 4, Col: 34, Path: "outputs.go.package",
			Msg: `invalid value "Bad-Pkg": a Go package name is lower-case letters and digits, starting with a letter`, Fix: "give a Go package name: lower-case letters and digits, such as badpkg"}}},
		{"mcp package", `outputs: mcp: {dir: "m", package: "My_MCP"}` + "\n", Diagnostics{{Line: 7, Col: 35, Path: "outputs.mcp.package",
			Msg: `invalid value "My_MCP": a Go package name is lower-case letters and digits, starting with a letter`, Fix: "give a Go package name: lower-case letters and digits, such as mymcp"}}},
		{"grpc package without a letter", `outputs: grpc: {dir: "g", package: "2_0", domain: "x.example.com"}` + "\n", Diagnostics{{Line: 7, Col: 36, Path: "outputs.grpc.package",
			Msg: `invalid value "2_0": a Go package name is lower-case letters and digits, starting with a letter`, Fix: "give a Go package name: lower-case letters and digits, such as agenttools"}}},
		{"grpc package with a letter beyond ASCII", `outputs: grpc: {dir: "g", package: "café", domain: "x.example.com"}` + "\n", Diagnostics{{Line: 7, Col: 36, Path: "outputs.grpc.package",
			Msg: `invalid value "café": a Go package name is lower-case letters and digits, starting with a letter`, Fix: "give a Go package name: lower-case letters and digits, such as agenttools"}}},
		{"boolean in quotes outside a disjunction", `outputs: mcp: {dir: "m", package: "m", structured_content: "false"}` + "\n", Diagnostics{{Line: 7, Col: 60, Path: "outputs.mcp.structured_content",
			Msg: `a string is not allowed here: "false"`, Fix: "write false, without quotes"}}},
		{"markdown as its path", `outputs: markdown: "ERRORS.md"` + "\n", Diagnostics{{Line: 7, Col: 20, Path: "outputs.markdown",
			Msg: `want an object, got a string: "ERRORS.md"`, Fix: `write markdown: file: "ERRORS.md": an output is an object, whose file is the path`}}},
		{"mcp as its dir", `outputs: mcp: "m"` + "\n", Diagnostics{{Line: 7, Col: 15, Path: "outputs.mcp",
			Msg: `want an object, got a string: "m"`, Fix: `write mcp: {dir: "m", package: "apperrmcp"}: a Go output is an object with the package's directory and name`}}},
		{"params as a list", `codes: X: params: [{name: "order_id", type: "string"}]` + "\n", Diagnostics{{Line: 7, Col: 19, Path: "codes.X.params",
			Msg: `want an object, got a list: [{name:"order_id",type:"string"}]`, Fix: `write params as an object with a field per param, named by its name: params: {order_id: {type: "string"}}`}}},
		{"markdown file", `outputs: markdown: file: "ERRORS.txt"` + "\n", Diagnostics{{Line: 7, Col: 26, Path: "outputs.markdown.file",
			Msg: `invalid value "ERRORS.txt": the file name does not end in .md`, Fix: "give a path ending in .md, such as ERRORS.md"}}},
		{"jsonschema file", `outputs: jsonschema: file: "errors.yaml"` + "\n", Diagnostics{{Line: 7, Col: 28, Path: "outputs.jsonschema.file",
			Msg: `invalid value "errors.yaml": the file name does not end in .json`, Fix: "give a path ending in .json, such as errors.schema.json"}}},
		{"http status too high", `codes: X: http_status: 600` + "\n", Diagnostics{{Line: 7, Col: 24, Path: "codes.X.http_status",
			Msg: "invalid value 600 (out of bound <=599)", Fix: "give an HTTP error status between 400 and 599"}}},
		{"list type", `codes: X: params: p: type: "[]uuid"` + "\n", Diagnostics{{Line: 7, Col: 28, Path: "codes.X.params.p.type",
			Msg: `invalid value "[]uuid": not a param type`,
			Fix: "use string, int, bool, float, tier, object, []T or map[string]T"}}},
		{"empty suggestion", `codes: X: suggestion: ""` + "\n", Diagnostics{{Line: 7, Col: 23, Path: "codes.X.suggestion",
			Msg: `invalid value "": the text is empty`, Fix: "give a non-empty text, or leave the field out if it is optional"}}},
		{"lint ignore path", `lint: ignore: CODE_SUGGESTION: ["codes..X"]` + "\n", Diagnostics{{Line: 7, Col: 33, Path: "lint.ignore.CODE_SUGGESTION[0]",
			Msg: `invalid value "codes..X": not the path of a value: names parted by single dots, as the paths of findings are written`,
			Fix: `write the path of the value to exempt as errspec's findings write it, such as "codes.NOT_FOUND", "codes.NOT_FOUND.params.id" or "tiers[2]"`}}},
		{"breaking ignore path", `breaking: ignore: PARAM_REMOVED: ["codes[\"X\"]"]` + "\n", Diagnostics{{Line: 7, Col: 35, Path: "breaking.ignore.PARAM_REMOVED[0]",
			Msg: `invalid value "codes[\"X\"]": not the path of a value: names parted by single dots, as the paths of findings are written`,
			Fix: `write the path of the value to exempt as errspec's findings write it, such as "codes.NOT_FOUND", "codes.NOT_FOUND.params.id" or "tiers[2]"`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			src := catalogWith(tt.extra)
			if tt.name == "package" {
				src = catalogOutputs(`go: {dir: ".", package: "Bad-Pkg"}`, "")
			}
			writeFiles(t, dir, map[string]string{"catalog.cue": src})
			t.Chdir(dir)
			for i := range tt.want {
				tt.want[i].File = "catalog.cue"
			}
			if diff := cmp.Diff(tt.want, diagnostics(t, ".")); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDirIncomplete(t *testing.T) {
	tests := []struct {
		name, src string
		want      Diagnostics
	}{
		{"missing fields", `package x

name: "x"
categories: c: description: "C."
codes: X: {category: "c", message: "m"}
`, Diagnostics{
			{File: "catalog.cue", Line: 1, Col: 1, Path: "outputs", Msg: "field is required but not present", Fix: `add outputs, such as outputs: go: {dir: ".", package: "apperr"}`},
			{File: "catalog.cue", Line: 5, Col: 8, Path: "codes.X.title", Msg: "field is required but not present", Fix: "add title: one line that names the error"},
		}},
		{"abstract value", catalogWith(`codes: X: description: string` + "\n"), Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 24, Path: "codes.X.description", Msg: "string without quotes is CUE's type of every string, not a value", Fix: "give a value: write the text in double quotes"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"catalog.cue": tt.src})
			t.Chdir(dir)
			if diff := cmp.Diff(tt.want, diagnostics(t, ".")); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDirIncompletePositions(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"catalog.cue": `package x

name: "x"
outputs: go: {dir: ".", package: "x"}
categories: c: description: string
codes: X: {category: "c", message: "m"}
`})
	for _, d := range diagnostics(t, dir) {
		if d.File == "" || d.Line == 0 || d.Col == 0 {
			t.Errorf("%s: no position", d)
		}
	}
}

func TestDirMixedSchemaErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"catalog.cue": catalogWith(`nmae: 1
categories: {"not-found": description: "N.", c: http_status: 600}
`)})
	t.Chdir(dir)
	want := Diagnostics{
		{File: "catalog.cue", Line: 7, Col: 1, Path: "nmae", Msg: "field not allowed",
			Fix: "did you mean name? the fields allowed here are name, title, description, error_text, lists, version, docs, outputs, envelope, envelopes, categories, codes, tiers, upgrade_url, features, tools, roles, lint, breaking"},
		{File: "catalog.cue", Line: 8, Col: 14, Path: `categories."not-found"`, Msg: "field not allowed",
			Fix: "name it not_found: start category names with an ASCII letter and use ASCII letters, digits and _, such as not_found or NOT_FOUND"},
		{File: "catalog.cue", Line: 8, Col: 62, Path: "categories.c.http_status",
			Msg: "invalid value 600 (out of bound <=599)", Fix: "give an HTTP error status between 400 and 599"},
	}
	if diff := cmp.Diff(want, diagnostics(t, ".")); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

func TestDirNoCatalog(t *testing.T) {
	empty := t.TempDir()
	writeFiles(t, empty, map[string]string{"README.md": "# not CUE", "catalog.cue.bak": "x"})
	if err := os.Mkdir(filepath.Join(empty, "sub.cue"), 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "missing")
	tests := []struct {
		dir  string
		want Diagnostics
	}{
		{empty, Diagnostics{{Msg: "no .cue files in " + empty, Fix: "point errspec at the directory that holds the catalog"}}},
		{missing, Diagnostics{{Msg: "no directory " + filepath.ToSlash(missing), Fix: "point errspec at the directory that holds the catalog, or run errspec where ./... finds it", Code: diag.CodeUsage}}},
		// A file named where its directory belongs.
		{filepath.Join(empty, "catalog.cue.bak"), Diagnostics{{Msg: filepath.ToSlash(filepath.Join(empty, "catalog.cue.bak")) + " is a file: errspec takes the directory of a catalog, whose .cue files make one package",
			Fix: "name the directory that holds it, " + filepath.ToSlash(empty), Code: diag.CodeUsage}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, diagnostics(t, tt.dir)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.dir, diff)
		}
	}
}

// TestDirNoCatalogUnderGenerate: go generate runs errspec in the
// directory of the file with the //go:generate line, so a path of that
// line that names no directory is told as read from there.
func TestDirNoCatalogUnderGenerate(t *testing.T) {
	t.Setenv("GOFILE", "gen.go")
	t.Setenv("GOLINE", "3")
	t.Chdir(t.TempDir())
	want := Diagnostics{{Msg: "no directory ../errs, read from the directory of gen.go, where go generate runs the errspec of gen.go:3",
		Fix: "point errspec at the directory that holds the catalog, or run errspec where ./... finds it", Code: diag.CodeUsage}}
	if diff := cmp.Diff(want, diagnostics(t, "../errs")); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// An absolute path is read from nowhere in particular.
	missing := filepath.Join(t.TempDir(), "missing")
	want = Diagnostics{{Msg: "no directory " + filepath.ToSlash(missing), Fix: want[0].Fix, Code: diag.CodeUsage}}
	if diff := cmp.Diff(want, diagnostics(t, missing)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestFixFor(t *testing.T) {
	tests := []struct {
		path []string
		msg  string
		want string
	}{
		{[]string{"categories", "not-found"}, "field not allowed", "name it not_found: start category names with an ASCII letter and use ASCII letters, digits and _, such as not_found or NOT_FOUND"},
		{[]string{"codes", `"TOO-MANY-CALLS"`}, "field not allowed", "name it TOO_MANY_CALLS: start code names with an ASCII letter and use ASCII letters, digits and _, such as NOT_FOUND"},
		{[]string{"codes", "X", "params", "retryAfter"}, "field not allowed", "name it retry_after: name params in lower snake_case, such as missing_fields"},
		{[]string{"codes", "X", "params", "HTTPStatus"}, "field not allowed", "name it http_status: name params in lower snake_case, such as missing_fields"},
		{[]string{"codes", "X", "params", `"userID-v2"`}, "field not allowed", "name it user_id_v2: name params in lower snake_case, such as missing_fields"},
		{[]string{"codes", `"A\u200bB"`}, "field not allowed", "name it AB: start code names with an ASCII letter and use ASCII letters, digits and _, such as NOT_FOUND"},
		{[]string{"tools", `"list files"`}, "field not allowed", "name it list_files: start tool names with an ASCII letter and use ASCII letters, digits, _, . and -, such as create_issue"},
		{[]string{"codes", "9X"}, "field not allowed", "start code names with an ASCII letter and use ASCII letters, digits and _, such as NOT_FOUND"},
		{[]string{"codes", "X", "params", "Bad"}, "field not allowed", "name it bad: name params in lower snake_case, such as missing_fields"},
		{[]string{"codes", "X", "params", "p", "fields", "Bad"}, "field not allowed", "name it bad: name fields in lower snake_case, such as missing_fields"},
		{[]string{"codes", "X", "title"}, "field is required but not present", "add title: one line that names the error"},
		{[]string{"outputs"}, "field is required but not present", `add outputs, such as outputs: go: {dir: ".", package: "apperr"}`},
		{[]string{"codes", "X", "doc"}, "field is required but not present", "add doc"},
		{[]string{"outputs", "grpc", "domain"}, "field is required but not present", `add domain: the host name of the service that defines the codes, which each status's ErrorInfo carries, such as domain: "tools.example.com"`},
		{[]string{"codes", "X", "message"}, "conflicting values 42 and string (mismatched types int and string)", "give a value of the type the schema expects here"},
		{[]string{"codes", "X", "message"}, "mismatched types int and string", "give a value of the type the schema expects here"},
		{[]string{"codes", "X", "title"}, `invalid value "" (out of bound !="")`, "give a non-empty text, or leave the field out if it is optional"},
		{[]string{"outputs", "go", "dir"}, `invalid value "" (out of bound !="")`, `write dir: "." for the catalog's own directory, or a directory relative to it`},
		{[]string{"name"}, `invalid value "Bad" (out of bound =~"^[a-z][a-z0-9_]*$")`, "use lower snake_case, such as agent_tools"},
		{[]string{"docs", "base_url"}, `invalid value "ftp://x" (out of bound =~"^https?://[^\\s]+$")`, "give an http or https URL without a #fragment, such as https://docs.example.com/errors; percent-encode a space or any of \" < > \\ ^ ` { | } in it (%20 for a space, %7C for |)"},
		{[]string{"outputs", "go", "package"}, `invalid value "A" (out of bound =~"^[a-z][a-z0-9]*$")`, "give a Go package name: lower-case letters and digits, such as agenttools"},
		{[]string{"outputs", "markdown", "file"}, `invalid value "x" (out of bound =~"\\.md$")`, "give a path ending in .md, such as ERRORS.md"},
		{[]string{"outputs", "llms", "file"}, `invalid value "x" (out of bound =~"\\.(txt|md)$")`, "give a path ending in .txt or .md, such as llms.txt"},
		{[]string{"tiers", "[1]"}, `invalid value "A+" (out of bound =~"^[A-Za-z][A-Za-z0-9_-]*( [A-Za-z0-9_-]+)*$")`, `name the tier with words of ASCII letters, digits, _ and -, parted by single spaces, such as "Premium" or "Premium Plus"`},
		{[]string{"codes", "X", "examples", "[0]", "http_status"}, "invalid value 302 (out of bound >=400)", "give an HTTP error status between 400 and 599, as WithHTTPStatus sets"},
		{[]string{"codes", "X", "params", "p", "type"}, `invalid value "uuid"`, "use string, int, bool, float, tier, object, []T or map[string]T"},
		{[]string{"categories", "c", "http_status"}, "invalid value 200 (out of bound >=400)", "give an HTTP error status between 400 and 599"},
		{[]string{"codes", "X", "http_status"}, "invalid value 600 (out of bound <=599)", "give an HTTP error status between 400 and 599"},
		{[]string{"codes", "X", "retry_after"}, "invalid value -1 (out of bound >=0)", "give the seconds to wait before a retry, from 0 to 2147483647 (about 68 years)"},
		{[]string{"codes", "X", "weight"}, "invalid value -1 (out of bound >=0)", "change the value so that it satisfies the constraint"},
		{[]string{"codes", "X", "title"}, `incomplete value !=""`, "give a concrete value"},
		{[]string{"codes", "X", "category"}, `reference "internal" not found`, `write the text in double quotes, "internal": a name without quotes refers to a field`},
		{nil, "string literal not terminated", `close the string with the quote that opened it, on the same line; write text of several lines between """ lines`},
		{nil, "missing ',' in list literal", "separate the elements of a list with commas"},
		{nil, "missing ',' in struct literal", "separate the fields of one line with commas, or put each field on a line of its own"},
		{nil, "expected '}', found 'EOF'", "correct the syntax here: write each field as name: value, and close every {, [ and ( you open"},
		{[]string{"codes", "X"}, "something else", "correct the CUE at this position"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, fixFor(cue.Value{}, tt.path, tt.msg)); diff != "" {
			t.Errorf("fixFor(%q, %q) (-want +got):\n%s", tt.path, tt.msg, diff)
		}
	}
}

func TestDiagnosticText(t *testing.T) {
	tests := []struct {
		d        Diagnostic
		position string
		text     string
	}{
		{Diagnostic{File: "cat/a.cue", Line: 3, Col: 7, Path: "name", Msg: "bad", Fix: "fix it"}, "cat/a.cue:3:7", "cat/a.cue:3:7: name: bad\n\tfix: fix it"},
		{Diagnostic{File: "a.cue", Line: 1, Col: 1, Msg: "bad"}, "a.cue:1:1", "a.cue:1:1: bad"},
		{Diagnostic{Path: "outputs", Msg: "field is required but not present", Fix: "add outputs"}, "", "outputs: field is required but not present\n\tfix: add outputs"},
		{Diagnostic{Msg: "no .cue files in x"}, "", "no .cue files in x"},
	}
	var ds Diagnostics
	var all string
	for i, tt := range tests {
		if diff := cmp.Diff(tt.position, tt.d.Position()); diff != "" {
			t.Errorf("Position of %+v (-want +got):\n%s", tt.d, diff)
		}
		if diff := cmp.Diff(tt.text, tt.d.String()); diff != "" {
			t.Errorf("String of %+v (-want +got):\n%s", tt.d, diff)
		}
		if i > 0 {
			all += "\n"
		}
		all += tt.text
		ds = append(ds, tt.d)
	}
	if diff := cmp.Diff(all, ds.Error()); diff != "" {
		t.Errorf("Diagnostics.Error (-want +got):\n%s", diff)
	}
}

func TestSortDiagnostics(t *testing.T) {
	in := Diagnostics{
		{File: "b.cue", Line: 1, Col: 1, Msg: "b1"},
		{File: "a.cue", Line: 10, Col: 1, Msg: "a10"},
		{File: "a.cue", Line: 2, Col: 9, Msg: "a2:9"},
		{Msg: "no position"},
		{File: "a.cue", Line: 2, Col: 3, Msg: "a2:3"},
		{File: "a.cue", Line: 2, Col: 9, Msg: "a2:9"},
		{File: "a.cue", Line: 2, Col: 9, Msg: "a2:9 again"},
	}
	want := Diagnostics{
		{Msg: "no position"},
		{File: "a.cue", Line: 2, Col: 3, Msg: "a2:3"},
		{File: "a.cue", Line: 2, Col: 9, Msg: "a2:9"},
		{File: "a.cue", Line: 2, Col: 9, Msg: "a2:9 again"},
		{File: "a.cue", Line: 10, Col: 1, Msg: "a10"},
		{File: "b.cue", Line: 1, Col: 1, Msg: "b1"},
	}
	if diff := cmp.Diff(want, sortDiagnostics(in)); diff != "" {
		t.Errorf("sortDiagnostics (-want +got):\n%s", diff)
	}
}

func TestSortDiagnosticsDuplicates(t *testing.T) {
	in := Diagnostics{
		{File: "a.cue", Line: 1, Col: 1, Msg: "x"},
		{File: "a.cue", Line: 1, Col: 1, Msg: "y"},
		{File: "a.cue", Line: 1, Col: 1, Msg: "x"},
	}
	want := Diagnostics{
		{File: "a.cue", Line: 1, Col: 1, Msg: "x"},
		{File: "a.cue", Line: 1, Col: 1, Msg: "y"},
	}
	if diff := cmp.Diff(want, sortDiagnostics(in)); diff != "" {
		t.Errorf("sortDiagnostics (-want +got):\n%s", diff)
	}
}

// TestDirWording checks how the loader words CUE's problems: each at the
// value at fault, once, with what to do about it.
func TestDirWording(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  Diagnostics
	}{
		{"field set twice in two files", map[string]string{
			"a.cue": catalogWith(""),
			"b.cue": "package x\n\ncodes: X: message: \"other\"\n",
		}, Diagnostics{
			{File: "b.cue", Line: 3, Col: 20, Path: "codes.X.message", Msg: `set twice, to "other" and to "m", here and at a.cue:6:48`,
				Fix: "keep one value: CUE merges every .cue file of the catalog, so a field set in two places must agree"},
		}},
		{"value outside an enumeration", map[string]string{"catalog.cue": catalogWith(`codes: X: retry: "later"` + "\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 18, Path: "codes.X.retry", Msg: `"later" is none of the values allowed here`,
				Fix: "use never, after_fix, after_delay or safe"},
		}},
		{"misspelt value of an enumeration", map[string]string{"catalog.cue": catalogWith(`lint: except: ["CODE_SUGESTION"]` + "\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 16, Path: "lint.except[0]", Msg: `"CODE_SUGESTION" is none of the values allowed here`,
				Fix: `use "CODE_SUGGESTION"`},
		}},
		{"kind outside a disjunction", map[string]string{"catalog.cue": catalogWith(`envelope: {code: "$code", tags: [1]}` + "\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 33, Path: "envelope.tags", Msg: "a list is not allowed here: [1]",
				Fix: "give a boolean, null, a number, a string or an object"},
		}},
		{"kind outside a disjunction, in a member of a member", map[string]string{"catalog.cue": catalogWith(`envelope: {code: "$code", meta: {tags: [1], v: 1, deep: {x: [2]}}}` + "\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 40, Path: "envelope.meta.tags", Msg: "a list is not allowed here: [1]",
				Fix: "give a boolean, null, a number, a string or an object"},
			{File: "catalog.cue", Line: 7, Col: 61, Path: "envelope.meta.deep.x", Msg: "a list is not allowed here: [2]",
				Fix: "give a boolean, null, a number, a string or an object"},
		}},
		{"wrong kind", map[string]string{"catalog.cue": catalogWith(`tiers: "Free"` + "\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 8, Path: "tiers", Msg: `want a list, got a string: "Free"`,
				Fix: `write the tiers as a list, lowest first, such as ["Free", "Premium"]`},
		}},
		{"problems a struct hides", map[string]string{"catalog.cue": catalogWith(`codes: X: {http_status: 200, examples: [{http_status: 99, json: {}, parms: {}}]}` + "\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 25, Path: "codes.X.http_status", Msg: "invalid value 200 (out of bound >=400)",
				Fix: "give an HTTP error status between 400 and 599"},
			{File: "catalog.cue", Line: 7, Col: 55, Path: "codes.X.examples[0].http_status", Msg: "invalid value 99 (out of bound >=400)",
				Fix: "give an HTTP error status between 400 and 599, as WithHTTPStatus sets"},
			{File: "catalog.cue", Line: 7, Col: 69, Path: "codes.X.examples[0].parms", Msg: "field not allowed",
				Fix: "did you mean params? the fields allowed here are params, detail, http_status, json"},
		}},
		{"unclosed brace", map[string]string{"catalog.cue": catalogWith("codes: Y: {\n\ttitle: \"Y\"\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 11, Msg: "{ is never closed: the file ends first", Fix: "add the } that closes it, or remove it"},
		}},
		// A brace left open inside others that are closed: the closing
		// brace left of the line that opened it tells which it is, not
		// the outermost that the end of the file finds open.
		{"unclosed inner brace", map[string]string{"catalog.cue": catalogWith("codes: {\n\tY: {\n\t\ttitle: \"Y\"\n\t\tparams: p: {type: \"string\"\n\t}\n\tZ: {title: \"Z\"}\n}\n")}, Diagnostics{
			{File: "catalog.cue", Line: 10, Col: 14, Msg: "{ is never closed: the file ends first", Fix: "add the } that closes it, or remove it"},
		}},
		// Brackets closed two on a line (}}) close every one before
		// them: the bracket left open is the one after them, not one
		// that the first } passed over.
		{"unclosed bracket after two closed on a line", map[string]string{"catalog.cue": catalogWith("codes: {\n    Y: {\n        title: \"Y\"\n}}\nx: [\n")}, Diagnostics{
			{File: "catalog.cue", Line: 11, Col: 4, Msg: "[ is never closed: the file ends first", Fix: "add the ] that closes it, or remove it"},
		}},
		// A brace opened on a line indented with spaces and closed on
		// one indented with a tab is not taken for one that a closing
		// brace passed over: a tab is not compared with spaces.
		{"unclosed brace, tabs and spaces mixed", map[string]string{"catalog.cue": catalogWith("codes: {\n        Y: {\n\t\ttitle: \"Y\"\n\t}\n        Z: {title: \"Z\"\n}\n")}, Diagnostics{
			{File: "catalog.cue", Line: 11, Col: 12, Msg: "{ is never closed: the file ends first", Fix: "add the } that closes it, or remove it"},
		}},
		// A line that starts with }, { opens a brace at the level of the
		// one it closes, not at its own indentation: the } of the list
		// closes it where it should.
		{"unclosed brace after }, { in a list", map[string]string{"catalog.cue": catalogWith("codes: {\n\tX: {title: \"X\", examples: [{\n\t\tparams: {}\n\t\t}, {\n\t\tparams: {}\n\t}]}\n\tY: {\n}\n")}, Diagnostics{
			{File: "catalog.cue", Line: 13, Col: 5, Msg: "{ is never closed: the file ends first", Fix: "add the } that closes it, or remove it"},
		}},
		{"regular expression", map[string]string{"catalog.cue": catalogWith(`upgrade_url: "example.com"` + "\n")}, Diagnostics{
			{File: "catalog.cue", Line: 7, Col: 14, Path: "upgrade_url", Msg: `invalid value "example.com": not an http or https URL with a host, and without spaces or any of the characters " < > \ ^ ` + "`" + ` { | }`,
				Fix: "give an http or https URL, such as https://example.com/pricing; percent-encode a space or any of \" < > \\ ^ ` { | } in it (%20 for a space, %7C for |)"},
		}},
		{"nothing to generate", map[string]string{"catalog.cue": `package x

name: "x"
outputs: {}
categories: c: description: "C."
codes: {}
`}, Diagnostics{
			{File: "catalog.cue", Line: 4, Col: 10, Path: "outputs", Msg: "outputs asks for no output, so errspec would generate nothing",
				Fix: `ask for one output at least, such as go: {dir: ".", package: "apperr"}`},
			{File: "catalog.cue", Line: 6, Col: 8, Path: "codes", Msg: "the catalog declares no codes",
				Fix: `declare a code, such as codes: NOT_FOUND: {category: "not_found", title: "Not found", message: "{id} not found"}`},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			t.Chdir(dir)
			if diff := cmp.Diff(tt.want, diagnostics(t, ".")); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCatalogPath(t *testing.T) {
	got := pathString(catalogPath([]string{"#Catalog", "codes", "X", "examples", "0", "params"}))
	if want := "codes.X.examples[0].params"; got != want {
		t.Errorf("catalogPath = %q, want %q", got, want)
	}
}

func TestConcrete(t *testing.T) {
	for s, want := range map[string]bool{
		`"x"`: true, `"a..."`: true, "42": true, "true": true, "null": true, "{a:1}": true, `["a"]`: true,
		"string": false, "bool": false, "[...string]": false, "{since?:string}": false, `=~"^a$"`: false, ">=400": false, "#Example": false,
	} {
		if got := concrete(s); got != want {
			t.Errorf("concrete(%s) = %v, want %v", s, got, want)
		}
	}
}

// TestMapKeysAsSchema checks that mapKeys holds the patterns the schema
// gives the names of its maps: a name mapKeys takes for a misnamed entry
// is one the schema does not allow, and the other way round.
func TestMapKeysAsSchema(t *testing.T) {
	def := cuecontext.New().CompileBytes(spec.Schema, cue.Filename(schemaFile)).LookupPath(cue.ParsePath("#Catalog"))
	maps := map[string][]string{
		"categories": {"categories"},
		"codes":      {"codes"},
		"envelopes":  {"envelopes"},
		"features":   {"features"},
		"tools":      {"tools"},
		"actions":    {"tools", "t", "actions"},
		"params":     {"codes", "C", "params"},
		"fields":     {"codes", "C", "params", "p", "fields"},
	}
	if len(maps) != len(mapKeys) {
		t.Fatalf("the test knows %d maps, mapKeys %d", len(maps), len(mapKeys))
	}
	names := []string{"a", "A", "aB", "Ab", "a_b", "a1", "a-b", "a.b", "a b", "1a", "_a", "-a", ".a", "é", "a\u200bb"}
	for key, p := range maps {
		m := schemaAt(def, selectors(p))
		if !m.Exists() {
			t.Errorf("%s: the schema has no map at %s", key, pathString(p))
			continue
		}
		for _, name := range names {
			if got, want := mapKeys[key].MatchString(name), m.Allows(cue.Str(name)); got != want {
				t.Errorf("%s: mapKeys takes %q: %t; the schema allows it: %t", key, name, got, want)
			}
		}
	}
}

// TestPlaceholderPositions checks that a problem of a placeholder is
// reported at the placeholder, where the template was written as one
// literal, and at the template otherwise.
func TestPlaceholderPositions(t *testing.T) {
	head := "package x\n\nname: \"x\"\noutputs: go: {dir: \".\", package: \"x\"}\ncategories: c: description: \"C.\"\n"
	tests := []struct {
		name, src string
		line, col int
	}{
		{"crlf multi-line", strings.ReplaceAll(head+"codes: A: {category: \"c\", title: \"T\", message: \"\"\"\n\t\tab\n\t\t  é {q}\n\t\t\"\"\"}\n", "\n", "\r\n"), 8, 8},
		{"followed by a comment", head + "codes: A: {category: \"c\", title: \"T\"}\ncodes: A: message: \"\\t{q}\" // {q}\n", 7, 23},
		{"at the end of the file", head + "codes: A: {category: \"c\", title: \"T\"}\ncodes: A: message: #\"\\#u00e9 {q}\"#", 7, 30},
		{"interpolated", head + "codes: A: {category: \"c\", title: \"T\"}\n_w: \"w\"\ncodes: A: message: \"\\(_w) {q}\"\n", 8, 20},
		{"a reference, in the literal referred to", head + "codes: A: {category: \"c\", title: \"T\"}\n_m: \"x {q}\"\ncodes: A: message: _m\n", 7, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, filepath.Join(root, "cat"), map[string]string{"a.cue": tt.src})
			t.Chdir(root)
			ds := diagnostics(t, "cat")
			if len(ds) != 1 || ds[0].Line != tt.line || ds[0].Col != tt.col || ds[0].Msg != "placeholder {q} names no param of this code" {
				t.Errorf("diagnostics %v, want one about {q} at %d:%d", ds, tt.line, tt.col)
			}
		})
	}
}
