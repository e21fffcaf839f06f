package mdgen

import (
	"math/rand"
	"os"
	"strings"
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
		{text("x|y"), `x\|y`},
		{text(`x\|y`), `x\\\|y`},
		{codeSpan(`x\|y`), "`x\\\\|y`"},
		{"a `b|c` d|e", "a `b\\|c` d\\|e"},
		{"", ""},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, cell(tt.in)); diff != "" {
			t.Errorf("cell(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain words", "plain words"},
		{"two\n  lines\tand tabs", "two lines and tabs"},
		{"*a* _b_ snake_case _x", `\*a\* \_b\_ snake_case \_x`},
		{"`c` [l](u) <b> # ~ $ {x}", "\\`c\\` \\[l\\](u) \\<b\\> \\# \\~ \\$ \\{x\\}"},
		{`back\slash | pipe`, `back\\slash \| pipe`},
		{"&amp; & &#42; R&D", `\&amp; & \&\#42; R&D`},
		{"- item", `\- item`},
		{"+ item", `\+ item`},
		{"=== x", `\=== x`},
		{"12. item", `12\. item`},
		{"3) item", `3\) item`},
		{"a - b + c = d 1. e", "a - b + c = d 1. e"},
		{"rtl \u202Eevil\u202C zw\u200B\uFEFF", "rtl &#x202E;evil&#x202C; zw&#x200B;&#xFEFF;"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, text(tt.in)); diff != "" {
			t.Errorf("text(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestMarkdown(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"kept", "Some *emphasis*, `code` and [a link](https://x).", "Some *emphasis*, `code` and [a link](https://x)."},
		{"html", "a <b>bold</b> <!-- c --> `<b>`", "a \\<b>bold\\</b> \\<!-- c --> `<b>`"},
		{"heading", "text\n# heading\n  ## also\n> # quoted", "text\n\\# heading\n  \\## also\n> \\# quoted"},
		{"not a heading", "#hashtag and #1", "#hashtag and #1"},
		{"setext", "para\n===\nmore\n---", "para\n\\===\nmore\n\\---"},
		{"rule after blank", "para\n\n---", "para\n\n---"},
		{"fence", "a\n```go\n<b> # x\n```\nb", "a\n\n```go\n<b> # x\n```\n\nb"},
		{"open fence", "a\n~~~\ncode", "a\n\n~~~\ncode\n~~~"},
		{"invisible", "a\u202Eb `c\u202Ed`", "a&#x202E;b `c\u202Ed`"},
		{"trimmed", "\n\n  text  \n\n", "text"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, markdown(tt.in)); diff != "" {
			t.Errorf("%s: markdown(%q) (-want +got):\n%s", tt.name, tt.in, diff)
		}
	}
}

func TestWrap(t *testing.T) {
	long := "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
	tests := []struct{ name, in, want string }{
		{"short", "a short line", "a short line"},
		{"refill", "a\nshort\nparagraph", "a short paragraph"},
		{"long", long + " fifteen", "one two three four five six seven eight nine ten eleven twelve thirteen fourteen\nfifteen"},
		{"list item", "- " + long, "- one two three four five six seven eight nine ten eleven twelve thirteen\n  fourteen"},
		{"ordered", "1. " + long, "1. one two three four five six seven eight nine ten eleven twelve thirteen\n   fourteen"},
		{"nested", "1. x\n   - " + long, "1. x\n   - one two three four five six seven eight nine ten eleven twelve thirteen\n     fourteen"},
		{"quote", "> " + long + " x", "> one two three four five six seven eight nine ten eleven twelve thirteen\n> fourteen x"},
		{"items stay apart", "- a\n- b", "- a\n- b"},
		{"no heading start", strings70() + " xxxxxxxxx # heading", strings70() + "\nxxxxxxxxx # heading"},
		{"no list start", strings70() + " xxxxxxxxx - item", strings70() + "\nxxxxxxxxx - item"},
		{"no quote start", strings70() + " xxxxxxxxx >quote", strings70() + "\nxxxxxxxxx >quote"},
		{"no ordered start", strings70() + " xxxxxxxxx 1. item", strings70() + "\nxxxxxxxxx 1. item"},
		{"no break at all", strings.Repeat("x", 85) + " - - -", strings.Repeat("x", 85) + " - - -"},
		{"hard break", "a\\\nb", "a\\\nb"},
		{"escaped backslash", "a\\\\\nb", "a\\\\ b"},
		{"code span", strings70() + " `code span`", strings70() + "\n`code span`"},
		{"double space", "a  b\nc", "a  b c"},
		{"table", "| " + long + " |", "| " + long + " |"},
		{"heading", "## " + long + " x", "## " + long + " x"},
		{"fence", "```\n" + long + " x\n```", "```\n" + long + " x\n```"},
		{"comment", "<!-- x\n" + long + " y\n-->", "<!-- x\n" + long + " y\n-->"},
		{"indented code", "para\n\n    " + long + " x", "para\n\n    " + long + " x"},
		{"lazy line", "- a\nb", "- a\nb"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, wrap(tt.in)); diff != "" {
			t.Errorf("%s: wrap(%q) (-want +got):\n%s", tt.name, tt.in, diff)
		}
	}
}

// strings70 is 69 columns of words.
func strings70() string {
	return "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg"
}

// collected is the lines a wrapper writes.
type collected []string

func (c *collected) text(line string)   { *c = append(*c, line) }
func (c *collected) filled(line []byte) { *c = append(*c, string(line)) }

// wrap runs a wrapper over a page and returns what it writes, joined with
// line breaks.
func wrap(page string) string {
	var out collected
	w := &wrapper{out: &out}
	for line := range strings.SplitSeq(page, "\n") {
		w.take(line)
	}
	w.flush()
	return strings.Join(out, "\n")
}

// normalize runs a normalizer over the lines of a page, CRLF made LF, and
// returns what it writes, ending with one line break.
func normalize(page string) string {
	n := &normalizer{blank: true}
	for line := range strings.SplitSeq(strings.ReplaceAll(page, "\r\n", "\n"), "\n") {
		n.text(line)
	}
	n.end(true)
	return strings.TrimRight(string(n.out), "\n") + "\n"
}

func TestAppendRow(t *testing.T) {
	tests := []struct{ in, want string }{
		{"| a | b |", "| a | b |"},
		{"|  a|b  |  |", "| a | b | |"},
		{`| a \| b | c |`, `| a \| b | c |`},
		{"| x | y", "| x | y |"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, string(appendRow(nil, tt.in))); diff != "" {
			t.Errorf("appendRow(%q) (-want +got):\n%s", tt.in, diff)
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
		{"table rows", "|a|  |\n", "| a | |\n"},
		{"no table rows in fences", "```\n|a|  |\n```\n", "```\n|a|  |\n```\n"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, normalize(tt.in)); diff != "" {
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
		top := ""
		if r.Top {
			top = " top"
		}
		got = append(got, r.Path+" "+r.Type.Source+top)
	}
	want := []string{
		"plain string top",
		"gvk object top", "gvk.group string", "gvk.inner object", "gvk.inner.leaf string",
		"list []object top", "list[].group string", "list[].inner object", "list[].inner.leaf string",
		"byname map[string][]object top", "byname.*[].group string", "byname.*[].inner object", "byname.*[].inner.leaf string",
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

func TestFence(t *testing.T) {
	tests := []struct{ lang, in, want string }{
		{"json", "{}", "```json\n{}\n```"},
		{"", "a ```` b\n", "`````\na ```` b\n`````"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, fence(tt.lang, tt.in)); diff != "" {
			t.Errorf("fence(%q, %q) (-want +got):\n%s", tt.lang, tt.in, diff)
		}
	}
}

// TestFuncsDocumented checks that package templates documents every
// function the templates may call.
func TestFuncsDocumented(t *testing.T) {
	src, err := os.ReadFile("../../templates/templates.go")
	if err != nil {
		t.Fatal(err)
	}
	for name := range (&renderer{}).funcs() {
		if !strings.Contains(string(src), "//\t"+name+" ") {
			t.Errorf("templates/templates.go does not document the function %s", name)
		}
	}
}

// TestShortcuts checks that text, cell and escapeHTML return their
// argument as it is only where their piece-by-piece work would: on random
// strings of the characters they treat apart.
func TestShortcuts(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	chars := []string{"a", "Z", "0", "7", " ", "  ", ".", ")", "-", "+", "=", "_", "&", "&amp;", "*", "`", "[", "]",
		"<", ">", "#", "~", "$", "{", "}", "\\", "\t", "\n", "\r", "\x00", "\x7f", "é", "\u200b", "\u00a0", "\xff", ":"}
	for range 200000 {
		var b strings.Builder
		for range r.Intn(10) {
			b.WriteString(chars[r.Intn(len(chars))])
		}
		s := b.String()
		if plain(s) && escapeText(s) != s {
			t.Fatalf("plain(%q), but text writes %q", s, escapeText(s))
		}
		if !strings.Contains(s, "|") && escapeCell(s) != inline(s) {
			t.Fatalf("cell(%q): %q, want %q", s, escapeCell(s), inline(s))
		}
		if !needsEscapeHTML(s) && escapeHTMLPieces(s) != s {
			t.Fatalf("!needsEscapeHTML(%q), but escapeHTML writes %q", s, escapeHTMLPieces(s))
		}
	}
}
