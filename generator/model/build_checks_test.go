package model

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuildTextErrors(t *testing.T) {
	long := strings.Repeat("x", MaxTitle+1)
	longTemplate := strings.Repeat("é", MaxTemplate+1)
	in := testInput(
		inCode("A", InputCode{Category: "c", Title: "Two\nlines", Message: "a\x1b[31mred", Suggestion: " \t", Detail: "ok\ttab\nline",
			Description: "Markdown\r\nwith CRLF and a \x00",
			Params: Ordered[InputParam]{inParam("obj", InputParam{Type: "object", Fields: Ordered[InputParam]{
				inParam("q", InputParam{Type: "string", Doc: "bell\a"}),
			}})}}),
		inCode("B", InputCode{Category: "c", Title: long, Message: longTemplate, Suggestion: "carriage\rreturn"}),
		inCode("C", InputCode{Category: "c", Title: strings.Repeat("é", MaxTitle), Message: strings.Repeat("é", MaxTemplate)}),
	)
	in.Title = "  "
	in.Categories[0].Value.Description = "C.\u0085"
	want := Errors{
		{Path: []string{"title"}, Msg: "the catalog's title is blank: it holds only white space or characters that show nothing", Fix: "write the text, or leave the field out if it is optional"},
		{Path: []string{"categories", "c", "description"}, Msg: "the description holds the control character U+0085 at offset 2", Fix: "remove it: catalog text holds no control characters but tabs and newlines", At: 3},
		{Path: []string{"codes", "A", "title"}, Msg: "the title is one line, and this one breaks at offset 3", Fix: "put it on one line; say more in a description", At: 4},
		{Path: []string{"codes", "A", "description"}, Msg: "the description holds the control character U+0000 at offset 26", Fix: "remove it: catalog text holds no control characters but tabs and newlines", At: 27},
		{Path: []string{"codes", "A", "message"}, Msg: "the message template holds the control character U+001B at offset 1", Fix: "remove it: catalog text holds no control characters but tabs and newlines", At: 2},
		{Path: []string{"codes", "A", "suggestion"}, Msg: "the suggestion template is blank: it holds only white space or characters that show nothing", Fix: "write the text, or leave the field out if it is optional"},
		{Path: []string{"codes", "A", "params", "obj", "fields", "q", "doc"}, Msg: "the doc holds the control character U+0007 at offset 4", Fix: "remove it: catalog text holds no control characters but tabs and newlines", At: 5},
		{Path: []string{"codes", "B", "title"}, Msg: "the title is 121 characters long, more than the 120 a title may have", Fix: "shorten it to at most 120 characters; say more in a description"},
		{Path: []string{"codes", "B", "message"}, Msg: "the message template is 501 characters long, more than the 500 a template may have", Fix: "shorten it to at most 500 characters: say what happened in a sentence or two, and the rest in description"},
		{Path: []string{"codes", "B", "suggestion"}, Msg: "the suggestion template holds the control character U+000D at offset 8", Fix: "remove it: catalog text holds no control characters but tabs and newlines", At: 9},
	}
	if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

// TestBuildHostileText checks that text that is hard to carry, but not
// wrong, passes: quotes, backslashes, comment markers, braces, format
// verbs, HTML, tabs, newlines, non-ASCII letters, emoji and invisible
// characters.
func TestBuildHostileText(t *testing.T) {
	const hostile = "`x` \"q\" \\ */ // {{ }} %v <script>|</script> ünï 日本 🔥 \u202eb\u202c\u200f\u200b\ufeff\ttab"
	in := testInput(inCode("A", InputCode{Category: "c", Title: hostile, Description: hostile + "\nline", Message: hostile + "\nline"}))
	in.Features = Ordered[InputFeature]{{"f", InputFeature{Name: hostile, Tier: "Free", Tools: []string{"t"},
		Alternatives: []InputAlternative{{Action: hostile, Description: hostile + "\n", AvailableOn: "Free"}}}}}
	in.Tiers = []string{"Free"}
	in.Tools = Ordered[InputTool]{{"t", InputTool{Description: hostile + "\nline"}}}
	cat := mustBuild(t, in)
	if got, want := cat.Codes[0].Message.Parts[0].Text, strings.ReplaceAll(hostile, "{{ }}", "{ }")+"\nline"; got != want {
		t.Errorf("message text = %q, want %q", got, want)
	}
}

func TestBuildOutputErrors(t *testing.T) {
	type file = struct {
		File string `json:"file"`
	}
	tests := []struct {
		name string
		set  func(o *InputOutputs)
		want Errors
	}{
		{"keyword package", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: "gen", Package: "type"}
		}, Errors{{Path: []string{"outputs", "go", "package"}, Msg: `"type" is a Go keyword, which cannot name a package`, Fix: "choose another name, such as typeerrors"}}},
		{"main package", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: "gen", Package: "main"}
		}, Errors{{Path: []string{"outputs", "go", "package"}, Msg: "package main is a program, and the errors are a package to import", Fix: "choose another name, such as apperr"}}},
		{"init package", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: "gen", Package: "init"}
		}, Errors{{Path: []string{"outputs", "go", "package"}, Msg: "a package named init cannot be imported: Go keeps the name init for functions", Fix: "choose another name, such as apperr"}}},
		{"documentation package", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: "gen", Package: "documentation"}
			o.MCP = &InputMCP{Dir: "gen/mcp", Package: "documentation"}
		}, Errors{
			{Path: []string{"outputs", "go", "package"}, Msg: "the go command ignores the files of a package named documentation, so the generated package would not be built or imported", Fix: "choose another name, such as apperr"},
			{Path: []string{"outputs", "mcp", "package"}, Msg: "the go command ignores the files of a package named documentation, so the generated package would not be built or imported", Fix: "choose another name, such as apperr"},
		}},
		{"absolute paths", func(o *InputOutputs) {
			o.Go = &InputGo{Dir: `C:\gen`, Package: "gen"}
			o.Markdown = &InputMarkdown{Layout: LayoutPerCode, Dir: "/docs"}
			o.JSONSchema = &InputJSONSchema{File: `\\server\errors.json`}
		}, Errors{
			{Path: []string{"outputs", "go", "dir"}, Msg: `C:\gen is an absolute path; output paths are relative to the catalog, so that the catalog builds anywhere`, Fix: `give a path relative to the catalog directory, such as ../generated/C:\gen`},
			{Path: []string{"outputs", "markdown", "dir"}, Msg: "/docs is an absolute path; output paths are relative to the catalog, so that the catalog builds anywhere", Fix: "give a path relative to the catalog directory, such as ../generated/docs"},
			{Path: []string{"outputs", "jsonschema", "file"}, Msg: `\\server\errors.json is an absolute path; output paths are relative to the catalog, so that the catalog builds anywhere`, Fix: `give a path relative to the catalog directory, such as ../generated/\\server\errors.json`},
		}},
		{"one file twice", func(o *InputOutputs) {
			o.Markdown = &InputMarkdown{File: "docs/errors.md"}
			o.LLMs = &file{"docs/../docs/errors.md"}
			o.JSONSchema = &InputJSONSchema{File: "errors.json"}
			o.Catalog = &file{"./errors.json"}
		}, Errors{
			{Path: []string{"outputs", "catalog", "file"}, Msg: "./errors.json is also the file of outputs.jsonschema.file: one output would overwrite the other", Fix: "give each output a file of its own"},
			{Path: []string{"outputs", "llms", "file"}, Msg: "docs/../docs/errors.md is also the file of outputs.markdown.file: one output would overwrite the other", Fix: "give each output a file of its own"},
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
	// Directories may hold other outputs: the Go package and the per-code
	// pages may share one.
	in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m"}))
	in.Outputs.Go = &InputGo{Dir: "gen", Package: "gen"}
	in.Outputs.Markdown = &InputMarkdown{Layout: LayoutPerCode, Dir: "gen"}
	mustBuild(t, in)
}

func TestBuildReferenceErrors(t *testing.T) {
	in := testInput(
		inCode("A", InputCode{Category: "c", Title: "T", Message: "{kind} {shown}", Params: Ordered[InputParam]{
			inParam("kind", InputParam{Type: "string", Wire: testPtr(false)}),
			inParam("hidden", InputParam{Type: "string", Wire: testPtr(false)}),
			inParam("shown", InputParam{Type: "string"}),
		}}),
	)
	in.Tiers = []string{"Free", "Premium"}
	in.Tools = Ordered[InputTool]{{"browse", InputTool{Actions: Ordered[struct {
		Required []string `json:"required"`
	}]{{"list", struct {
		Required []string `json:"required"`
	}{[]string{"id", "page", "id"}}}}}}}
	in.Features = Ordered[InputFeature]{
		{"reports", InputFeature{Name: "Reports", Tier: "Premium", Tools: []string{"browse:list", "browse:list"},
			Alternatives: []InputAlternative{{Action: "Export", AvailableOn: "Fre"}, {Action: "Ask", AvailableOn: "Gold"}, {Action: "Wait"}}}},
	}
	want := Errors{
		{Path: []string{"codes", "A", "params", "hidden", "wire"}, Msg: "param hidden is kept off the wire and fills no template, so its value goes nowhere", Fix: "use it in the message, detail, suggestion or error_text, or drop wire: false"},
		{Path: []string{"features", "reports", "alternatives", "[0]", "available_on"}, Msg: `tier "Fre" is not declared`, Fix: `did you mean "Free"?`},
		{Path: []string{"features", "reports", "alternatives", "[1]", "available_on"}, Msg: `tier "Gold" is not declared`, Fix: `use one of "Free", "Premium", or declare it under tiers`},
		{Path: []string{"tools", "browse", "actions", "list", "required", "[2]"}, Msg: `"id" is listed twice`, Fix: "list each required argument once"},
		{Path: []string{"features", "reports", "tools", "[1]"}, Msg: "browse:list is listed twice", Fix: "list it once"},
	}
	if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func TestBuildEnvelopeParamTwice(t *testing.T) {
	in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m", Params: Ordered[InputParam]{
		inParam("id", InputParam{Type: "string"}),
	}}))
	in.Envelope = []byte(`{"code": "$code", "id": "$params.id", "error": {"id": "$params.id"}}`)
	want := Errors{
		{Path: []string{"envelope", "error", "id"}, Msg: "$params.id is placed twice, here and at id", Fix: "place the param once"},
	}
	if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func TestMarkerFix(t *testing.T) {
	const constant = " (write $$ for a constant that starts with $)"
	tests := []struct{ marker, want string }{
		{"$mesage", `did you mean "$message"?` + constant},
		{"$param.user_id", `did you mean "$params.user_id"?`},
		{"$parms.user_id", `did you mean "$params.user_id"?`},
		{"$timestamp", `use one of "$params", "$params.NAME", "$code", "$category", "$message", "$detail", "$suggestion", "$retryable", "$retry", "$retry_after", "$http_status", "$docs_url", "$title"` + constant},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, markerFix(tt.marker)); diff != "" {
			t.Errorf("markerFix(%q) (-want +got):\n%s", tt.marker, diff)
		}
	}
}

