package mdgen

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/model"
)

func TestCodeSpan(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain", "`plain`"},
		{"a `b` c", "``a `b` c``"},
		{"a ``b`` c", "```a ``b`` c```"},
		{"`b`", "`` `b` ``"},
		{"x`", "`` x` ``"},
		{" padded ", "`  padded  `"},
		{"   ", "`   `"},
		{"two\nlines", "`two lines`"},
		{"a | b", "`a | b`"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, codeSpan(tt.in)); diff != "" {
			t.Errorf("codeSpan(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a | b", `a \| b`},
		{" two\r\nlines\n", "two lines"},
		{codeSpan("x|y"), "`x\\|y`"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, cell(tt.in)); diff != "" {
			t.Errorf("cell(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", "\n"},
		{"final newlines", "a\n\n\n", "a\n"},
		{"no final newline", "a", "a\n"},
		{"leading blank lines", "\n \n\t\n\ta\n", "\ta\n"},
		{"trailing spaces", "a  \nb\t\n", "a\nb\n"},
		{"blank runs", "a\n\n \n\t\nb\n", "a\n\nb\n"},
		{"crlf", "a\r\n\r\n\r\nb\r\n", "a\n\nb\n"},
		{"fence keeps blank runs", "```go\nx\n\n\ny\n```\n\n\nz\n", "```go\nx\n\n\ny\n```\n\nz\n"},
		{"tilde fence", "~~~~\nx\n\n\n~~~\n\n\n~~~~\n\n\nz\n", "~~~~\nx\n\n\n~~~\n\n\n~~~~\n\nz\n"},
		{"inline backticks open no fence", "```a` b\n\n\nc\n", "```a` b\n\nc\n"},
		{"indented four spaces open no fence", "    ```\n\n\nc\n", "    ```\n\nc\n"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(normalize([]byte(tt.in)))); diff != "" {
			t.Errorf("%s: normalize(%q) (-want +got):\n%s", tt.name, tt.in, diff)
		}
	}
}

func TestParamRows(t *testing.T) {
	str := &model.Type{Kind: model.String, Source: "string"}
	obj := &model.Type{Kind: model.Object, Source: "object", Fields: []*model.Param{
		{Name: "group", Type: str},
		{Name: "inner", Type: &model.Type{Kind: model.Object, Source: "object", Fields: []*model.Param{{Name: "leaf", Type: str}}}},
	}}
	params := []*model.Param{
		{Name: "plain", Type: str},
		{Name: "gvk", Type: obj},
		{Name: "list", Type: &model.Type{Kind: model.List, Source: "[]object", Elem: obj}},
		{Name: "byname", Type: &model.Type{Kind: model.Map, Source: "map[string][]object",
			Elem: &model.Type{Kind: model.List, Source: "[]object", Elem: obj}}},
	}
	var got []string
	for _, r := range paramRows(params) {
		got = append(got, r.Path+" "+r.Type.Source)
	}
	want := []string{
		"plain string",
		"gvk object", "gvk.group string", "gvk.inner object", "gvk.inner.leaf string",
		"list []object", "list[].group string", "list[].inner object", "list[].inner.leaf string",
		"byname map[string][]object", "byname.*[].group string", "byname.*[].inner object", "byname.*[].inner.leaf string",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paramRows (-want +got):\n%s", diff)
	}
}

func TestStatus(t *testing.T) {
	for code, want := range map[int]string{404: "404 Not Found", 599: "599"} {
		if got := status(code); got != want {
			t.Errorf("status(%d) = %q, want %q", code, got, want)
		}
	}
}
