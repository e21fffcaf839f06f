package model

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuildAdapterOutputs(t *testing.T) {
	in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m"}))
	in.Outputs.Go = &InputGo{Dir: "./apperr", Package: "apperr", ImportPath: "example.com/app/apperr"}
	in.Outputs.MCP = &InputMCP{Dir: "apperr/mcp/", Package: "apperrmcp", Text: "terminal", StructuredContent: testPtr(false)}
	in.Outputs.GRPC = &InputGRPC{Dir: "apperr/grpc", Package: "apperrgrpc", Domain: "tools.example.com"}
	o := mustBuild(t, in).Outputs
	want := Outputs{GoDir: "apperr", GoPackage: "apperr", GoImportPath: "example.com/app/apperr", JSONSchemaMode: SchemaCompatible,
		MCP:  &MCPOutput{Dir: "apperr/mcp", Package: "apperrmcp", Text: MCPTextTerminal},
		GRPC: &GRPCOutput{Dir: "apperr/grpc", Package: "apperrgrpc", Domain: "tools.example.com"}}
	if diff := cmp.Diff(want, o); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	// Defaults: JSON text, structured content.
	in.Outputs.MCP = &InputMCP{Dir: "m", Package: "m"}
	if m := mustBuild(t, in).Outputs.MCP; m.Text != MCPTextJSON || !m.StructuredContent {
		t.Errorf("default MCP output %+v", m)
	}

	tests := []struct {
		name string
		set  func(o *InputOutputs)
		want Errors
	}{
		{"no Go package", func(o *InputOutputs) {
			o.Go = nil
			o.Markdown = &InputMarkdown{File: "ERRORS.md"}
			o.MCP = &InputMCP{Dir: "mcp", Package: "appmcp"}
			o.GRPC = &InputGRPC{Dir: "grpc", Package: "appgrpc", Domain: "x.example.com"}
		}, Errors{
			{Path: []string{"outputs", "mcp"}, Msg: "the MCP adapter imports the catalog's Go package, and outputs has no go", Fix: `add outputs: go: {dir: ".", package: "apperr"}`},
			{Path: []string{"outputs", "grpc"}, Msg: "the gRPC adapter imports the catalog's Go package, and outputs has no go", Fix: `add outputs: go: {dir: ".", package: "apperr"}`},
		}},
		{"shared directories", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: "gen", Package: "gen"}
			o.MCP = &InputMCP{Dir: "./gen", Package: "genmcp"}
			o.GRPC = &InputGRPC{Dir: "gen/", Package: "gengrpc", Domain: "x"}
		}, Errors{
			{Path: []string{"outputs", "mcp", "dir"}, Msg: "gen is the directory of the Go package, and the MCP adapter is a package of its own, so that only a user of it needs its modules", Fix: "give the adapter a directory of its own, such as gen/mcp"},
			{Path: []string{"outputs", "grpc", "dir"}, Msg: "gen is the directory of the Go package, and the gRPC adapter is a package of its own, so that only a user of it needs its modules", Fix: "give the adapter a directory of its own, such as gen/grpc"},
		}},
		{"one adapter directory", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: "gen", Package: "gen"}
			o.MCP = &InputMCP{Dir: "gen/adapter", Package: "genmcp"}
			o.GRPC = &InputGRPC{Dir: "gen/adapter/", Package: "gengrpc", Domain: "x"}
		}, Errors{
			{Path: []string{"outputs", "grpc", "dir"}, Msg: "gen/adapter is the directory of the MCP adapter too", Fix: "give each adapter a directory of its own"},
		}},
		{"packages and paths", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: "gen", Package: "gen"}
			o.MCP = &InputMCP{Dir: "/abs/mcp", Package: "func"}
			o.GRPC = &InputGRPC{Dir: "gen/grpc", Package: "main", Domain: "x"}
		}, Errors{
			{Path: []string{"outputs", "mcp", "package"}, Msg: `"func" is a Go keyword, which cannot name a package`, Fix: "choose another name, such as funcerrors"},
			{Path: []string{"outputs", "grpc", "package"}, Msg: "package main is a program, and the errors are a package to import", Fix: "choose another name, such as apperr"},
			{Path: []string{"outputs", "mcp", "dir"}, Msg: "/abs/mcp is an absolute path; output paths are relative to the catalog, so that the catalog builds anywhere", Fix: "give a path relative to the catalog directory, such as ../generated/mcp"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m"}))
			tt.set(&in.Outputs)
			if diff := cmp.Diff(tt.want, buildErrors(t, in)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBuildGRPCCodes(t *testing.T) {
	in := testInput(
		inCode("DERIVED", InputCode{Category: "plain", Title: "T", Message: "m"}),
		inCode("OWN_STATUS", InputCode{Category: "plain", Title: "T", Message: "m", HTTPStatus: testPtr(429)}),
		inCode("OWN", InputCode{Category: "set", Title: "T", Message: "m", GRPCCode: "ALREADY_EXISTS"}),
		inCode("FROM_CATEGORY", InputCode{Category: "set", Title: "T", Message: "m"}),
		inCode("FROM_PARENT", InputCode{Category: "child", Title: "T", Message: "m", HTTPStatus: testPtr(404)}),
	)
	in.Categories = Ordered[InputCategory]{
		inCat("plain", InputCategory{Description: "P.", HTTPStatus: testPtr(409)}),
		inCat("set", InputCategory{Description: "S.", HTTPStatus: testPtr(409), GRPCCode: "FAILED_PRECONDITION"}),
		inCat("child", InputCategory{Description: "C.", Parent: "set"}),
	}
	cat := mustBuild(t, in)
	got := map[string]string{}
	for _, c := range cat.Codes {
		got[c.Name] = string(c.GRPC)
		if c.GRPCFromHTTP {
			got[c.Name] += " (from HTTP)"
		}
	}
	want := map[string]string{
		"DERIVED": "ABORTED (from HTTP)", "OWN_STATUS": "RESOURCE_EXHAUSTED (from HTTP)", "OWN": "ALREADY_EXISTS",
		"FROM_CATEGORY": "FAILED_PRECONDITION", "FROM_PARENT": "FAILED_PRECONDITION",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("gRPC codes (-want +got):\n%s", diff)
	}
}

func TestGRPCCodeFor(t *testing.T) {
	for status, want := range map[int]GRPCCode{
		400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 409: "ABORTED",
		413: "RESOURCE_EXHAUSTED", 418: "FAILED_PRECONDITION", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 502: "UNAVAILABLE",
		503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED", 507: "INTERNAL", 599: "INTERNAL",
	} {
		if got := GRPCCodeFor(status); got != want {
			t.Errorf("GRPCCodeFor(%d) = %s, want %s", status, got, want)
		}
	}
	for _, s := range GRPCStatuses() {
		if _, ok := grpcByStatus[s]; !ok {
			t.Errorf("GRPCStatuses lists %d, which the table does not map", s)
		}
	}
}

func TestBuildRoleTemplates(t *testing.T) {
	in := testInput(
		inCode("DENIED", InputCode{Category: "c", Title: "T",
			Message:    "{resource} not found",
			Suggestion: "Verify {id_fields:and} with {tool}, and you have {role}+ access",
			ErrorText:  "{code}: {message} ({role})",
			Params: Ordered[InputParam]{
				inParam("tool", InputParam{Type: "string"}),
				inParam("action", InputParam{Type: "string"}),
				inParam("resource", InputParam{Type: "string", Optional: true}),
				inParam("id_fields", InputParam{Type: "[]string", Optional: true}),
				inParam("role", InputParam{Type: "string", Optional: true}),
			}}),
		inCode("BAD_ARGS", InputCode{Category: "c", Title: "T", Message: "{tool}: {reason}", Detail: "{schema}",
			Params: Ordered[InputParam]{
				inParam("tool", InputParam{Type: "string"}),
				inParam("reason", InputParam{Type: "string"}),
				inParam("schema", InputParam{Type: "string", Optional: true}),
			}}),
		// A text in place of each param the helper does not fill: no hole,
		// but where one use of it has none.
		inCode("GONE", InputCode{Category: "c", Title: "T",
			Message:    "{resource|The resource} was not found with {tool}",
			Suggestion: "Check {resource|it}, and {resource}.",
			Params: Ordered[InputParam]{
				inParam("tool", InputParam{Type: "string", Optional: true}),
				inParam("resource", InputParam{Type: "string", Optional: true}),
			}}),
	)
	in.Roles = Ordered[string]{{"permission_denied", "DENIED"}, {"invalid_arguments", "BAD_ARGS"}, {"not_found", "GONE"}}
	fix := func(names, param string) string {
		return "use only params the helper fills (" + names + ") in its templates, give the text to write in place of another ({" + param + "|...}), or give the role to another code"
	}
	want := Errors{
		{Path: []string{"codes", "DENIED", "message"}, Msg: "code DENIED plays the role permission_denied, whose helper cannot fill the param resource that its message uses without a text in its place: every error the helper builds would leave a hole in it",
			Fix: fix("tool, action, upstream_status, upstream_message", "resource"), At: 1},
		{Path: []string{"codes", "DENIED", "suggestion"}, Msg: "code DENIED plays the role permission_denied, whose helper cannot fill the params id_fields and role that its suggestion uses without a text in its place: every error the helper builds would leave a hole in it",
			Fix: fix("tool, action, upstream_status, upstream_message", "id_fields"), At: 8},
		{Path: []string{"codes", "DENIED", "error_text"}, Msg: "code DENIED plays the role permission_denied, whose helper cannot fill the param role that its error text uses without a text in its place: every error the helper builds would leave a hole in it",
			Fix: fix("tool, action, upstream_status, upstream_message", "role"), At: 20},
		{Path: []string{"codes", "BAD_ARGS", "detail"}, Msg: "code BAD_ARGS plays the role invalid_arguments, whose helper cannot fill the param schema that its detail uses without a text in its place: every error the helper builds would leave a hole in it",
			Fix: fix("tool, reason", "schema"), At: 1},
		{Path: []string{"codes", "GONE", "suggestion"}, Msg: "code GONE plays the role not_found, whose helper cannot fill the param resource that its suggestion uses without a text in its place: every error the helper builds would leave a hole in it",
			Fix: fix("tool, action, upstream_status, upstream_message", "resource"), At: 26},
	}
	if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

// TestBuildAdapterWithoutGoPackageFix checks that the fix of an adapter
// without a Go output names the Go package after the catalog's CUE
// package where that can name one, and apperr where it cannot (a name
// with _, or a Go keyword, which CUE takes).
func TestBuildAdapterWithoutGoPackageFix(t *testing.T) {
	for _, tt := range []struct{ cuePackage, want string }{
		{"calerr", "calerr"},
		{"", "apperr"},
		{"cal_err", "apperr"},
		{"default", "apperr"},
		{"main", "apperr"}, // a name checkPackage refuses for the Go package
	} {
		in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m"}))
		in.Package = tt.cuePackage
		in.Outputs.Go = nil
		in.Outputs.MCP = &InputMCP{Dir: "mcp", Package: "appmcp"}
		want := Errors{{Path: []string{"outputs", "mcp"}, Msg: "the MCP adapter imports the catalog's Go package, and outputs has no go",
			Fix: `add outputs: go: {dir: ".", package: "` + tt.want + `"}`}}
		if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
			t.Errorf("CUE package %q: errors (-want +got):\n%s", tt.cuePackage, diff)
		}
	}
}

// TestRoleRequiredParamFixFollowed checks that the fix of a role code's
// required param that the helper cannot fill, followed as it is
// written, is taken: where a template places the param, making it
// optional alone is not (the template would leave a hole), so the fix
// says to write the text for an error without it too; and that with one
// name the helper fills, the fix names it as such.
func TestRoleRequiredParamFixFollowed(t *testing.T) {
	code := func(p InputParam, message string) *Input {
		in := testInput(inCode("EVENT_NOT_FOUND", InputCode{Category: "c", Title: "Event not found", Message: message,
			Params: Ordered[InputParam]{inParam("event_id", p)}}))
		in.Roles = Ordered[string]{{"not_found", "EVENT_NOT_FOUND"}}
		return in
	}
	want := Errors{{Path: []string{"codes", "EVENT_NOT_FOUND", "params", "event_id"},
		Msg: "code EVENT_NOT_FOUND plays the role not_found, whose helper cannot fill the required param event_id",
		Fix: "make it optional (optional: true), and write the text for an error without it where the templates place it ({event_id|...}), or name it as a param the helper fills (tool, action, upstream_status, upstream_message), or give the role to another code"}}
	if diff := cmp.Diff(want, buildErrors(t, code(InputParam{Type: "string"}, "Event {event_id} not found"))); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	// The fix followed.
	mustBuild(t, code(InputParam{Type: "string", Optional: true}, "Event {event_id|you named} not found"))

	// A param no template places: optional is enough.
	want[0].Fix = "make it optional (optional: true), or name it as a param the helper fills (tool, action, upstream_status, upstream_message), or give the role to another code"
	if diff := cmp.Diff(want, buildErrors(t, code(InputParam{Type: "string"}, "Event not found"))); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}

	// A placeholder with a format: the fix writes it with its format,
	// which followed, is taken.
	want[0].Fix = "make it optional (optional: true), and write the text for an error without it where the templates place it ({event_id:json|...}), or name it as a param the helper fills (tool, action, upstream_status, upstream_message), or give the role to another code"
	if diff := cmp.Diff(want, buildErrors(t, code(InputParam{Type: "string"}, "Event {event_id:json} not found"))); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	mustBuild(t, code(InputParam{Type: "string", Optional: true}, "Event {event_id:json|you named} not found"))

	in := code(InputParam{Type: "string"}, "Event not found")
	in.Roles = Ordered[string]{{"internal", "EVENT_NOT_FOUND"}}
	want[0].Msg = "code EVENT_NOT_FOUND plays the role internal, whose helper cannot fill the required param event_id"
	want[0].Fix = "make it optional (optional: true), or name it tool, or give the role to another code"
	if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}