// TestEnvelopeConstants checks that a constant of an envelope keeps <, >
// and & as written, so that the docs show it as the catalog does.
func TestEnvelopeConstants(t *testing.T) {
	in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m"}))
	in.Envelope = []byte(`{"code": "$code", "a": "<b>&amp;</b>", "b": "$$<i>"}`)
	cat := mustBuild(t, in)
	var got []string
	cat.Envelopes[0].Root.Walk(func(_ []string, m *Member) {
		if m.Kind == KindConst {
			got = append(got, m.Const)
		}
	})
	if diff := cmp.Diff([]string{`"<b>&amp;</b>"`, `"$<i>"`}, got); diff != "" {
		t.Errorf("constants (-want +got):\n%s", diff)
	}
}

func TestBuildReservedGoName(t *testing.T) {
	in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m"}))
	in.Tiers = []string{"Restricted"}
	want := Errors{
		{Path: []string{"tiers", "[0]"}, Msg: "tier Restricted gives the Go constant TierRestricted, which errspec declares itself", Fix: "rename it"},
	}
	if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func TestDescribeParam(t *testing.T) {
	tests := []struct {
		p    []string
		want string
	}{
		{[]string{"codes", "A", "params", "x"}, "param x of code A"},
		{[]string{"codes", "A", "params", "x", "fields", "y", "fields", "z"}, "field z of field y of param x of code A"},
		{[]string{"codes", "A"}, "codes.A"},
	}
	for _, tt := range tests {
		if got := describeParam(tt.p); got != tt.want {
			t.Errorf("describeParam(%q) = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestKeyProblem(t *testing.T) {
	tests := []struct{ key, want string }{
		{"code", ""},
		{"we\"ird <b> 🔥\u202e", ""},
		{"", `the envelope key "" is blank`},
		{" \t", `the envelope key " \t" is blank`},
		{"ünï\x1b[0m", `the envelope key "ünï\x1b[0m" holds the control character U+001B at offset 3`},
	}
	for _, tt := range tests {
		if got := keyProblem(tt.key); got != tt.want {
			t.Errorf("keyProblem(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}

// TestBuildURLs checks that a URL the schema's pattern lets through but
// net/url cannot read is rejected at its place, and that odd URLs it
// reads pass.
func TestBuildURLs(t *testing.T) {
	fix := "give a URL with a port of digits, if any, and a % only before two hex digits (%25 for a % itself)"
	in := testInput(inCode("A", InputCode{Category: "c", Title: "T", Message: "m"}))
	in.Docs.BaseURL = "https://docs.example.com:abc/errors"
	in.UpgradeURL = "https://example.com/pri%zzcing"
	in.Tiers = []string{"Free"}
	in.Tools = Ordered[InputTool]{{"t", InputTool{}}, {"u", InputTool{}}}
	in.Features = Ordered[InputFeature]{
		{"f", InputFeature{Name: "F", Tier: "Free", Tools: []string{"t"}, DocsURL: "https://[::1/x"}},
		{"g", InputFeature{Name: "G", Tier: "Free", Tools: []string{"u"}, DocsURL: "https://example.com/g/\u009b2J"}},
	}
	want := Errors{
		{Path: []string{"docs", "base_url"}, Msg: `"https://docs.example.com:abc/errors" is not a URL: invalid port ":abc" after host`, Fix: fix},
		{Path: []string{"upgrade_url"}, Msg: `"https://example.com/pri%zzcing" is not a URL: invalid URL escape "%zz"`, Fix: fix},
		{Path: []string{"features", "f", "docs_url"}, Msg: `"https://[::1/x" is not a URL: missing ']' in host`, Fix: fix},
		{Path: []string{"features", "g", "docs_url"}, Msg: "the URL holds the control character U+009B at offset 22",
			Fix: "remove it, or percent-encode it if the URL must carry it (%1B for ESC)", At: 23},
	}
	if diff := cmp.Diff(want, buildErrors(t, in)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	in.Docs.BaseURL = "https://docs.example.com:8443/errors?lang=en"
	in.UpgradeURL = "https://example.com/pricing?x=%zz&y=é"
	in.Features[0].Value.DocsURL = "https://[::1]:80/x%20y"
	in.Features[1].Value.DocsURL = "https://example.com/g/%1B"
	mustBuild(t, in)
}
